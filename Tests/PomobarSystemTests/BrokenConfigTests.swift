import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A config with mistakes: a status program never goes blank, and every valid setting applies.
@Suite("Broken config")
struct BrokenConfigTests {
  /// A 50-minute focus and a colour typo: the typo must not cost the focus length.
  static let colourTypo = "[timer]\nfocus = \"50m\"\n[colors]\nfocus = \"#zz\""

  @Test("A bar started with a broken config shows ⚠ in its first frame, with every valid setting")
  func barStartsWithBrokenConfig() async throws {
    try await withSandbox(config: Self.colourTypo) { sandbox in
      let waybar = try await sandbox.startBar(.waybar)
      let first = try #require(waybar.frames.first)
      #expect(first.text == "⣿ Ready 50:00 ○○○○ ⚠", "the valid focus applies: \(waybar.frames)")
      let tooltip = first.fields["tooltip"] as? String ?? ""
      #expect(
        tooltip.contains("config error: \(sandbox.configPath):4:9: 'focus' must be a colour"), "\(tooltip)")
      let i3bar = try await sandbox.startBar(.i3bar)
      #expect(i3bar.frames.first?.text == "⣿ Ready 50:00 ○○○○ ⚠", "\(i3bar.frames)")
      // Written before the first frame; read by the test from its own pipe.
      try await i3bar.process.waitForError(containing: "pomobar: warning: \(sandbox.configPath):4:9: ")
      // The running focus is the file's, not the default's.
      try i3bar.click(button: 1)
      try await i3bar.waitForNextFrame { $0.shows("Focus", 50 * 60) || $0.shows("Focus", 50 * 60 - 1) }
      #expect(waybar.process.isRunning && i3bar.process.isRunning)
    }
  }

  @Test("ctl toggle with a colour typo acts with every valid setting, warns, and exits 0")
  func ctlWithColourTypo() async throws {
    try await withSandbox(config: Self.colourTypo) { sandbox in
      let result = try await sandbox.run(["ctl", "toggle"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stderr.contains("pomobar: warning: \(sandbox.configPath):4:9: "), "\(result)")
      let status = try await sandbox.status()
      #expect(status["phase"] as? String == "focus")
      #expect(status["total"] as? Int == 50 * 60, "the file's focus, not the default: \(status)")
    }
  }

  /// Issue 17: a mistake in [timer] made every ctl exit 78, so a keybinding silently did
  /// nothing while the bar's own click still worked.
  @Test("ctl toggle with a broken [timer] key acts with the default for it, warns, and exits 0")
  func ctlWithBrokenTimer() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"50 minuten\"\nshort-break = \"2m\"") { sandbox in
      let result = try await sandbox.run(["ctl", "toggle"])
      #expect(result.status == 0, "\(result)")
      let warning = "pomobar: warning: \(sandbox.configPath):2:13: 'focus': cannot read"
      #expect(result.stderr.contains(warning), "\(result)")
      #expect(result.stderr.contains("pomobar: warning: the broken settings take their defaults"), "\(result)")
      let status = try await sandbox.status()
      #expect(status["phase"] as? String == "focus")
      #expect(status["total"] as? Int == 25 * 60, "the default focus: \(status)")
    }
  }

  @Test("A bar keeps a good config as the last good version once its first frame is out")
  func barKeepsLastGoodConfigAfterFirstFrame() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"50m\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.frames.first?.text == "⣿ Ready 50:00 ○○○○", "\(bar.frames)")
      // Kept before the loop first waits: asleep, the bar has written it.
      try await bar.process.waitUntilAsleep()
      bar.process.kill()
      try sandbox.writeConfig("[timer]\nfocus = \"45 minuten\"")
      let status = try await sandbox.status()
      #expect(status["total"] as? Int == 50 * 60, "the last good focus: \(status)")
    }
  }

  @Test("ctl with a broken key takes its value from the last version of the file without a mistake")
  func ctlWithBrokenTimerUsesLastGoodValue() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"50m\"") { sandbox in
      _ = try await sandbox.status()  // any command that reads the good file keeps a copy
      try sandbox.writeConfig("[timer]\nfocus = \"45 minuten\"")
      let result = try await sandbox.run(["ctl", "start"])
      #expect(result.status == 0, "\(result)")
      #expect(
        result.stderr.contains("keep their values from the last version of the file without a mistake"),
        "\(result)")
      let status = try await sandbox.status()
      #expect(status["total"] as? Int == 50 * 60, "the last good focus: \(status)")
    }
  }

  @Test("status --format tmux with a broken config still prints the timer")
  func statusWithBrokenConfig() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"50m\"\nstep = 3s\n[colors]\nidle = \"#zz\"") {
      sandbox in
      let result = try await sandbox.run(["status", "--format", "tmux"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.contains("Ready 50:00 ○○○○ ⚠"), "flagged, since tmux hides stderr: \(result)")
      let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("pomobar: warning: ") }
      #expect(
        warnings.map { $0.contains(sandbox.configPath + ":") } == [true, true, false],
        "one line per mistake, then what the broken settings are: \(result)")
    }
  }

  @Test("An i3blocks click with a mistake in [clicks] acts with the default for the button, and warns")
  func i3blocksClickWithBrokenClicks() async throws {
    try await withSandbox(config: "[clicks]\nleft = \"strat\"") { sandbox in
      let click = try sandbox.launch(["status", "--format", "i3blocks"], environment: ["BLOCK_BUTTON": "1"])
      click.closeStdin()
      #expect(try await click.waitForExit(timeout: 10) == .exit(0))
      await click.drainOutput()
      #expect(click.stderr.text.contains("unknown action \"strat\""), "\(click.stderr.text)")
      let status = try await sandbox.status()
      #expect(status["phase"] as? String == "focus", "left's default, toggle, started a focus: \(status)")
    }
  }

  @Test("A missing --config file: check-config refuses it; ctl and status warn and go on")
  func missingExplicitConfig() async throws {
    try await withSandbox { sandbox in
      let missing = sandbox.root + "/missing.toml"
      let check = try await sandbox.run(["check-config", missing])
      #expect(check.status == 78, "\(check)")
      #expect(check.stderr.contains("\(missing): no such file"), "\(check)")
      for command in [["ctl", "start"], ["status"]] {
        let result = try await sandbox.run(command + ["--config", missing])
        #expect(result.status == 0, "\(command): \(result)")
        #expect(result.stderr.contains("pomobar: warning: \(missing): no such file"), "\(command): \(result)")
      }
    }
  }

  @Test("A FIFO in place of the config does not hang a command: it is a mistake like any other")
  func fifoConfig() async throws {
    try await withSandbox { sandbox in
      try FileManager.default.removeItem(atPath: sandbox.configPath)
      #expect(mkfifo(sandbox.configPath, 0o600) == 0)
      let check = try await sandbox.run(["check-config"], timeout: 3)
      #expect(check.status == 78, "\(check)")
      #expect(check.stderr.contains("not a regular file but a FIFO"), "\(check)")
      let status = try await sandbox.run(["status"], timeout: 3)
      #expect(status.status == 0, "\(status)")
    }
  }

  @Test("A config deleted and written again (a non-atomic save) keeps the last good settings meanwhile")
  func deletedAndRewrittenConfig() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"7m\"") { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      #expect(bar.lastFrame?.text == "⣿ Ready 07:00 ○○○○")
      try FileManager.default.removeItem(atPath: sandbox.configPath)
      bar.process.signal(SIGHUP)  // a reload while the file is missing, besides inotify's
      await pause(0.5)
      #expect(!bar.frames.contains { $0.text.contains("25:00") }, "not the defaults: \(bar.frames)")
      #expect(bar.lastFrame?.text == "⣿ Ready 07:00 ○○○○", "no ⚠ either")
      #expect(!bar.process.stderr.text.contains("warning"), "\(bar.process.stderr.text)")
      try sandbox.writeConfig("[timer]\nfocus = \"8m\"")
      try await bar.waitForNextFrame(timeout: 3) { $0.text == "⣿ Ready 08:00 ○○○○" }
    }
  }
}
