import Foundation
import Testing

/// `ctl --at TIME` and `--ago DURATION` with the built binary and the test clock: a time
/// fixed in one command, on one timeline, saying what it changed.
@Suite("ctl --at and --ago")
struct BackdateCommandTests {
  /// The test clock's line that stops every clock at `time` (UTC, the sandbox's zone):
  /// the commands see that instant however long a loaded machine takes to run them, and
  /// time passes only by the test's `awake` lines.
  static func wall(at time: String) throws -> String {
    let target = try #require(ISO8601DateFormatter().date(from: time)).timeIntervalSince1970
    return "freeze " + String(format: "%.3f", target)
  }

  static func run(_ sandbox: Sandbox, _ words: [String], status: Int32 = 0) async throws -> CommandResult {
    let result = try await sandbox.run(words)
    #expect(result.status == status, "\(words): \(result)")
    return result
  }

  @Test("A clock forgotten overnight is stopped at yesterday's 18:00 the next morning")
  func forgottenClockStopsAtYesterdaysTime() async throws {
    try await withSandbox { sandbox in
      let wall = try Self.wall(at: "2026-11-24T09:00:00Z")
      try sandbox.setClock(wall)
      _ = try await Self.run(sandbox, ["ctl", "project", "api"])
      try sandbox.setClock(wall + "\nawake \(23 * 3600)")
      let stopped = try await Self.run(sandbox, ["ctl", "work", "stop", "--at", "18:00"])
      #expect(stopped.stdout.hasPrefix("work stopped at yesterday 18:00 (api, yesterday 9:00"), "\(stopped)")
      let log = try await Self.run(sandbox, ["log", "all"])
      #expect(log.stdout.contains("2026-11-24 09:00-18:00  work "), "\(log)")
      #expect(log.stdout.split(separator: "\n").count == 1, "\(log)")
      // Stopped: stopping it again says so, and changes nothing.
      let again = try await Self.run(sandbox, ["ctl", "work", "stop", "--at", "18:00"])
      #expect(again.stderr.contains("the work clock is not running"), "\(again)")
    }
  }

  @Test("A focus started 5 minutes ago has 20 minutes left")
  func focusStartedAgo() async throws {
    try await withSandbox(config: "") { sandbox in
      let before = Date()
      let started = try await Self.run(sandbox, ["ctl", "start", "--ago", "5m"])
      #expect(started.stdout.contains("focus, 20:00 left"), "\(started)")
      let status = try await sandbox.status()
      // 25 minutes less the 5 and what the two commands took (seconds on a loaded machine).
      let taken = Int(Date().timeIntervalSince(before).rounded(.up))
      let remaining = try #require(status["remaining"] as? Int)
      #expect((1200 - taken...1200).contains(remaining), "\(status) after \(taken) s")
      #expect(status["phase"] as? String == "focus")
    }
  }

  @Test("A backdated start may not overlap a tracked record, nor be in the future")
  func oneTimeline() async throws {
    try await withSandbox { sandbox in
      try sandbox.setClock(try Self.wall(at: "2026-11-24T12:00:00Z"))
      _ = try await Self.run(sandbox, ["track", "2026-11-24", "9:00", "10:00", "api"])
      let refused = try await Self.run(sandbox, ["ctl", "work", "start", "--at", "9:30"], status: 1)
      #expect(refused.stderr.contains("ctl work start: it would overlap the record "), "\(refused)")
      #expect(refused.stderr.contains("2026-11-24 09:00-10:00"), "\(refused)")
      let future = try await Self.run(sandbox, ["ctl", "work", "start", "--at", "13:00"], status: 64)
      #expect(future.stderr.contains("13:00 is in the future (it is 12:00"), "\(future)")
      let word = try await Self.run(sandbox, ["ctl", "work", "start", "9:00"], status: 64)
      #expect(word.stderr.contains("pomobar ctl work start --at 9:00"), "\(word)")
      #expect(sandbox.stateDocument().flatMap { ($0["ledger"] as? [String: Any])?["work"] } is NSNull)

      let started = try await Self.run(sandbox, ["ctl", "work", "start", "--at", "10:00"])
      #expect(started.stdout == "work started at 10:00 (work without a project)", "\(started)")
      let switched = try await Self.run(sandbox, ["ctl", "project", "web", "--at", "11:00"])
      #expect(
        switched.stdout == "project web from 11:00 (no project, 10:00-11:00, 1:00; work on web)",
        "\(switched)")
      let log = try await Self.run(sandbox, ["log", "all"])
      #expect(log.stdout.contains("2026-11-24 10:00-11:00  work "), "\(log)")
    }
  }

  @Test("swayidle's timeout says away since input stopped: ctl away --ago 5m")
  func awayAgo() async throws {
    try await withSandbox { sandbox in
      let wall = try Self.wall(at: "2026-11-24T12:00:00Z")
      try sandbox.setClock(wall)
      _ = try await Self.run(sandbox, ["ctl", "project", "api", "--at", "11:00"])
      let away = try await Self.run(sandbox, ["ctl", "away", "--ago", "5m"])
      // Seconds after 11:55 on a loaded machine: the wall clock runs on between commands.
      #expect(away.stdout.hasPrefix("away at 11:55"), "\(away)")
      #expect(away.stdout.contains("(api, 11:00-11:55"), "\(away)")
      try sandbox.setClock(wall + "\nawake 600")
      let refused = try await Self.run(sandbox, ["ctl", "back", "--ago", "1m"], status: 64)
      #expect(
        refused.stderr.contains(
          "ctl back: --ago goes with start, stop, away, work start|stop|toggle and project"),
        "\(refused)")
      _ = try await Self.run(sandbox, ["ctl", "back"])
      let status = try await sandbox.status()
      let question = try #require(status["away"] as? [String: Any], "\(status)")
      // 5 min before the 10 of `awake 600`, and the seconds the commands took.
      #expect((900...960).contains(question["seconds"] as? Int ?? 0), "\(question)")
      #expect(question["project"] as? String == "api", "\(question)")
      let log = try await Self.run(sandbox, ["log", "all"])
      #expect(log.stdout.contains("2026-11-24 11:00-11:55  work "), "\(log)")
    }
  }

  @Test("ctl break before a focus does not use up a slot")
  func breakBeforeAFocus() async throws {
    try await withSandbox { sandbox in
      _ = try await sandbox.ctl("break")
      _ = try await sandbox.ctl("stop")
      #expect(try await sandbox.status()["position"] as? Int == 1)
    }
  }
}
