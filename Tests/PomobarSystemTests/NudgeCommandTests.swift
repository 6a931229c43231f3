import Foundation
import Testing

/// `[nudges]` with the built binary: running bars that wake when forgot-to-start is due and
/// fire it once, its Start pressed; work days and end of day with the injected clock, and
/// end of day's Stop at last input pressed (`ctl work stop --at`).
@Suite("Nudges", .serialized)
struct NudgeCommandTests {
  /// Tuesday 2026-11-24 00:00 UTC, Saturday 2026-11-28 and Monday 2026-11-30; the clock
  /// frozen at a day's start, and time passing (`awake`) on the timer's timeline too.
  let tuesday: Int64 = 1_795_478_400
  let saturday: Int64 = 1_795_824_000
  let monday: Int64 = 1_795_996_800

  func pressLines(_ sandbox: Sandbox, _ text: String) -> Int {
    (sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "").split(separator: "\n")
      .filter { $0.contains(text) }.count
  }

  @Test("Two bars wake when forgot-to-start is due, fire it once, and Start starts a focus")
  func twoBarsFireOnceAndStartStartsAFocus() async throws {
    try await withSandbox(config: TestConfig.forgotToStartIn2s) { sandbox in
      try sandbox.write("start\n", to: sandbox.root + "/press")
      _ = [try await sandbox.startBar(.waybar), try await sandbox.startBar(.waybar)]
      try await eventually("the focus Start started", timeout: 8) {
        (sandbox.stateDocument()?["timer"] as? [String: Any])?["kind"] as? String == "focus" ? true : nil
      }
      try await sandbox.waitForEffects()
      #expect(sandbox.notifications() == ["Tracking nothing for 2 s|Start a focus?"], "once for two bars")
      let words = try #require(sandbox.read(sandbox.notificationLog + ".args"))
      #expect(words.contains("--action=start=Start --action=not-now=Not now -- Tracking nothing"), "\(words)")
      #expect(pressLines(sandbox, "notification: start: did 'pomobar ctl start'") == 1)
    }
  }

  @Test("Forgot-to-start waits for a work day's hours; status sends it once")
  func workDaysWithTheInjectedClock() async throws {
    let config = "[idle]\nafter = \"10m\"\n[nudges]\nforgot-to-start = \"5m\"\n"
    try await withSandbox(config: config) { sandbox in
      try sandbox.setClock("freeze \(saturday)\nawake \(10 * 3600)")
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("work", "stop")
      try sandbox.setClock("freeze \(saturday)\nawake \(11 * 3600)")
      _ = try await sandbox.status()
      try sandbox.setClock("freeze \(saturday)\nawake \(monday - saturday + 9 * 3600 + 299)")
      _ = try await sandbox.status()
      #expect(sandbox.notifications().isEmpty, "not on a Saturday, nor before Monday 09:05")
      try sandbox.setClock("freeze \(saturday)\nawake \(monday - saturday + 9 * 3600 + 300)")
      _ = try await sandbox.status()
      _ = try await sandbox.status()
      try await sandbox.waitForEffects()
      #expect(sandbox.notifications() == ["Tracking nothing for 5 min|Start api?"])
    }
  }

  @Test("End of day asks once while the clock runs; Stop at last input stops it then")
  func endOfDayAndStopAtLastInput() async throws {
    try await withSandbox(config: "[nudges]\nend-of-day = \"18:00\"\n") { sandbox in
      try sandbox.setClock("freeze \(tuesday)\nawake \(10 * 3600)")
      try await sandbox.ctl("project", "api")
      try sandbox.write("work-stop-at\n", to: sandbox.root + "/press")
      try sandbox.setClock("freeze \(tuesday)\nawake \(18 * 3600 + 30)")
      _ = try await sandbox.status()
      try await eventually("the clock stopped by the button", timeout: 8) {
        let ledger = sandbox.stateDocument()?["ledger"] as? [String: Any]
        return ledger.map { $0["work"] is NSNull } == true ? true : nil
      }
      try await sandbox.waitForEffects()
      #expect(sandbox.notifications() == ["Still tracking api|Stop at 18:00?"])
      let words = try #require(sandbox.read(sandbox.notificationLog + ".args"))
      #expect(
        words.contains("--action=work-stop=Stop now --action=work-stop-at=Stop at last input (18:00)"),
        "\(words)")
      #expect(pressLines(sandbox, "notification: work-stop-at: did 'pomobar ctl work stop --at 18:00'") == 1)
      let folder = sandbox.root + "/data/pomobar/history"
      let history = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap {
        sandbox.read(folder + "/" + $0)
      }.joined()
      #expect(
        history.contains(#""start":"2026-11-24T10:00:00Z","end":"2026-11-24T18:00:00Z""#), "\(history)")
      _ = try await sandbox.status()
      #expect(sandbox.notifications().count == 1, "once")
    }
  }
}

/// `[projects.NAME] focus` with the built binary: the focus started on the project runs
/// its length, in `status` and in a running bar's frame.
@Suite("Project lengths", .serialized)
struct ProjectLengthCommandTests {
  @Test("A focus started on acme runs acme's 50 minutes; another project's runs [timer]'s")
  func aProjectsFocusLength() async throws {
    try await withSandbox(config: "[projects.acme]\nfocus = \"50m\"\nshort-break = \"10m\"\n") { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try await sandbox.ctl("project", "acme")
      try await sandbox.ctl("start")
      let status = try await sandbox.status()
      #expect(status["total"] as? Int == 3000, "\(status)")
      try await bar.waitForFrame(timeout: 5, "the bar shows 50:00") {
        ($0.fields["text"] as? String)?.contains("Focus 50:00") == true
      }
      try await sandbox.ctl("break")
      #expect(try await sandbox.status()["total"] as? Int == 600, "acme's short break")
      try await sandbox.ctl("project", "web")
      try await sandbox.ctl("start")
      #expect(try await sandbox.status()["total"] as? Int == 1500, "[timer]'s for web")
    }
  }
}
