/// `config.example.toml`, made from `ConfigSchema`: every table and key with its doc, each
/// key with its default, or commented out with an example where it has none.
///
/// `pomobar check-config --example` prints it; `scripts/config-example` writes it to the
/// repository, and a unit test fails when the committed file differs.
public enum ConfigExample {
  public static var text: String {
    let defaults = Config()
    var parts = [comment(ConfigSchema.preamble)]
    for table in ConfigSchema.tables {
      let lines = table.keys.flatMap { row in comment(row.doc) + line(row, defaults) }
      guard !lines.isEmpty || !table.preface.isEmpty || !table.doc.isEmpty else { continue }
      let header = (table.commented ? "# " : "") + "[\(table.name)]"
      parts.append(comment(table.preface) + [header] + comment(table.doc) + lines)
    }
    parts.append(
      comment(ConfigSchema.projectsDoc) + ["# [projects.api]"]
        + ConfigSchema.projectKeys.map { "# \($0.key) = \($0.example)" })
    parts.append(
      comment(ConfigSchema.clientsDoc) + ["# [clients.Globex]"]
        + ConfigSchema.clientKeys.map { "# \($0.key) = \($0.example)" })
    return parts.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
  }

  /// The key's line: its default, an example commented out, or nothing.
  private static func line(_ row: ConfigKey, _ defaults: Config) -> [String] {
    switch row.example {
    case .value: return row.print(defaults).map { ["\(row.key) = \($0)"] } ?? []
    case .commented(let example): return ["# \(row.key) = \(example)"]
    case .hidden: return []
    }
  }

  /// `# ` before each line of `text`, `#` alone for an empty one; nothing for no text.
  private static func comment(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "#" : "# \($0)" }
  }
}
