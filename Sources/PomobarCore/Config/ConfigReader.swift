import TOML

/// Walks the TOML tree, filling in a `Config` and collecting every bad key.
///
/// A bad key does not stop the walk: its error is kept, the key is noted as broken, and
/// `carry` later gives it the fallback's value through the same `apply`, so each key is
/// read by exactly one piece of code.
struct Reader {
  let file: String
  /// Maps a character of a string value back to its place in the file.
  let source: StringPositions
  var config = Config()
  var errors: [ConfigError] = []
  /// Keys of the schema that were written but could not be used.
  var brokenKeys: [ConfigKey] = []
  /// Where each colour of the theme was set (`[theme]` over `[colors]`), and where the
  /// background and theme were named: contrast warnings point there.
  var colorPositions: [ThemeRole: TOMLPosition] = [:]
  var themePosition: TOMLPosition? = nil
  /// Whether `[theme] mode` was written; if not, a stated background sets it.
  var modeWritten = false

  init(file: String, source: StringPositions = StringPositions([])) {
    self.file = file
    self.source = source
  }

  mutating func read(_ root: TOMLTable) {
    for entry in root.entries {
      if entry.key == "projects" {
        readProjects(entry)
        continue
      }
      guard var keys = ConfigLoader.schema.first(where: { $0.table == entry.key })?.keys else {
        report(outside: entry)
        continue
      }
      guard case .table(let table) = entry.node.value else {
        fail(error(entry.node.position, "'\(entry.key)' must be a table, like [\(entry.key)]"), entry.key)
        brokenKeys += keys.map { ConfigKey(table: entry.key, key: $0) }
        continue
      }
      if entry.key == "format" { keys += FormatSlot.allCases.map(\.rawValue) }
      for item in table.entries {
        if entry.key == "format", let slot = FormatSlot(rawValue: item.key) {
          readFormat(slot, item)
          continue
        }
        guard keys.contains(item.key) else {
          let name = Shown.plain(item.key)
          fail(
            error(
              item.keyPosition,
              "unknown key '\(name)' in [\(entry.key)]\(Spelling.hint(for: item.key, in: keys))"),
            entry.key)
          continue
        }
        do {
          try apply(table: entry.key, key: item.key, item.node)
        } catch {
          fail(error, entry.key)
          brokenKeys.append(ConfigKey(table: entry.key, key: item.key))
        }
      }
    }
  }

  /// Gives each of `keys` the value it has in `fallback`, read back from its printed form.
  ///
  /// `ConfigPrinter`'s output parses back to the same config (tested), so applying its node
  /// for a key sets exactly that key as the fallback has it.
  mutating func carry(_ keys: [ConfigKey], from fallback: Config) {
    guard !keys.isEmpty, let printed = try? TOML.parse(ConfigPrinter.toml(fallback)) else { return }
    for key in keys {
      if key.table == "hooks", let event = HookEvent(rawValue: key.key) {
        config.hooks[event] = nil  // printed only when set
      }
      if key.table == "sound", let event = HookEvent(rawValue: key.key) {
        config.sound.sounds[event] = nil  // likewise
      }
      let path = key.table.split(separator: ".").map(String.init)
      var table = printed[path[0]]?.value.tableValue
      for name in path.dropFirst() { table = table?[name]?.value.tableValue }
      guard let node = table?[key.key] else { continue }
      try? apply(table: key.table, key: key.key, node)
    }
  }

  /// `[format.PHASE]`: a table of `full`, `short`, `tooltip`.
  private mutating func readFormat(_ slot: FormatSlot, _ entry: TOMLTable.Entry) {
    let table = "format." + slot.rawValue
    let keys = FormatKind.allCases.map(\.rawValue)
    guard case .table(let items) = entry.node.value else {
      fail(error(entry.node.position, "'\(slot.rawValue)' must be a table, like [\(table)]"), "format")
      brokenKeys += keys.map { ConfigKey(table: table, key: $0) }
      return
    }
    for item in items.entries {
      guard keys.contains(item.key) else {
        let hint = Spelling.hint(for: item.key, in: keys)
        fail(error(item.keyPosition, "unknown key '\(Shown.plain(item.key))' in [\(table)]\(hint)"), "format")
        continue
      }
      do {
        try apply(table: table, key: item.key, item.node)
      } catch {
        fail(error, "format")
        brokenKeys.append(ConfigKey(table: table, key: item.key))
      }
    }
  }

  /// `[projects.NAME]` tables: each a table of `color`, `goal`, `weekly-goal`. A bad key
  /// is an error and leaves that key at its default.
  private mutating func readProjects(_ entry: TOMLTable.Entry) {
    guard case .table(let projects) = entry.node.value else {
      fail(error(entry.node.position, "'projects' must hold tables, like [projects.api]"), "projects")
      return
    }
    for project in projects.entries {
      let name = Shown.plain(project.key)
      guard case .table(let table) = project.node.value else {
        fail(
          error(project.node.position, "project '\(name)' must be a table, like [projects.\(name)]"),
          "projects")
        continue
      }
      var settings = ProjectSettings()
      for item in table.entries {
        let keys = ConfigLoader.projectKeys
        do throws(ConfigError) {
          switch item.key {
          case "color": settings.color = try color(item.node, item.key)
          case "goal": settings.goal = try goal(item.node, item.key)
          case "weekly-goal": settings.weeklyGoal = try goal(item.node, item.key)
          default:
            throw error(
              item.keyPosition,
              "unknown key '\(Shown.plain(item.key))' in [projects.\(name)]\(Spelling.hint(for: item.key, in: keys))"
            )
          }
        } catch {
          fail(error, "projects")
        }
      }
      config.projects[project.key.trimmedOfSpaces] = settings
    }
  }

  /// A goal: a duration, at least a minute.
  func goal(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Duration {
    let value = try duration(node, key)
    guard value >= .seconds(60) else { throw error(node.position, "'\(key)' must be at least 1m") }
    return value
  }

  /// An entry of the root table that is not one of the schema's tables.
  private mutating func report(outside entry: TOMLTable.Entry) {
    let name = Shown.plain(entry.key)
    if case .table = entry.node.value {
      let tables = ConfigLoader.schema.map(\.table)
      fail(
        error(entry.keyPosition, "unknown table '\(name)'\(Spelling.hint(for: entry.key, in: tables))"),
        ConfigLoader.intendedTable(entry.key))
      return
    }
    let allKeys = ConfigLoader.schema.flatMap(\.keys)
    let meant = allKeys.contains(entry.key) ? entry.key : Spelling.suggestion(for: entry.key, in: allKeys)
    let hint = meant.flatMap { key in
      ConfigLoader.table(holding: key).map { " (did you mean [\($0)] \(key)?)" }
    }
    fail(
      error(
        entry.keyPosition,
        "unknown key '\(name)' at the top level; keys belong in a table such as [timer]\(hint ?? "")"),
      nil)
  }

  private mutating func fail(_ error: ConfigError, _ table: String?) {
    var error = error
    error.table = table
    errors.append(error)
  }

  mutating func apply(table: String, key: String, _ node: TOMLNode) throws(ConfigError) {
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
    case ("display", "urgent-for"): config.display.urgentFor = try phaseLength(node, key, orFalse: true)
    case ("display", "hide-when-idle"): config.display.hideWhenIdle = try boolean(node, key)
    case ("display", "update"): config.display.update = try choice(node, key)
    case ("display", "bar-width"): config.display.barWidth = Int(try integer(node, key, in: 1...100))
    case ("theme", "name"):
      let name = try string(node, key)
      let names = Theme.builtIn.map(\.name)
      guard names.contains(name) else {
        throw error(
          node.position,
          "unknown theme \(Shown.quoted(name))\(Spelling.hint(for: name, in: names)); one of \(names.joined(separator: ", "))"
        )
      }
      config.display.theme.name = name
      themePosition = themePosition ?? node.position
    case ("theme", "mode"):
      config.display.theme.mode = try choice(node, key) as ThemeMode
      modeWritten = true
    case ("theme", "background"):
      let background = try color(node, key)
      config.display.theme.background = background
      if !modeWritten { config.display.theme.mode = Colors.isDark(background) ? .dark : .light }
      themePosition = node.position
    case ("theme", _), ("colors", _):
      guard let role = ThemeRole(rawValue: key) else { return }
      let value = try color(node, key)
      if table == "theme" {
        config.display.theme.overrides[role] = value
        colorPositions[role] = node.position
      } else {
        config.display.theme.legacy[role] = value
        if config.display.theme.overrides[role] == nil { colorPositions[role] = node.position }
      }
    case ("format", _):
      guard let kind = FormatKind(rawValue: key) else { return }
      config.format.base[kind] = try template(node, key)
    case (let table, _) where table.hasPrefix("format."):
      guard let kind = FormatKind(rawValue: key),
        let slot = FormatSlot(rawValue: String(table.dropFirst("format.".count)))
      else { return }
      config.format.phases[slot.index][kind] = try template(node, key)
    case ("clicks", "left"): config.clicks.left = try action(node, key)
    case ("clicks", "middle"): config.clicks.middle = try action(node, key)
    case ("clicks", "right"): config.clicks.right = try action(node, key)
    case ("clicks", "scroll-up"): config.clicks.scrollUp = try action(node, key)
    case ("clicks", "scroll-down"): config.clicks.scrollDown = try action(node, key)
    case ("hooks", "timeout"): config.hookTimeout = try phaseLength(node, key)
    case ("hooks", _):
      guard let event = HookEvent(rawValue: key) else { return }
      config.hooks[event] = try commands(node, key)
    case ("ledger", "daily-goal"): config.ledger.dailyGoal = try goal(node, key)
    case ("ledger", "day-starts-at"): config.ledger.dayStart = try timeOfDay(node, key)
    case ("ledger", "week-starts"): config.ledger.weekStart = try weekday(node, key)
    case ("ledger", "focus-starts-work"): config.ledger.focusStartsWork = try boolean(node, key)
    case ("ledger", "away-stops-work"): config.ledger.awayStopsWork = try boolean(node, key)
    case ("ledger", "show"): config.ledger.show = try choice(node, key)
    case ("notifications", "enabled"): config.notifications.enabled = try boolean(node, key)
    case ("notifications", "command"): config.notifications.command = try commandLine(node, key)
    case ("notifications", "urgency"): config.notifications.urgency = try choice(node, key)
    case ("notifications", "icon"):
      let icon = try string(node, key)
      config.notifications.icon = icon.isEmpty ? nil : icon
    case ("notifications", "timeout"):
      config.notifications.timeout = try phaseLength(node, key, orFalse: true)
    case ("notifications", "actions"): config.notifications.actions = try boolean(node, key)
    case ("notifications", "focus-done-title"): config.notifications.focusDoneTitle = try text(node, key)
    case ("notifications", "focus-done-body"): config.notifications.focusDoneBody = try text(node, key)
    case ("notifications", "break-done-title"): config.notifications.breakDoneTitle = try text(node, key)
    case ("notifications", "break-done-body"): config.notifications.breakDoneBody = try text(node, key)
    case ("wrap", "command"): config.wrap.command = try wrapCommand(node, key)
    case ("wrap", "position"): config.wrap.position = try wrapPosition(node, key)
    case ("sound", "enabled"): config.sound.enabled = try boolean(node, key)
    case ("sound", "volume"): config.sound.volume = Int(try integer(node, key, in: 0...100))
    case ("sound", "command"):
      // "" (the default): pomobar picks a player.
      config.sound.command = try string(node, key).isEmpty ? nil : try commandLine(node, key)
    case ("sound", "timeout"): config.sound.timeout = try phaseLength(node, key)
    case ("sound", _):
      guard let event = HookEvent(rawValue: key) else { return }
      config.sound.sounds[event] = try string(node, key)
    case ("focus-mode", "dnd"): config.focusMode.dnd = try choice(node, key)
    default:
      return  // unreachable: `read` checked the key against the schema
    }
  }

  func error(_ position: TOMLPosition, _ message: String) -> ConfigError {
    ConfigError(file: file, position: position, message: message)
  }
}
