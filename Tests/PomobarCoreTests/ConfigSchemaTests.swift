import Testing

@testable import PomobarCore

/// The docs made from, or held to, `ConfigSchema`, the one table of config keys.
@Suite struct ConfigSchemaTests {
  /// `config.example.toml` is what `pomobar check-config --example` prints; after a change
  /// to the schema, `scripts/config-example` writes it again.
  @Test func theCommittedExampleIsTheOneTheSchemaMakes() throws {
    let root = URLPath.packageRoot(from: #filePath)
    let committed = try String(contentsOfFile: root + "/config.example.toml", encoding: .utf8)
    #expect(committed == ConfigExample.text, "config.example.toml is stale: run scripts/config-example")
  }

  /// The summary in docs/configuration.md has a row per table naming each of its keys
  /// (the families of per-event and per-phase keys are summed up in words).
  @Test func theConfigurationPageNamesEveryKey() throws {
    let root = URLPath.packageRoot(from: #filePath)
    let page = try String(contentsOfFile: root + "/docs/configuration.md", encoding: .utf8)
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `[") }
    func row(_ table: String) -> Substring? { rows.first { $0.hasPrefix("| `[\(table)]` |") } }
    for table in ConfigSchema.tables where !table.isSubtable {
      guard let line = row(table.name) else {
        Issue.record("docs/configuration.md has no row for [\(table.name)]")
        continue
      }
      let family = Set(HookEvent.allCases.map(\.rawValue))
      for key in table.keys.map(\.key)
      where !(["hooks", "sound"].contains(table.name) && family.contains(key)) {
        #expect(line.contains("`\(key)`"), "docs/configuration.md: [\(table.name)] does not name `\(key)`")
      }
    }
    let projects = try #require(row("projects.NAME"))
    for key in ConfigSchema.projectKeys.map(\.key) {
      #expect(projects.contains("`\(key)`"), "docs/configuration.md: [projects.NAME] does not name `\(key)`")
    }
    let clients = try #require(row("clients.NAME"))
    for key in ConfigSchema.clientKeys.map(\.key) {
      #expect(clients.contains("`\(key)`"), "docs/configuration.md: [clients.NAME] does not name `\(key)`")
    }
    #expect(
      rows.count == ConfigSchema.tables.filter { !$0.isSubtable }.count + 2, "a row for a table that is gone")
  }

  /// Each row reads back what it prints, for the defaults: the example's values are real.
  @Test func everyDefaultReadsBackThroughItsRow() throws {
    for table in ConfigSchema.tables {
      for row in table.keys {
        guard let printed = row.print(Config()) else { continue }
        let text = "[\(table.name)]\n\(row.key) = \(printed)\n"
        #expect(
          try ConfigLoader.load(Array(text.utf8), file: "f").get() == Config(), "\(table.name).\(row.key)")
      }
    }
  }
}
