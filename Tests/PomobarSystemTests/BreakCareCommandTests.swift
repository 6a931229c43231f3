import Foundation
import Testing

/// Break care with the built binary: running bars that wake when the reminder is due, its
/// notification's button pressed, `ctl snooze`, and the injected clock for long stretches.
@Suite("Break care", .serialized)
struct BreakCareCommandTests {
  func logLines(_ sandbox: Sandbox, containing text: String) -> [String] {
    (sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "").split(separator: "\n").map(String.init)
      .filter { $0.contains(text) }
  }

  /// The `overdue` hook's lines once every effect process has ended (it has no phase and
  /// no reason: the line is the event's name alone).
  func overdueLines(_ sandbox: Sandbox, atLeast count: Int = 1) async throws -> Int {
    try await eventually("\(count) overdue hook line(s): \(sandbox.hookLines())", timeout: 5) {
      sandbox.hookLines().filter { $0 == "overdue" }.count >= count ? true : nil
    }
    try await sandbox.waitForEffects()
    return sandbox.hookLines().filter { $0 == "overdue" }.count
  }

  @Test("Two bars wake when the reminder is due, fire it once, and Take a break starts one")
  func twoBarsFireOnceAndTheButtonStartsABreak() async throws {
    try await withSandbox(config: "[breaks]\nremind-after = \"2s\"\n") { sandbox in
      try sandbox.write("break\n", to: sandbox.root + "/press")
      let bars = [try await sandbox.startBar(.waybar), try await sandbox.startBar(.waybar)]
      try await sandbox.ctl("work", "start")
      var arrivals: [Int64] = []
      for bar in bars {
        let frame = try await bar.waitForFrame(timeout: 6, "the overdue class") {
          ($0.fields["class"] as? [String])?.contains("overdue") == true
        }
        #expect(frame.urgent, "urgent with it: \(frame)")
        #expect(
          (frame.fields["tooltip"] as? String)?.contains("Working 2 s without a break") == true, "\(frame)")
        arrivals.append(frame.at)
      }
      let reminded = try #require(
        ((sandbox.stateDocument()?["ledger"] as? [String: Any])?["breaks"] as? [String: Any])?["reminded_at"]
          as? Int64)
      let delays = arrivals.map { Double($0 - reminded) / 1e6 }
      print("break care: overdue frame after the due moment (ms): \(delays)")
      #expect(delays.allSatisfy { $0 >= 0 && $0 < 1000 }, "woken when due, not at a later tick: \(delays)")
      // The button: what `ctl break` does, while the stretch is the one reminded of.
      try await eventually("the short break the button started", timeout: 5) {
        (sandbox.stateDocument()?["timer"] as? [String: Any])?["kind"] as? String == "short-break"
          ? true : nil
      }
      for bar in bars {
        try await bar.waitForNextFrame(timeout: 3, "a frame without overdue") {
          ($0.fields["class"] as? [String])?.contains("overdue") == false
        }
      }
      let words = try #require(sandbox.read(sandbox.notificationLog + ".args"))
      #expect(
        words.contains("--action=break=Take a break --action=snooze=Snooze 15 min -- Time for a break"),
        "\(words)")
      #expect(sandbox.notifications().first == "Time for a break|Working 2 s without a break")
      try await eventually("the press's log line", timeout: 3) {
        logLines(sandbox, containing: "notification: break: did 'pomobar ctl break'").count == 1 ? true : nil
      }
      #expect(try await overdueLines(sandbox) == 1, "once for two bars: \(sandbox.hookLines())")
    }
  }

  @Test("ctl snooze puts an overdue reminder off; a restarted reader counts on")
  func snoozeAndLongStretchesWithTheInjectedClock() async throws {
    try await withSandbox(config: "[breaks]\nremind-after = \"90m\"\n") { sandbox in
      try await sandbox.ctl("work", "start")
      try sandbox.setClock("awake 5399")
      #expect(try await sandbox.status()["overdue"] as? Bool == false)
      try sandbox.setClock("awake 5460")
      let overdue = try await sandbox.status()
      #expect(overdue["overdue"] as? Bool == true, "\(overdue)")
      #expect(
        (overdue["tooltip"] as? String)?.hasSuffix("Working 1 h 31 min without a break") == true, "\(overdue)"
      )
      #expect(try await overdueLines(sandbox) == 1)
      _ = try await sandbox.status()
      #expect(try await overdueLines(sandbox) == 1, "once, whoever reads the state")
      let snooze = try await sandbox.ctl("snooze", "10m")
      #expect(snooze.stderr.isEmpty, "\(snooze)")
      #expect(try await sandbox.status()["overdue"] as? Bool == false)
      try sandbox.setClock("awake \(5460 + 600)")
      #expect(try await sandbox.status()["overdue"] as? Bool == true)
      #expect(try await overdueLines(sandbox, atLeast: 2) == 2, "again after the snooze")
      #expect(sandbox.notifications().last == "Time for a break|Working 1 h 41 min without a break")
    }
  }

  @Test("ctl snooze: a bad amount is a usage error, and nothing to snooze is said")
  func snoozeWords() async throws {
    try await withSandbox(config: "") { sandbox in
      let bad = try await sandbox.run(["ctl", "snooze", "soon"])
      #expect(bad.status == 64, "\(bad)")
      #expect(
        bad.stderr.contains("cannot read 'soon' as a duration; write it like 5m, 90s or 1h30m"), "\(bad)")
      let idle = try await sandbox.run(["ctl", "snooze"])
      #expect(idle.status == 0, "\(idle)")
      #expect(idle.stderr.contains("nothing to snooze"), "\(idle)")
    }
  }
}
