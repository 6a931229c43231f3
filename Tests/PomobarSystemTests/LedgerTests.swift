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
      // Begun minutes ago, so that each interval is a record (none is under a second).
      try await sandbox.ctl("project", "api", "--ago", "3m")
      let status = try await sandbox.status()
      let work = try #require(status["work"] as? [String: Any])
      #expect(work["project"] as? String == "api")
      #expect(work["color"] as? String == "#FF8800")
      try await eventually("the work block", timeout: 3) {
        bar.process.stdout.snapshot.last?.text.contains("\"name\":\"pomobar-work\"") == true ? true : nil
      }
      let line = try #require(bar.process.stdout.snapshot.last?.text)
      #expect(line.contains("\"full_text\":\"● api 0:03\""), "\(line)")
      #expect(line.contains("\"color\":\"#FF8800\""), "\(line)")
      // Another project closes the first one's interval; stopping closes the second's.
      try await sandbox.ctl("project", "web", "--ago", "1m")
      try await sandbox.ctl("work", "stop")
      let records = history(sandbox)
      #expect(records.map { $0["kind"] as? String } == ["work", "work"])
      #expect(records.map { $0["project"] as? String } == ["api", "web"])
      #expect(try await sandbox.status()["work"] is NSNull)
    }
  }

  /// The swayidle recipe sends away and back around a lock screen: the work clock a focus
  /// started must still stop with the timer afterwards (it ran on for ever).
  @Test("A focus's work clock stops with the timer after away and back")
  func focusClockStopsAfterAwayAndBack() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"\n") { sandbox in
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("work", "stop")
      try await sandbox.ctl("start")
      #expect(try await sandbox.status()["work"] is [String: Any], "the focus started the clock")
      try await sandbox.ctl("away")
      try await sandbox.ctl("back")
      #expect(try await sandbox.status()["work"] is [String: Any], "back started it again")
      try await sandbox.ctl("stop")
      #expect(try await sandbox.status()["work"] is NSNull, "stopped with the timer")
      try await sandbox.ctl("reset")
      #expect(try await sandbox.status()["work"] is NSNull)
    }
  }

  /// A rename while the project runs renames the running interval too: the bar, the
  /// known projects and the record that closes it carry the new name (they kept the old).
  @Test("project rename of the running project renames it in the bar and in its next record")
  func renameTheRunningProject() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"\n") { sandbox in
      try await sandbox.ctl("project", "api", "--ago", "1m")
      let renamed = try await sandbox.run(["project", "rename", "api", "backend"])
      #expect(renamed.status == 0, "\(renamed)")
      let work = try #require(try await sandbox.status()["work"] as? [String: Any])
      #expect(work["project"] as? String == "backend")
      try await sandbox.ctl("work", "stop")
      let records = history(sandbox).filter { $0["kind"] as? String == "work" }
      #expect(records.compactMap { $0["project"] as? String } == ["backend"], "\(records)")
      let projects = try await sandbox.run(["projects", "--names"])
      #expect(projects.stdout == "backend", "\(projects)")
    }
  }

  @Test("A focus is recorded once, with its project and outcome")
  func focusIsRecordedOnce() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"1s\"") { sandbox in
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("start")
      let bar = try await sandbox.startBar(.i3bar)
      // From its first frame on: a bar slow to start may begin with the focus done.
      try await bar.waitForFrame(timeout: 6) { $0.text.contains("Focus done") }
      // The frame comes before the write that commits the record; once the record is
      // there and the bar is back asleep, its transaction is over.
      try await eventually("the focus record", timeout: 5) {
        history(sandbox).contains { $0["kind"] as? String == "focus" } ? true : nil
      }
      try await bar.process.waitUntilAsleep()
      let focus = history(sandbox).filter { $0["kind"] as? String == "focus" }
      #expect(focus.count == 1, "\(focus)")
      #expect(focus.first?["outcome"] as? String == "completed")
      #expect(focus.first?["project"] as? String == "api")
      #expect(focus.first?["seconds"] as? Int == 1)
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

  /// A record line as the history holds it.
  private func line(_ id: String, _ start: String, _ end: String, _ seconds: Int, _ project: String) -> String
  {
    #"{"id":"\#(id)","kind":"work","start":"\#(start)","end":"\#(end)","seconds":\#(seconds),"project":"\#(project)","#
      + #""outcome":null,"internal":0,"external":0,"gap":0,"note":null}"# + "\n"
  }

  @Test("A torn last line is moved aside, and the next record follows the last whole line")
  func tornLastLineIsKeptAside() async throws {
    try await withSandbox { sandbox in
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let machine = try await machineID(sandbox)
      let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
      let path = "\(folder)/\(month).\(machine).jsonl"
      let whole = line("m.e.1", "\(month)-01T09:00:00Z", "\(month)-01T10:00:00Z", 3600, "api")
      let torn = #"{"id":"m.e.2","kind":"work","start":"2026"#
      try sandbox.write(whole + torn, to: path)
      try await sandbox.ctl("project", "web", "--ago", "1m")
      try await sandbox.ctl("work", "stop")
      let text = try #require(sandbox.read(path))
      #expect(text.hasPrefix(whole) && !text.contains(torn), "the torn bytes are out of the file: \(text)")
      #expect(text.split(separator: "\n").last?.contains("\"project\":\"web\"") == true)
      let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".torn-") }
      #expect(aside.count == 1)
      #expect(aside.first.flatMap { sandbox.read(folder + "/" + $0) } == torn)
      let report = try await sandbox.run(["report", "--from", "\(month)-01", "--to", "\(month)-28", "--json"])
      #expect(report.status == 0 && report.stderr.isEmpty, "no reader warns of it again: \(report)")
      #expect(report.stdout.contains("\"name\":\"api\",\"seconds\":3600"), "\(report.stdout)")
    }
  }

  @Test("Two machines' files give the same report as one machine's, duplicates dropped")
  func twoMachinesReportLikeOne() async throws {
    try await withSandbox { sandbox in
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let records = (1...6).map { day in
        line(
          "a.e.\(day)", "2026-10-0\(day)T09:00:00+02:00", "2026-10-0\(day)T11:00:00+02:00", 7200,
          day % 2 == 0 ? "api" : "web")
      }
      try sandbox.write(records.joined(), to: "\(folder)/2026-10.aaaaaaaaaaaa.jsonl")
      let arguments = ["report", "--from", "2026-10-01", "--to", "2026-10-31", "--json"]
      let one = try await sandbox.run(arguments)
      // Split across two machines, one record present on both (an import made twice).
      try sandbox.write(records[0..<4].joined(), to: "\(folder)/2026-10.aaaaaaaaaaaa.jsonl")
      try sandbox.write(records[3..<6].joined(), to: "\(folder)/2026-10.bbbbbbbbbbbb.jsonl")
      let two = try await sandbox.run(arguments)
      #expect(one.status == 0 && two.status == 0)
      #expect(one.stdout == two.stdout)
      #expect(one.stdout.contains("\"work\":43200"), "\(one.stdout)")
    }
  }

  @Test("pomobar projects lists each project with today's and this week's time and its goal")
  func projectsListsEveryProject() async throws {
    let config =
      Sandbox.shortTimer + "\n[projects.api]\ncolor = \"#ff8800\"\ngoal = \"4h\"\n[projects.docs]\n"
    try await withSandbox(config: config) { sandbox in
      let empty = try await sandbox.run(["projects"])
      #expect(empty.stdout.contains("● api"), "\(empty)")
      try await sandbox.ctl("project", "web")
      let listed = try await sandbox.run(["projects"])
      #expect(listed.status == 0, "\(listed)")
      let lines = listed.stdout.split(separator: "\n")
      #expect(lines.contains { $0.contains("● web") && $0.contains("(running)") }, "\(listed.stdout)")
      #expect(lines.contains { $0.contains("● api") && $0.contains("goal 4h: 0 %") }, "\(listed.stdout)")
      #expect(lines.contains { $0.contains("● docs") }, "\(listed.stdout)")
      #expect(!listed.stdout.contains("\u{1B}["), "no colour into a pipe")
    }
  }

  /// This machine's id, as the binary names its history files.
  private func machineID(_ sandbox: Sandbox) async throws -> String {
    #expect(try await sandbox.run(["track", "2026-01-05", "9-10", "id"]).status == 0)
    let folder = sandbox.root + "/data/pomobar/history"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
    try FileManager.default.removeItem(atPath: folder + "/" + name)
    return String(name.split(separator: ".")[1])
  }
}
