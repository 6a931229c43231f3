import PomobarCore

/// The config file: loaded at start, reloaded on change, keeping the last good values.
public struct ConfigSource {
  /// The path given or the XDG default.
  public let path: String
  /// Whether the user named the file (then it must exist).
  public let explicit: Bool

  /// The largest config file read: a real one is a few KiB; a huge one is a mistake.
  public static let sizeLimit = 1 << 20

  /// Where the last version of the file that loaded without a mistake is kept, in the
  /// state folder, one copy per config path: a command run while the file has a mistake
  /// takes the broken keys' values from it, as the bar takes them from memory.
  let lastGoodPath: String
  /// The home folder, for a `~/` in `days-off-file`.
  let home: String

  public init(path: String?, environment: Environment) {
    self.path = path ?? environment.configFile
    self.explicit = path != nil
    let absolute =
      self.path.utf8.first == UInt8(ascii: "/") ? self.path : FileSystem.currentDirectory + "/" + self.path
    lastGoodPath = environment.stateFolder.lastGoodConfig(hash: StableHash.hex(StableHash.fnv1a(absolute)))
    home = environment.home
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
  /// Without a `fallback` (a command, or a bar starting), the broken keys take the values
  /// of the last version of the file that loaded without a mistake (`lastGoodPath`), else
  /// the defaults; a file that loads without a mistake becomes that version. A file that
  /// cannot be read at all (a folder, too large, a missing `--config` file) gives the
  /// fallback whole, with that one error. `warnings` (for `check-config`, the only one to
  /// print them) looks for what is allowed but unwise too.
  ///
  /// `keepingLastGood: false` leaves the keeping of a good file to the caller
  /// (`keepLastGood`): a bar does it once its first frame is out.
  public func load(fallback given: Config? = nil, warnings: Bool = false, keepingLastGood: Bool = true)
    -> Loaded
  {
    let version = FileIdentity.following(path)  // looked at before it is read (`versions`)
    var (loaded, parsed) = read(fallback: given, warnings: warnings)
    loaded.versions = [version]
    guard parsed else { return loaded }
    if keepingLastGood { keepLastGood(loaded) }
    readDaysOff(into: &loaded)
    return loaded
  }

  /// The config file's part of `load`; `parsed`: the file was there and read.
  private func read(fallback given: Config?, warnings: Bool) -> (loaded: Loaded, parsed: Bool) {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readRegularFile(path, limit: Self.sizeLimit, followSymlinks: true)
    } catch {
      let good = given == nil ? lastGood() : nil
      let loaded = Loaded(
        config: given ?? good ?? Config(), errors: ["\(error)"], missing: false, lastGoodUsed: good != nil)
      return (loaded, false)
    }
    guard let bytes else {
      let errors = explicit ? ["\(path): no such file"] : []
      let good = given == nil && explicit ? lastGood() : nil
      let loaded = Loaded(
        config: given ?? good ?? Config(), errors: errors, missing: true, lastGoodUsed: good != nil)
      return (loaded, false)
    }
    var load = ConfigLoader.load(bytes, file: path, fallback: given ?? Config(), warnings: warnings)
    var lastGoodUsed = false
    if !load.errors.isEmpty, given == nil, let good = lastGood() {
      load = ConfigLoader.load(bytes, file: path, fallback: good, warnings: warnings)
      lastGoodUsed = true
    }
    var loaded = Loaded(
      config: load.config, errors: load.errors.map(\.description), missing: false,
      warnings: load.warnings.map { "\($0.file):\($0.position): warning: \($0.message)" },
      lastGoodUsed: lastGoodUsed)
    if load.errors.isEmpty { loaded.good = bytes }
    return (loaded, true)
  }

  /// Which writes of the config file and of its days-off file a load would read now (nil:
  /// none there), in the order of `Loaded.versions`.
  public func versions(daysOff: String?) -> [FileIdentity?] {
    [path, daysOffPath(daysOff)].compactMap { $0 }.map { FileIdentity.following($0) }
  }

  /// Whether the files `loaded` was read from were saved since: a process that watches
  /// them only after that first read (a bar's start) reads them again, or it would miss a
  /// save made in between until the next one.
  /// A days-off file not read (the config itself was not) is not compared.
  public func changed(since loaded: Loaded) -> Bool {
    !versions(daysOff: loaded.config.ledger.daysOffFile).starts(with: loaded.versions)
  }

  /// The last version of the file that loaded without a mistake; nil when there is none
  /// (or it no longer loads without one: a newer pomobar may read a key otherwise).
  private func lastGood() -> Config? {
    guard
      let bytes = try? FileSystem.readRegularFile(lastGoodPath, limit: Self.sizeLimit, followSymlinks: false)
    else { return nil }
    let load = ConfigLoader.load(bytes, file: lastGoodPath, warnings: false)
    return load.errors.isEmpty ? load.config : nil
  }

  /// Keeps a file that loaded without a mistake as the last good version, when it is new;
  /// best effort: without the copy, a broken key falls back to its default. So not
  /// fsynced: a command does not wait for the disk (two fsyncs, 1.5 to 5 ms on a VM) for a
  /// copy whose loss only costs that fallback.
  public func keepLastGood(_ loaded: Loaded) {
    guard let bytes = loaded.good,
      (try? FileSystem.readRegularFile(lastGoodPath, limit: Self.sizeLimit, followSymlinks: false)) != bytes
    else { return }
    guard (try? FileSystem.makeDirectories(FileSystem.directory(of: lastGoodPath))) != nil else { return }
    try? FileSystem.writeAtomically(lastGoodPath, bytes, durable: false)
  }

  /// Reads `[ledger] days-off-file` into the config: each bad line is a mistake with its
  /// place, a file that cannot be read is one mistake, and neither stops the rest.
  func readDaysOff(into loaded: inout Loaded) {
    guard let file = daysOffPath(loaded.config.ledger.daysOffFile) else { return }
    loaded.versions.append(FileIdentity.following(file))
    let found: [UInt8]?
    do {
      found = try FileSystem.readRegularFile(file, limit: Self.sizeLimit, followSymlinks: true)
    } catch {
      loaded.errors.append("days-off-file: \(error)")
      return
    }
    guard let bytes = found else {
      loaded.errors.append("\(file): no such file ([ledger] days-off-file in \(path))")
      return
    }
    let parsed = DaysOff.parse(bytes, file: file)
    loaded.config.ledger.daysOffFromFile = parsed.dates
    for error in parsed.errors { loaded.errors.append(error.description) }
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
    resolvedFiles(daysOff: daysOff).map(\.path)
  }

  /// `watchedFiles`, each with whether it is its own real path: then no folder on the way
  /// to it is a symlink.
  func resolvedFiles(daysOff: String?) -> [(path: String, real: Bool)] {
    var files: [(path: String, real: Bool)] = []
    for file in [path, daysOffPath(daysOff)].compactMap({ $0 }) {
      let real = FileSystem.realPath(file)
      files.append((file, real == file))
      if let real, real != file { files.append((real, true)) }
    }
    return files
  }

  /// A loaded config and what was wrong with the file.
  public struct Loaded {
    /// Every valid setting, with fallback values for the broken ones.
    public var config: Config
    /// `FILE:LINE:COL: message` (or `FILE: message`) for each mistake, in file order.
    public var errors: [String]
    /// The file does not exist: at a reload, not a new config but an editor between
    /// deleting and writing it.
    public var missing: Bool
    /// `FILE:LINE:COL: warning: message` for what is allowed but unwise (a colour hard to
    /// read on the background): `check-config` prints them, bars do not show them.
    public var warnings: [String] = []
    /// Whether the broken keys took the values of the last version of the file that loaded
    /// without a mistake (else the defaults, or the caller's fallback).
    public var lastGoodUsed = false
    /// The file's bytes when it loaded without a mistake: what `keepLastGood` keeps.
    public var good: [UInt8]?
    /// Which write of the config file, then of its days-off file, was read (nil: none
    /// there), each looked at before it was read: a save after the look counts as one
    /// not read (`ConfigSource.changed(since:)`).
    public var versions: [FileIdentity?] = []

    /// What the broken keys are, for a command that goes on: one line after the mistakes.
    public var fallbackNote: String? {
      guard !errors.isEmpty else { return nil }
      return lastGoodUsed
        ? "the broken settings keep their values from the last version of the file without a mistake"
        : "the broken settings take their defaults"
    }

    /// What a bar shows after ⚠: the first mistake, and how many more there are.
    public var problem: String? {
      guard let first = errors.first else { return nil }
      return "config error: \(first)" + (errors.count > 1 ? " (+\(errors.count - 1) more)" : "")
    }
  }
}
