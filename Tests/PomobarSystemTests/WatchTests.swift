import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pomobar watch`, the real binary: a JSON line per change, nothing while nothing
/// changes, and a reader that stops reading holds up nothing.
@Suite struct WatchTests {
  /// Starts `pomobar watch` and waits for its first line.
  static func watch(_ sandbox: Sandbox) async throws -> PomobarProcess {
    let watch = try sandbox.launch(["watch"])
    try await eventually("the first line of pomobar watch", timeout: 5) {
      watch.stdout.count >= 1 ? true : nil
    }
    return watch
  }

  /// The lines so far, decoded.
  static func lines(_ watch: PomobarProcess) throws -> [[String: Any]] {
    try watch.stdout.snapshot.map { try decodeObject($0.text) }
  }

  @Test("watch prints the current state at once, a line per ctl, and nothing while idle")
  func linesPerChangeAndNoneWhileIdle() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      let watch = try await Self.watch(sandbox)
      let first = try #require(try Self.lines(watch).first)
      #expect(first["v"] as? Int == 1 && first["phase"] as? String == "idle")
      #expect(first["deadline"] is NSNull && first["remaining"] as? Int == 1500)
      await pause(0.2)
      let before = try LifecycleTests.wakeups(watch.pid)
      let printed = await holdsAtSomePoint(within: 1.5) { watch.stdout.count > 1 }
      let after = try LifecycleTests.wakeups(watch.pid)
      #expect(!printed, "no line while idle: \(watch.stdout.text)")
      #expect(after - before <= 1, "context switches while idle: \(after - before)")

      let launched = wallMilliseconds()
      let started = try await sandbox.ctl("start")
      try await eventually("a line after ctl start", timeout: 2) { watch.stdout.count >= 2 ? true : nil }
      let focus = try Self.lines(watch)[1]
      #expect(focus["phase"] as? String == "focus" && focus["paused"] as? Bool == false)
      let deadline = try #require(focus["deadline"] as? Int)
      let at = try #require(focus["at"] as? Int)
      // 25 min after the focus started: after ctl was launched, before the line was made
      // (however long a loaded machine took in between).
      #expect(
        (launched - 1...at + 1).contains(deadline - 1_500_000),
        "the deadline is 25 min after ctl start: \(focus)")
      #expect(focus["classes"] as? [String] == ["focus"] && focus["color"] as? String != nil)
      #expect(started.status == 0)
      // A running phase is counted down by the reader: no line per second.
      let ticked = await holdsAtSomePoint(within: 1.5) { watch.stdout.count > 2 }
      #expect(!ticked, "no line while only time passes: \(watch.stdout.text)")

      try await sandbox.ctl("pause")
      try await eventually("a line after ctl pause", timeout: 2) { watch.stdout.count >= 3 ? true : nil }
      let paused = try Self.lines(watch)[2]
      #expect(paused["paused"] as? Bool == true && paused["deadline"] is NSNull)
      try await sandbox.ctl("project", "api", "+billable")
      try await eventually("a line after ctl project", timeout: 2) { watch.stdout.count >= 4 ? true : nil }
      let project = try Self.lines(watch)[3]
      #expect(project["project"] as? String == "api" && project["tags"] as? [String] == ["billable"])
      let work = try #require(project["work"] as? [String: Any])
      #expect(work["running"] as? Bool == true && work["since"] is Int)
    }
  }

  @Test("A phase that ends on its own is a line, and the watch performs its end once")
  func deadlineIsALine() async throws {
    try await withSandbox { sandbox in
      let watch = try await Self.watch(sandbox)
      try await sandbox.ctl("start")
      try await eventually("the focus's end on the watch", timeout: 10) {
        try Self.lines(watch).last?["phase"] as? String == "focus-done" ? true : nil
      }
      let done = try #require(try Self.lines(watch).last)
      #expect(done["urgent"] as? Bool == true && done["classes"] as? [String] == ["focus-done", "urgent"])
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      // The 3 s focus's last minute began at once: focus, then done, nothing in between.
      #expect(try Self.lines(watch).map { $0["phase"] as? String } == ["idle", "focus", "focus-done"])
    }
  }

  @Test("A Flowtime focus is one line that says when it started, none while it counts up")
  func flowtimeFocusCountsUpInTheWidget() async throws {
    try await withSandbox(config: "[timer]\nmode = \"flowtime\"") { sandbox in
      let watch = try await Self.watch(sandbox)
      let idle = try #require(try Self.lines(watch).first)
      #expect(idle["phase"] as? String == "idle" && idle["elapsed"] is NSNull && idle["started"] is NSNull)
      #expect(idle["classes"] as? [String] == ["idle", "flowtime"], "\(idle)")

      let launched = wallMilliseconds()
      try await sandbox.ctl("start")
      try await eventually("a line after ctl start", timeout: 2) { watch.stdout.count >= 2 ? true : nil }
      let focus = try Self.lines(watch)[1]
      // No deadline (the one-day cap is no end), but the instant it counts from: now.
      #expect(focus["deadline"] is NSNull && focus["remaining"] as? Int == 0, "\(focus)")
      let started = try #require(focus["started"] as? Int, "\(focus)")
      let at = try #require(focus["at"] as? Int)
      #expect(
        (launched - 1...at + 1).contains(started), "started after ctl was launched, before the line: \(focus)"
      )
      #expect((0...1).contains(focus["elapsed"] as? Int ?? -1), "\(focus)")
      #expect(focus["classes"] as? [String] == ["focus", "flowtime", "counting-up"], "\(focus)")
      let ticked = await holdsAtSomePoint(within: 1.5) { watch.stdout.count > 2 }
      #expect(!ticked, "no line while only time passes: \(watch.stdout.text)")

      // 50 min on, paused: the count stops, and the line says how far it got.
      try sandbox.setClock("awake 3000")
      try await sandbox.ctl("pause")
      try await eventually("a line after ctl pause", timeout: 2) { watch.stdout.count >= 3 ? true : nil }
      let paused = try Self.lines(watch)[2]
      let elapsed = try #require(paused["elapsed"] as? Int, "\(paused)")
      #expect((3000..<3060).contains(elapsed) && paused["started"] is NSNull, "\(paused)")
      // A minute later, resumed: it counts from a minute later, from the same time so far.
      try sandbox.setClock("awake 3060")
      try await sandbox.ctl("resume")
      try await eventually("a line after ctl resume", timeout: 2) { watch.stdout.count >= 4 ? true : nil }
      let resumed = try Self.lines(watch)[3]
      let since = try #require(resumed["started"] as? Int, "\(resumed)")
      #expect(since - started >= 60_000, "the pause moved the start on: \(since - started) ms")
      // A widget's count from `started` agrees with `elapsed` (to the millisecond both round).
      let soFar = (try #require(resumed["at"] as? Int) - since) / 1000
      let said = try #require(resumed["elapsed"] as? Int, "\(resumed)")
      #expect(abs(said - soFar) <= 1 && (elapsed..<elapsed + 60).contains(said), "\(resumed)")
    }
  }

  @Test("A watch whose reader stops reading holds up neither ctl nor the timer, and catches up")
  func stalledReaderBlocksNothing() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      let watch = try await Self.watch(sandbox)
      watch.stallStdout(true)
      watch.shrinkStdoutPipe()
      // Each toggle is a line of about 300 bytes: 40 of them fill the 4 KiB pipe three times.
      for _ in 0..<40 {
        // A ctl held up behind the watch (the state lock) would wait out the 3 s lock
        // timeout and fail: its status says it was not.
        let result = try await sandbox.run(["ctl", "toggle"], timeout: 10)
        #expect(result.status == 0, "\(result)")
      }
      #expect(watch.isRunning)
      let status = try await sandbox.status()
      #expect(status["phase"] as? String == "focus" && status["paused"] as? Bool == true)
      watch.stallStdout(false)
      try await eventually("the watch's newest line to be the current state", timeout: 3) { () -> Bool? in
        guard let last = try Self.lines(watch).last else { return nil }
        return last["phase"] as? String == "focus" && last["paused"] as? Bool == true ? true : nil
      }
      #expect(watch.stdout.count < 41, "the lines the reader missed were dropped, only the newest kept")
    }
  }

  @Test("A watch whose reader goes away exits with status 0")
  func readerGoneEndsIt() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      try await sandbox.ctl("start")
      let watch = try await Self.watch(sandbox)
      watch.closeStdout()
      try await sandbox.ctl("pause")  // the line that finds no reader
      #expect(try await watch.waitForExit(timeout: 3) == .exit(0))
    }
  }

  @Test("watch takes no words")
  func usage() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(["watch", "now"])
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr.contains("now"), "\(result)")
    }
  }
}
