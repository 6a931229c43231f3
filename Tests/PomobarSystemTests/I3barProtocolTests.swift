import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The i3bar protocol through real pipes: header, frames, clicks on stdin.
@Suite("i3bar protocol over pipes")
struct I3barProtocolTests {
  @Test("A bar prints the header, then runs a whole focus session driven by clicks")
  func wholeSessionFromClicks() async throws {
    // The focus ends on its own, watched; the break waits for the clicks that follow, so
    // that a loaded machine cannot end it first.
    let config = "[timer]\nfocus = \"3s\"\nshort-break = \"10m\"\nlong-break = \"4s\""
    try await withSandbox(config: config) { sandbox in
      let bar = try await sandbox.startBar(.i3bar)

      // The header and the opening of the endless array.
      let header = try #require(bar.header)
      #expect(header["version"] as? Int == 1)
      #expect(header["click_events"] as? Bool == true)
      #expect(header["stop_signal"] as? Int == 23)
      #expect(header["cont_signal"] as? Int == 18)
      #expect(bar.process.stdout.snapshot[1].text == "[")
      let first = try #require(bar.lastFrame)
      #expect(
        first.line == 2 && !bar.process.stdout.snapshot[2].text.hasPrefix(","), "the first frame has no comma"
      )
      #expect(first.text == "⣿ Ready 00:03 ○○○○")
      #expect(first.urgent == false)
      #expect(first.fields["name"] as? String == "pomobar")
      #expect(first.fields["instance"] as? String == "pomodoro")

      // Left click: focus starts.
      try bar.click(button: 1)
      let started = try await bar.waitForFrame(after: 1, "the focus frame") { $0.shows("Focus") }
      #expect(started.remaining == 3)
      #expect(
        bar.process.stdout.snapshot[started.line].text.hasPrefix(",["), "later frames start with a comma")
      // The bar shows a click's result under the lock, before the rename commits it.
      // Until then the file holds the state before the click, with no deadline. A machine
      // so loaded that the 3 s focus ended before the test read the file leaves no deadline
      // to read: the frames' lateness is then not checked here.
      let deadline = try await eventually("the click's state file", timeout: 3) { () -> Int64?? in
        if let deadline = (sandbox.stateDocument()?["timer"] as? [String: Any])?["deadline"] as? Int64 {
          return .some(deadline)
        }
        return bar.frames.contains { $0.shows("Focus done") } ? .some(nil) : nil
      }

      // It ends on its own, on time, urgent.
      let done = try await bar.waitForFrame(after: started.index, timeout: 6, "focus done") {
        $0.shows("Focus done")
      }
      #expect(done.text == "✓ Focus done ●○○○")
      #expect(done.urgent)
      let session = bar.frames.filter { $0.line >= started.line && $0.line <= done.line }
      #expect(session.dropLast().allSatisfy { $0.label == "Focus" }, "\(session)")
      // Each frame shows the second it was written in: never before its boundary, never
      // a second stale. A frame may be skipped only where the machine held the bar past a
      // whole second (a loaded CI machine); that none is skipped or late on a quiet one is
      // `TickPlanTests` and scripts/bench.
      let counts = session.compactMap(\.remaining)
      #expect(counts.first == 3 && counts == counts.sorted(by: >), "counts down, none repeated: \(session)")
      for (earlier, frame) in zip(session, session.dropFirst()) {
        if let deadline {
          let boundary = deadline - Int64(frame.remaining ?? 0) * 1_000_000_000
          let late = seconds(from: boundary, to: frame.at)
          #expect(late > -0.002 && late < 1, "\(frame) shows the second it was written in (\(late) s)")
        }
        let skipped = (earlier.remaining ?? 0) - (frame.remaining ?? 0) - 1
        let held = seconds(from: earlier.at, to: frame.at)
        #expect(skipped <= 0 || held > 1, "\(frame) skips \(skipped) s after \(earlier) though \(held) s passed")
      }
      #expect(try await sandbox.settledHookLines("focus-end") == ["focus-end focus completed"])
      #expect(sandbox.notifications() == ["Pomodoro complete|Completed: 1. Next: short break, 10 min."])

      // Left click on "focus done": the short break; the alert clears.
      try bar.click(button: 1)
      let rest = try await bar.waitForNextFrame { $0.shows("Short break") }
      #expect(rest.text == "⣿ Short break 10:00 ●○○○")
      #expect(rest.urgent == false)

      // Right click skips the break: focus 2 of 4.
      try bar.click(button: 3)
      let second = try await bar.waitForNextFrame { $0.shows("Focus") }
      #expect(second.text == "⣿ Focus 00:03 ●●○○")

      // Scroll up adds a minute, scroll down takes it off again.
      try bar.click(button: 4)
      let longer = try await bar.waitForNextFrame { ($0.remaining ?? 0) > 60 }
      #expect((61...63).contains(longer.remaining ?? 0), "\(longer)")
      try bar.click(button: 5)
      let shorter = try await bar.waitForNextFrame { ($0.remaining ?? 99) <= 3 }
      #expect(shorter.shows("Focus"), "\(shorter)")

      // Middle click stops: ready for focus 2.
      try bar.click(button: 2)
      let stopped = try await bar.waitForNextFrame { $0.shows("Ready") }
      #expect(stopped.text == "⣿ Ready 00:03 ●○○○")
      #expect(bar.process.isRunning)
      #expect(!bar.process.stderr.text.contains("warning"), "\(bar.process.stderr.text)")
    }
  }

  @Test("An odd click line costs one stderr line, never the stream")
  func malformedAndForeignClicksAreSkipped() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"30s\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)

      // A line that is not JSON, first in the stream.
      try bar.process.write(bar.rawLine("{\"name\":\"pomobar\",\"button\":\n"))
      let complaint = try await bar.process.waitForError(containing: "ignoring click")
      #expect(complaint.hasPrefix("pomobar: warning: "))
      #expect(bar.process.isRunning)

      // The next good click still works.
      try bar.click(button: 1)
      try await bar.waitForNextFrame { $0.shows("Focus") }

      // A click without a button, and clicks for other blocks, change nothing.
      try bar.process.write(bar.rawLine("{\"name\":\"pomobar\",\"instance\":\"pomodoro\"}\n"))
      try bar.click(button: 2, name: "clock", instance: "pomodoro")
      try bar.click(button: 2, name: "pomobar", instance: "elsewhere")
      // Clicks act in order: once a minute more and a minute less have shown, the lines
      // before them were dealt with, and their warnings written before those frames.
      try bar.click(button: 4)
      try await bar.waitForNextFrame { ($0.remaining ?? 0) > 60 }
      try bar.click(button: 5)
      try await bar.waitForNextFrame { ($0.remaining ?? 99) <= 30 }
      try await bar.process.catchUpWithStderr()
      // One line per kind of problem per minute: the second bad line is counted, not said.
      #expect(bar.process.stderr.snapshot.filter { $0.text.contains("ignoring click") }.count == 1)
      #expect(try await sandbox.status()["phase"] as? String == "focus", "foreign clicks were ignored")
      #expect(bar.lastFrame?.shows("Focus") == true)

      // A click split across two writes acts once, when its line is complete.
      let split = bar.clickLine(button: 2)
      let middle = split.index(split.startIndex, offsetBy: split.count / 2)
      let before = bar.frames.count
      try bar.process.write(String(split[..<middle]))
      // A bar that acted on half a line would do so as it reads it: watch a while after.
      try await bar.process.waitUntilInputRead()
      _ = await holdsAtSomePoint(within: 0.2) { bar.frames.dropFirst(before).contains { $0.shows("Ready") } }
      #expect(!bar.frames.dropFirst(before).contains { $0.shows("Ready") }, "half a click does nothing")
      try bar.process.write(String(split[middle...]))
      try await bar.waitForFrame(after: before, "ready after the split click") { $0.shows("Ready") }

      // Several clicks in one write all act: start, then two minutes more.
      let batch = bar.clickLine(button: 1) + bar.clickLine(button: 4) + bar.clickLine(button: 4)
      let beforeBatch = bar.frames.count
      try bar.process.write(batch)
      let extended = try await bar.waitForFrame(after: beforeBatch, "focus with 2 min more") {
        ($0.remaining ?? 0) > 140
      }
      #expect((148...150).contains(extended.remaining ?? 0), "\(extended)")
      #expect(bar.process.stderr.snapshot.filter { $0.text.contains("ignoring click") }.count == 1)
      #expect(bar.process.isRunning)
    }
  }

  /// What a hidden bar does (no frames, time kept, the current frame when shown) is
  /// `BarSessionTests.aHiddenBarWritesNothingButKeepsTimeAndShowsTheCurrentFrameWhenShown`;
  /// here, that the header's signals reach the loop.
  @Test("SIGURG hides the bar and SIGCONT shows it again with the current frame")
  func stopAndContinueSignals() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      bar.process.signal(SIGURG)  // the bar's stop_signal
      await pause(0.1)
      let hiddenAt = bar.frames.count
      try await sandbox.ctl("start")
      // A shown bar would print the started focus as soon as it reads the state file.
      await pause(0.3)
      #expect(bar.frames.count == hiddenAt, "no frames while hidden: \(bar.frames.dropFirst(hiddenAt))")
      bar.process.signal(SIGCONT)  // cont_signal
      let shown = try await bar.waitForFrame(after: hiddenAt, timeout: 1, "a frame once shown")
      #expect(shown.shows("Focus"), "\(shown)")
    }
  }
}
