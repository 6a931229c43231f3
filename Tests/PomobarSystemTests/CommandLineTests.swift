import Foundation
import Testing

/// The command line of the built binary: help, version, usage errors, `status --format json`.
@Suite("Command line")
struct CommandLineTests {
  @Test("An action that changes nothing says why on stderr and exits 0; one that acts says nothing")
  func actionsThatChangeNothingSaySo() async throws {
    try await withSandbox { sandbox in
      let expected = [
        (["void"], "pomobar: no focus to void: the timer is idle"),
        (["interrupt", "external"], "pomobar: no focus to interrupt: the timer is idle"),
        (["project", "next"], "pomobar: no other project to switch to"),
        (["work", "stop"], "pomobar: the work clock is not running"),
        (["back"], "pomobar: not away"),
      ]
      for (words, stderr) in expected {
        let result = try await sandbox.run(["ctl"] + words)
        #expect(result.status == 0, "\(words): \(result)")
        #expect(result.stderr == stderr, "\(words)")
      }
      #expect(try await sandbox.run(["ctl", "start"]).stderr == "", "it acted")
      #expect(try await sandbox.run(["ctl", "start"]).stderr == "pomobar: nothing to start: a focus is running")
    }
  }

  @Test("ctl interrupt with a mistyped kind is a usage error with the word it meant, not a note")
  func interruptKindMistyped() async throws {
    try await withSandbox(config: "[timer]\nfocus = \"25m\"\n") { sandbox in
      try await sandbox.ctl("start")
      let result = try await sandbox.run(["ctl", "interrupt", "externl", "call"])
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr.contains("unknown kind 'externl' (did you mean 'external'?)"), "\(result)")
      func counted() -> Int? { (sandbox.stateDocument()?["ledger"] as? [String: Any])?["internal"] as? Int }
      #expect(counted() == 0, "nothing recorded")
      // A note that is no kind at all is still a note, of an internal interruption.
      try await sandbox.ctl("interrupt", "phone", "call")
      #expect(counted() == 1)
    }
  }

  @Test("--help prints the usage and exits 0")
  func helpPrintsUsage() async throws {
    try await withSandbox { sandbox in
      for arguments in [["--help"], ["-h"], ["help"]] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result)")
        #expect(result.stdout.contains("Usage:"), "\(arguments): \(result)")
        #expect(result.stdout.contains("pomobar ctl ACTION"), "\(arguments): \(result)")
        #expect(result.stderr.isEmpty, "\(arguments): \(result)")
      }
      let ctl = try await sandbox.run(["ctl", "--help"])
      #expect(ctl.status == 0, "\(ctl)")
      #expect(ctl.stdout.contains("Usage: pomobar ctl ACTION"), "\(ctl)")
    }
  }

  @Test("--version prints the version and the commit, and exits 0")
  func versionPrintsVersion() async throws {
    try await withSandbox { sandbox in
      for arguments in [["--version"], ["-V"]] {
        let result = try await sandbox.run(arguments)
        #expect(result.status == 0, "\(result)")
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // `pomobar 0.1.0 (commit abc1234)`; a plain `swift build` says `(commit unknown)`,
        // scripts/build-release the commit, `-dirty` with uncommitted changes.
        let pattern = #/pomobar (\d+)\.(\d+)\.(\d+) \(commit (unknown|[0-9a-f]{7,40}(-dirty)?)\)/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(result)")
      }
    }
  }

  @Test(
    "A usage error exits 64 with a message and a hint",
    arguments: [
      (["frobnicate"], "unknown command 'frobnicate'"),
      (["statsu"], "did you mean 'status'?"),
      (["status", "--bogus"], "unknown option '--bogus'"),
      (["--format", "i3barr"], "did you mean 'i3bar'?"),
      (["ctl", "strat"], "did you mean 'start'?"),
      (["ctl", "tog"], "did you mean 'toggle'?"),
      (["help", "bogus"], "no help for 'bogus'"),
      (["ctl", "extend", "169h"], "'169h' is out of range: at most a week"),
      (["ctl", "frobnicate"], "unknown action 'frobnicate'"),
      (["ctl"], "which action?"),
      (["ctl", "extend", "soon"], "cannot read 'soon' as a duration"),
      (["ctl", "extend", "5", "mns"], "'5 mns' as a duration: 'mns' is not a unit; write 5 mins"),
      (["ctl", "snooze", "1:30"], "a clock time is not a duration; write 1h30m (or 1m30s)"),
      (["ctl", "pause", "5m"], "takes no argument"),
      (["status", "extra"], "unexpected argument 'extra'"),
      (["status", "--format"], "--format needs a value"),
      (["report", "week", "--html", "--json"], "one output at a time (got --html and --json)"),
      (["export", "--format", "csv", "--focus"], "--focus goes with --format ics"),
      (["export", "--format", "csv", "--kind", "wrok"], "did you mean 'work'?"),
      (["export", "--format", "ics", "--kind", "work"], "--kind does not go with --format ics"),
    ])
  func usageErrorExits64(arguments: [String], message: String) async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains(message), "\(arguments): \(result)")
      #expect(result.stderr.contains("--help"), "a hint toward --help: \(result)")
      #expect(result.stdout.isEmpty, "\(arguments): \(result)")
      #expect(!FileManager.default.fileExists(atPath: sandbox.statePath), "a usage error changes nothing")
    }
  }

  @Test("status --format json is valid JSON with every documented field")
  func statusJSONHasDocumentedFields() async throws {
    // A focus far longer than the test, so that a loaded machine cannot end it between
    // `ctl start` and `status` (a 3 s one read 1 s left, or had ended).
    try await withSandbox(config: "[timer]\nfocus = \"25m\"") { sandbox in
      let idle = try await sandbox.status()
      let fields = [
        "phase", "paused", "urgent", "remaining", "total", "percentage", "position", "cycle_length",
        "ends_at", "note", "text", "short_text", "tooltip", "color",
      ]
      for field in fields { #expect(idle[field] != nil, "field \(field) in \(idle)") }
      #expect(idle["phase"] as? String == "idle")
      #expect(idle["paused"] as? Bool == false)
      #expect(idle["urgent"] as? Bool == false)
      #expect(idle["remaining"] as? Int == 1500)
      #expect(idle["total"] as? Int == 1500)
      #expect(idle["position"] as? Int == 1)
      #expect(idle["cycle_length"] as? Int == 4)
      #expect(idle["ends_at"] is NSNull)
      #expect(idle["note"] is NSNull)
      #expect((idle["color"] as? String)?.range(of: "^#[0-9A-Fa-f]{6}$", options: .regularExpression) != nil)

      try await sandbox.ctl("start")
      let running = try await sandbox.status()
      #expect(running["phase"] as? String == "focus")
      #expect(running["paused"] as? Bool == false)
      #expect((running["remaining"] as? Int).map { (1440...1500).contains($0) } == true, "\(running)")
      #expect(
        (running["ends_at"] as? String)?.range(of: "^[0-2][0-9]:[0-5][0-9]$", options: .regularExpression)
          != nil)
      #expect((running["text"] as? String)?.contains("Focus") == true)
      #expect((running["percentage"] as? Int).map { (0...100).contains($0) } == true)
    }
  }

  @Test("status prints plain text by default and other formats on request")
  func statusFormats() async throws {
    try await withSandbox { sandbox in
      let plain = try await sandbox.run(["status"])
      #expect(plain.status == 0)
      #expect(plain.stdout == "⣿ Ready 00:03 ○○○○", "one line: \(plain)")
      let waybar = try await sandbox.run(["status", "--format", "waybar"])
      let object = try decodeObject(waybar.stdout)
      #expect(object["alt"] as? String == "idle")
      let i3bar = try await sandbox.run(["status", "--format", "i3bar"])
      let lines = i3bar.stdout.split(separator: "\n")
      #expect(lines.count == 3 && lines[1] == "[", "header, [, one frame: \(i3bar)")
    }
  }
}
