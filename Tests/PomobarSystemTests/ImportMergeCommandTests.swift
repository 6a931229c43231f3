import Foundation
import Testing

/// `pomobar import` of a timewarrior export, again and again, as a user keeping both tools
/// for a while does: projects from the tags the user names, fixes made here kept, changes
/// made there taken, never a record twice; and a reset then an import that starts over.
@Suite("Import merges")
struct ImportMergeCommandTests {
  @discardableResult
  static func run(
    _ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    try await LedgerCommandTests.run(sandbox, arguments, status: status, sourceLocation: sourceLocation)
  }

  /// A `timew export` of three intervals as timewarrior writes it: tags sorted.
  static let first = """
    [
    {"id":3,"start":"20260202T080000Z","end":"20260202T094500Z","tags":["acme","billable","dev"]},
    {"id":2,"start":"20260202T100000Z","end":"20260202T110000Z","tags":["billable","globex","meeting"],"annotation":"kickoff"},
    {"id":1,"start":"20260203T080000Z","end":"20260203T090000Z","tags":["admin","internal"]}
    ]
    """

  /// The same a while later: the first lengthened by 10 min, the second's client changed,
  /// the third tagged billable, one more interval of a new client.
  static let second = """
    [
    {"id":4,"start":"20260202T080000Z","end":"20260202T095500Z","tags":["acme","billable","dev"]},
    {"id":3,"start":"20260202T100000Z","end":"20260202T110000Z","tags":["billable","initech","meeting"],"annotation":"kickoff"},
    {"id":2,"start":"20260203T080000Z","end":"20260203T090000Z","tags":["admin","billable","internal"]},
    {"id":1,"start":"20260204T080000Z","end":"20260204T090000Z","tags":["client-x"]}
    ]
    """

  static func log(_ sandbox: Sandbox) async throws -> [Substring] {
    try await run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
  }

  static func id(_ line: Substring) -> String { String(line.prefix { $0 != " " }) }

  @Test("--dry-run writes nothing and shows the work per project and tag")
  func dryRun() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      let result = try await Self.run(sandbox, ["import", path, "--dry-run", "--project-tags", "acme, globex,internal"])
      #expect(result.stdout.contains("dry run, nothing written: 3 records would be added"), "\(result)")
      #expect(result.stdout.contains("work read, per project:\n  acme      1:45:00\n"), "\(result)")
      #expect(result.stdout.contains("work read, per tag:\n  billable  2:45:00\n"), "\(result)")
      #expect(LedgerCommandTests.files(sandbox).isEmpty, "a dry run wrote \(LedgerCommandTests.files(sandbox))")
      // Not remembered either: a plain import then knows no project.
      try await Self.run(sandbox, ["import", path])
      let log = try await Self.log(sandbox)
      #expect(log.allSatisfy { !$0.contains("  acme") }, "\(log)")
    }
  }

  @Test("Clients' tags named once are projects in every later import; the rest stay tags")
  func projectTagsAreRemembered() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      let first = try await Self.run(sandbox, ["import", path, "--project-tags", "acme,globex,internal,client-*"])
      #expect(first.stdout.contains("remembered for the next import: acme, globex, internal, client-*"), "\(first)")
      var log = try await Self.log(sandbox)
      #expect(log[0].hasSuffix("acme +billable +dev") && log[2].hasSuffix("internal +admin"), "\(log)")
      try sandbox.write(Self.second, to: path)
      let again = try await Self.run(sandbox, ["import", path])
      log = try await Self.log(sandbox)
      #expect(log.count == 4 && log[3].hasSuffix("client-x"), "\(log)")
      // `initech` is named nowhere: a tag, and the record's client tag went in timewarrior.
      #expect(log[1].contains("  - +billable +meeting +initech"), "\(log)")
      #expect(again.stderr.contains("project 'globex' → none (changed in timewarrior)"), "\(again)")
    }
  }

  @Test("A re-import keeps the fixes made here, takes the changes made there, and says which")
  func threeWayMerge() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      try await Self.run(sandbox, ["import", path, "--project-tags", "acme,globex,initech,internal"])
      var log = try await Self.log(sandbox)
      let (a, b, c) = (Self.id(log[0]), Self.id(log[1]), Self.id(log[2]))
      try await Self.run(sandbox, ["history", "amend", b, "--project", "acme"])
      try await Self.run(sandbox, ["history", "amend", a, "--note", "mine"])
      try sandbox.write(Self.second, to: path)
      let merged = try await Self.run(sandbox, ["import", path])
      #expect(merged.stdout.contains("1 record added, 2 changed, 0 skipped"), "\(merged)")
      #expect(
        merged.stderr.contains("\(a): time 2026-02-02 09:00–10:45 → 09:00–10:55 (changed in timewarrior)"), "\(merged)")
      #expect(
        merged.stderr.contains("\(b): kept your project 'acme' (you changed it here; timewarrior says 'initech')"),
        "\(merged)")
      #expect(merged.stderr.contains("\(c): tags +billable (changed in timewarrior)"), "\(merged)")
      log = try await Self.log(sandbox)
      #expect(log.count == 4, "lengthened there, still one record: \(log)")
      #expect(log[0].contains("09:00-10:55") && log[0].hasSuffix("· mine"), "\(log)")
      #expect(log[1].contains(" acme +billable +meeting"), "\(log)")
      // Again, with nothing new: nothing changes and nothing is said.
      let again = try await Self.run(sandbox, ["import", path])
      #expect(again.stdout.contains("0 records added, 0 changed, 4 skipped (4 already there"), "\(again)")
      #expect(again.stderr.isEmpty, "\(again)")
      #expect(try await Self.log(sandbox) == log)
    }
  }

  @Test("A record removed here stays removed when imported again")
  func removedStaysRemoved() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      try await Self.run(sandbox, ["import", path])
      let log = try await Self.log(sandbox)
      try await Self.run(sandbox, ["history", "remove", Self.id(log[1])])
      let again = try await Self.run(sandbox, ["import", path])
      #expect(again.stdout.contains("1 removed here"), "\(again)")
      #expect(try await Self.log(sandbox).count == 2)
    }
  }

  /// Only what came from the tool is matched: a record of pomobar's own that was removed
  /// here is no reason to skip an interval of the tool's that overlaps it.
  @Test("A removed record of pomobar's own does not hide the tool's interval over it")
  func removedOwnRecordIsNoMatch() async throws {
    try await withSandbox { sandbox in
      try await Self.run(sandbox, ["track", "2026-02-02", "9:00-10:30", "acme"])
      let tracked = try await Self.log(sandbox)
      try await Self.run(sandbox, ["history", "remove", Self.id(tracked[0])])
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      let result = try await Self.run(sandbox, ["import", path])
      #expect(result.stdout.contains("3 records added"), "\(result)")
      #expect(try await Self.log(sandbox).count == 3)
    }
  }

  @Test("reset then import starts over, and undo takes back the import, not the reset")
  func resetThenImport() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(Self.first, to: path)
      try await Self.run(sandbox, ["import", path])
      try await Self.run(sandbox, ["history", "reset", "--yes"])
      #expect(try await Self.log(sandbox).isEmpty)
      let again = try await Self.run(sandbox, ["import", path])
      #expect(again.stdout.contains("3 records added"), "\(again)")
      #expect(try await Self.log(sandbox).count == 3, "the records an import says it added are there")
      try await Self.run(sandbox, ["history", "undo"])
      #expect(try await Self.log(sandbox).isEmpty, "undo took back the import")
      // And once more: an import after the undo adds them again.
      try await Self.run(sandbox, ["import", path])
      #expect(try await Self.log(sandbox).count == 3)
    }
  }
}
