import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One timer on every bar: copies share the state file; effects happen exactly once.
@Suite("One timer shared by every copy")
struct SharedTimerTests {
  @Test("A ctl start shows on three running bar copies (i3bar and waybar) within half a second of its end")
  func ctlReachesEveryCopy() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let bars = [
        try await sandbox.startBar(.i3bar), try await sandbox.startBar(.i3bar),
        try await sandbox.startBar(.waybar),
      ]
      // Every copy idle, waiting in the kernel, so that the latency is not start-up's.
      for bar in bars { try await bar.process.waitUntilAsleep() }
      let counts = bars.map(\.frames.count)
      let launchedAt = boottimeNow()
      try await sandbox.ctl("start")
      let returnedAt = boottimeNow()
      var latencies: [Double] = []
      for (bar, count) in zip(bars, counts) {
        let frame = try await bar.waitForFrame(after: count, timeout: 2, "focus after ctl start") {
          $0.shows("Focus")
        }
        let latency = seconds(from: launchedAt, to: frame.at)
        latencies.append(latency)
        // Half a second after ctl returned at most: the copies are told of the change, not
        // looking for it now and then. Counted from ctl's end, not its launch: how slowly a
        // loaded machine starts a process is not the bars' part.
        let afterEnd = seconds(from: returnedAt, to: frame.at)
        #expect(
          afterEnd < 0.5,
          "\(bar.format) saw it \(afterEnd) s after ctl returned (\(latency) s after its launch)")
      }
      // Measured from the launch of ctl, so including its start-up; the benchmark has the real figures.
      print(
        "ctl start → 3 bars: \(latencies.map { String(format: "%.1f ms", $0 * 1000) }) after ctl was launched"
      )
      let waybar = try #require(bars[2].lastFrame)
      #expect(waybar.fields["alt"] as? String == "focus")
      // A 3 s focus is in its last minute from the start.
      #expect(waybar.fields["class"] as? [String] == ["focus", "ending"])
      #expect((waybar.fields["tooltip"] as? String)?.contains("Focus 1 of 4") == true)

      // A click on one copy shows on the others too.
      let before = bars.map(\.frames.count)
      try bars[0].click(button: 1)
      for (bar, count) in zip(bars, before) {
        try await bar.waitForFrame(after: count, timeout: 2, "paused after a click on another bar") {
          $0.shows("Focus paused")
        }
      }
    }
  }

  @Test("A deadline with three copies running runs the hook and the notification exactly once")
  func deadlineEffectsHappenOnce() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"2s\"") { sandbox in
      let bars = [
        try await sandbox.startBar(.i3bar), try await sandbox.startBar(.i3bar),
        try await sandbox.startBar(.waybar),
      ]
      try await sandbox.ctl("start")
      for bar in bars {
        let done = try await bar.waitForFrame(timeout: 5, "focus done") { $0.shows("Focus done") }
        #expect(done.urgent)
      }
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications() == ["Pomodoro complete|Completed: 1. Next: short break, 5 min."])
      #expect(sandbox.hookLines("focus-start") == ["focus-start focus"])
      for bar in bars { #expect(bar.process.isRunning) }
    }
  }

  @Test("ctl toggle works with no copy running")
  func ctlWithoutAnyCopy() async throws {
    // A focus far longer than the test: a loaded machine cannot end it between two commands.
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      try await sandbox.ctl("toggle")
      let running = try await sandbox.status()
      #expect(running["phase"] as? String == "focus")
      #expect(running["paused"] as? Bool == false)
      try await sandbox.ctl("toggle")
      let paused = try await sandbox.status()
      #expect(paused["paused"] as? Bool == true)
      let printed = try await sandbox.run(["ctl", "toggle", "--format", "plain"])
      #expect(printed.status == 0)
      #expect(printed.stdout.contains("Focus"), "ctl --format prints the new state: \(printed)")
      let document = try #require(sandbox.stateDocument())
      #expect(document["version"] as? Int == 1)
      _ = try await sandbox.settledHookLines("resume")
      #expect(
        sandbox.hookLines().map { $0.split(separator: " ")[0] }.sorted() == [
          "focus-start", "pause", "resume",
        ])
    }
  }

  @Test("A phase that ended while nothing ran is completed by the next status, once")
  func overdueTransitionCaughtUpOnce() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"1s\"") { sandbox in
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      try await sandbox.waitForEffects()  // the focus start's runner: no pomobar process is left
      #expect(sandbox.hookLines("focus-end").isEmpty, "nothing ran at the deadline")
      let first = try await sandbox.status()
      #expect(first["phase"] as? String == "focus-done")
      #expect(first["urgent"] as? Bool == true)
      #expect(first["text"] as? String == "✓ Focus done ●○○○")
      let second = try await sandbox.status()
      #expect(second["phase"] as? String == "focus-done")
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications().count == 1)
      // A bar started now shows the same, and does not repeat the effects.
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.lastFrame?.shows("Focus done") == true)
      // A copy that repeated them would have started its runner before its first frame.
      try await sandbox.waitForEffects()
      #expect(sandbox.hookLines("focus-end").count == 1)
      #expect(sandbox.notifications().count == 1)
    }
  }

  @Test("A phase that ended while nothing ran is completed by the next bar copy to start, once")
  func overdueTransitionCaughtUpByBar() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"1s\"") { sandbox in
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      let bars = [try await sandbox.startBar(.i3bar), try await sandbox.startBar(.waybar)]
      for bar in bars {
        #expect(bar.lastFrame?.shows("Focus done") == true, "\(String(describing: bar.lastFrame))")
      }
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications().count == 1)
    }
  }

  @Test("With auto-advance, phases that ended while nothing ran are each caught up once, with one alert")
  func autoAdvanceCatchUp() async throws {
    let config = """
      [timer]
      focus = "10m"
      short-break = "5m"
      long-break = "10m"
      long-break-every = 2
      auto-advance = "all"
      """
    try await withSandbox(config: config) { sandbox in
      try await sandbox.ctl("start")  // focus 1: 0-10 min, short break: 10-15, focus 2: 15-25
      // Halfway through focus 2: 20 minutes later on pomobar's clocks, without waiting for
      // them (a machine would have to hold this test up by 5 minutes to move it off focus 2).
      try sandbox.setClock("awake 1200")
      let now = try await sandbox.status()
      #expect(now["phase"] as? String == "focus", "\(now)")
      #expect(now["position"] as? Int == 2)
      #expect(now["urgent"] as? Bool == true)
      _ = try await sandbox.status()
      _ = try await sandbox.settledHookLines("focus-start", atLeast: 2)
      #expect(sandbox.hookLines("focus-start").count == 2, "\(sandbox.hookLines())")
      #expect(sandbox.hookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.hookLines("break-start") == ["break-start short-break"])
      #expect(sandbox.hookLines("break-end") == ["break-end short-break completed"])
      #expect(
        sandbox.notifications() == ["Break over|Next: focus, 10 min."], "one alert, for the last change")
    }
  }

  @Test("Shortening a phase past zero ends it as if it ran out, with its effects once")
  func shortenPastZeroEndsPhase() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let bars = [try await sandbox.startBar(.i3bar), try await sandbox.startBar(.i3bar)]
      try await sandbox.ctl("start")
      try await sandbox.ctl("shorten", "10m")
      for bar in bars {
        let done = try await bar.waitForNextFrame(timeout: 2) { $0.shows("Focus done") }
        #expect(done.urgent)
      }
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications().count == 1)
    }
  }

  @Test("Hooks get the documented POMOBAR_ variables")
  func hookEnvironment() async throws {
    let log = "/hook-env.log"
    try await withSandbox(config: "[timer]\nfocus = \"1s\"", hooks: false) { sandbox in
      try sandbox.writeConfig(
        "[timer]\nfocus = \"1s\"\n[hooks]\nfocus-end = \"env | grep ^POMOBAR_ | grep -v ^POMOBAR_TEST_CLOCK= | sort > \(sandbox.root + log)\"",
        hooks: false)
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      _ = try await sandbox.status()
      let lines = try await eventually("the hook's environment", timeout: 3) {
        sandbox.read(sandbox.root + log).map { $0.split(separator: "\n").map(String.init) }.flatMap {
          $0.count >= 5 ? $0 : nil
        }
      }
      #expect(
        lines == [
          "POMOBAR_COMPLETED=1", "POMOBAR_DURATION=1", "POMOBAR_ENDS_AT=", "POMOBAR_EVENT=focus-end",
          "POMOBAR_INTERRUPTION=", "POMOBAR_NEXT_PHASE=short-break", "POMOBAR_NOTE=", "POMOBAR_PHASE=focus",
          "POMOBAR_PREVIOUS_PROJECT=", "POMOBAR_PROJECT=", "POMOBAR_REASON=completed", "POMOBAR_REMAINING=0",
          "POMOBAR_SLOT=1",
        ])
    }
  }

  @Test("A bar keeps following other copies after its state folder is removed and made again")
  func barFollowsAfterStateFolderRemoved() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try FileManager.default.removeItem(atPath: sandbox.stateDirectory)  // e.g. a user "resetting" pomobar
      await pause(0.2)
      try await sandbox.ctl("start")  // makes the folder again
      try await bar.waitForNextFrame(timeout: 2, "the focus started by ctl") { $0.shows("Focus") }
    }
  }
}
