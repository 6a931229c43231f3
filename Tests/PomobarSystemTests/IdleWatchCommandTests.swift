import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pomobar idle-watch`: the bar's idle watch as a command of its own, for i3blocks and
/// tmux, which have no running process. Against a real X server (Xvfb).
@Suite("idle-watch", .serialized)
struct IdleWatchCommandTests {
  /// The end of the last record of the history, in seconds since 1970.
  static func lastEnd(_ sandbox: Sandbox) -> Double? {
    let folder = sandbox.root + "/data/pomobar/history"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let lines = files.sorted().flatMap { (sandbox.read(folder + "/" + $0) ?? "").split(separator: "\n") }
    guard let line = lines.last, let range = line.range(of: #""end":"[^"]*""#, options: .regularExpression)
    else { return nil }
    let text = line[range].dropFirst(7).dropLast()
    return ISO8601DateFormatter().date(from: String(text))?.timeIntervalSince1970
  }

  /// Whether the work clock runs, as the state file says (nil: no state yet).
  static func working(_ sandbox: Sandbox) -> Bool? {
    guard let ledger = sandbox.stateDocument()?["ledger"] as? [String: Any] else { return nil }
    return !(ledger["work"] is NSNull)
  }

  @Test(.enabled(if: XvfbServer.available))
  func noInputIsAwayDatedToTheLastInputAndInputIsBack() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: "[idle]\nafter = \"2s\"", hooks: false, notifications: false) { sandbox in
      // A minute on: an interval of the moments before the input would be under a second, no work.
      try await sandbox.ctl("project", "api", "--ago", "1m")
      try server.move(to: 5)
      let lastInput = sandbox.wallNow
      let watch = try sandbox.launch(["idle-watch"], environment: ["DISPLAY": server.display])
      try await eventually("away", timeout: 6) { Self.working(sandbox) == false ? true : nil }
      // Noticed 2 s after the last input; the interval ends at the input (in whole seconds).
      // The record reaches the history as the transaction commits, after the state file.
      let end = try await eventually("the away interval in the history") { Self.lastEnd(sandbox) }
      #expect(end >= lastInput.rounded(.down) - 1 && end <= lastInput + 1, "\(end) vs \(lastInput)")
      // The person is back and stays: a pointer that moves every half second, from a
      // process of its own (one move from a busy test pool may come late or not at all).
      let active = try server.keepActive()
      defer {
        kill(active.processIdentifier, SIGKILL)
        active.waitUntilExit()
      }
      try await eventually("back", timeout: 5) { Self.working(sandbox) == true ? true : nil }
      watch.signal(SIGTERM)
      #expect(try await watch.waitForExit() == .exit(0))
      #expect(watch.stderr.text.isEmpty, "\(watch.stderr.text)")
    }
  }

  /// A new `[idle] after` is read without a restart.
  @Test(.enabled(if: XvfbServer.available))
  func anEditedThresholdTakesEffectWithoutARestart() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: "[idle]\nafter = \"1h\"", hooks: false, notifications: false) { sandbox in
      try await sandbox.ctl("project", "api")
      let watch = try sandbox.launch(["idle-watch"], environment: ["DISPLAY": server.display])
      try await watch.waitUntilAsleep()
      try sandbox.writeConfig("[idle]\nafter = \"1s\"", hooks: false, notifications: false)
      try await eventually("away; idle-watch said: \(watch.stderr.text)", timeout: 6) {
        Self.working(sandbox) == false ? true : nil
      }
      watch.signal(SIGTERM)
      #expect(try await watch.waitForExit() == .exit(0))
    }
  }

  /// `[idle] after` turned off while away: no watch will see the return, so the away it
  /// said ends there, and does not stay in the state to swallow the next one.
  @Test(.enabled(if: XvfbServer.available))
  func turningTheWatchOffEndsItsAway() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: "[idle]\nafter = \"1s\"", hooks: false, notifications: false) { sandbox in
      try await sandbox.ctl("project", "api")
      let watch = try sandbox.launch(["idle-watch"], environment: ["DISPLAY": server.display])
      try await eventually("away", timeout: 6) { Self.working(sandbox) == false ? true : nil }
      try sandbox.writeConfig("[idle]\nafter = false", hooks: false, notifications: false)
      try await eventually("back; idle-watch said: \(watch.stderr.text)", timeout: 6) {
        Self.working(sandbox) == true ? true : nil
      }
      let ledger = sandbox.stateDocument()?["ledger"] as? [String: Any]
      #expect(ledger?["away"] is NSNull, "\(String(describing: ledger))")
      watch.signal(SIGTERM)
      #expect(try await watch.waitForExit() == .exit(0))
    }
  }

  /// A bar that watches too: one away, one record.
  @Test(.enabled(if: XvfbServer.available))
  func aBarAndAnIdleWatchMakeOneAway() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: "[idle]\nafter = \"1s\"", hooks: false, notifications: false) { sandbox in
      try await sandbox.ctl("project", "api", "--ago", "1m")  // a record of a minute, not under a second
      try server.move(to: 5)
      let environment = ["DISPLAY": server.display]
      let bar = Bar(try sandbox.launch(["--format", "waybar"], environment: environment), format: .waybar)
      let watch = try sandbox.launch(["idle-watch"], environment: environment)
      try await bar.waitForFrame(timeout: 5, "the first frame")
      try await eventually("away", timeout: 6) { Self.working(sandbox) == false ? true : nil }
      // The person is back and stays: a pointer that moves every half second, from a
      // process of its own (one move from a busy test pool may come late or not at all).
      let active = try server.keepActive()
      defer {
        kill(active.processIdentifier, SIGKILL)
        active.waitUntilExit()
      }
      try await eventually("back", timeout: 5) { Self.working(sandbox) == true ? true : nil }
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.split(separator: "\n").filter { $0.contains(" api") }.count == 1, "\(log)")
      watch.signal(SIGTERM)
      #expect(try await watch.waitForExit() == .exit(0))
    }
  }

  /// With forgot-to-start on and no bar (i3blocks and tmux poll `status` now and then, and
  /// here nothing does), idle-watch wakes at the nudge's moment and sends it, once.
  @Test(.enabled(if: XvfbServer.available))
  func itWakesForANudgeAsABarDoes() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: TestConfig.forgotToStartIn2s) { sandbox in
      try await sandbox.ctl("project", "api")
      let watch = try sandbox.launch(["idle-watch"], environment: ["DISPLAY": server.display])
      try await watch.waitUntilAsleep()
      try await sandbox.ctl("work", "stop")  // the quiet stretch begins: the nudge in 2 s
      try await eventually("the nudge; idle-watch said: \(watch.stderr.text)", timeout: 8) {
        sandbox.notifications().isEmpty ? nil : true
      }
      try await sandbox.waitForEffects()
      #expect(sandbox.notifications() == ["Tracking nothing for 2 s|Start api?"])
      watch.signal(SIGTERM)
      #expect(try await watch.waitForExit() == .exit(0))
      #expect(watch.stderr.text.isEmpty, "\(watch.stderr.text)")
    }
  }

  @Test func noDisplayIsSaidWithItsOwnStatus() async throws {
    try await withSandbox(config: "[idle]\nafter = \"5m\"") { sandbox in
      let result = try await sandbox.run(["idle-watch"])
      #expect(result.status == 69, "\(result)")
      #expect(
        result.stderr.contains("no display to watch (neither WAYLAND_DISPLAY nor DISPLAY is set)"),
        "\(result)")
    }
  }

  @Test func noThresholdIsAConfigError() async throws {
    try await withSandbox(config: "") { sandbox in
      let result = try await sandbox.run(["idle-watch"], environment: ["DISPLAY": ":99"])
      #expect(result.status == 78, "\(result)")
      #expect(result.stderr.contains("[idle] after is false"), "\(result)")
      #expect(result.stderr.contains("--after 5m"), "\(result)")
    }
  }

  @Test func anUnreadableThresholdIsAUsageError() async throws {
    try await withSandbox { sandbox in
      for word in ["5x", "0", "200h"] {
        let result = try await sandbox.run(["idle-watch", "--after", word])
        #expect(result.status == 64, "\(word): \(result)")
        #expect(result.stderr.contains("--after: "), "\(result)")
        #expect(result.stderr.contains("'\(word)'"), "\(result)")
      }
    }
  }
}
