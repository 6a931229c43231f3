import Foundation
import Testing

/// Words people type, against the built binary (issue 17, items 3 and 6): `track`'s forms,
/// names with spaces, and the near names and unknown filters that used to pass silently.
/// The test clock puts each sandbox on Wednesday 2027-03-17, 15:30 UTC.
@Suite("Words people type")
struct TrackWordsCommandTests {
  static let wednesday: Double = 1_805_297_400

  /// A sandbox whose clocks stand still at `wednesday`.
  static func onWednesday(_ body: (Sandbox) async throws -> Void) async throws {
    try await withSandbox { sandbox in
      try sandbox.setClock("freeze \(wednesday)")
      try await body(sandbox)
    }
  }

  /// Runs a command; it must exit with `status`.
  @discardableResult
  static func run(
    _ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    let result = try await sandbox.run(arguments)
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  @Test(
    "track takes each form of the issue and adds what it says",
    arguments: [
      ("9-11 api", "2027-03-17 09:00-11:00", "api"),
      ("yesterday 9:00-11:00 api", "2027-03-16 09:00-11:00", "api"),
      ("monday 9:00 10:00 api", "2027-03-15 09:00-10:00", "api"),
      ("23.11.2026 9:00 10:00 web frontend", "2026-11-23 09:00-10:00", "web frontend"),
      ("14:00 now api", "2027-03-17 14:00-15:30", "api"),
      ("last friday 9-12 web frontend +billable", "2027-03-12 09:00-12:00", "web frontend +billable"),
      ("yesterday 23:00-01:00 acme", "2027-03-16 23:00-01:00  work          2:00:00", "acme"),
      ("yesterday 23:00-01:00+1 acme", "2027-03-16 23:00-01:00  work          2:00:00", "acme"),
    ])
  func trackForms(line: String, interval: String, project: String) async throws {
    try await Self.onWednesday { sandbox in
      let words = line.split(separator: " ").map(String.init)
      let result = try await Self.run(sandbox, ["track"] + words)
      #expect(result.stdout.contains("added: ") && result.stdout.contains(interval), "\(line): \(result)")
      #expect(result.stdout.hasSuffix("  " + project), "\(line): \(result)")
      #expect(result.stderr.isEmpty, "\(line): \(result)")
    }
  }

  @Test("A range past midnight is one record, and history edit reads it back unchanged")
  func trackPastMidnight() async throws {
    try await Self.onWednesday { sandbox in
      try await Self.run(sandbox, ["track", "yesterday", "23:00-01:00", "acme"])
      let log = try await Self.run(sandbox, ["log", "all"]).stdout
      #expect(log.split(separator: "\n").count == 1 && log.contains("2:00:00  acme"), "\(log)")
      // The same range again, written as history edit writes it: already there.
      let again = try await Self.run(sandbox, ["track", "2027-03-16", "23:00-01:00+1", "acme"])
      #expect(again.stdout.contains("already in the history"), "\(again)")
      // history edit shows it as track took it (the editor checks, and leaves it as it is).
      let edit = try await sandbox.run(
        ["history", "edit", "all"], environment: ["EDITOR": "grep -q ' 23:00-01:00+1 '"])
      #expect(edit.status == 0 && edit.stderr.contains("no change"), "\(edit)")
    }
  }

  @Test("A track refusal names the word and shows the form that works, with status 64")
  func trackRefusals() async throws {
    try await Self.onWednesday { sandbox in
      let day = try await Self.run(sandbox, ["track", "mondy", "9-10", "api"], status: 64)
      #expect(day.stderr.contains("'mondy' is not a day or a time (did you mean 'monday'?)"), "\(day)")
      let order = try await Self.run(sandbox, ["track", "9-10", "yesterday", "api"], status: 64)
      #expect(order.stderr.contains("the day goes first, like track yesterday 09:00-10:00 api"), "\(order)")
      let future = try await Self.run(sandbox, ["track", "14:00-16:00"], status: 64)
      #expect(future.stderr.contains("'now' ends it now: track 14:00 now"), "\(future)")
      #expect(try await Self.run(sandbox, ["log", "all"]).stdout.isEmpty)
    }
  }

  @Test("A name with runs of spaces is the same project wherever it is typed")
  func spacesCollapse() async throws {
    try await Self.onWednesday { sandbox in
      try await Self.run(sandbox, ["track", "9-10", "web   frontend"])
      try await Self.run(sandbox, ["ctl", "project", "web \t frontend"])
      let names = try await Self.run(sandbox, ["projects", "--names"])
      #expect(names.stdout == "web frontend", "\(names)")
      let report = try await Self.run(sandbox, ["report", "--project", " web  frontend "])
      #expect(report.stdout.contains("1:00"), "\(report)")
    }
  }

  @Test("The first use of a name near a known one warns, once, and still does what was asked")
  func nearNameWarns() async throws {
    try await Self.onWednesday { sandbox in
      try await Self.run(sandbox, ["ctl", "project", "api"])
      let first = try await Self.run(sandbox, ["ctl", "project", "Api"])
      #expect(first.stderr.contains("new project 'Api' (did you mean 'api'?)"), "\(first)")
      let state = try await sandbox.status()
      #expect("\(state)".contains("Api"), "\(state)")
      try await Self.run(sandbox, ["ctl", "project", "api"])
      let again = try await Self.run(sandbox, ["ctl", "project", "Api"])
      #expect(!again.stderr.contains("new project"), "\(again)")

      let tracked = try await Self.run(sandbox, ["track", "yesterday", "9-10", "API"])
      #expect(tracked.stderr.contains("new project 'API' (did you mean"), "\(tracked)")
      let known = try await Self.run(sandbox, ["track", "yesterday", "10-11", "API"])
      #expect(known.stderr.isEmpty, "\(known)")
      // A switch dated back warns the same (two minutes on, one of them on api).
      try sandbox.setClock("freeze \(Self.wednesday)\nawake 120")
      let backdated = try await Self.run(sandbox, ["ctl", "project", "aPi", "--ago", "1m"])
      #expect(backdated.stderr.contains("new project 'aPi' (did you mean"), "\(backdated)")
    }
  }

  @Test("report --project with a name no record has is an error that suggests, not a 0:00")
  func unknownFilter() async throws {
    try await Self.onWednesday { sandbox in
      try await Self.run(sandbox, ["track", "yesterday", "9-11", "api"])
      let unknown = try await Self.run(sandbox, ["report", "--project", "nosuch"], status: 1)
      #expect(unknown.stderr.contains("no project 'nosuch' (known: api)"), "\(unknown)")
      #expect(unknown.stdout.isEmpty, "\(unknown)")
      let near = try await Self.run(sandbox, ["report", "week", "--project", "Api"], status: 1)
      #expect(near.stderr.contains("did you mean 'api'?"), "\(near)")
      // A known project without time in the range is a true 0:00.
      let today = try await Self.run(sandbox, ["report", "--project", "api"])
      #expect(today.stdout.contains("0:00"), "\(today)")
      let week = try await Self.run(sandbox, ["report", "week", "--project", "api"])
      #expect(week.stdout.contains("2:00"), "\(week)")
    }
  }

  @Test("Renaming onto a name in use says the two projects merge")
  func renameMerges() async throws {
    try await Self.onWednesday { sandbox in
      try await Self.run(sandbox, ["track", "yesterday", "9-10", "api"])
      try await Self.run(sandbox, ["track", "yesterday", "10-11", "Api"])
      try await Self.run(sandbox, ["track", "yesterday", "11-12", "Api"])
      let merged = try await Self.run(sandbox, ["project", "rename", "Api", "api"])
      #expect(
        merged.stdout.contains("merged 'Api' into existing 'api' (2 records moved, 1 record there already)"),
        "\(merged)")
      let renamed = try await Self.run(sandbox, ["project", "rename", "api", "backend"])
      #expect(renamed.stdout.contains("renamed 'api' to 'backend' in 3 records"), "\(renamed)")
      let unknown = try await Self.run(sandbox, ["project", "rename", "backnd", "x"], status: 1)
      #expect(unknown.stderr.contains("did you mean 'backend'?"), "\(unknown)")
    }
  }
}
