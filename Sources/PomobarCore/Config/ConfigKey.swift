import TOML

/// One key of `config.toml`, declared once: its table, its doc, how it is read, printed
/// and carried over from a fallback.
///
/// The reader, `ConfigPrinter` (`check-config`), the fallback of a broken key, the "did you
/// mean" suggestions and `config.example.toml` all walk `ConfigSchema.tables`, so a new key
/// is one row there and nothing else.
struct ConfigKey: Sendable {
  /// `timer`, or `format.focus` for a per-phase table.
  let table: String
  let key: String
  /// The comment above the key in `config.example.toml`; empty for none.
  let doc: String
  /// How `config.example.toml` shows the key.
  let example: Example
  /// Checks the key's node and sets its value in the reader's config.
  let read: @Sendable (inout Reader, TOMLNode) throws(ConfigError) -> Void
  /// The value as TOML; nil when it is not written (an optional key that is not set).
  let print: @Sendable (Config) -> String?
  /// Gives the key the value it has in a fallback (the key was written but is broken).
  let carry: @Sendable (inout Reader, Config) -> Void

  /// How a key appears in `config.example.toml`.
  enum Example: Sendable {
    /// `key = DEFAULT`, as printed; left out when the default is not set.
    case value
    /// `# key = VALUE`: an example of a key with no default, or one not worth a line each.
    case commented(String)
    /// Not shown: the table's text speaks for it.
    case hidden
  }

  /// A key whose value lives at `path`, read and printed as `value` says.
  ///
  /// The key path is made when the key is read, printed or carried, not with the schema:
  /// the runtime makes one by looking its types up by their mangled names, and making every
  /// key's was more than half of a bar's start-up (docs/benchmarks.md).
  ///
  /// `then` runs after a good read (the reader notes where colours were set); `carry`
  /// replaces the plain copy from the fallback where setting the key sets more.
  init<T>(
    _ table: String, _ key: String, _ path: @autoclosure @escaping @Sendable () -> WritableKeyPath<Config, T>,
    _ value: ConfigValue<T>,
    example: Example = .value, doc: String = "",
    then: (@Sendable (inout Reader, TOMLNode) -> Void)? = nil,
    carry: (@Sendable (inout Reader, Config) -> Void)? = nil
  ) {
    self.table = table
    self.key = key
    self.doc = doc
    self.example = example
    self.read = { reader, node throws(ConfigError) in
      reader.config[keyPath: path()] = try value.read(reader, node, key)
      then?(&reader, node)
    }
    self.print = { config in value.print(config[keyPath: path()]) }
    self.carry = carry ?? { reader, fallback in reader.config[keyPath: path()] = fallback[keyPath: path()] }
  }
}

/// One table of the config: its keys and the text `config.example.toml` has for it.
struct ConfigTable: Sendable {
  /// `timer`, or `format.focus`.
  let name: String
  /// Comment lines above the table's header.
  var preface = ""
  /// Comment lines right under the header.
  var doc = ""
  /// Whether the example writes the header as a comment (a table with no defaults).
  var commented = false
  let keys: [ConfigKey]

  /// A per-phase table of `[format]`, read inside it rather than at the top level.
  var isSubtable: Bool { name.contains(".") }
}

/// A key of every table of a named thing (`[projects.NAME]`, `[clients.NAME]`): read into
/// that thing's settings.
struct NamedTableKey<Settings>: Sendable {
  let key: String
  /// `# key = VALUE` in `config.example.toml`.
  let example: String
  let read: @Sendable (Reader, TOMLNode, inout Settings) throws(ConfigError) -> Void
  /// The value as TOML; nil when not set.
  let print: @Sendable (Settings) -> String?

  init<T>(
    _ key: String, _ path: WritableKeyPath<Settings, T> & Sendable, _ value: ConfigValue<T>,
    example: String
  ) {
    self.key = key
    self.example = example
    self.read = { reader, node, settings throws(ConfigError) in
      settings[keyPath: path] = try value.read(reader, node, key)
    }
    self.print = { settings in value.print(settings[keyPath: path]) }
  }
}

/// The settings of a named thing: made empty, then given the line of its table.
protocol NamedTableSettings {
  init()
  var line: Int? { get set }
}

extension ProjectSettings: NamedTableSettings {}
extension ClientSettings: NamedTableSettings {}

/// A key of every `[projects.NAME]` table.
typealias ProjectKey = NamedTableKey<ProjectSettings>
/// A key of every `[clients.NAME]` table.
typealias ClientKey = NamedTableKey<ClientSettings>
