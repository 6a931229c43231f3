import TOML

/// The strings written in one table of a config file, with their places: for checks that
/// look outside the config (`check-config` looking up programs and sound files) and must
/// say where the string is.
public enum ConfigStrings {
  public struct Found: Equatable, Sendable {
    public var key: String
    public var value: String
    /// Where the string starts in the file.
    public var position: TOMLPosition
  }

  /// Each string value of `[table]` in `bytes` (each item of an array of strings too), in
  /// file order; none when the table is missing or the file cannot be parsed.
  public static func find(in bytes: [UInt8], table: String) -> [Found] {
    guard let root = SyntaxRecovery.parse(bytes).root, case .table(let entries)? = root[table]?.value
    else { return [] }
    var found: [Found] = []
    for entry in entries.entries {
      let nodes: [TOMLNode]
      switch entry.node.value {
      case .string: nodes = [entry.node]
      case .array(let items): nodes = items
      case .integer, .float, .boolean, .table: nodes = []
      }
      for node in nodes {
        guard case .string(let value) = node.value else { continue }
        found.append(Found(key: entry.key, value: value, position: node.position))
      }
    }
    return found
  }
}
