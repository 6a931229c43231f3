import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hooks run by the real binary: what a hook gets, what a failing one shows, and that
/// hundreds of them leave nothing behind.
@Suite("Hooks", .serialized)
struct HookTests {
  @Test("A failing hook shows ⚠ with its reason on every bar, once on stderr, until the next action")
  func failingHookIsShownUntilTheNextAction() async throws {
    let config = "[timer]\nfocus = \"5m\"\n[hooks]\nfocus-start = \"no-such-program-\(getpid()) --now\"\n"
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let one = try await sandbox.startBar(.waybar)
      let two = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      let reason = "hook focus-start failed: exit 127 (command not found) (see ~/../state/pomobar/hooks.log)"
      let warned = try await one.waitForFrame(timeout: 10, "⚠ after the failing hook") {
        $0.text.hasSuffix("⚠") && ($0.fields["tooltip"] as? String ?? "").contains("hook focus-start failed")
      }
      let tooltip = warned.fields["tooltip"] as? String ?? ""
      #expect(tooltip.contains("exit 127 (command not found)"), "tooltip: \(tooltip)")
      #expect(tooltip.contains(sandbox.stateDirectory + "/hooks.log") || tooltip.contains(reason))
      try await two.waitForFrame(timeout: 5, "⚠ on the second bar too") { $0.text.hasSuffix("⚠") }
      let stderr = try await one.process.waitForError(containing: "hook focus-start failed")
      #expect(stderr.components(separatedBy: "hook focus-start failed").count == 2, "said once: \(stderr)")
      let log = sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? ""
      #expect(log.contains("focus-start: exit 127 after"), "one line with event, status, duration: \(log)")
      // `status` shows it too, for polling bars.
      let status = try await sandbox.status()
      #expect((status["note"] as? String ?? "").contains("hook focus-start failed"), "\(status)")
      // The next action (pause runs no hook) clears it everywhere.
      try await sandbox.ctl("pause")
      try await one.waitForNextFrame(timeout: 5) { !$0.text.hasSuffix("⚠") && $0.text.contains("paused") }
      try await two.waitForNextFrame(timeout: 5) { !$0.text.hasSuffix("⚠") }
      #expect(!FileManager.default.fileExists(atPath: sandbox.stateDirectory + "/hooks.failed"))
    }
  }

  @Test("A failure stands until the same event's hooks succeed again, without any action")
  func aSuccessfulRunClearsTheFailure() async throws {
    let flag = "/tmp/pomobar-hook-flag-\(getpid())"
    unlink(flag)
    defer { unlink(flag) }
    // focus-end fails until the flag exists; the cycle runs by itself (2 s + 2 s).
    let config = """
      [timer]
      focus = "2s"
      short-break = "2s"
      auto-advance = "all"
      [hooks]
      focus-end = "test -e \(flag)"
      """
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let failed = sandbox.stateDirectory + "/hooks.failed"
      let bar = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      let text = try await eventually("hooks.failed", timeout: 10) { sandbox.read(failed) }
      #expect(text.hasPrefix("focus-end\texit 1\t"), "\(text)")
      try await bar.waitForFrame(timeout: 5, "⚠") { $0.text.hasSuffix("⚠") }
      _ = creat(flag, 0o600)
      try await eventually("hooks.failed gone after a successful focus-end", timeout: 15) {
        FileManager.default.fileExists(atPath: failed) ? nil : true
      }
      try await bar.waitForNextFrame(timeout: 5) { !$0.text.hasSuffix("⚠") }
    }
  }

  @Test("A hook gets /dev/null on stdin, the log pipe on stdout and stderr, and nothing else")
  func hooksGetNoOtherDescriptors() async throws {
    // `ls` lists the descriptors of the shell that runs the hook ($$), as it got them:
    // its own redirections would add some, so the list goes to the hook log.
    let out = "/tmp/pomobar-hook-env-\(getpid())"
    defer { unlink(out) }
    let hook = "ls -l /proc/$$/fd; env | grep ^POMOBAR_ | sort > \(out).tmp && mv \(out).tmp \(out)"
    let config = "[timer]\nfocus = \"5m\"\n[hooks]\nfocus-start = '''\(hook)'''\n"
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      try bar.click(button: 1)
      let env = try await eventually("the hook's variables", timeout: 10) { sandbox.read(out) }
      let log = sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? ""
      // focus-start[PID]: lr-x------ 1 user user 64 Nov 23 08:22 0 -> /dev/null
      let fds = log.split(separator: "\n").filter { $0.contains(" -> ") }.map { line in
        line.split(separator: " ").suffix(3).map(String.init)
      }
      #expect(fds.map { $0[0] } == ["0", "1", "2"], "only stdin, stdout, stderr:\n\(log)")
      #expect(fds.first?.last == "/dev/null", "\(log)")
      #expect(fds.count == 3 && fds[1][2].hasPrefix("pipe:") && fds[1][2] == fds[2][2], "\(log)")
      for name in [
        "EVENT=focus-start", "PHASE=focus", "NEXT_PHASE=short-break", "DURATION=300", "REMAINING=300",
      ] {
        #expect(env.contains("POMOBAR_\(name)\n"), "\(name) in\n\(env)")
      }
      let endsAt = #"POMOBAR_ENDS_AT=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)\n"#
      #expect(env.range(of: endsAt, options: .regularExpression) != nil, "\(env)")
    }
  }

  /// 100 here, paced, so as not to starve the tests that run beside it; the torture case
  /// hung-and-flooding-hooks does 500 (cases run one at a time).
  @Test("100 hook runs leave the bar's descriptors as they were, and no zombie or runner behind")
  func hundredsOfHookRunsLeakNothing() async throws {
    let count = 100
    try await withSandbox(config: "[timer]\nfocus = \"30m\"\n", hooks: false, notifications: false) {
      sandbox in
      let runs = sandbox.root + "/runs"
      try sandbox.writeConfig(
        "[timer]\nfocus = \"30m\"\n[hooks]\npause = \"echo p >> \(runs)\"\nresume = \"echo r >> \(runs)\"\n",
        hooks: false, notifications: false)
      let bar = try await sandbox.startBar(.i3bar)
      try bar.click(button: 1)  // start the focus
      try await bar.waitForNextFrame { $0.shows("Focus") }
      let pid = bar.process.pid
      // The frame is shown before the state is written: wait for the write to finish (the
      // lock and the temporary file closed) before counting. A descriptor closed while it
      // is listed ("?") is one of a moment's (a file read), not one the bar keeps.
      func settled() -> [String]? {
        let now = descriptors(of: pid)
        let passing = now.contains { $0.hasSuffix("state.lock") || $0.hasSuffix(".tmp") || $0.hasSuffix("?") }
        return passing ? nil : now
      }
      let before = try await eventually("the first write done", timeout: 5) { settled() }
      for index in 0..<count {
        try bar.click(button: 1)  // pause, resume, pause...
        try await bar.waitForNextFrame { $0.shows(index % 2 == 0 ? "Focus paused" : "Focus") }
      }
      func ran() -> Int { (sandbox.read(runs) ?? "").split(separator: "\n").count }
      let lines = try await eventually("\(count) hook runs (\(ran()) so far)", timeout: 60, every: 0.2) {
        ran() >= count ? ran() : nil
      }
      #expect(lines == count, "each toggle ran its hook once")
      try await eventually("every runner gone", timeout: 30, every: 0.2) {
        children(of: pid).isEmpty && sandbox.helperProcesses().isEmpty ? true : nil
      }
      let after = try await eventually("the bar's descriptors settled", timeout: 5) { settled() }
      #expect(after == before, "the bar's descriptors: \(before) before, \(after) after")
      #expect(zombies(of: pid) == 0)
    }
  }
}

/// The open descriptors of `pid`, as `NUMBER -> TARGET` (the inotify, epoll... by kind).
private func descriptors(of pid: pid_t) -> [String] {
  let folder = "/proc/\(pid)/fd"
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  return names.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.map { name in
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) ?? "?"
    // pipe:[123] and socket:[123] keep their inode: the same descriptor must stay the same.
    return "\(name) -> \(target)"
  }
}

/// The processes whose parent is `pid`.
private func children(of pid: pid_t) -> [pid_t] {
  processStats().filter { $0.parent == pid }.map(\.pid)
}

/// `pid`'s children in state Z.
private func zombies(of pid: pid_t) -> Int {
  processStats().filter { $0.parent == pid && $0.state == "Z" }.count
}

private func processStats() -> [(pid: pid_t, parent: pid_t, state: String)] {
  let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return pids.compactMap { name in
    guard let pid = pid_t(name),
      let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 2, let parent = pid_t(fields[1]) else { return nil }
    return (pid, parent, String(fields[0]))
  }
}

@Suite("check-config and hook programs")
struct HookProgramCheckTests {
  @Test("check-config warns, with the place, about a hook whose program is not on PATH, and still exits 0")
  func checkConfigWarnsAboutMissingPrograms() async throws {
    let config = """
      [timer]
      focus = "25m"
      [hooks]
      focus-start = "sh -c true"
      focus-end = ["echo done", "no-such-program-\(getpid()) --quiet"]
      pause = "/nonexistent/bin/tool x"
      """
    try await withSandbox(config: config, hooks: false) { sandbox in
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 0, "\(result)")
      let warnings = result.stderr.split(separator: "\n").map(String.init)
      #expect(
        warnings == [
          "\(sandbox.configPath):5:27: warning: [hooks] focus-end runs 'no-such-program-\(getpid())', which is not on PATH",
          "\(sandbox.configPath):6:9: warning: [hooks] pause runs '/nonexistent/bin/tool', which is not an executable file",
        ], "\(result)")
      #expect(result.stdout.contains(": OK"))
    }
  }
}

@Suite("check-config and sounds")
struct SoundCheckTests {
  @Test("check-config warns about a sound that could not be played here, with its place when written")
  func checkConfigWarnsAboutUnplayableSounds() async throws {
    let config = """
      [sound]
      enabled = true
      focus-done = "/nonexistent/ding.wav"
      """
    try await withSandbox(config: config, hooks: false) { sandbox in
      let empty = sandbox.root + "/empty"
      try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
      sandbox.setEnvironment("PATH", empty)
      sandbox.setEnvironment("XDG_DATA_DIRS", empty)
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 0, "\(result)")
      let warnings = result.stderr.split(separator: "\n").map(String.init)
      #expect(warnings.count == 2, "\(result)")
      #expect(
        warnings.first
          == "\(sandbox.configPath):3:14: warning: [sound] focus-done: sound file /nonexistent/ding.wav not found"
      )
      // break-end's "bell" is a default: written nowhere, so the file alone is named.
      #expect(
        warnings.last?.hasPrefix(
          "\(sandbox.configPath): warning: [sound] break-end: sound 'bell' is not in the freedesktop sound theme"
        )
          == true, "\(result)")
      #expect(warnings.last?.hasSuffix("and canberra-gtk-play is not installed") == true)
    }
  }
}
