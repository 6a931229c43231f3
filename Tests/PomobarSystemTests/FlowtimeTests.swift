import Foundation
import Testing

/// Flowtime through the built binary, with the injected clock: a focus that counts up in
/// a running bar, the break it earns, the history and the report, and a mode switch while
/// a focus runs.
@Suite("Flowtime")
struct FlowtimeTests {
  static let config = """
    [timer]
    mode = "flowtime"
    """

  /// The focus records of the history, decoded.
  private func focusRecords(_ sandbox: Sandbox) -> [[String: Any]] {
    let folder = sandbox.root + "/data/pomobar/history"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("edits.") }.flatMap { name in
      (sandbox.read(folder + "/" + name) ?? "").split(separator: "\n").compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
      }
    }.filter { $0["kind"] as? String == "focus" }
  }

  @Test("start, count up 50 min, toggle: a 10 min break, and log and report show a 50 min focus")
  func countUpThenBreak() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try await sandbox.ctl("start")
      let started = try await bar.waitForNextFrame(timeout: 10, "a focus counting up") {
        ($0.fields["class"] as? [String]) == ["focus", "flowtime", "counting-up"]
      }
      #expect(started.text.hasSuffix(" Focus 00:00 ●○○○"), "\(started)")

      try sandbox.setClock("awake 3000")
      let status = try await sandbox.status()
      #expect(status["counts_up"] as? Bool == true, "\(status)")
      // The real clock runs on between commands: up to a minute more under load, which
      // still earns a 10 min break.
      #expect((3000..<3060).contains(status["elapsed"] as? Int ?? 0), "\(status)")
      #expect(
        (status["tooltip"] as? String)?.contains("so far; break earned: 10 min") == true, "\(status)")
      try await bar.waitForNextFrame(timeout: 10, "the focus at 50 min") { $0.text.contains("Focus 50:") }

      try await sandbox.ctl("toggle")
      try await bar.waitForNextFrame(timeout: 10, "the earned break") {
        $0.label == "Short break" && ($0.remaining ?? 0) > 540
      }
      let breaking = try await sandbox.status()
      #expect(breaking["phase"] as? String == "short-break")
      #expect((540...600).contains(breaking["remaining"] as? Int ?? 0), "\(breaking)")

      let records = focusRecords(sandbox)
      #expect(records.count == 1, "\(records)")
      #expect((3000..<3060).contains(records.first?["seconds"] as? Int ?? 0), "\(records)")
      #expect(records.first?["outcome"] as? String == "completed", "\(records)")
      let log = try await sandbox.run(["log"])
      #expect(log.stdout.contains("0:50"), "\(log)")
      let report = try await sandbox.run(["report", "--json"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
      #expect(object["focus"] as? Int == records.first?["seconds"] as? Int, "\(object)")
      let sessions = try #require(object["sessions"] as? [String: Any])
      #expect(sessions["completed"] as? Int == 1, "\(object)")

      let hooks = try await sandbox.settledHookLines("break-start")
      #expect(hooks == ["break-start short-break"], "\(hooks)")
      #expect(
        sandbox.hookLines().filter { $0.hasPrefix("focus-") } == [
          "focus-start focus", "focus-end focus completed",
        ])
      #expect(sandbox.notifications().isEmpty, "no notification: the user ended the focus")
    }
  }

  @Test("a focus keeps counting up when the config switches to pomodoro, and the next one counts down")
  func modeSwitchWhileAFocusRuns() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try await sandbox.ctl("start")
      try sandbox.setClock("awake 1500")
      try sandbox.writeConfig("[timer]\nmode = \"pomodoro\"\nfocus = \"25m\"\n")
      try await sandbox.waitForConfigRead()
      // The running bar reloaded the config: the focus still counts up in it.
      bar.skipSeenFrames()
      try await bar.waitForNextFrame(timeout: 10, "the focus counting up after the reload") {
        ($0.fields["class"] as? [String]) == ["focus", "flowtime", "counting-up"]
          && $0.text.contains("Focus 25:")
      }
      let refused = try await sandbox.run(["ctl", "extend"])
      #expect(refused.status == 0)
      #expect(refused.stderr.contains("no deadline to move: the focus counts up"), "\(refused)")
      #expect(try await sandbox.status()["counts_up"] as? Bool == true)

      try await sandbox.ctl("break")
      let breaking = try await sandbox.status()
      #expect(breaking["phase"] as? String == "short-break")
      #expect(
        (240...300).contains(breaking["remaining"] as? Int ?? 0), "25 min at the ratio of 5: \(breaking)")

      try await sandbox.ctl("start")
      let next = try await sandbox.status()
      #expect(next["counts_up"] == nil, "\(next)")
      #expect((1440...1500).contains(next["remaining"] as? Int ?? 0), "\(next)")
      let seconds = focusRecords(sandbox).map { $0["seconds"] as? Int ?? 0 }
      #expect(seconds.count == 1 && (1500..<1560).contains(seconds[0]), "\(seconds)")
      try await bar.waitForNextFrame(timeout: 10, "the next focus counting down, in pomodoro") {
        ($0.fields["class"] as? [String]) == ["focus"] && $0.text.contains("Focus 2")
      }
    }
  }

  @Test("ctl start --ago 5m says the focus counts up, with its time so far")
  func backdatedStartCountsUp() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let started = boottimeNow()
      let said = try await sandbox.ctl("start", "--ago", "5m")
      #expect(said.stdout.contains("(work without a project; focus, counting up, 05:00 so far)"), "\(said)")
      let status = try await sandbox.status()
      // 5 min, plus what really passed since (a loaded machine runs the commands slowly).
      let elapsed = status["elapsed"] as? Int ?? 0
      #expect((300...300 + TrueTimeTests.slack(since: started)).contains(elapsed), "\(status)")
    }
  }
}
