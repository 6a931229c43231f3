import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Environment variables and the XDG base directories.
///
/// Looks variables up with `getenv` rather than copying the environment into a
/// dictionary: a long-running bar process should not carry code it needs once.
public struct Environment: Sendable {
  let lookup: @Sendable (String) -> String?

  /// An environment backed by `lookup` (tests).
  public init(lookup: @escaping @Sendable (String) -> String?) { self.lookup = lookup }

  /// The process's own environment.
  public static func current() -> Environment {
    Environment { name in getenv(name).map { String(cString: $0) } }
  }

  /// A variable's value; nil when unset or empty.
  public subscript(name: String) -> String? {
    guard let value = lookup(name), !value.isEmpty else { return nil }
    return value
  }

  var home: String { self["HOME"] ?? "/" }

  /// `$XDG_STATE_HOME/pomobar`, falling back to `~/.local/state/pomobar`.
  public var stateDirectory: String {
    xdg("XDG_STATE_HOME", fallback: ".local/state") + "/pomobar"
  }

  /// `$XDG_DATA_HOME/pomobar/history`, falling back to `~/.local/share/pomobar/history`:
  /// the history's files (`HistoryStore` names them).
  public var historyDirectory: String {
    xdg("XDG_DATA_HOME", fallback: ".local/share") + "/pomobar/history"
  }

  /// `$XDG_CONFIG_HOME/pomobar/config.toml`, falling back to `~/.config/pomobar/config.toml`.
  public var configFile: String {
    xdg("XDG_CONFIG_HOME", fallback: ".config") + "/pomobar/config.toml"
  }

  /// An XDG variable if it holds an absolute path (the spec says to ignore relative ones).
  private func xdg(_ name: String, fallback: String) -> String {
    if let value = self[name], value.utf8.first == UInt8(ascii: "/") { return value }
    return home + "/" + fallback
  }

  /// Sets a variable in this process's environment, for the programs it starts from now on.
  static func set(_ name: String, _ value: String) { setenv(name, value, 1) }

  /// The process environment as `NAME=value` strings, with `overrides` replacing or
  /// adding variables: what a child process gets.
  static func childEnvironment(_ overrides: [(String, String)]) -> [String] {
    var entries: [String] = []
    var pointer = Glibc.environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      let name = text.utf8.split(separator: UInt8(ascii: "="), maxSplits: 1).first.map { Substring($0) }
      if !overrides.contains(where: { name == Substring($0.0) }) { entries.append(text) }
      pointer += 1
    }
    return entries + overrides.map { "\($0.0)=\($0.1)" }
  }
}

extension Environment {
  /// This machine's host name (`gethostname`), as `XAUTHORITY` entries name it.
  public static func hostname() -> String {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count - 1) == 0 else { return "" }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
