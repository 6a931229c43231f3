import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Correcting the history with the built binary: `history amend --start/--end/--note`,
/// `split`, `join` and `edit` (through an EDITOR script), each undone and its undo undone,
/// also on a synced folder with another machine's records.
/// Serialized: each test runs a dozen short commands, which together would crowd the
/// timing-sensitive suites running beside them (as PackagingTests says).
@Suite("History corrections", .serialized)
struct HistoryCorrectionTests {
  /// Runs `arguments` in the test zone (Europe/Paris), which must exit with `status`.
  @discardableResult
  static func run(
    _ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    let result = try await sandbox.run(
      arguments, environment: LedgerCommandTests.zone.merging(environment) { $1 })
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  static func log(_ sandbox: Sandbox) async throws -> [String] {
    try await run(sandbox, ["log", "all"]).stdout.split(separator: "\n").map(String.init)
  }

  static func id(_ line: String) -> String { String(line.prefix { $0 != " " }) }

  /// The short id an output's `(undo with: pomobar history undo ID)` names.
  static func undoID(_ result: CommandResult) throws -> String {
    let line = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("(undo with:") })
    return String(line.split(separator: " ").last!.dropLast())
  }

  /// `history undo`, after which the log must read `before`, then that undo undone, after
  /// which it must read `after` again; the undo's output.
  @discardableResult
  static func undoAndRedo(
    _ sandbox: Sandbox, before: [String], after: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    let undo = try await run(sandbox, ["history", "undo"], sourceLocation: sourceLocation)
    #expect(try await log(sandbox) == before, "\(undo)", sourceLocation: sourceLocation)
    try await run(sandbox, ["history", "undo", try undoID(undo)], sourceLocation: sourceLocation)
    #expect(try await log(sandbox) == after, sourceLocation: sourceLocation)
    return undo
  }

  /// An EDITOR that runs `sed EXPRESSION` on the file, then appends `append`.
  static func editor(_ sandbox: Sandbox, _ expression: String, append: String = "") throws -> [String: String]
  {
    let path = sandbox.root + "/editor"
    try sandbox.write(
      "#!/bin/sh\nsed -i -e '\(expression)' \"$1\"\nprintf '%s' '\(append)' >> \"$1\"\n", to: path)
    chmod(path, 0o755)
    return ["EDITOR": path, "VISUAL": ""]
  }

  @Test("Tags: track +tag records them, amend --tags and history edit change them, undo takes it back")
  func tagsThroughTrackAmendAndEdit() async throws {
    try await withSandbox { sandbox in
      try await Self.run(sandbox, ["track", "2026-01-20", "9:00-10:00", "api", "+billable"])
      let line = try #require(try await Self.log(sandbox).first)
      #expect(line.hasSuffix("api +billable"), "\(line)")
      let amended = try await Self.run(sandbox, ["history", "amend", Self.id(line), "--tags", "+acme +\"client call\""])
      #expect(amended.stdout.contains("tags +billable → +acme +\"client call\""), "\(amended)")
      #expect(try await Self.log(sandbox).first?.hasSuffix("api +acme +\"client call\"") == true)
      let refused = try await Self.run(sandbox, ["history", "amend", Self.id(line), "--tags", "+a;b"], status: 64)
      #expect(refused.stderr.contains("--tags"), "\(refused)")
      try await Self.run(sandbox, ["history", "undo", try Self.undoID(amended)])
      #expect(try await Self.log(sandbox).first?.hasSuffix("api +billable") == true)
      // In the editor, the tags stand after the project: one is changed there.
      let edit = try Self.editor(sandbox, "s/+billable/+billable +urgent/")
      try await Self.run(sandbox, ["history", "edit", "--from", "2026-01-20", "--to", "2026-01-20"], environment: edit)
      #expect(try await Self.log(sandbox).first?.hasSuffix("api +billable +urgent") == true)
      let json = try await Self.run(sandbox, ["export", "--format", "json", "all"])
      #expect(json.stdout.contains("\"tags\":[\"billable\",\"urgent\"]"), "\(json)")
    }
  }

  @Test("amend moves a start and an end, sets a note, refuses an overlap, and undo takes it back")
  func amendTimesAndNote() async throws {
    try await withSandbox { sandbox in
      try await LedgerCommandTests.track(sandbox)
      let before = try await Self.log(sandbox)
      let first = Self.id(before[0])
      let amended = try await Self.run(
        sandbox, ["history", "amend", first, "--start", "8:45", "--end", "10:40", "--note", "done"])
      #expect(
        amended.stdout.contains("start 09:00 → 08:45, end 10:30 → 10:40, counted 1:30:00 → 1:55:00"),
        "\(amended)")
      #expect(amended.stdout.contains("note \"fix, \\\"bug\\\"\" → \"done\""), "\(amended)")
      let after = try await Self.log(sandbox)
      #expect(after[0].contains("2026-01-20 08:45-10:40  work          1:55:00  api  · done"), "\(after)")
      // 11:00-12:00 is in the way; the refusal names it.
      let second = Self.id(after[1])
      let overlap = try await Self.run(sandbox, ["history", "amend", first, "--end", "11:30"], status: 1)
      #expect(overlap.stderr.contains("it would overlap \(second) (no project, 11:00–12:00)"), "\(overlap)")
      let backwards = try await Self.run(sandbox, ["history", "amend", first, "--end", "8:00"], status: 1)
      #expect(backwards.stderr.contains("before it starts"), "\(backwards)")
      let future = try await Self.run(
        sandbox, ["history", "amend", first, "--end", "2099-01-20 10:00"], status: 1)
      #expect(future.stderr.contains("in the future"), "\(future)")
      let word = try await Self.run(sandbox, ["history", "amend", first, "--start", "9h"], status: 64)
      #expect(word.stderr.contains("--start '9h' is not a time like 9:05"), "\(word)")
      let same = try await Self.run(sandbox, ["history", "amend", first, "--note", "done"])
      #expect(same.stderr.contains("nothing to change"), "\(same)")
      // Undo, then undo the undo.
      try await Self.undoAndRedo(sandbox, before: before, after: after)
    }
  }

  @Test("split cuts a record in two, and one undo takes back both halves")
  func split() async throws {
    try await withSandbox { sandbox in
      try await LedgerCommandTests.track(sandbox)
      let before = try await Self.log(sandbox)
      let split = try await Self.run(sandbox, ["history", "split", Self.id(before[0]), "10:00"])
      let after = try await Self.log(sandbox)
      #expect(after.count == 4, "\(split) \(after)")
      #expect(after[0].contains("09:00-10:00  work          1:00:00  api  · fix, \"bug\""), "\(after)")
      #expect(after[1].contains("10:00-10:30  work          0:30:00  api  · fix, \"bug\""), "\(after)")
      let outside = try await Self.run(sandbox, ["history", "split", Self.id(before[0]), "12:00"], status: 1)
      #expect(outside.stderr.contains("12:00 is not inside"), "\(outside)")
      let undo = try await Self.undoAndRedo(sandbox, before: before, after: after)
      #expect(undo.stdout.contains("undid 2 changes made together"), "\(undo)")
    }
  }

  @Test("join makes two records of one project one, counting the time between; undo parts them")
  func join() async throws {
    try await withSandbox { sandbox in
      try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:00", "api"])
      try await Self.run(sandbox, ["track", "2026-01-20", "10:30", "11:00", "api"])
      try await Self.run(sandbox, ["track", "2026-01-20", "12:00", "13:00", "web"])
      let before = try await Self.log(sandbox)
      let other = try await Self.run(
        sandbox, ["history", "join", Self.id(before[1]), Self.id(before[2])], status: 1)
      #expect(other.stderr.contains("give both one project first"), "\(other)")
      let joined = try await Self.run(sandbox, ["history", "join", Self.id(before[1]), Self.id(before[0])])
      #expect(joined.stdout.contains("(the 0:30:00 between them counts)"), "\(joined)")
      let after = try await Self.log(sandbox)
      #expect(after.count == 2 && after[0].contains("09:00-11:00  work          2:00:00  api"), "\(after)")
      try await Self.undoAndRedo(sandbox, before: before, after: after)
    }
  }

  @Test("history edit applies a changed time, a deleted line and an added one as one change")
  func editInAnEditor() async throws {
    try await withSandbox { sandbox in
      try await LedgerCommandTests.track(sandbox)
      let before = try await Self.log(sandbox)
      let unchanged = try await Self.run(
        sandbox, ["history", "edit", "all"], environment: try Self.editor(sandbox, "s/^#.*//"))
      #expect(unchanged.stderr.contains("no change"), "\(unchanged)")
      let editor = try Self.editor(
        sandbox, "s/09:00-10:30/08:30-10:30/; /\(Self.id(before[1]))/d",
        append: "2026-01-21  16:00-17:00  work  \"web site\"  \"added\"\n")
      let edited = try await Self.run(
        sandbox, ["history", "edit", "--from", "2026-01-20", "--to", "2026-01-21"], environment: editor)
      #expect(edited.stdout.contains("start 09:00 → 08:30"), "\(edited)")
      #expect(edited.stdout.contains("removed \(Self.id(before[1]))"), "\(edited)")
      let after = try await Self.log(sandbox)
      #expect(after.count == 3, "\(after)")
      #expect(after[0].contains("2026-01-20 08:30-10:30  work          2:00:00  api"), "\(after)")
      #expect(
        after[2].contains("2026-01-21 16:00-17:00  work          1:00:00  web site  · added"), "\(after)")
      let undo = try await Self.undoAndRedo(sandbox, before: before, after: after)
      #expect(undo.stdout.contains("undid 3 changes made together"), "\(undo)")
    }
  }

  @Test("history edit names the line of an overlap and, without a terminal, keeps the text")
  func editRefusesAnOverlap() async throws {
    try await withSandbox { sandbox in
      try await LedgerCommandTests.track(sandbox)
      let before = try await Self.log(sandbox)
      let editor = try Self.editor(sandbox, "s/09:00-10:30/09:00-11:30/")
      let refused = try await Self.run(sandbox, ["history", "edit", "all"], status: 1, environment: editor)
      let located = try #require(
        refused.stderr.split(separator: "\n").first { $0.contains("it would overlap") })
      let parts = located.split(separator: ":")
      let path = String(parts[0])
      #expect(parts[1] == "9" && parts[2] == "22", "\(refused)")
      #expect(
        located.hasSuffix("it would overlap \(Self.id(before[1])) (no project, 11:00–12:00)"), "\(refused)")
      #expect(refused.stderr.contains("the text is kept in \(path)"), "\(refused)")
      #expect(sandbox.read(path)?.contains("09:00-11:30") == true)
      #expect(try await Self.log(sandbox) == before)
      let failing = try await Self.run(
        sandbox, ["history", "edit", "all"], status: 1, environment: ["EDITOR": "false", "VISUAL": ""])
      #expect(failing.stderr.contains("ended with status 1"), "\(failing)")
    }
  }

  @Test("On a synced folder, another machine's records are corrected by this machine's edits alone")
  func editsOnASyncedFolder() async throws {
    try await withSandbox { sandbox in
      let folder = LedgerCommandTests.history(sandbox)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      // Another machine's records, and its edit that renamed one of them.
      let other = "bbbbbbbbbbbb"
      func line(_ id: String, _ from: String, _ to: String, _ seconds: Int, _ project: String) -> String {
        #"{"id":"\#(id)","kind":"work","start":"2026-01-22T\#(from):00+01:00","end":"2026-01-22T\#(to):00+01:00","seconds":\#(seconds),"project":"\#(project)","outcome":null,"internal":0,"external":0,"gap":0,"note":null}"#
      }
      let records =
        line("\(other).e.1", "09:00", "11:00", 7200, "api") + "\n"
        + line("\(other).e.2", "13:00", "14:00", 3600, "web") + "\n"
      try sandbox.write(records, to: "\(folder)/2026-01.\(other).jsonl")
      let renamed =
        #"{"id":"\#(other).x.1","op":"rename","at":"2026-01-23T10:00:00+01:00","from":"web","to":"site"}"#
        + "\n"
      try sandbox.write(renamed, to: "\(folder)/edits.\(other).jsonl")
      try await Self.run(sandbox, ["track", "2026-01-22", "11:30", "12:30", "api"])
      let before = try await Self.log(sandbox)
      #expect(before.count == 3 && before[2].contains("site"), "\(before)")
      let theirs = [records, renamed]
      // Split the other machine's record, then edit its end through the editor.
      try await Self.run(sandbox, ["history", "split", Self.id(before[0]), "10:00"])
      let editor = try Self.editor(sandbox, "s/13:00-14:00/13:00-14:30/")
      try await Self.run(
        sandbox, ["history", "edit", "--from", "2026-01-22", "--to", "2026-01-22"], environment: editor)
      let after = try await Self.log(sandbox)
      #expect(after.count == 4, "\(after)")
      #expect(after[3].contains("13:00-14:30  work          1:30:00  site"), "\(after)")
      #expect(
        [sandbox.read("\(folder)/2026-01.\(other).jsonl"), sandbox.read("\(folder)/edits.\(other).jsonl")]
          == theirs,
        "another machine's files changed")
      // Moving its record over ours is refused, naming ours.
      let overlap = try await Self.run(
        sandbox, ["history", "amend", Self.id(after[0]), "--end", "12:00"], status: 1)
      #expect(overlap.stderr.contains("it would overlap"), "\(overlap)")
      try await Self.run(sandbox, ["history", "undo"])
      try await Self.run(sandbox, ["history", "undo"])
      #expect(try await Self.log(sandbox) == before)
    }
  }
}
