#if canImport(Glibc)
  import Glibc
#endif
import CLinux

/// Environment variables and the XDG base directories.
public struct Environment: Sendable {
  public var variables: [String: String]

  public init(variables: [String: String]) { self.variables = variables }

  /// The process's own environment.
  public static func current() -> Environment {
    var variables: [String: String] = [:]
    var pointer = Glibc.environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return Environment(variables: variables)
  }

  public subscript(name: String) -> String? {
    guard let value = variables[name], !value.isEmpty else { return nil }
    return value
  }

  var home: String { self["HOME"] ?? "/" }

  /// `$XDG_STATE_HOME/pomobar`, falling back to `~/.local/state/pomobar`.
  public var stateDirectory: String {
    xdg("XDG_STATE_HOME", fallback: ".local/state") + "/pomobar"
  }

  /// `$XDG_CONFIG_HOME/pomobar/config.toml`, falling back to `~/.config/pomobar/config.toml`.
  public var configFile: String {
    xdg("XDG_CONFIG_HOME", fallback: ".config") + "/pomobar/config.toml"
  }

  /// An XDG variable if it holds an absolute path (the spec says to ignore relative ones).
  private func xdg(_ name: String, fallback: String) -> String {
    if let value = self[name], value.hasPrefix("/") { return value }
    return home + "/" + fallback
  }
}
