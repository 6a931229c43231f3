import PomobarCore

/// The config file: loaded at start, reloaded on change, keeping the last good one.
public struct ConfigSource {
  /// The path given or the XDG default.
  public let path: String
  /// Whether the user named the file (then it must exist).
  public let explicit: Bool

  public init(path: String?, environment: Environment) {
    self.path = path ?? environment.configFile
    self.explicit = path != nil
  }

  /// Loads the config; a missing default file means the defaults.
  public func load() -> Result<Config, LoadError> {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.read(path)
    } catch {
      return .failure(LoadError(description: "\(path): \(error)"))
    }
    guard let bytes else {
      if explicit { return .failure(LoadError(description: "\(path): no such file")) }
      return .success(Config())
    }
    do {
      return .success(try ConfigLoader.load(bytes, file: path))
    } catch {
      return .failure(LoadError(description: error.description))
    }
  }

  /// The files whose change means the config changed: the path and, for a symlink
  /// (configs kept in a dotfiles repo), the file it points to.
  public var watchedFiles: [String] {
    var files = [path]
    if let real = FileSystem.realPath(path), real != path { files.append(real) }
    return files
  }

  public struct LoadError: Error, CustomStringConvertible {
    public var description: String
  }
}
