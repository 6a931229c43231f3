import PomobarCore

/// The config file: loaded at start, reloaded on change, keeping the last good values.
public struct ConfigSource {
  /// The path given or the XDG default.
  public let path: String
  /// Whether the user named the file (then it must exist).
  public let explicit: Bool

  /// The largest config file read: a real one is a few KiB; a huge one is a mistake.
  public static let sizeLimit = 1 << 20

  /// The home folder, for a `~/` in `days-off-file`.
  let home: String

  public init(path: String?, environment: Environment) {
    self.path = path ?? environment.configFile
    self.explicit = path != nil
    self.home = environment.home
  }

  /// The file the user named, as an absolute path (for a child that runs elsewhere);
  /// nil for the default one.
  public var explicitPath: String? {
    guard explicit else { return nil }
    return path.utf8.first == UInt8(ascii: "/") ? path : FileSystem.currentDirectory + "/" + path
  }

  /// Loads the config, with every valid setting of the file and `fallback`'s values for
  /// the broken ones; a missing default file means the defaults.
  ///
  /// A file that cannot be read at all (a folder, too large, a missing `--config` file)
  /// gives `fallback` whole, with that one error.
  public func load(fallback: Config = Config()) -> Loaded {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readRegularFile(path, limit: Self.sizeLimit, followSymlinks: true)
    } catch {
      return Loaded(config: fallback, errors: ["\(error)"], tablesWithErrors: nil, missing: false)
    }
    guard let bytes else {
      let errors = explicit ? ["\(path): no such file"] : []
      return Loaded(config: fallback, errors: errors, tablesWithErrors: explicit ? nil : [], missing: true)
    }
    let load = ConfigLoader.load(bytes, file: path, fallback: fallback)
    var loaded = Loaded(
      config: load.config, errors: load.errors.map(\.description),
      tablesWithErrors: load.tablesWithErrors, missing: false,
      warnings: load.warnings.map { "\($0.file):\($0.position): warning: \($0.message)" })
    readDaysOff(into: &loaded)
    return loaded
  }

  /// Reads `[ledger] days-off-file` into the config: each bad line is a mistake with its
  /// place, a file that cannot be read is one mistake, and neither stops the rest.
  func readDaysOff(into loaded: inout Loaded) {
    guard let file = daysOffPath(loaded.config.ledger.daysOffFile) else { return }
    loaded.daysOffFile = file
    let found: [UInt8]?
    do {
      found = try FileSystem.readRegularFile(file, limit: Self.sizeLimit, followSymlinks: true)
    } catch {
      loaded.addError("days-off-file: \(error)")
      return
    }
    guard let bytes = found else {
      loaded.addError("\(file): no such file ([ledger] days-off-file in \(path))")
      return
    }
    let parsed = DaysOff.parse(bytes, file: file)
    loaded.config.ledger.daysOffFromFile = parsed.dates
    for error in parsed.errors { loaded.addError(error.description) }
  }

  /// `days-off-file` as a path to open: `~/` is the home folder, and a relative path is in
  /// the config's folder.
  public func daysOffPath(_ given: String?) -> String? {
    guard let given else { return nil }
    if given.hasPrefix("~/") { return home + given.dropFirst(1) }
    if given.hasPrefix("/") { return given }
    return FileSystem.directory(of: path) + "/" + given
  }

  /// The files whose change means the config changed: the path and, for a symlink
  /// (configs kept in a dotfiles repo), the file it points to; the same for the days-off
  /// file (`[ledger] days-off-file` as written), if any.
  public func watchedFiles(daysOff: String?) -> [String] {
    var files: [String] = []
    for file in [path, daysOffPath(daysOff)].compactMap({ $0 }) {
      files.append(file)
      if let real = FileSystem.realPath(file), real != file { files.append(real) }
    }
    return files
  }

  /// A loaded config and what was wrong with the file.
  public struct Loaded {
    /// Every valid setting, with fallback values for the broken ones.
    public var config: Config
    /// `FILE:LINE:COL: message` (or `FILE: message`) for each mistake, in file order.
    public var errors: [String]
    /// The tables with a mistake; nil when the whole file is unusable.
    var tablesWithErrors: Set<String>?
    /// The file does not exist: at a reload, not a new config but an editor between
    /// deleting and writing it.
    public var missing: Bool
    /// `FILE:LINE:COL: warning: message` for what is allowed but unwise (a colour hard to
    /// read on the background): `check-config` prints them, bars do not show them.
    public var warnings: [String] = []
    /// `[ledger] days-off-file`, as opened: a running bar watches it like the config.
    public var daysOffFile: String? = nil

    /// Adds a mistake of `[ledger]` (the days-off file's).
    mutating func addError(_ error: String) {
      errors.append(error)
      tablesWithErrors?.insert("ledger")
    }

    /// Whether a mistake may concern one of `tables` (e.g. `["timer", "suspend"]`).
    ///
    /// A mistake at the top level concerns none; a file that cannot be used concerns all.
    public func hasErrors(in tables: [String]) -> Bool {
      guard !errors.isEmpty, !tables.isEmpty else { return false }
      guard let tablesWithErrors else { return true }
      return tables.contains { tablesWithErrors.contains($0) }
    }

    /// What a bar shows after ⚠: the first mistake, and how many more there are.
    public var problem: String? {
      guard let first = errors.first else { return nil }
      return "config error: \(first)" + (errors.count > 1 ? " (+\(errors.count - 1) more)" : "")
    }
  }
}
