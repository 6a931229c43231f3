import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The config file: checking it, and reloading it under running copies.
@Suite("Config file")
struct ConfigTests {
  @Test("check-config prints the effective config of a good file")
  func checkConfigGood() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("# \(sandbox.configPath): OK"), "\(result)")
      for line in [
        "focus = \"3s\"", "short-break = \"2s\"", "long-break = \"4s\"", "long-break-every = 4", "[suspend]",
        "focus = \"pause\"",
      ] {
        #expect(result.stdout.contains(line), "\(line) in \(result)")
      }
      // An explicit file, and no file at all (the defaults).
      let other = sandbox.root + "/other.toml"
      try sandbox.write("[timer]\nfocus = \"50m\"\n", to: other)
      let explicit = try await sandbox.run(["check-config", other])
      #expect(explicit.status == 0)
      #expect(explicit.stdout.contains("focus = \"50m\""), "\(explicit)")
      try FileManager.default.removeItem(atPath: sandbox.configPath)
      let defaults = try await sandbox.run(["check-config"])
      #expect(defaults.status == 0)
      #expect(defaults.stdout.contains("(absent: defaults)"), "\(defaults)")
      #expect(defaults.stdout.contains("focus = \"25m\""), "\(defaults)")
    }
  }

  @Test(
    "check-config reports a bad file as FILE:LINE:COL and exits 78; ctl warns and acts",
    arguments: [
      ("[timer]\nfocus = 3s\n", 2, 10, "invalid character"),
      ("[timer]\nfocsu = \"3s\"\n", 2, 1, "unknown key 'focsu' in [timer] (did you mean 'focus'?)"),
      ("[timmer]\nfocus = \"3s\"\n", 1, 2, "unknown table 'timmer' (did you mean 'timer'?)"),
      ("[timer]\nauto-advance = \"al\"\n", 2, 16, "did you mean 'all'?"),
      ("[suspend]\nbreak = \"void\"\n", 2, 9, "'break' must be \"count\" or \"pause\""),
      ("[timer]\nfocus = \"0s\"\n", 2, 9, "at least 1s"),
    ])
  func checkConfigBad(text: String, line: Int, column: Int, message: String) async throws {
    try await withSandbox { sandbox in
      try sandbox.write(text, to: sandbox.configPath)
      let place = "\(sandbox.configPath):\(line):\(column): "
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 78, "\(result)")
      #expect(result.stderr.hasPrefix(place), "as compilers print it: \(result)")
      #expect(result.stderr.contains(message), "\(result)")
      #expect(result.stdout.isEmpty)
      // A keybinding never dies of a mistake: ctl warns and acts with every valid setting
      // (a broken one takes its default: no good version of the file was ever read)...
      let acted = try await sandbox.run(["ctl", "start"])
      #expect(acted.status == 0, "\(acted)")
      #expect(acted.stderr.contains("pomobar: warning: " + place), "\(acted)")
      #expect(acted.stderr.contains("the broken settings take their defaults"), "\(acted)")
      #expect(FileManager.default.fileExists(atPath: sandbox.statePath))
      // ...and status shows the timer with every valid setting, and a warning.
      let status = try await sandbox.run(["status"])
      #expect(status.status == 0, "\(status)")
      #expect(status.stderr.contains("pomobar: warning: \(place)"), "\(status)")
      #expect(!status.stdout.isEmpty, "\(status)")
    }
  }

  @Test("check-config lists every mistake, each with its place, and exits 78")
  func checkConfigListsEveryMistake() async throws {
    try await withSandbox { sandbox in
      try sandbox.write(
        "[timer]\nfocus = \"50m\"\nstep = 3s\n[colors]\nfocus = \"#zz\"\n", to: sandbox.configPath)
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 78, "\(result)")
      let lines = result.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count == 2, "\(result)")
      #expect(lines.first?.hasPrefix("\(sandbox.configPath):3:9: ") == true, "\(result)")
      #expect(
        lines.last?.hasPrefix("\(sandbox.configPath):5:9: 'focus' must be a colour") == true, "\(result)")
    }
  }

  @Test("[notifications] command is a command line: its words are the program and its arguments")
  func notificationCommandLine() async throws {
    try await withSandbox { sandbox in
      let script = sandbox.root + "/args.sh"
      let log = sandbox.root + "/args.log"
      try sandbox.write("#!/bin/sh\nfor a in \"$@\"; do printf '<%s>' \"$a\"; done >> '\(log)'\n", to: script)
      chmod(script, 0o755)
      try sandbox.write(
        "[timer]\nfocus = \"1s\"\nshort-break = \"2s\"\n[notifications]\ncommand = \"\(script) --expire-time=1000 'a b'\"\n",
        to: sandbox.configPath)
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      _ = try await sandbox.status()  // completes the focus that ran out, with its notification
      try await eventually("the notification", timeout: 3) { sandbox.read(log) }
      let words = sandbox.read(log) ?? ""
      #expect(words.hasPrefix("<--expire-time=1000><a b><--icon="), "\(words)")
      #expect(words.contains("><--app-name=pomobar><--urgency=normal>"), "\(words)")
      #expect(words.hasSuffix("><Pomodoro complete><Completed: 1. Next: short break, 2 s.>"), "\(words)")
    }
  }

  @Test("A config edited while a bar runs applies to the next phase; the running one keeps its length")
  func editedConfigAppliesToNextPhase() async throws {
    // Phases of minutes, the focus ended by the test clock: a loaded machine's slow
    // seconds cannot end it before the reload, or move a frame past the second it shows.
    try await withSandbox(config: "[timer]\nfocus = \"2m\"\nshort-break = \"2m\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.lastFrame?.text == "⣿ Ready 02:00 ○○○○")
      try sandbox.writeConfig("[timer]\nfocus = \"3m\"\nshort-break = \"2m\"")
      try await bar.waitForNextFrame(timeout: 2) { $0.text == "⣿ Ready 03:00 ○○○○" }
      try bar.click(button: 1)
      let started = try await bar.waitForNextFrame { $0.shows("Focus") }
      #expect((121...180).contains(started.remaining ?? 0), "a focus of the edited 3 min: \(started)")
      // Changed mid-phase: the running focus keeps its length, the break gets the new one.
      try sandbox.writeConfig("[timer]\nfocus = \"3m\"\nshort-break = \"4m\"")
      try await sandbox.waitForConfigRead()  // reloaded while the focus runs
      try sandbox.setClock("awake 180")
      let done = try await bar.waitForNextFrame(timeout: 7) { $0.shows("Focus done") }
      let shown = bar.frames.filter { $0.shows("Focus") }.compactMap(\.remaining)
      #expect(
        zip(shown, shown.dropFirst()).allSatisfy { $0 >= $1 },
        "counted down, never started again: \(bar.frames)")
      #expect(done.urgent)
      try bar.click(button: 1)
      let rest = try await bar.waitForNextFrame { $0.shows("Short break") }
      #expect((181...240).contains(rest.remaining ?? 0), "a break of the new 4 min: \(rest)")
      #expect(!bar.process.stderr.text.contains("warning"), "\(bar.process.stderr.text)")
    }
  }

  @Test("A broken edit keeps the bars running on the last good config and says so")
  func brokenEditKeepsLastGoodConfig() async throws {
    // A focus of minutes: its first frame shows it (4 min, not the fixed 6) however late a
    // loaded machine draws it.
    let lastGood = { (frame: Frame) in frame.shows("Focus") && (181...240).contains(frame.remaining ?? 0) }
    try await withSandbox(config: "[timer]\nfocus = \"4m\"") { sandbox in
      let waybar = try await sandbox.startBar(.waybar)
      let i3bar = try await sandbox.startBar(.i3bar)
      try sandbox.write("[timer]\nfocus = \"4m\nshort-break = ", to: sandbox.configPath)
      for bar in [waybar, i3bar] {
        let complaint = try await bar.process.waitForError(containing: "config reload: ", timeout: 3)
        #expect(complaint.contains("\(sandbox.configPath):2:"), "\(complaint)")
      }
      let flagged = try await waybar.waitForNextFrame(timeout: 2) {
        ($0.fields["tooltip"] as? String)?.contains("config error") == true
      }
      #expect(flagged.text == "⣿ Ready 04:00 ○○○○ ⚠", "the broken focus keeps its last good value, flagged")
      #expect((flagged.fields["tooltip"] as? String)?.contains("(+1 more)") == true, "\(flagged.fields)")
      // A keybinding's ctl acts too, with the last good durations (the copy the bars kept
      // when they read the good file), and says so...
      let acted = try await sandbox.run(["ctl", "start"])
      #expect(acted.status == 0, "\(acted)")
      #expect(acted.stderr.contains("from the last version of the file without a mistake"), "\(acted)")
      try await waybar.waitForNextFrame(where: lastGood)
      try await sandbox.ctl("stop")
      // ...and a running copy still takes clicks, with the last good durations.
      try i3bar.click(button: 1)
      try await i3bar.waitForNextFrame(where: lastGood)
      try await waybar.waitForNextFrame(where: lastGood)
      #expect(waybar.process.isRunning && i3bar.process.isRunning)
      // Fixed: the note goes away and the new config applies.
      try sandbox.writeConfig("[timer]\nfocus = \"6m\"")
      try await waybar.waitForNextFrame(timeout: 3) {
        ($0.fields["tooltip"] as? String)?.contains("config error") == false
      }
      try await sandbox.ctl("stop")
      try await waybar.waitForNextFrame { $0.text == "⣿ Ready 06:00 ○○○○" }
      try await i3bar.waitForNextFrame { $0.text == "⣿ Ready 06:00 ○○○○" }
    }
  }

  @Test("SIGHUP reloads the config")
  func sighupReloads() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"4s\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      // Every edit through the config's own folder is seen through inotify.
      try sandbox.write("[timer]\nfocus = ", to: sandbox.configPath)
      try await bar.waitForNextFrame(timeout: 3) { $0.text == "⣿ Ready 00:04 ○○○○ ⚠" }
      // A file written but not closed yet says nothing to inotify (the bar waits for the
      // writer to close it): only SIGHUP tells the bar. (Let the edit above finish
      // reaching the bar first; then one write, no truncation, so that no reader can ever
      // find the file half written.)
      await pause(0.3)
      let file = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.configPath))
      defer { try? file.close() }
      try file.write(contentsOf: Data("[timer]\nfocus = \"6s\"\n".utf8))
      await pause(0.5)
      #expect(bar.lastFrame?.text == "⣿ Ready 00:04 ○○○○ ⚠", "no reload without SIGHUP")
      bar.process.signal(SIGHUP)
      try await bar.waitForNextFrame(timeout: 2, "the fixed config after SIGHUP") {
        $0.text == "⣿ Ready 00:06 ○○○○"
      }
      #expect(bar.process.isRunning)
    }
  }

  @Test("A config folder replaced by a new one (moved aside, made anew) is still followed")
  func replacedConfigFolderIsFollowed() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"4s\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      try FileManager.default.moveItem(
        atPath: sandbox.configDirectory, toPath: sandbox.configDirectory + ".old")
      try FileManager.default.createDirectory(
        atPath: sandbox.configDirectory, withIntermediateDirectories: false)
      try sandbox.writeConfig("[timer]\nfocus = \"7s\"")
      try await bar.waitForNextFrame(timeout: 3, "the new folder's config") {
        $0.text == "⣿ Ready 00:07 ○○○○"
      }
      // And the one after: the new folder itself is watched now.
      try sandbox.writeConfig("[timer]\nfocus = \"8s\"")
      try await bar.waitForNextFrame(timeout: 3, "a later edit") { $0.text == "⣿ Ready 00:08 ○○○○" }
    }
  }

  /// A folder that did not exist is not watched for (its parent, `~/.config`, would wake the
  /// bar for every other program's save: `LifecycleTests.savesByRenameWakeNothing`): it is
  /// looked for when something else wakes the bar (here the bar's resize), and on SIGHUP;
  /// from then on, it is watched.
  @Test(
    "A config created after the bar started, in a folder that did not exist, is read at the next wake-up",
    arguments: [SIGWINCH, SIGHUP])
  func configCreatedLaterIsPickedUp(wake: Int32) async throws {
    try await withSandbox { sandbox in
      try FileManager.default.removeItem(atPath: sandbox.configDirectory)
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.lastFrame?.text == "⣿ Ready 25:00 ○○○○")
      try FileManager.default.createDirectory(
        atPath: sandbox.configDirectory, withIntermediateDirectories: true)
      try sandbox.writeConfig("[timer]\nfocus = \"7m\"")
      bar.process.signal(wake)
      try await bar.waitForNextFrame(timeout: 2, "the new config's focus length") {
        $0.text == "⣿ Ready 07:00 ○○○○"
      }
      // Watched now: an edit is seen at once.
      try sandbox.writeConfig("[timer]\nfocus = \"8m\"")
      try await bar.waitForNextFrame(timeout: 2, "the edited config") {
        $0.text == "⣿ Ready 08:00 ○○○○"
      }
    }
  }
}
