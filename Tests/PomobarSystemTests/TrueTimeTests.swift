import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Time is true: suspend, wall-clock jumps and reboots, simulated with `POMOBAR_TEST_CLOCK`.
@Suite("True time")
struct TrueTimeTests {
  /// A 20-minute focus and a 15-minute short break, so that a 10-minute gap falls inside either.
  static func config(
    focus: String = "pause", break breakPolicy: String = "count", resetAfter: String = "\"1h\""
  ) -> String {
    """
    [timer]
    focus = "20m"
    short-break = "15m"
    long-break = "30m"

    [suspend]
    focus = "\(focus)"
    break = "\(breakPolicy)"
    reset-after = \(resetAfter)
    """
  }

  @Test("Suspend during focus with policy pause: paused at what remained, with a note")
  func suspendPausesFocus() async throws {
    try await withSandbox(config: Self.config(focus: "pause")) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("start")
      let before = try await sandbox.status()
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "focus")
      #expect(after["paused"] as? Bool == true)
      #expect(
        try Self.remaining(after) >= Self.remaining(before) - Self.slack(since: started),
        "\(before) → \(after)")
      #expect(after["note"] as? String == "paused: suspended 10 min")
      #expect((after["tooltip"] as? String)?.contains("suspended 10 min") == true)
      #expect(try await sandbox.settledHookLines("pause") == ["pause focus suspended"])
      #expect(sandbox.hookLines("focus-end").isEmpty)
      // It stays paused: the time asleep was not counted.
      let later = try await sandbox.status()
      #expect(later["paused"] as? Bool == true)
      #expect(later["remaining"] as? Int == after["remaining"] as? Int)
    }
  }

  @Test("Suspend during focus with policy count: the focus ran out meanwhile, its effects happen once")
  func suspendCountsFocus() async throws {
    try await withSandbox(
      config: Self.config(focus: "count").replacingOccurrences(of: "\"20m\"", with: "\"5m\"")
    ) {
      sandbox in
      try await sandbox.ctl("start")
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "focus-done")
      #expect(after["urgent"] as? Bool == true)
      #expect(after["note"] as? String == "counted: suspended 10 min")
      _ = try await sandbox.status()
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications().count == 1)
    }
  }

  @Test("Suspend during focus with policy count and time left: the focus goes on, shorter")
  func suspendCountsFocusWithTimeLeft() async throws {
    try await withSandbox(config: Self.config(focus: "count")) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("start")
      let before = try await sandbox.status()
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "focus")
      #expect(after["paused"] as? Bool == false)
      #expect(
        abs(try Self.remaining(after) - (Self.remaining(before) - 600)) <= Self.slack(since: started),
        "\(before) → \(after)")
      #expect(after["note"] as? String == "counted: suspended 10 min")
    }
  }

  @Test("Suspend during focus with policy void: the focus is abandoned, back to ready")
  func suspendVoidsFocus() async throws {
    try await withSandbox(config: Self.config(focus: "void")) { sandbox in
      try await sandbox.ctl("start")
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "idle")
      #expect(after["urgent"] as? Bool == false)
      #expect(after["note"] as? String == "focus abandoned: suspended 10 min")
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus suspended"])
      #expect(sandbox.notifications().isEmpty)
    }
  }

  @Test("Suspend during a break with policy count: the break counted the time asleep")
  func suspendCountsBreak() async throws {
    try await withSandbox(config: Self.config(break: "count")) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("break")
      let before = try await sandbox.status()
      #expect(before["phase"] as? String == "short-break")
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "short-break")
      #expect(after["paused"] as? Bool == false)
      #expect(
        abs(try Self.remaining(after) - (Self.remaining(before) - 600)) <= Self.slack(since: started),
        "\(before) → \(after)")
      #expect(after["note"] as? String == "counted: suspended 10 min")
    }
  }

  @Test("Suspend during a break with policy pause: the break is paused at what remained")
  func suspendPausesBreak() async throws {
    try await withSandbox(config: Self.config(break: "pause")) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("break")
      let before = try await sandbox.status()
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "short-break")
      #expect(after["paused"] as? Bool == true)
      #expect(
        abs(try Self.remaining(after) - Self.remaining(before)) <= Self.slack(since: started),
        "\(before) → \(after)")
      #expect(after["note"] as? String == "paused: suspended 10 min")
    }
  }

  @Test("A gap longer than reset-after resets the cycle to its first position")
  func longGapResetsCycle() async throws {
    try await withSandbox(config: Self.config(resetAfter: "\"5m\"")) { sandbox in
      try await sandbox.ctl("start")
      try await sandbox.ctl("skip")  // to the short break
      try await sandbox.ctl("skip")  // to focus 2
      let before = try await sandbox.status()
      #expect(before["position"] as? Int == 2)
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "idle")
      #expect(after["position"] as? Int == 1)
      #expect(after["note"] as? String == "cycle reset: away 10 min")
      #expect(
        try await sandbox.settledHookLines("focus-end", atLeast: 2) == [
          "focus-end focus skipped", "focus-end focus suspended",
        ])
    }
  }

  @Test("A gap shorter than reset-after keeps the cycle")
  func shortGapKeepsCycle() async throws {
    try await withSandbox(config: Self.config(resetAfter: "\"1h\"")) { sandbox in
      try await sandbox.ctl("start")
      try await sandbox.ctl("skip")
      try await sandbox.ctl("skip")
      try sandbox.setClock("suspend 600")
      let after = try await sandbox.status()
      #expect(after["position"] as? Int == 2)
      #expect(after["paused"] as? Bool == true)
    }
  }

  @Test("A wall-clock jump does not change a running timer")
  func wallClockJumpChangesNothing() async throws {
    try await withSandbox(config: Self.config()) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("start")
      let before = try await sandbox.status()
      for jump in ["wall 3600", "wall -7200"] {
        try sandbox.setClock(jump)
        let after = try await sandbox.status()
        #expect(after["phase"] as? String == "focus", "\(jump)")
        #expect(after["paused"] as? Bool == false, "\(jump)")
        #expect(after["note"] is NSNull, "\(jump): \(after)")
        let drift = abs(try Self.remaining(after) - Self.remaining(before))
        #expect(drift <= Self.slack(since: started), "\(jump): \(before) → \(after)")
      }
      #expect(sandbox.hookLines().count == 1, "only focus-start: \(sandbox.hookLines())")
    }
  }

  @Test("After a reboot the whole wall-clock gap counts as time away")
  func rebootCountsTheWholeGap() async throws {
    try await withSandbox(config: Self.config(focus: "pause")) { sandbox in
      // Before the command: the state is written before ctl exits, and that write is
      // the moment a pause by suspend goes back to.
      let started = boottimeNow()
      try await sandbox.ctl("start")
      let before = try await sandbox.status()
      try sandbox.setClock("boot 00000000-0000-4000-8000-000000000001\nwall 600")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "focus")
      #expect(after["paused"] as? Bool == true)
      let drift = abs(try Self.remaining(after) - Self.remaining(before))
      #expect(drift <= Self.slack(since: started), "\(before) → \(after)")
      #expect(Self.noteSays(after, "paused: suspended", minutes: 10, since: started), "\(after)")
      let written = try #require(sandbox.stateDocument()?["written"] as? [String: Any])
      #expect(written["boot_id"] as? String == "00000000-0000-4000-8000-000000000001")
    }
  }

  @Test("After a reboot with policy count, a focus that ran out during the gap is done")
  func rebootCountsFocusOut() async throws {
    try await withSandbox(config: Self.config(focus: "count")) { sandbox in
      let started = boottimeNow()
      try await sandbox.ctl("start")
      try sandbox.setClock("boot 00000000-0000-4000-8000-000000000002\nwall 1500")
      let after = try await sandbox.status()
      #expect(after["phase"] as? String == "focus-done")
      #expect(Self.noteSays(after, "counted: suspended", minutes: 25, since: started), "\(after)")
      _ = try await sandbox.status()
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
    }
  }

  @Test("A running bar shows a suspend within a second or so", arguments: [BarFormat.i3bar, .waybar])
  func runningBarNoticesSuspend(format: BarFormat) async throws {
    try await withSandbox(config: Self.config(focus: "pause")) { sandbox in
      let bar = try await sandbox.startBar(format)
      try await sandbox.ctl("start")
      let running = try await bar.waitForNextFrame(timeout: 2) { ($0.remaining ?? 0) > 1000 }
      let count = bar.frames.count
      try sandbox.setClock("suspend 600")
      let paused = try await bar.waitForFrame(after: count, timeout: 3, "the paused frame") {
        $0.shows("Focus paused")
      }
      // The bar looks once a second: its first frame after the change shows it, or the
      // second when a tick was already on its way. Counted in frames, not seconds, so a
      // loaded machine's slower seconds change nothing.
      #expect(paused.index <= count + 1, "noticed only in \(bar.frames.dropFirst(count).map(\.description))")
      let slack = 1 + Int(seconds(from: running.at, to: paused.at).rounded(.up))
      #expect(abs((paused.remaining ?? 0) - (running.remaining ?? 0)) <= slack, "\(running) → \(paused)")
      #expect(paused.text.hasSuffix(" · suspended 10 min"), "the note in the text, for every bar: \(paused)")
      if format == .waybar {
        #expect((paused.fields["tooltip"] as? String)?.contains("paused: suspended 10 min") == true)
        #expect((paused.fields["class"] as? [String])?.contains("paused") == true)
      }
      #expect(try await sandbox.settledHookLines("pause") == ["pause focus suspended"])
    }
  }

  @Test("A running bar keeps ticking through a break that counted a suspend")
  func runningBarTicksAfterCountedSuspend() async throws {
    try await withSandbox(config: Self.config(break: "count")) { sandbox in
      try await sandbox.ctl("break")
      let bar = try await sandbox.startBar(.i3bar)
      try await bar.waitForNextFrame(timeout: 2) { $0.shows("Short break") }
      try sandbox.setClock("suspend 60")
      let counted = try await bar.waitForNextFrame(timeout: 2) { ($0.remaining ?? 999) < 850 }
      #expect(counted.shows("Short break"))
      // Still running: the next second shows a second later.
      let tick = try await bar.waitForNextFrame(timeout: 2, "the tick after the suspend") {
        $0.remaining == (counted.remaining ?? 0) - 1
      }
      #expect(tick.shows("Short break"))
    }
  }

  /// Whether the status's note is `PREFIX N min` for the gap of `minutes` the test clock
  /// made, plus the minutes really spent since `start` (after a reboot the gap is the wall
  /// clock's, and a loaded machine runs the commands around it slowly).
  static func noteSays(_ status: [String: Any], _ prefix: String, minutes: Int, since start: Int64) -> Bool {
    guard let note = status["note"] as? String, note.hasPrefix(prefix + " "), note.hasSuffix(" min"),
      let said = Int(note.dropFirst(prefix.count + 1).dropLast(4))
    else { return false }
    return (minutes...minutes + (slack(since: start) + 59) / 60).contains(said)
  }

  /// Seconds two readings of `remaining` may differ by after `since`: one for rounding,
  /// plus whatever time really passed (a loaded machine runs commands slowly).
  static func slack(since start: Int64) -> Int {
    1 + Int(seconds(from: start, to: boottimeNow()).rounded(.up))
  }

  static func remaining(_ status: [String: Any]) throws -> Int {
    guard let value = status["remaining"] as? Int else { throw HarnessError("no remaining in \(status)") }
    return value
  }
}
