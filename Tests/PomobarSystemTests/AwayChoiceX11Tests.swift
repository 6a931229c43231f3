import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two bars watching one X server's input over one state: one away, one back, one
/// question.
@Suite("Away choice with two idle bars", .serialized, .enabled(if: XvfbServer.available))
struct AwayChoiceX11Tests {
  @Test func twoBarsOneIdleMakeOneAwayAndOneNotification() async throws {
    let server = try XvfbServer()
    let config = """
      [idle]
      after = "3s"
      ask-after = "1s"
      """
    try await withSandbox(config: config) { sandbox in
      try await sandbox.ctl("project", "api", "--ago", "1m")  // a record of a minute, not under a second
      try server.move(to: 5)
      let bars = try (0..<2).map { _ in
        Bar(
          try sandbox.launch(["--format", "waybar"], environment: ["DISPLAY": server.display]),
          format: .waybar)
      }
      for bar in bars {
        try await bar.waitForFrame(timeout: 5, "the first frame")
        try await bar.waitForNextFrame(timeout: 5, "away") { $0.text.contains("○ api") }
      }
      // The person comes back and stays at the computer until the bars end: on a loaded
      // machine the waits below may take longer than the 3 s that would make a second away.
      let active = try server.keepActive()
      defer {
        kill(active.processIdentifier, SIGKILL)
        active.waitUntilExit()
      }
      for bar in bars {
        try await bar.waitForNextFrame(timeout: 5, "the question") { $0.text.contains("?") }
      }
      // A bar shows a transition before it commits it: the question in the state file and
      // its notification first; then both bars end, before the next 3 s without input
      // would be away again.
      try await eventually("the question in the state", timeout: 5) {
        (sandbox.read(sandbox.statePath) ?? "").contains("\"away_choice\":{") ? true : nil
      }
      try await eventually("the question's notification", timeout: 5) {
        sandbox.notifications().contains { $0.hasPrefix("Away ") } ? true : nil
      }
      for bar in bars {
        bar.process.signal(SIGTERM)
        _ = try await bar.process.waitForExit(timeout: 5)
      }
      try await sandbox.waitForEffects(["__effects"])
      let asked = sandbox.notifications().filter { $0.hasPrefix("Away ") }
      #expect(asked.count == 1, "\(sandbox.notifications())")
      let status = try await sandbox.status()
      #expect((status["away"] as? [String: Any])?["project"] as? String == "api", "\(status)")
      // One away, one back: the clock's interval before it, and the running one after.
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.split(separator: "\n").filter { $0.contains(" api") }.count == 1, "\(log)")
      try await sandbox.ctl("away-was", "work")
      let answered = try await sandbox.run(["log", "today"]).stdout
      #expect(answered.contains("away: kept as work"), "\(answered)")
    }
  }
}
