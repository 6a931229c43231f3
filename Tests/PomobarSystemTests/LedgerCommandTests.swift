import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The ledger's commands against the built binary, with a private data folder and a set
/// time zone: track, log, export and import, edits and undo.
@Suite("Ledger commands")
struct LedgerCommandTests {
  /// A zone with daylight saving, so offsets are not trivially zero.
  static let zone = ["TZ": "Europe/Paris"]

  /// Runs a command in `sandbox` with the test zone; it must exit with `status`.
  @discardableResult
  static func run(
    _ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CommandResult {
    let process = try sandbox.launch(arguments, environment: zone)
    process.closeStdin()
    let termination = try await process.waitForExit(timeout: 15)
    await process.drainOutput(timeout: 2)
    let result = CommandResult(
      termination: termination, stdout: process.stdout.text, stderr: process.stderr.text, duration: 0)
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  static func history(_ sandbox: Sandbox) -> String { sandbox.root + "/data/pomobar/history" }

  static func files(_ sandbox: Sandbox) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: history(sandbox))) ?? []).sorted()
  }

  /// Three tracked intervals on two days.
  static func track(_ sandbox: Sandbox) async throws {
    try await run(sandbox, ["track", "2026-01-20", "9:00", "10:30", "api", "--note", "fix, \"bug\""])
    try await run(sandbox, ["track", "2026-01-20", "11:00", "12:00"])
    try await run(sandbox, ["track", "2026-01-21", "14:00", "15:00", "web"])
  }

  @Test("track adds local times and log shows them with short ids")
  func trackAndLog() async throws {
    try await withSandbox { sandbox in
      try await Self.track(sandbox)
      let again = try await Self.run(sandbox, ["track", "2026-01-20", "11:00", "12:00"])
      #expect(again.stdout.contains("already in the history"))
      let log = try await Self.run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
      #expect(log.count == 3, "\(log)")
      #expect(log[0].contains("2026-01-20 09:00-10:30  work") && log[0].contains("1:30:00  api"), "\(log)")
      #expect(log[2].contains("2026-01-21 14:00-15:00") && log[2].contains("web"), "\(log)")
      let record = try #require(sandbox.read(Self.history(sandbox) + "/" + Self.files(sandbox)[0]))
      #expect(record.contains(#""start":"2026-01-20T09:00:00+01:00""#), "\(record)")
    }
  }

  @Test(
    "track refuses what is not a forgotten interval",
    arguments: [
      (["track", "10:00", "9:00"], "for last night, give the day: track yesterday 10:00-09:00"),
      (["track", "9:00", "25:00"], "'25:00' is not an end time"),
      (["track", "2026-02-30", "9:00", "10:00"], "is not a day"),
      (["track", "2999-01-01", "9:00", "10:00"], "in the future"),
    ])
  func trackRefuses(arguments: [String], message: String) async throws {
    try await withSandbox { sandbox in
      let result = try await Self.run(sandbox, arguments, status: 64)
      #expect(result.stderr.contains(message), "\(result)")
    }
  }

  @Test("Importing an export of the history, in every format, adds nothing")
  func exportImportIsIdempotent() async throws {
    try await withSandbox { sandbox in
      try await Self.track(sandbox)
      for format in ["csv", "json", "timewarrior", "watson"] {
        let exported = try await Self.run(sandbox, ["export", "--format", format]).stdout
        let path = sandbox.root + "/export.\(format)"
        try sandbox.write(exported, to: path)
        let result = try await Self.run(sandbox, ["import", path])
        #expect(
          result.stdout.contains("0 records added, 0 changed, 3 skipped (3 already there, 0 invalid)"),
          "\(result)")
      }
      #expect(try await Self.run(sandbox, ["log", "all"]).stdout.split(separator: "\n").count == 3)
    }
  }

  /// A spreadsheet sum of the CSV's `seconds` counted a focus and its break again inside
  /// their work: each `--kind` gives the rows whose sum is `report`'s figure.
  @Test("export --kind gives the rows whose seconds add up to the report's totals")
  func exportKindAddsUpToTheReport() async throws {
    try await withSandbox { sandbox in
      func line(
        _ id: String, _ kind: String, _ start: String, _ end: String, _ seconds: Int, _ outcome: String
      ) -> String {
        #"{"id":"k.\#(id)","kind":"\#(kind)","start":"2026-01-\#(start):00+01:00","end":"2026-01-\#(end):00+01:00","#
          + #""seconds":\#(seconds),"project":"api","outcome":\#(outcome),"internal":0,"external":0,"gap":0,"note":null}"#
      }
      // The 20th: work with a focus and a break inside, a skipped break; the 21st: a focus
      // without the work clock, which counts as work there.
      let records = [
        line("1", "work", "20T09:00", "20T12:00", 10_000, "null"),
        line("2", "focus", "20T09:10", "20T09:35", 1500, #""completed""#),
        line("3", "short-break", "20T09:35", "20T09:40", 300, #""completed""#),
        line("4", "short-break", "20T10:05", "20T10:10", 20, #""skipped""#),
        line("5", "focus", "21T09:00", "21T09:25", 1500, #""completed""#),
      ]
      let path = sandbox.root + "/records.json"
      try sandbox.write("[" + records.joined(separator: ",\n") + "]", to: path)
      try await Self.run(sandbox, ["import", path])
      let report = try await Self.run(sandbox, ["report", "all", "--json"]).stdout
      let totals = try #require(JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
      let breaks = try #require(totals["breaks"] as? [String: Any])
      func sum(_ kind: String) async throws -> Int {
        let csv = try await Self.run(sandbox, ["export", "--format", "csv", "--kind", kind]).stdout
        return csv.split(separator: "\r\n").dropFirst().map { Int($0.split(separator: ",")[4])! }.reduce(0, +)
      }
      #expect(try await sum("work") == totals["work"] as? Int)
      #expect(try await sum("work") == 10_000 + 1500)
      #expect(try await sum("focus") == totals["focus"] as? Int)
      #expect(try await sum("break") == breaks["seconds"] as? Int)
      #expect(try await sum("all") == 10_000 + 1500 + 300 + 20 + 1500)
      let watson = try await Self.run(sandbox, ["export", "--format", "watson", "--kind", "focus"]).stdout
      #expect(watson.split(separator: "\n").count == 4, "two focus frames: \(watson)")
    }
  }

  /// A spreadsheet's columns are the config's, not the range's: with `[tasks]` set, every
  /// CSV ends with `task`, also one whose rows have none; without, none does, also one
  /// whose rows have tasks (set by hand; JSON carries them).
  @Test("export --format csv has a task column exactly when [tasks] sets a source")
  func csvTaskColumnFollowsTheConfig() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tasks.json"
      try sandbox.write(
        """
        [{"id":"t.1","kind":"focus","start":"2026-01-20T09:00:00+01:00","end":"2026-01-20T09:25:00+01:00",\
        "seconds":1500,"project":"api","outcome":"completed","internal":0,"external":0,"gap":0,"note":null,\
        "task":{"title":"write the report"}},
        {"id":"t.2","kind":"work","start":"2026-01-21T09:00:00+01:00","end":"2026-01-21T10:00:00+01:00",\
        "seconds":3600,"project":"api","outcome":null,"internal":0,"external":0,"gap":0,"note":null}]
        """, to: path)
      try await Self.run(sandbox, ["import", path])
      func csv(_ kind: String) async throws -> [String] {
        try await Self.run(sandbox, ["export", "--format", "csv", "--kind", kind]).stdout
          .trimmingCharacters(in: .newlines).components(separatedBy: "\r\n")
      }
      let plain = "id,kind,start,end,seconds,hours,project,outcome,internal,external,gap,note,tags"
      #expect(try await csv("all").first == plain)
      try sandbox.writeConfig(Sandbox.shortTimer + "\n[tasks]\nsource = \"todo.txt\"\n", hooks: false)
      #expect(try await csv("work").first == plain + ",task")
      let rows = try await csv("all")
      #expect(rows.first == plain + ",task")
      #expect(rows[1].hasSuffix(",write the report") && rows[2].hasSuffix(","), "\(rows)")
    }
  }

  @Test("A foreign file imports once, and invalid entries are reported with their place")
  func foreignImport() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/timew.json"
      try sandbox.write(
        """
        [
        {"id":2,"start":"20260120T080000Z","end":"20260120T090000Z","tags":["api","focus"]},
        {"id":1,"start":"nonsense","end":"20260120T100000Z"}
        ]
        """, to: path)
      let first = try await Self.run(sandbox, ["import", path], status: 1)
      #expect(
        first.stdout.contains("1 record added, 0 changed, 1 skipped (0 already there, 1 invalid)"), "\(first)"
      )
      #expect(first.stderr.contains("timew.json: element 1: no 'start' time"), "\(first)")
      let second = try await Self.run(sandbox, ["import", path, "--from", "timewarrior"], status: 1)
      #expect(second.stdout.contains("0 records added"), "\(second)")
      let log = try await Self.run(sandbox, ["log", "--from", "2026-01-20", "--to", "2026-01-20"])
      #expect(log.stdout.contains("2026-01-20 09:00-10:00  focus"), "offset from TZ: \(log)")
    }
  }

  @Test("remove and amend are lines of their own: no record file changes, and undo takes each back")
  func removeAndAmend() async throws {
    try await withSandbox { sandbox in
      try await Self.track(sandbox)
      let records = Self.files(sandbox).filter { $0.hasPrefix("2026-") }
      let before = records.map { sandbox.read(Self.history(sandbox) + "/" + $0) }
      let log = try await Self.run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
      let first = String(log[0].prefix { $0 != " " })
      let last = String(log[2].prefix { $0 != " " })
      try await Self.run(sandbox, ["history", "amend", first, "--project", "backend"])
      try await Self.run(sandbox, ["history", "remove", last])
      let missing = try await Self.run(sandbox, ["history", "remove", "ffffffff"], status: 1)
      #expect(missing.stderr.contains("no record has the id"), "\(missing)")
      let after = try await Self.run(sandbox, ["log", "all"]).stdout
      #expect(
        after.split(separator: "\n").count == 2 && after.contains("backend") && !after.contains("web"),
        "\(after)")
      #expect(
        records.map { sandbox.read(Self.history(sandbox) + "/" + $0) } == before, "a record file changed")
      #expect(Self.files(sandbox).filter { $0.hasPrefix("edits.") }.count == 1, "\(Self.files(sandbox))")
      #expect(!Self.files(sandbox).contains { $0.hasPrefix("removed-") })
      // Undo the removal, then the amend; the second undo's own id puts the amend back.
      let undo = try await Self.run(sandbox, ["history", "undo"])
      #expect(undo.stdout.contains("undid the removal of"), "\(undo)")
      let undoAmend = try await Self.run(sandbox, ["history", "undo"])
      #expect(undoAmend.stdout.contains("undid the amend of"), "\(undoAmend)")
      let restored = try await Self.run(sandbox, ["log", "all"]).stdout
      #expect(restored.split(separator: "\n") == log, "\(restored)")
      let redoID = try #require(undoAmend.stdout.split(separator: " ").last?.prefix(7))
      try await Self.run(sandbox, ["history", "undo", String(redoID)])
      #expect(try await Self.run(sandbox, ["log", "all"]).stdout.contains("backend"))
      #expect(
        records.map { sandbox.read(Self.history(sandbox) + "/" + $0) } == before, "a record file changed")
    }
  }

  @Test("undo takes back a tracked record; with nothing to undo it says so")
  func undoTrack() async throws {
    try await withSandbox { sandbox in
      let nothing = try await Self.run(sandbox, ["history", "undo"], status: 1)
      #expect(nothing.stderr.contains("nothing to undo"), "\(nothing)")
      try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:30", "api"])
      let undone = try await Self.run(sandbox, ["history", "undo"])
      #expect(undone.stdout.contains("undid the adding of"), "\(undone)")
      #expect(try await Self.run(sandbox, ["log", "all"]).stdout.isEmpty)
    }
  }

  @Test("project delete needs --yes without a terminal, and removes the project's records")
  func projectDelete() async throws {
    try await withSandbox { sandbox in
      try await Self.track(sandbox)
      let refused = try await Self.run(sandbox, ["project", "delete", "api"], status: 1)
      #expect(refused.stderr.contains("add --yes"), "\(refused)")
      // A name nothing has is refused with the known ones and the nearest.
      let unknown = try await Self.run(sandbox, ["project", "delete", "apj", "--yes"], status: 1)
      #expect(unknown.stderr.contains("no project 'apj' (known: "), "\(unknown)")
      #expect(unknown.stderr.contains("did you mean 'api'?"), "\(unknown)")
      // A name is taken in the form names are kept in: runs of spaces are one.
      try await Self.run(sandbox, ["project", "delete", " api ", "--yes"])
      try await Self.run(sandbox, ["project", "rename", "web", "site"])
      let log = try await Self.run(sandbox, ["log", "all"]).stdout
      #expect(log.split(separator: "\n").count == 2 && !log.contains("api") && log.contains("site"), "\(log)")
      try await Self.run(sandbox, ["history", "reset", "--before", "2026-01-21", "--yes"])
      #expect(try await Self.run(sandbox, ["log", "all"]).stdout.split(separator: "\n").count == 1)
    }
  }

  @Test("project delete removes every name projects lists, or says where the config names it")
  func projectDeleteListedNames() async throws {
    try await withSandbox { sandbox in
      try sandbox.writeConfig("# projects\n\n[projects.\"Umbrella Corp\"]\ncolor = \"#123456\"")
      // Names the state knows: switched to, then their records (if any) gone.
      for name in ["acme", "globex", "initech"] { try await sandbox.ctl("project", name) }
      try await sandbox.ctl("work-stop")
      _ = try await sandbox.run(["history", "reset", "--yes"])
      try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:00", "globex"])
      let names = { try await Self.run(sandbox, ["projects", "--names"]).stdout.split(separator: "\n") }
      #expect(try await names() == ["acme", "globex", "initech", "Umbrella Corp"])
      // No records: forgotten without a question.
      let forgot = try await Self.run(sandbox, ["project", "delete", "acme"])
      #expect(forgot.stdout.contains("forgot project 'acme' (it had no records)"), "\(forgot)")
      // Records: deleted, and the name forgotten too.
      try await Self.run(sandbox, ["project", "delete", "globex", "--yes"])
      // The active one (the clock stopped): no longer active.
      try await Self.run(sandbox, ["project", "delete", "initech"])
      #expect(try await names() == ["Umbrella Corp"])
      let ledger = try #require(sandbox.stateDocument()?["ledger"] as? [String: Any])
      #expect((ledger["projects"] as? [String]) == [], "\(ledger)")
      #expect(ledger["project"] == nil || ledger["project"] is NSNull, "\(ledger)")
      // The configured one: where to remove it.
      let configured = try await Self.run(
        sandbox, ["project", "delete", "Umbrella Corp", "--yes"], status: 1)
      let place = "'Umbrella Corp' is configured in \(sandbox.configPath):3; remove it there"
      #expect(configured.stderr.contains(place), "\(configured)")
      // The running one: refused, or its interval would bring it back.
      try await sandbox.ctl("project", "hooli")
      let running = try await Self.run(sandbox, ["project", "delete", "hooli", "--yes"], status: 1)
      #expect(running.stderr.contains("'hooli' is running"), "\(running)")
    }
  }
}
