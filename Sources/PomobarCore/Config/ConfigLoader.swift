import TOML

/// Reads `config.toml` into a `Config`, checking every key and type.
///
/// Unknown tables and keys are errors (with a suggestion), so a typo never silently
/// falls back to a default.
public enum ConfigLoader {
  /// The tables and keys the config accepts, in the order they are documented.
  public static let schema: [(table: String, keys: [String])] = [
    ("timer", ["focus", "short-break", "long-break", "long-break-every", "auto-advance", "step"]),
    ("suspend", ["focus", "break", "reset-after"]),
    ("display", ["ring", "name", "instance"]),
    ("colors", ["focus", "short-break", "long-break", "idle", "paused"]),
    ("clicks", ["left", "middle", "right", "scroll-up", "scroll-down"]),
    ("hooks", HookEvent.allCases.map(\.rawValue) + ["timeout"]),
    ("notifications", ["enabled", "command"]),
  ]

  /// Parses and checks `bytes` read from `file` (the name used in messages).
  public static func load(_ bytes: [UInt8], file: String) throws(ConfigError) -> Config {
    let root: TOMLTable
    do {
      root = try TOML.parse(bytes: bytes)
    } catch {
      throw ConfigError(file: file, position: error.position, message: error.message)
    }
    var reader = Reader(file: file)
    return try reader.read(root)
  }
}

/// Walks the TOML tree, filling in a `Config` and failing at the first bad key.
struct Reader {
  let file: String
  var config = Config()

  init(file: String) { self.file = file }

  mutating func read(_ root: TOMLTable) throws(ConfigError) -> Config {
    let tables = ConfigLoader.schema.map(\.table)
    for entry in root.entries {
      guard let keys = ConfigLoader.schema.first(where: { $0.table == entry.key })?.keys else {
        throw error(
          entry.keyPosition,
          "unknown table '\(entry.key)'\(Spelling.hint(for: entry.key, in: tables))")
      }
      guard case .table(let table) = entry.node.value else {
        throw error(entry.node.position, "'\(entry.key)' must be a table, like [\(entry.key)]")
      }
      for item in table.entries {
        guard keys.contains(item.key) else {
          throw error(
            item.keyPosition,
            "unknown key '\(item.key)' in [\(entry.key)]\(Spelling.hint(for: item.key, in: keys))")
        }
        try apply(table: entry.key, key: item.key, item.node)
      }
    }
    return config
  }

  private mutating func apply(table: String, key: String, _ node: TOMLNode) throws(ConfigError) {
    switch (table, key) {
    case ("timer", "focus"): config.timer.focus = try phaseLength(node, key)
    case ("timer", "short-break"): config.timer.shortBreak = try phaseLength(node, key)
    case ("timer", "long-break"): config.timer.longBreak = try phaseLength(node, key)
    case ("timer", "long-break-every"):
      config.timer.longBreakEvery = Int(try integer(node, key, in: 1...100))
    case ("timer", "auto-advance"): config.timer.autoAdvance = try choice(node, key)
    case ("timer", "step"): config.timer.step = try phaseLength(node, key)
    case ("suspend", "focus"): config.timer.suspendFocus = try choice(node, key)
    case ("suspend", "break"):
      let policy: SuspendPolicy = try choice(node, key)
      guard policy != .void else { throw error(node.position, "'break' must be \"count\" or \"pause\"") }
      config.timer.suspendBreak = policy
    case ("suspend", "reset-after"):
      if case .boolean(false) = node.value {
        config.timer.resetAfter = nil
      } else {
        config.timer.resetAfter = try duration(node, key, orFalse: true)
      }
    case ("display", "ring"): config.display.ring = try ring(node)
    case ("display", "name"): config.display.name = try string(node, key)
    case ("display", "instance"): config.display.instance = try string(node, key)
    case ("colors", "focus"): config.display.colors.focus = try color(node, key)
    case ("colors", "short-break"): config.display.colors.shortBreak = try color(node, key)
    case ("colors", "long-break"): config.display.colors.longBreak = try color(node, key)
    case ("colors", "idle"): config.display.colors.idle = try color(node, key)
    case ("colors", "paused"): config.display.colors.paused = try color(node, key)
    case ("clicks", "left"): config.clicks.left = try action(node, key)
    case ("clicks", "middle"): config.clicks.middle = try action(node, key)
    case ("clicks", "right"): config.clicks.right = try action(node, key)
    case ("clicks", "scroll-up"): config.clicks.scrollUp = try action(node, key)
    case ("clicks", "scroll-down"): config.clicks.scrollDown = try action(node, key)
    case ("hooks", "timeout"): config.hookTimeout = try phaseLength(node, key)
    case ("hooks", _):
      guard let event = HookEvent(rawValue: key) else { return }
      config.hooks[event] = try commands(node, key)
    case ("notifications", "enabled"): config.notifications.enabled = try boolean(node, key)
    case ("notifications", "command"): config.notifications.command = try string(node, key)
    default:
      return  // unreachable: `read` checked the key against the schema
    }
  }

  // MARK: - Typed values

  private func error(_ position: TOMLPosition, _ message: String) -> ConfigError {
    ConfigError(file: file, position: position, message: message)
  }

  private func string(_ node: TOMLNode, _ key: String) throws(ConfigError) -> String {
    guard case .string(let value) = node.value else {
      throw error(node.position, "'\(key)' must be a string, not \(article(node.value))")
    }
    return value
  }

  private func boolean(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Bool {
    guard case .boolean(let value) = node.value else {
      throw error(node.position, "'\(key)' must be true or false, not \(article(node.value))")
    }
    return value
  }

  private func integer(
    _ node: TOMLNode, _ key: String, in range: ClosedRange<Int64>
  ) throws(ConfigError) -> Int64 {
    guard case .integer(let value) = node.value else {
      throw error(node.position, "'\(key)' must be an integer, not \(article(node.value))")
    }
    guard range.contains(value) else {
      throw error(node.position, "'\(key)' must be from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A duration: a string like `"25m"`, `"1h30m"`, `"90s"`, or an integer number of minutes.
  private func duration(
    _ node: TOMLNode, _ key: String, orFalse: Bool = false
  ) throws(ConfigError) -> Duration {
    let form = orFalse ? "a duration like \"1h\" or false" : "a duration like \"25m\""
    switch node.value {
    case .string(let text):
      guard let value = DurationFormat.parse(text) else {
        throw error(
          node.position,
          "'\(key)': cannot read \"\(text)\" as a duration; write it like \"25m\", \"1h30m\" or \"90s\"")
      }
      return value
    case .integer(let minutes) where (0...10_080).contains(minutes):
      return .seconds(minutes * 60)
    case .integer:
      throw error(node.position, "'\(key)' is out of range: at most a week")
    case .float, .boolean, .array, .table:
      throw error(node.position, "'\(key)' must be \(form), not \(article(node.value))")
    }
  }

  private func phaseLength(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Duration {
    let value = try duration(node, key)
    guard value >= .seconds(1) else { throw error(node.position, "'\(key)' must be at least 1s") }
    return value
  }

  private func choice<T: RawRepresentable & CaseIterable>(
    _ node: TOMLNode, _ key: String
  ) throws(ConfigError) -> T where T.RawValue == String {
    let text = try string(node, key)
    let names = T.allCases.map(\.rawValue)
    guard let value = T(rawValue: text) else {
      let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
      throw error(
        node.position,
        "'\(key)' must be one of \(list), not \"\(text)\"\(Spelling.hint(for: text, in: names))")
    }
    return value
  }

  private func color(_ node: TOMLNode, _ key: String) throws(ConfigError) -> String {
    let text = try string(node, key)
    guard let normal = Colors.normalize(text) else {
      throw error(node.position, "'\(key)' must be a colour like \"#E54D2E\" or \"#e52\", not \"\(text)\"")
    }
    return normal
  }

  /// An action name, optionally with an amount for extend/shorten: `"extend 5m"`.
  private func action(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Action {
    let text = try string(node, key)
    let words = text.split(separator: " ", maxSplits: 1).map(String.init)
    let name = words.first ?? ""
    var amount: Duration? = nil
    if words.count == 2 {
      guard name == "extend" || name == "shorten", let value = DurationFormat.parse(words[1]) else {
        throw error(node.position, "'\(key)': only extend and shorten take an amount, like \"extend 5m\"")
      }
      amount = value
    }
    guard let action = Action(name: name, argument: amount) else {
      throw error(
        node.position,
        "'\(key)': unknown action \"\(name)\"\(Spelling.hint(for: name, in: Action.names)); one of \(Action.names.joined(separator: ", "))"
      )
    }
    return action
  }

  private func commands(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [String] {
    switch node.value {
    case .string(let command): return [command]
    case .array(let items):
      var commands: [String] = []
      for item in items { commands.append(try string(item, key)) }
      return commands
    case .integer, .float, .boolean, .table:
      throw error(node.position, "'\(key)' must be a command string or an array of them")
    }
  }

  private func ring(_ node: TOMLNode) throws(ConfigError) -> [String] {
    switch node.value {
    case .string(let name):
      let names = RingGlyphs.named.map(\.name)
      guard let set = RingGlyphs.named.first(where: { $0.name == name }) else {
        throw error(
          node.position,
          "'ring' must be one of \(names.joined(separator: ", ")) or an array of glyphs\(Spelling.hint(for: name, in: names))"
        )
      }
      return set.glyphs
    case .array(let items):
      var glyphs: [String] = []
      for item in items { glyphs.append(try string(item, "ring")) }
      guard glyphs.count >= 2 else {
        throw error(node.position, "'ring' needs at least two glyphs, from empty to full")
      }
      return glyphs
    case .integer, .float, .boolean, .table:
      throw error(node.position, "'ring' must be a set's name or an array of glyphs")
    }
  }

  private func article(_ value: TOMLValue) -> String {
    let name = value.typeName
    return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
  }
}
