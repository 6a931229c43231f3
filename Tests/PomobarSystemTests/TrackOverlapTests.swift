import Testing

/// `track` keeps one timeline: an interval that overlaps a work record is refused, naming
/// it, or trimmed around it with `--adjust`.
@Suite("track and the one timeline")
struct TrackOverlapTests {
  static func run(_ sandbox: Sandbox, _ arguments: [String], status: Int32 = 0) async throws -> CommandResult
  {
    try await LedgerCommandTests.run(sandbox, arguments, status: status)
  }

  static func log(_ sandbox: Sandbox) async throws -> [Substring] {
    try await run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
  }

  @Test("An overlapping interval is refused, naming the record it overlaps")
  func overlapIsRefused() async throws {
    try await withSandbox { sandbox in
      _ = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "11:00", "api"])
      let shown = try #require(try await Self.log(sandbox).first)
      let result = try await Self.run(sandbox, ["track", "2026-01-20", "10:00", "12:00", "api"], status: 1)
      #expect(result.stderr.contains("overlaps the record " + shown), "\(result)\n\(shown)")
      #expect(result.stderr.contains("--adjust"), "\(result)")
      #expect(try await Self.log(sandbox).count == 1)
      // Touching is not overlapping; the same interval again adds nothing, as before.
      _ = try await Self.run(sandbox, ["track", "2026-01-20", "11:00", "12:00", "api"])
      let again = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "11:00", "api"])
      #expect(again.stdout.contains("already in the history"), "\(again)")
      // Another project over the same time is an overlap too.
      _ = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "11:00", "web"], status: 1)
      #expect(try await Self.log(sandbox).count == 2)
    }
  }

  @Test("--adjust trims the new interval around existing ones, into pieces or nothing")
  func adjustTrims() async throws {
    try await withSandbox { sandbox in
      _ = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "11:00", "api"])
      let trimmed = try await Self.run(sandbox, ["track", "2026-01-20", "10:00", "12:00", "api", "--adjust"])
      #expect(trimmed.stdout.contains("adjusted around 1 interval"), "\(trimmed)")
      #expect(
        trimmed.stdout.contains("added: ") && trimmed.stdout.contains("2026-01-20 11:00-12:00"), "\(trimmed)")
      let report = try await Self.run(sandbox, ["report", "--from", "2026-01-20", "--to", "2026-01-20"])
      #expect(report.stdout.contains("3:00"), "\(report)")

      _ = try await Self.run(sandbox, ["track", "2026-01-20", "14:00", "15:00", "web"])
      let split = try await Self.run(sandbox, ["track", "2026-01-20", "8:00", "16:00", "--adjust"])
      #expect(split.stdout.contains("adjusted around 3 intervals"), "\(split)")
      for piece in ["08:00-09:00", "12:00-14:00", "15:00-16:00"] {
        #expect(split.stdout.contains("2026-01-20 \(piece)"), "\(piece): \(split)")
      }
      #expect(try await Self.log(sandbox).count == 6)

      let nothing = try await Self.run(sandbox, ["track", "2026-01-20", "9:30", "10:30", "--adjust"])
      #expect(nothing.stdout.contains("nothing left to add"), "\(nothing)")
      #expect(try await Self.log(sandbox).count == 6)
    }
  }

  @Test("track refuses a project name the state would refuse")
  func trackChecksTheName() async throws {
    try await withSandbox { sandbox in
      let result = try await Self.run(sandbox, ["track", "2026-01-20", "9:00", "10:00", "a\nb"], status: 64)
      #expect(result.stderr.contains("U+000A"), "\(result)")
    }
  }
}
