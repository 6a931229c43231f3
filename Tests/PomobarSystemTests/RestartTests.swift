import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing is lost on restart: kill -9 of any copy, at any moment, and bad state files.
@Suite("Restarts and crashes")
struct RestartTests {
  @Test("A copy killed with SIGKILL mid-phase is replaced by one showing the same phase and second")
  func killedCopyIsReplacedSeamlessly() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let first = try await sandbox.startBar(.i3bar)
      try first.click(button: 1)
      try await first.waitForNextFrame { $0.shows("Focus") }
      try await first.waitForNextFrame(timeout: 3) { ($0.remaining ?? 0) <= 18 }
      let lastShown = try #require(first.lastFrame)
      first.process.signal(SIGKILL)
      #expect(try await first.process.waitForExit() == .signal(SIGKILL))

      let second = try await sandbox.startBar(.i3bar)
      let shown = try #require(second.frames.first)
      let elapsed = seconds(from: lastShown.at, to: shown.at)
      let expected = Double(lastShown.remaining ?? 0) - elapsed
      #expect(shown.shows("Focus"), "\(shown)")
      #expect(
        abs(Double(shown.remaining ?? 0) - expected) <= 1, "\(shown) vs \(lastShown), \(elapsed) s later")
      // ...and it ticks on from there.
      let tick = try await second.waitForNextFrame(timeout: 2)
      #expect(tick.remaining == (shown.remaining ?? 0) - 1)
    }
  }

  @Test("A copy killed while paused is replaced by one showing the exact same remaining time")
  func killedWhilePaused() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let first = try await sandbox.startBar(.waybar)
      try await sandbox.ctl("start")
      try await first.waitForNextFrame(timeout: 3, "a second gone") { ($0.remaining ?? 20) < 20 }
      try await sandbox.ctl("pause")
      let paused = try await first.waitForNextFrame {
        ($0.fields["class"] as? [String])?.contains("paused") == true
      }
      first.process.signal(SIGKILL)
      try await first.process.waitForExit()
      let second = try await sandbox.startBar(.waybar)
      let shown = try #require(second.frames.first)
      #expect(shown.text == paused.text)
      #expect(shown.fields["tooltip"] as? String == paused.fields["tooltip"] as? String)
    }
  }

  @Test("SIGKILL at random moments never leaves a broken state file")
  func sigkillLoop() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      var random = SplitMix64(seed: UInt64(boottimeNow()))
      let seed = random.state
      let watcher = try await sandbox.startBar(.i3bar)
      var killed = 0
      var finished = 0
      let commands: [[String]] = [
        ["ctl", "toggle"], ["ctl", "extend"], ["ctl", "toggle"], ["ctl", "extend", "5s"],
        ["ctl", "shorten", "2s"],
        ["status", "--format", "json"],
      ]
      for iteration in 0..<50 {
        let batch = try commands.map { try sandbox.launch($0) }
        for process in batch { process.closeStdin() }
        await pause(Double(random.next() % 30_000) / 1e6)  // 0-30 ms
        for process in batch.shuffled(using: &random) {
          if process.isRunning { killed += 1 } else { finished += 1 }
          process.signal(SIGKILL)
        }
        for process in batch { try await process.waitForExit(timeout: 5) }
        if let data = FileManager.default.contents(atPath: sandbox.statePath) {
          let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
          #expect(
            object?["version"] as? Int == 1,
            "iteration \(iteration), seed \(seed): \(String(decoding: data, as: UTF8.self))")
          if object?["version"] as? Int != 1 { break }
        }
        #expect(
          !sandbox.stateFiles().contains { $0.contains(".bad-") },
          "iteration \(iteration), seed \(seed): \(sandbox.stateFiles())")
      }
      let leftovers = sandbox.stateFiles().filter { $0.hasPrefix("state.json.tmp") }
      print(
        "SIGKILL loop (seed \(seed)): \(killed) processes killed mid-run, \(finished) had finished; "
          + "leftover temporary files: \(leftovers.count) \(leftovers)")
      // Writers hold the lock and share one temporary name: a copy killed mid-write
      // leaves at most that one file, which the next write replaces.
      #expect(leftovers.count <= 1, "\(leftovers)")
      #expect(
        sandbox.stateFiles().filter {
          !$0.hasPrefix("state.json.tmp") && !$0.hasPrefix("hooks.log") && !$0.hasPrefix("config-good-")
        } == ["state.json", "state.lock"])

      let final = try await sandbox.status()
      #expect(["focus", "idle"].contains(final["phase"] as? String), "\(final)")
      #expect(watcher.process.isRunning, "the bar copy survived: \(watcher.process.stderr.text)")
      // The bar agrees with the file (a frame on each change, one tick at most behind).
      try await watcher.waitForFrame(timeout: 2, "the bar to agree with status") {
        $0.label
          == (final["paused"] as? Bool == true
            ? "Focus paused" : final["phase"] as? String == "idle" ? "Ready" : "Focus")
      }
    }
  }

  static let corruptStates: [(String, String)] = [
    ("garbage", "\u{1}\u{2}garbage, not JSON at all {{{"),
    ("empty", ""),
    ("a newer version", #"{"version":99,"written":{},"timer":{"phase":"warp"}}"#),
    (
      "a torn file",
      #"{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1,"boot_id":"x"},"timer":{"phase":"runn"#
    ),
    ("valid JSON of the wrong shape", #"[1,2,3]"#),
  ]

  @Test(
    "A corrupt state file is moved aside with a warning and pomobar starts clean", arguments: corruptStates)
  func corruptStateFileIsMovedAside(name: String, contents: String) async throws {
    // A focus far longer than the test: a loaded machine cannot end it between two commands.
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      try FileManager.default.createDirectory(
        atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
      try sandbox.write(contents, to: sandbox.statePath)

      let status = try await sandbox.run(["status", "--format", "json"])
      #expect(status.status == 0, "\(status)")
      #expect(status.stderr.contains("warning"), "\(status)")
      #expect(status.stderr.contains("moved it to"), "\(status)")
      #expect(try decodeObject(status.stdout)["phase"] as? String == "idle")
      let aside = sandbox.stateFiles().filter { $0.hasPrefix("state.json.bad-") }
      #expect(aside.count == 1, "\(sandbox.stateFiles())")
      if let aside = aside.first {
        #expect(
          sandbox.read(sandbox.stateDirectory + "/" + aside) == contents, "the bad file is kept as it was")
      }
      #expect(sandbox.stateDocument()?["version"] as? Int == 1, "a fresh state file")
      try await sandbox.ctl("start")
      #expect(try await sandbox.status()["phase"] as? String == "focus")
    }
  }

  @Test("A bar copy started on a corrupt state file moves it aside and runs", arguments: corruptStates)
  func barStartsOnCorruptState(name: String, contents: String) async throws {
    // A focus that still runs when the file is corrupted again, however slow the machine.
    try await withSandbox(config: "[timer]\nfocus = \"10m\"") { sandbox in
      try FileManager.default.createDirectory(
        atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
      try sandbox.write(contents, to: sandbox.statePath)
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.lastFrame?.shows("Ready") == true)
      try await bar.process.waitForError(containing: "moved it to")
      let movedIn = Int(Date().timeIntervalSince1970)  // the second of the move, or one after it
      #expect(sandbox.stateFiles().contains { $0.hasPrefix("state.json.bad-") })
      try bar.click(button: 1)
      try await bar.waitForNextFrame { $0.shows("Focus") }
      // Corrupting it under a running copy: the next change moves it aside again.
      // Another second, so another name for the copy set aside.
      try await eventually("the next wall-clock second", timeout: 2, every: 0.005) {
        Int(Date().timeIntervalSince1970) > movedIn ? true : nil
      }
      try sandbox.write(contents, to: sandbox.statePath)
      try await bar.waitForNextFrame(timeout: 3) { $0.shows("Ready") }
      #expect(bar.process.isRunning)
    }
  }

  @Test("Two bad state files in the same second are both kept")
  func twoBadFilesInOneSecondAreBothKept() async throws {
    try await withSandbox { sandbox in
      try FileManager.default.createDirectory(
        atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
      // pomobar's wall clock just past the start of a second, so that both happen within
      // it (unless the two commands take a second).
      let fraction = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
      try sandbox.setClock("wall \(1.001 - fraction)")
      try sandbox.write("first bad file", to: sandbox.statePath)
      _ = try await sandbox.run(["status"])
      try sandbox.write("second bad file", to: sandbox.statePath)
      _ = try await sandbox.run(["status"])
      let kept = sandbox.stateFiles().filter { $0.hasPrefix("state.json.bad-") }
        .compactMap { sandbox.read(sandbox.stateDirectory + "/" + $0) }
      #expect(
        kept.sorted() == ["first bad file", "second bad file"],
        "nothing another copy wrote is lost: \(sandbox.stateFiles())")
    }
  }
}

/// A small seeded generator, so that a failing SIGKILL loop can be told apart by its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
