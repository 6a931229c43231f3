import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The notification's buttons, its one-at-a-time record, its failure line and
/// do-not-disturb, with the built binary and fake notify-send / dunstctl programs (the
/// end-to-end case `notifications` does the same with the real dunst).
@Suite("Notifications that act, and do-not-disturb", .serialized)
struct NotificationActionTests {
  /// A 1 s focus (the shortest: each test waits for it to run out) and a 30 s short break.
  static let config = """
    [timer]
    focus = "1s"
    short-break = "30s"
    """

  /// Lets the focus run out and has `status` make the transition, with its notification.
  func runOutFocus(_ sandbox: Sandbox) async throws {
    try await sandbox.ctl("start")
    try await sandbox.waitForDeadline()
    _ = try await sandbox.status()
  }

  func waitForPhase(_ sandbox: Sandbox, _ phase: String, timeout: Double) async throws {
    let deadline = boottimeNow() + Int64(timeout * 1e9)
    var last: Any? = nil
    while boottimeNow() < deadline {
      last = try await sandbox.status()["phase"]
      if last as? String == phase { return }
      await pause(0.1)
    }
    Issue.record("waited \(timeout) s for \(phase); the phase is \(String(describing: last))")
  }

  func logLines(_ sandbox: Sandbox, containing text: String) -> [String] {
    (sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "").split(separator: "\n").map(String.init)
      .filter { $0.contains(text) }
  }

  @Test("'Start break' pressed on the notification does what ctl break does")
  func buttonStartsTheBreak() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      try sandbox.write("break\n", to: sandbox.root + "/press")
      try await runOutFocus(sandbox)
      try await waitForPhase(sandbox, "short-break", timeout: 4)
      let words = try #require(sandbox.read(sandbox.notificationLog + ".args"))
      #expect(
        words.contains("--action=break=Start break --action=start=New focus -- Pomodoro complete"), "\(words)"
      )
      #expect(sandbox.notifications() == ["Pomodoro complete|Completed: 1. Next: short break, 30 s."])
      try await eventually("the log line", timeout: 2) {
        logLines(sandbox, containing: "notification: break: did 'pomobar ctl break'").count == 1 ? true : nil
      }
      #expect(try await sandbox.settledHookLines("break-start") == ["break-start short-break"])
    }
  }

  @Test("A button pressed after the user moved on from the bar does nothing, and says so")
  func staleButtonDoesNothing() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      // A notify-send that waits 1.5 s, then presses "New focus"; it ignores the SIGINT
      // that closes a stale notification, so the press comes whether or not the bar's
      // action closed it first (a press and an action at the same moment).
      let slow = sandbox.root + "/slow-notify.sh"
      try sandbox.write("#!/bin/sh\ntrap '' INT\nsleep 1.5\necho start\n", to: slow)
      chmod(slow, 0o755)
      try sandbox.write(Self.config + "\n[notifications]\ncommand = \"\(slow)\"\n", to: sandbox.configPath)
      try await runOutFocus(sandbox)
      try await sandbox.ctl("break")  // from the bar, before the press
      try await eventually("the stale press's log line", timeout: 6) {
        logLines(sandbox, containing: "notification: start: not done: the timer has moved on").count == 1
          ? true : nil
      }
      let state = try await sandbox.status()
      #expect(state["phase"] as? String == "short-break", "the press did not start a focus: \(state)")
    }
  }

  @Test("A notification that waits is not bound by the hooks' timeout, and acting from the bar closes it")
  func waitingNotificationOutlivesTheHookTimeoutAndClosesWhenStale() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      // Waits like notify-send --wait; on SIGINT says so (notify-send closes it then).
      let waiting = sandbox.root + "/waiting-notify.sh"
      let closed = sandbox.root + "/closed"
      try sandbox.write(
        "#!/bin/sh\ntrap 'echo closed > \(closed); exit 0' INT\nsleep 30 & wait\n", to: waiting)
      chmod(waiting, 0o755)
      try sandbox.write(
        Self.config + "\n[hooks]\ntimeout = \"1s\"\n[notifications]\ncommand = \"\(waiting)\"\n",
        to: sandbox.configPath)
      try await runOutFocus(sandbox)
      let record = sandbox.stateDirectory + "/notification"
      try await eventually("the notifier's record", timeout: 3) { sandbox.read(record) }
      await pause(1.5)  // past the hooks' timeout
      #expect(sandbox.read(closed) == nil, "still waiting after the hooks' timeout")
      #expect(sandbox.read(record)?.hasSuffix("focus-done.1.1\n") == true, "\(sandbox.read(record) ?? "")")
      try await sandbox.ctl("break")
      try await eventually("the notification closed with SIGINT", timeout: 3) { sandbox.read(closed) }
      try await eventually("the record removed", timeout: 3) { sandbox.read(record) == nil ? true : nil }
    }
  }

  @Test("A pause or an extend leaves the notification open; a new phase closes it")
  func onlyANewPlaceMakesItStale() async throws {
    let config = """
      [timer]
      focus = "1s"
      short-break = "30s"
      auto-advance = "to-break"
      """
    try await withSandbox(config: config) { sandbox in
      let waiting = sandbox.root + "/waiting-notify.sh"
      let closed = sandbox.root + "/closed"
      try sandbox.write(
        "#!/bin/sh\ntrap 'echo closed > \(closed); exit 0' INT\nsleep 30 & wait\n", to: waiting)
      chmod(waiting, 0o755)
      try sandbox.write(config + "\n[notifications]\ncommand = \"\(waiting)\"\n", to: sandbox.configPath)
      try await runOutFocus(sandbox)  // the break starts by itself: "Skip break", "+5 min"
      let record = sandbox.stateDirectory + "/notification"
      try await eventually("the notifier's record", timeout: 3) { sandbox.read(record) }
      try await sandbox.ctl("pause")
      try await sandbox.ctl("extend", "1m")
      try await sandbox.ctl("resume")
      // Each action's runner would have stopped the notifier before its hooks: wait for
      // them all, then long enough for a stopped notifier to pass SIGINT on to its
      // notify-send and that to write (two wake-ups; the skip below takes as long).
      try await sandbox.waitForEffects(["__effects"])
      let closedMeanwhile = await holdsAtSomePoint(within: 0.3) { sandbox.read(closed) != nil }
      #expect(!closedMeanwhile, "a pause, an extend and a resume keep the same break")
      try await sandbox.ctl("skip")
      try await eventually("closed by the skip", timeout: 3) { sandbox.read(closed) }
    }
  }

  @Test("No notification service: one line in hooks.log, not one per phase")
  func failureIsSaidOnce() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let failing = sandbox.root + "/failing-notify.sh"
      try sandbox.write(
        "#!/bin/sh\necho 'Cannot autolaunch D-Bus without X11 $DISPLAY' >&2\nexit 1\n", to: failing)
      chmod(failing, 0o755)
      try sandbox.write(Self.config + "\n[notifications]\ncommand = \"\(failing)\"\n", to: sandbox.configPath)
      for _ in 0..<3 {
        try await runOutFocus(sandbox)
        try await sandbox.waitForEffects()  // the notifier has failed and said so, or not
        try await sandbox.ctl("reset")
      }
      let lines = logLines(sandbox, containing: "notification: not shown")
      #expect(lines.count == 1, "\(lines)")
      #expect(lines.first?.contains("exit 1: Cannot autolaunch D-Bus") == true, "\(lines)")
      #expect(logLines(sandbox, containing: "notification: started").count == 3)
    }
  }

  @Test("dnd = dunst: on for the focus, put back as it was before the notification, and kept on if it was on")
  func doNotDisturbIsRestoredNotForced() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let bin = sandbox.root + "/bin"
      mkdir(bin, 0o755)
      let paused = sandbox.root + "/paused"
      let timeline = sandbox.root + "/timeline"
      // A dunstctl that keeps its state in a file and writes each change to the timeline.
      try sandbox.write(
        """
        #!/bin/sh
        case "$1" in
        is-paused) cat '\(paused)' ;;
        set-paused) echo "$2" > '\(paused)'; echo "set-paused $2" >> '\(timeline)' ;;
        *) exit 1 ;;
        esac

        """, to: bin + "/dunstctl")
      chmod(bin + "/dunstctl", 0o755)
      let notify = sandbox.root + "/timeline-notify.sh"
      try sandbox.write("#!/bin/sh\necho notify >> '\(timeline)'\n", to: notify)
      chmod(notify, 0o755)
      sandbox.prependPath(bin)
      try sandbox.write(
        Self.config + "\n[focus-mode]\ndnd = \"dunst\"\n[notifications]\ncommand = \"\(notify)\"\n",
        to: sandbox.configPath)

      // Off before: on during the focus, off again before the notification.
      try sandbox.write("false\n", to: paused)
      try await runOutFocus(sandbox)
      try await eventually("the notification", timeout: 3) {
        (sandbox.read(timeline) ?? "").contains("notify") ? true : nil
      }
      #expect(sandbox.read(timeline) == "set-paused true\nset-paused false\nnotify\n")
      #expect(sandbox.read(paused) == "false\n")
      #expect(!FileManager.default.fileExists(atPath: sandbox.stateDirectory + "/dnd"))

      // On before (the user's): still on after a focus that was stopped.
      try sandbox.write("true\n", to: paused)
      try sandbox.write("", to: timeline)
      try await sandbox.ctl("start")
      try await eventually("dnd on", timeout: 3) {
        (sandbox.read(timeline) ?? "").contains("set-paused true") ? true : nil
      }
      #expect(sandbox.read(sandbox.stateDirectory + "/dnd") == "dunst on\n")
      try await sandbox.ctl("stop")
      try await eventually("the end's restore", timeout: 3) {
        (sandbox.read(timeline) ?? "").split(separator: "\n").count == 2 ? true : nil
      }
      #expect(
        sandbox.read(timeline) == "set-paused true\nset-paused true\n", "restored to on, never forced off")
      #expect(sandbox.read(paused) == "true\n")
    }
  }

  @Test("dnd = auto with no daemon answering: one line says so, and the focus runs")
  func doNotDisturbWithoutADaemon() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let bin = sandbox.root + "/bin"
      mkdir(bin, 0o755)
      for tool in ["dunstctl", "makoctl", "swaync-client"] {
        try sandbox.write("#!/bin/sh\necho 'not running' >&2\nexit 1\n", to: bin + "/" + tool)
        chmod(bin + "/" + tool, 0o755)
      }
      sandbox.prependPath(bin)
      try sandbox.writeConfig(Self.config + "\n[focus-mode]\ndnd = \"auto\"\n", hooks: false)
      try await sandbox.ctl("start")
      try await eventually("the dnd line", timeout: 3) {
        logLines(sandbox, containing: "no notification daemon answered").count == 1 ? true : nil
      }
      #expect(logLines(sandbox, containing: "dnd[").count == 4, "one line per daemon tried, and the verdict")
      #expect(try await sandbox.status()["phase"] as? String == "focus")
    }
  }
}
