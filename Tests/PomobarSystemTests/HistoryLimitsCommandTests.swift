import Foundation
import Testing

/// Writers keep the readers' limits (issue 25, section 5), with the built binary: a note
/// past 8 KiB and a date outside 1970 to 9999 are refused at every door, so nothing that is
/// said "added" is then unreadable; a record in December 9999 is in its reports.
@Suite("History limits at the doors")
struct HistoryLimitsCommandTests {
  static func run(_ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0) async throws -> CommandResult
  {
    try await LedgerCommandTests.run(sandbox, arguments, status: status)
  }

  /// Every later command read the line and warned; now none is written, and reading warns of nothing.
  static func expectClean(_ sandbox: Sandbox, records: Int) async throws {
    let log = try await run(sandbox, ["log", "all"])
    #expect(log.stdout.split(separator: "\n").count == records, "\(log)")
    #expect(log.stderr.isEmpty, "\(log)")
  }

  @Test("A note over 8 KiB is refused by track, history amend, history edit and import")
  func longNotesAreRefusedAtEveryDoor() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let note = String(repeating: "x", count: 70_000)
      let track = try await Self.run(
        sandbox, ["track", "2026-01-20", "9:00", "10:00", "api", "--note", note], status: 64)
      #expect(
        track.stderr.contains("a note is at most 8192 bytes (this one: 70000 bytes)"), "\(track.stderr)")
      try await Self.expectClean(sandbox, records: 0)

      _ = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:00", "api", "--note", "short"])
      let id = String(try await Self.run(sandbox, ["log", "all"]).stdout.prefix { $0 != " " })
      let amend = try await Self.run(sandbox, ["history", "amend", id, "--note", note], status: 64)
      #expect(amend.stderr.contains("--note: a note is at most 8192 bytes"), "\(amend.stderr)")

      let editor = try HistoryCorrectionTests.editor(
        sandbox, "s/\"short\"/\"\(String(repeating: "y", count: 9000))\"/")
      let edit = try await sandbox.run(
        ["history", "edit", "all"], environment: LedgerCommandTests.zone.merging(editor) { $1 })
      #expect(
        edit.status != 0 && edit.stderr.contains("a note is at most 8192 bytes (this one: 9000 bytes)"),
        "\(edit)")

      let file = sandbox.root + "/tw.json"
      try sandbox.write(
        #"[{"id":1,"start":"20260121T080000Z","end":"20260121T090000Z","tags":["api"],"annotation":""# + note
          + #""},{"id":2,"start":"20260122T080000Z","end":"20260122T090000Z","tags":["api"]}]"#, to: file)
      let imported = try await Self.run(sandbox, ["import", file], status: 1)
      #expect(imported.stdout.contains("1 record added"), "\(imported)")
      #expect(
        imported.stderr.contains("element 0: a note is at most 8192 bytes (this one: 70000 bytes)"),
        "\(imported)")
      try await Self.expectClean(sandbox, records: 2)
      let report = try await Self.run(sandbox, ["report", "all", "--json"])
      #expect(report.stdout.contains("\"work\":7200,"), "\(report.stdout.prefix(300))")
    }
  }

  @Test("Dates outside 1970 to 9999 are refused by track, history amend, report and export")
  func datesOutsideAreRefused() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let track = try await Self.run(sandbox, ["track", "0001-01-01", "9:00", "10:00", "api"], status: 64)
      #expect(track.stderr.contains("0001-01-01 is outside 1970-01-01 to 9999-12-31"), "\(track)")
      try await Self.expectClean(sandbox, records: 0)
      _ = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:00", "api"])
      let id = String(try await Self.run(sandbox, ["log", "all"]).stdout.prefix { $0 != " " })
      let amend = try await Self.run(
        sandbox, ["history", "amend", id, "--start", "1969-12-31 09:00"], status: 1)
      #expect(
        amend.stderr.contains("is outside 1970-01-01 to 9999-12-31, the times the history holds"), "\(amend)")
      for arguments in [
        ["report", "--from", "0001-01-01", "--to", "2026-01-01"],
        ["export", "--format", "csv", "--from", "1969-12-31"],
        ["report", "--calendar", "1969"],
      ] {
        let refused = try await Self.run(sandbox, arguments, status: 64)
        #expect(refused.stderr.contains("is outside 1970-01-01 to 9999-12-31"), "\(arguments): \(refused)")
      }
      try await Self.expectClean(sandbox, records: 1)
    }
  }

  /// `10000-01`, the month after December 9999, sorted before every file: the report of
  /// all read nothing, and a 1970 record beside it was not counted either.
  @Test("A record of December 9999 and one of 1970 are both in report all")
  func theLastMonthIsRead() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let file = sandbox.root + "/tw.json"
      try sandbox.write(
        #"[{"id":1,"start":"19700105T080000Z","end":"19700105T090000Z","tags":["api"]},"#
          + #"{"id":2,"start":"99991230T080000Z","end":"99991230T090000Z","tags":["api"]}]"#, to: file)
      _ = try await Self.run(sandbox, ["import", file])
      let report = try await Self.run(
        sandbox, ["report", "--from", "9999-12-01", "--to", "9999-12-31", "--json"])
      #expect(report.stdout.contains("\"work\":3600,"), "\(report.stdout.prefix(300))")
      let log = try await Self.run(sandbox, ["log", "--from", "1970-01-01", "--to", "9999-12-31"])
      #expect(log.stdout.split(separator: "\n").count == 2, "\(log)")
    }
  }
}
