import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The work clock, projects and the history, through the built binary.
@Suite("Ledger")
struct LedgerTests {
  /// Every record of the sandbox's history, decoded by Foundation, in file order.
  private func history(_ sandbox: Sandbox) -> [[String: Any]] {
    let folder = sandbox.root + "/data/pomobar/history"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    return files.flatMap { name in
      (sandbox.read(folder + "/" + name) ?? "").split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      }
    }
  }

  @Test("ctl project starts the work clock; a bar shows it as a block in the project's colour")
  func projectShowsInTheBar() async throws {
    let config = "[timer]\nfocus = \"25m\"\n[projects.api]\ncolor = \"#ff8800\"\n"
    try await withSandbox(config: config) { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("project", "api")
      let status = try await sandbox.status()
      let work = try #require(status["work"] as? [String: Any])
      #expect(work["project"] as? String == "api")
      #expect(work["color"] as? String == "#FF8800")
      try await eventually("the work block", timeout: 3) {
        bar.process.stdout.snapshot.last?.text.contains("\"name\":\"pomobar-work\"") == true ? true : nil
      }
      let line = try #require(bar.process.stdout.snapshot.last?.text)
      #expect(line.contains("\"full_text\":\"● api 0:00\""), "\(line)")
      #expect(line.contains("\"color\":\"#FF8800\""), "\(line)")
      // Another project closes the first one's interval; stopping closes the second's.
      try await sandbox.ctl("project", "web")
      try await sandbox.ctl("work", "stop")
      let records = history(sandbox)
      #expect(records.map { $0["kind"] as? String } == ["work", "work"])
      #expect(records.map { $0["project"] as? String } == ["api", "web"])
      #expect(try await sandbox.status()["work"] is NSNull)
    }
  }

  @Test("A focus is recorded once, with its project and outcome")
  func focusIsRecordedOnce() async throws {
    try await withSandbox { sandbox in
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("start")
      let bar = try await sandbox.startBar(.i3bar)
      try await bar.waitForNextFrame(timeout: 6) { $0.text.contains("Focus done") }
      await pause(0.5)
      let focus = history(sandbox).filter { $0["kind"] as? String == "focus" }
      #expect(focus.count == 1, "\(focus)")
      #expect(focus.first?["outcome"] as? String == "completed")
      #expect(focus.first?["project"] as? String == "api")
      #expect(focus.first?["seconds"] as? Int == 3)
    }
  }

  @Test("SIGKILL of copies at random moments: every completed focus is in the history exactly once")
  func sigkillLoopKeepsEveryFocusOnce() async throws {
    let config = """
      [timer]
      focus = "1s"
      short-break = "1s"
      long-break = "1s"
      auto-advance = "all"
      """
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      var random = SplitMix64(seed: UInt64(boottimeNow()))
      let seed = random.state
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("start")
      var bars = [try await sandbox.startBar(.i3bar), try await sandbox.startBar(.waybar)]
      for _ in 0..<60 {
        await pause(Double(random.next() % 250_000) / 1e6)  // 0-250 ms: kills land on deadlines too
        let victim = Int(random.next() % UInt64(bars.count))
        bars[victim].process.signal(SIGKILL)
        _ = try await bars[victim].process.waitForExit(timeout: 5)
        bars[victim] = try await sandbox.startBar(victim == 0 ? .i3bar : .waybar)
      }
      for bar in bars { bar.process.signal(SIGKILL) }
      let state = try #require(sandbox.stateDocument())
      let completed = try #require((state["timer"] as? [String: Any])?["completed"] as? Int)
      let records = history(sandbox)
      let ids = records.compactMap { $0["id"] as? String }
      #expect(Set(ids).count == ids.count, "seed \(seed): no record written twice")
      let done = records.filter {
        $0["kind"] as? String == "focus" && $0["outcome"] as? String == "completed"
      }
      #expect(completed >= 3, "seed \(seed): the loop ran phases")
      #expect(done.count == completed, "seed \(seed): \(done.count) focus records for \(completed) completed")
      #expect(done.allSatisfy { $0["project"] as? String == "api" })
    }
  }
}
