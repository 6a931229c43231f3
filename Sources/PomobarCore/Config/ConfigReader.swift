import TOML

/// Walks the TOML tree, filling in a `Config` and collecting every bad key.
///
/// A bad key does not stop the walk: its error is kept, the key is noted as broken, and
/// `carry` later gives it the fallback's value. Each key is read, and carried, by its row
/// of `ConfigSchema`.
struct Reader {
  let file: String
  /// Maps a character of a string value back to its place in the file.
  let source: StringPositions
  var config = Config()
  var errors: [ConfigError] = []
  /// Keys of the schema that were written but could not be used.
  var brokenKeys: [ConfigKeyName] = []
  /// Where each colour of the theme was set (`[theme]` over `[colors]`), and where the
  /// background and theme were named: contrast warnings point there.
  var colorPositions: [ThemeRole: TOMLPosition] = [:]
  var themePosition: TOMLPosition? = nil
  /// Whether `[theme] mode` was written; if not, a stated background sets it.
  var modeWritten = false
  /// Where `weekly-goal` and each weekday's goal (`weekday-goals.friday`) were written:
  /// `checkTargets` points there.
  var targetPositions: [String: TOMLPosition] = [:]
  /// Where `[nudges] forgot-to-start` was written: `nudgeWarnings` points there.
  var forgotToStartPosition: TOMLPosition? = nil

  init(file: String, source: StringPositions = StringPositions([])) {
    self.file = file
    self.source = source
  }

  mutating func read(_ root: TOMLTable) {
    for entry in root.entries {
      if entry.key == "projects" {
        for (name, settings) in readNamed(entry, each: "project", like: "api", keys: ConfigSchema.projectKeys)
        {
          config.projects[name] = settings
        }
        continue
      }
      if entry.key == "clients" {
        for (name, settings) in readNamed(
          entry, each: "client", like: "globex", keys: ConfigSchema.clientKeys)
        {
          config.clients[name] = settings
        }
        continue
      }
      guard let keys = ConfigLoader.keys(of: entry.key) else {
        report(outside: entry)
        continue
      }
      guard case .table(let table) = entry.node.value else {
        errors.append(error(entry.node.position, "'\(entry.key)' must be a table, like [\(entry.key)]"))
        brokenKeys += keys.map { ConfigKeyName(table: entry.key, key: $0) }
        continue
      }
      let slots = entry.key == "format" ? FormatSlot.allCases.map(\.rawValue) : []
      read(table, as: entry.key, keys: keys, suggesting: keys + slots, under: entry.key) { reader, item in
        guard let slot = FormatSlot(rawValue: item.key), !slots.isEmpty else { return false }
        reader.readFormat(slot, item)
        return true
      }
    }
  }

  /// The keys of one table, each through its row: an unknown one is an error with a
  /// suggestion from `suggesting`, a broken one is noted for `carry`. Errors are filed
  /// under the top-level table `under`; `nested` reads an entry that is a table of its
  /// own (`[format.focus]`) and says whether it did.
  private mutating func read(
    _ items: TOMLTable, as table: String, keys: [String], suggesting: [String], under: String,
    nested: (inout Reader, TOMLTable.Entry) -> Bool = { _, _ in false }
  ) {
    for item in items.entries {
      if nested(&self, item) { continue }
      guard keys.contains(item.key) else {
        let hint = Spelling.hint(for: item.key, in: suggesting)
        errors.append(error(item.keyPosition, "unknown key '\(Shown.plain(item.key))' in [\(table)]\(hint)"))
        continue
      }
      do {
        try apply(table: table, key: item.key, item.node)
      } catch {
        errors.append(error)
        brokenKeys.append(ConfigKeyName(table: table, key: item.key))
      }
    }
  }

  /// Gives each of `keys` the value it has in `fallback`, through the key's row.
  mutating func carry(_ keys: [ConfigKeyName], from fallback: Config) {
    for key in keys { ConfigSchema.row(key.table, key.key)?.carry(&self, fallback) }
  }

  /// `[format.PHASE]`: a table of `full`, `short`, `tooltip`.
  private mutating func readFormat(_ slot: FormatSlot, _ entry: TOMLTable.Entry) {
    let table = "format." + slot.rawValue
    let keys = FormatKind.allCases.map(\.rawValue)
    guard case .table(let items) = entry.node.value else {
      errors.append(error(entry.node.position, "'\(slot.rawValue)' must be a table, like [\(table)]"))
      brokenKeys += keys.map { ConfigKeyName(table: table, key: $0) }
      return
    }
    read(items, as: table, keys: keys, suggesting: keys, under: "format")
  }

  /// `[TABLE.NAME]` tables (`[projects.NAME]`, `[clients.NAME]`): each a table of
  /// `keys`, read into settings by the name normalised. A bad key is an error and leaves
  /// that key at its default; a TABLE that is not a table of tables reads as none.
  private mutating func readNamed<Settings: NamedTableSettings>(
    _ entry: TOMLTable.Entry, each one: String, like example: String, keys: [NamedTableKey<Settings>]
  ) -> [(name: String, settings: Settings)] {
    let table = entry.key
    guard case .table(let named) = entry.node.value else {
      errors.append(error(entry.node.position, "'\(table)' must hold tables, like [\(table).\(example)]"))
      return []
    }
    var read: [(name: String, settings: Settings)] = []
    for thing in named.entries {
      let name = Shown.plain(thing.key)
      guard case .table(let items) = thing.node.value else {
        errors.append(error(thing.node.position, "\(one) '\(name)' must be a table, like [\(table).\(name)]"))
        continue
      }
      var settings = Settings()
      settings.line = thing.keyPosition.line
      for item in items.entries {
        do throws(ConfigError) {
          guard let row = keys.first(where: { $0.key == item.key }) else {
            let hint = Spelling.hint(for: item.key, in: keys.map(\.key))
            throw error(
              item.keyPosition, "unknown key '\(Shown.plain(item.key))' in [\(table).\(name)]\(hint)")
          }
          try row.read(self, item.node, &settings)
        } catch {
          errors.append(error)
        }
      }
      read.append((ProjectName.normalised(thing.key), settings))
    }
    return read
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
      errors.append(
        error(entry.keyPosition, "unknown table '\(name)'\(Spelling.hint(for: entry.key, in: tables))"))
      return
    }
    let allKeys = ConfigLoader.schema.flatMap(\.keys)
    let meant = allKeys.contains(entry.key) ? entry.key : Spelling.suggestion(for: entry.key, in: allKeys)
    let hint = meant.flatMap { key in
      ConfigLoader.table(holding: key).map { " (did you mean [\($0)] \(key)?)" }
    }
    errors.append(
      error(
        entry.keyPosition,
        "unknown key '\(name)' at the top level; keys belong in a table such as [timer]\(hint ?? "")"))
  }

  /// Reads `node` as the key `key` of `table` through its row of the schema.
  mutating func apply(table: String, key: String, _ node: TOMLNode) throws(ConfigError) {
    guard let row = ConfigSchema.row(table, key) else { return }  // `read` checked the key
    try row.read(&self, node)
  }

  /// `[theme] background` sets the mode too, unless the file wrote one.
  mutating func followBackground() {
    guard !modeWritten, let background = config.display.theme.background else { return }
    config.display.theme.mode = Colors.isDark(background) ? .dark : .light
  }

  func error(_ position: TOMLPosition, _ message: String) -> ConfigError {
    ConfigError(file: file, position: position, message: message)
  }
}
