import Foundation
import Testing

/// The first hour's sharp edges of away time, with the built binary and the test clock:
/// a stale away, and what the bar says while away and after.
@Suite("away edges")
struct AwayEdgeCommandTests {
  @Test("ctl away --ago 5m, project, start, back: the focus is not lengthened, nothing is asked")
  func staleAway() async throws {
    try await withSandbox(config: "") { sandbox in
      try sandbox.setClock(try BackdateCommandTests.wall(at: "2026-11-24T12:00:00Z"))
      let away = try await sandbox.ctl("away", "--ago", "5m")
      // Seconds after 11:55 on a loaded machine: the wall clock runs on between commands.
      #expect(away.stdout.hasPrefix("away at 11:55"), "not 'away at now': \(away)")
      try await sandbox.ctl("project", "acme")
      try await sandbox.ctl("start")
      try await sandbox.ctl("back")
      let status = try await sandbox.status()
      #expect(status["phase"] as? String == "focus" && status["paused"] as? Bool == false, "\(status)")
      #expect((1490...1500).contains(status["remaining"] as? Int ?? 0), "\(status)")
      #expect(status["away"] is NSNull, "no question about acme before acme was set: \(status)")
    }
  }

  @Test("Away pauses a focus at once, and back says the time away once")
  func awayShowsOnce() async throws {
    try await withSandbox(config: "") { sandbox in
      // The clocks stand still between the commands, however long a loaded machine takes.
      let frozen = try BackdateCommandTests.wall(at: "2026-11-24T12:00:00Z")
      try sandbox.setClock(frozen)
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("start")
      try await sandbox.ctl("away")
      try sandbox.setClock(frozen + "\nawake 120")
      let away = try await sandbox.status()
      #expect(away["paused"] as? Bool == true, "\(away)")
      #expect((away["text"] as? String ?? "").contains(" · away"), "\(away)")
      #expect(away["remaining"] as? Int == 1500, "frozen where the away began: \(away)")
      try await sandbox.ctl("back")
      let back = try await sandbox.status()
      let text = back["text"] as? String ?? ""
      #expect(text.components(separatedBy: "away 2 min").count == 2, "once: \(text)")
      #expect(text.contains(" · away 2 min? · "), "\(text)")
      #expect(back["remaining"] as? Int == 1500, "no jump on return: \(back)")
    }
  }
}
