import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How a bar copy lives and dies: stdin, stdout, signals; and what it costs while idle.
@Suite("Bar lifecycle")
struct LifecycleTests {
  @Test("Closing stdin does not stop a bar: it keeps ticking and following the shared timer")
  func stdinClosedKeepsRunning() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      try bar.click(button: 1)
      let started = try await bar.waitForNextFrame { $0.shows("Focus") }
      bar.process.closeStdin()
      let tick = try await bar.waitForNextFrame(timeout: 3) { ($0.remaining ?? 99) < started.remaining ?? 0 }
      try await bar.waitForNextFrame(timeout: 3) { ($0.remaining ?? 99) < tick.remaining ?? 0 }
      #expect(bar.process.isRunning)
      // Changes from elsewhere still show.
      try await sandbox.ctl("pause")
      try await bar.waitForNextFrame(timeout: 2) { $0.shows("Focus paused") }
      #expect(bar.process.isRunning)
    }
  }

  @Test("Closing stdout ends an idle bar with status 0 promptly")
  func stdoutClosedWhileIdleExits() async throws {
    try await withSandbox { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      let closedAt = boottimeNow()
      bar.process.closeStdout()
      let ended = try await bar.process.waitForExit(timeout: 15)
      let took = seconds(from: closedAt, to: boottimeNow())
      #expect(ended == .exit(0))
      // Well within the minute an idle bar sleeps: it ends on the closed pipe itself, not on
      // a tick or a timeout (the bound is that wide for a loaded machine).
      #expect(took < 15, "exited \(took) s after stdout closed (not waiting for a tick or a timeout)")
    }
  }

  @Test(
    "Closing stdout ends a ticking bar with status 0 promptly", arguments: [BarFormat.i3bar, .waybar])
  func stdoutClosedWhileRunningExits(format: BarFormat) async throws {
    try await withSandbox(config: "[timer]\nfocus = \"20s\"") { sandbox in
      try await sandbox.ctl("start")
      let bar = try await sandbox.startBar(format)
      let closedAt = boottimeNow()
      bar.process.closeStdout()
      let ended = try await bar.process.waitForExit(timeout: 15)
      let took = seconds(from: closedAt, to: boottimeNow())
      #expect(ended == .exit(0))
      // Well within the minute an idle bar sleeps: it ends on the closed pipe itself, not on
      // a tick or a timeout (the bound is that wide for a loaded machine).
      #expect(took < 15, "exited \(took) s after stdout closed (not waiting for a tick or a timeout)")
    }
  }

  @Test("SIGTERM and SIGINT end a bar with status 0", arguments: [SIGTERM, SIGINT])
  func terminationSignalsExitCleanly(signal: Int32) async throws {
    // A focus far longer than the test: a loaded machine cannot end it between two commands.
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      try await sandbox.ctl("start")
      let bar = try await sandbox.startBar(.i3bar)
      bar.process.signal(signal)
      #expect(try await bar.process.waitForExit(timeout: 2) == .exit(0))
      #expect(try await sandbox.status()["phase"] as? String == "focus", "the timer lives on without the bar")
    }
  }

  /// That an idle or paused bar arms no tick and writes nothing is
  /// `BarSessionTests.theTickIsArmedAgainOnlyWhenThePlanChanges` and
  /// `theHeaderGoesOutThenTheFirstFrameAndAnIdleBarArmsNothing`; here, that the process
  /// really sleeps. Over 2.2 s a bar ticking every second would be switched in at least
  /// twice; a sleeping one at most once.
  @Test("An idle bar prints nothing and does not wake up")
  func idleEmitsNothing() async throws {
    try await withSandbox { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      await pause(0.2)
      let frames = bar.frames.count
      let before = try Self.wakeups(bar.process.pid)
      let printed = await holdsAtSomePoint(within: 2.2) { bar.frames.count > frames }
      let after = try Self.wakeups(bar.process.pid)
      #expect(!printed, "no frame while idle: \(bar.frames.dropFirst(frames))")
      #expect(after - before <= 1, "context switches while idle: \(after - before)")
      #expect(bar.process.isRunning)
    }
  }

  /// Other programs write in `$HOME` and `~/.config` all day (shell histories, session
  /// logs, rc files): the bar watches its config's folder for names and the config itself
  /// for writes, so none of that wakes it; with the config folder gone (as for a new user)
  /// it watches `~/.config` for names only. 40 writes: a bar woken by them would switch in
  /// 40 times.
  @Test("Writes to other programs' files in $HOME and ~/.config wake no bar", arguments: [true, false])
  func unrelatedWritesWakeNothing(configFolder: Bool) async throws {
    try await withSandbox { sandbox in
      if !configFolder { try FileManager.default.removeItem(atPath: sandbox.configDirectory) }
      let configHome = sandbox.root + "/config"
      let others = [sandbox.root + "/home/.zsh_history", configHome + "/some-app.conf"]
      try FileManager.default.createDirectory(atPath: sandbox.root + "/home", withIntermediateDirectories: true)
      for path in others { try sandbox.write("", to: path) }
      let bar = try await sandbox.startBar(.i3bar)
      await pause(0.2)
      let before = try Self.wakeups(bar.process.pid)
      for round in 0..<20 {
        for path in others {
          let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
          try file.seekToEnd()
          try file.write(contentsOf: Data(": \(round):0;ls\n".utf8))
          try file.close()
        }
      }
      await pause(0.2)  // time for any wake-up they caused to happen
      let after = try Self.wakeups(bar.process.pid)
      #expect(after - before <= 1, "context switches for 40 unrelated writes: \(after - before)")
      // And the config is still followed: one written now (its folder made first) is shown;
      // a folder made after start-up at the bar's next wake-up (`ConfigTests`).
      try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
      try sandbox.write("[timer]\nfocus = \"7s\"\n", to: sandbox.configPath)
      if !configFolder { bar.process.signal(SIGWINCH) }
      try await bar.waitForNextFrame(timeout: 3) { $0.text.contains("00:07") }
    }
  }

  /// Other programs save their files in `~/.config` by rename all day (KDE's rc files: a
  /// temporary file made, written, renamed over the old one). The bar watches its config's
  /// folder, not `~/.config`: without a config folder (a new user) it looks for one only
  /// when something else wakes it, and on SIGHUP; a folder that was replaced is awaited
  /// through `~/.config` only until it is back. 20 saves: a bar that watched `~/.config` for
  /// names would switch in 20 to 40 times.
  @Test(
    "Saves by rename in ~/.config wake no bar", arguments: ["no config folder", "config folder replaced"])
  func savesByRenameWakeNothing(setup: String) async throws {
    try await withSandbox { sandbox in
      let configHome = sandbox.root + "/config"
      if setup == "no config folder" { try FileManager.default.removeItem(atPath: sandbox.configDirectory) }
      let bar = try await sandbox.startBar(.i3bar)
      if setup == "config folder replaced" {
        let folder = sandbox.configDirectory
        try FileManager.default.moveItem(atPath: folder, toPath: folder + ".old")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try sandbox.writeConfig("[timer]\nfocus = \"7s\"")
        try await bar.waitForNextFrame(timeout: 3, "the new folder's config") { $0.text.contains("00:07") }
      }
      await pause(0.2)
      let before = try Self.wakeups(bar.process.pid)
      for round in 0..<20 {
        let temporary = configHome + "/kdeglobals.tmp\(round)"
        try sandbox.write("[General]\nround=\(round)\n", to: temporary)
        #expect(rename(temporary, configHome + "/kdeglobals") == 0)
      }
      await pause(0.2)  // time for any wake-up they caused to happen
      let after = try Self.wakeups(bar.process.pid)
      #expect(after - before <= 1, "context switches for 20 saves by rename: \(after - before)")
      #expect(bar.process.isRunning)
    }
  }

  /// Voluntary plus involuntary context switches of every thread of `pid`: each wake-up
  /// from the kernel costs at least one.
  static func wakeups(_ pid: pid_t) throws -> Int {
    let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
    var total = 0
    for task in tasks {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
      else {
        continue
      }
      for line in status.split(separator: "\n")
      where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
        total += Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
      }
    }
    return total
  }
}
