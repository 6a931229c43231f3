import TOML

/// Reads `config.toml` into a `Config`, checking every key and type.
///
/// A mistake never stops the rest of the file from applying: every error is reported, in
/// file order, and each key that was written but cannot be used keeps its value from a
/// fallback (the defaults at start-up, the last good config on a reload), so a colour typo
/// cannot turn a 50-minute focus into 25. Unknown tables and keys are errors (with a
/// suggestion), so a typo never silently falls back to a default.
public enum ConfigLoader {
  /// The tables and keys the config accepts, in the order they are documented (the
  /// per-phase tables of `[format]` and `[projects.NAME]` aside).
  public static let schema: [(table: String, keys: [String])] = ConfigSchema.tables.filter { !$0.isSubtable }
    .map { ($0.name, $0.keys.map(\.key)) }

  /// Parses and checks `bytes` read from `file` (the name used in messages).
  ///
  /// Always returns a usable config: the file's valid keys, `fallback`'s values for the
  /// keys that are broken, and the defaults for keys the file leaves out. Syntax errors
  /// are recovered from by leaving out the offending line (or the whole table under a
  /// broken header), so the errors after them are found too. Without `warnings` (a bar,
  /// a command: only `check-config` prints them) they are not looked for.
  public static func load(
    _ bytes: [UInt8], file: String, fallback: Config = Config(), warnings: Bool = true
  ) -> ConfigLoad {
    let parsed = SyntaxRecovery.parse(bytes)
    var reader = Reader(file: file, source: StringPositions(bytes))
    var errors = parsed.errors.map { error in
      ConfigError(file: file, position: error.position, message: error.message)
    }
    var broken = parsed.brokenKeys
    let root = parsed.root
    if let root {
      reader.read(root)
      reader.checkTargets()
      errors += reader.errors
      broken += reader.brokenKeys
    } else {
      // Nothing could be parsed: every setting is the fallback's.
      broken = schema.flatMap { table in table.keys.map { ConfigKeyName(table: table.table, key: $0) } }
    }
    reader.carry(broken, from: fallback)
    reader.config.display.resolveColors()
    errors = errors.enumerated().sorted { a, b in
      (a.element.position.line, a.element.position.column, a.offset)
        < (b.element.position.line, b.element.position.column, b.offset)
    }.map(\.element)
    return ConfigLoad(
      config: reader.config, errors: errors, parsed: root != nil,
      warnings: warnings ? reader.contrastWarnings() + reader.nudgeWarnings() : [])
  }

  /// The keys of the top-level table `table`, in documentation order; nil if the schema
  /// has no such table.
  static func keys(of table: String) -> [String]? {
    ConfigSchema.table(table).flatMap { $0.isSubtable ? nil : $0.keys.map(\.key) }
  }

  /// The table that holds `key`, first in documentation order; nil if no table does.
  static func table(holding key: String) -> String? {
    schema.first { $0.keys.contains(key) }?.table
  }

  /// Whether the schema has `key` in its table.
  static func isKey(_ key: ConfigKeyName) -> Bool {
    schema.contains { $0.table == key.table && $0.keys.contains(key.key) }
  }
}

/// What `ConfigLoader.load` made of a file: a usable config and every mistake in it.
public struct ConfigLoad: Equatable, Sendable {
  /// The file's valid settings, with fallback values for its broken keys.
  public var config: Config
  /// Every mistake, in file order; empty for a good file.
  public var errors: [ConfigError]
  /// Whether the TOML parsed at all; if not, every key took the fallback's value.
  public var parsed: Bool

  /// Not mistakes, but worth saying: a colour that is hard to read on the bar's background
  /// (`check-config` prints them; the bar does not show them).
  public var warnings: [ConfigError]

  public init(config: Config, errors: [ConfigError], parsed: Bool = true, warnings: [ConfigError] = []) {
    self.config = config
    self.errors = errors
    self.parsed = parsed
    self.warnings = warnings
  }

  /// The config of a file without mistakes, or the first mistake: for callers that accept
  /// nothing less than a good file.
  public func get() throws(ConfigError) -> Config {
    if let first = errors.first { throw first }
    return config
  }
}

/// One key of one table, as the schema names it: `[timer] focus`.
struct ConfigKeyName: Equatable, Hashable {
  var table: String
  var key: String
}
