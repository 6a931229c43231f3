import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pomobar --wrap COMMAND` against fake status commands (shell scripts): what the bar
/// reads is one valid i3bar stream whatever the command does.
@Suite("--wrap: another status command's blocks merged with pomobar's")
struct WrapTests {
  /// Writes an executable script into the sandbox; returns its path.
  func script(_ sandbox: Sandbox, _ name: String, _ body: String) throws -> String {
    let path = sandbox.root + "/" + name
    try sandbox.write("#!/bin/bash\n" + body, to: path)
    chmod(path, 0o755)
    return path
  }

  /// The status lines pomobar wrote, each decoded as an array of blocks; every line after
  /// the header and `[` must decode (no half or mixed lines).
  func statusLines(_ bar: Bar) throws -> [[[String: Any]]] {
    let lines = bar.process.stdout.snapshot.dropFirst(2)
    return try lines.enumerated().map { index, line in
      var text = Substring(line.text)
      if index > 0 {
        guard text.hasPrefix(",") else { throw HarnessError("line \(index + 2) lacks its comma: \(text)") }
        text = text.dropFirst()
      }
      guard let blocks = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
        throw HarnessError("line \(index + 2) is not an array of blocks: \(text)")
      }
      return blocks
    }
  }

  func names(_ blocks: [[String: Any]]) -> [String] { blocks.map { $0["name"] as? String ?? "-" } }

  func startWrapped(_ sandbox: Sandbox, _ command: String, _ extra: [String] = []) async throws -> Bar {
    let bar = Bar(try sandbox.launch(["--wrap", command] + extra), format: .i3bar)
    try await bar.waitForFrame(timeout: 5, "the first frame")
    return bar
  }

  /// Ends pomobar as the bar would and checks that the command went with it.
  func stop(_ bar: Bar, childPIDFile: String) async throws {
    let pid =
      pid_t(
        (try? String(contentsOfFile: childPIDFile, encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    bar.process.signal(SIGTERM)
    try await bar.process.waitForExit(timeout: 5)
    if pid > 0 {
      try await eventually("the wrapped command \(pid) to end with pomobar", timeout: 3) {
        Glibc.kill(pid, 0) != 0 ? true : nil
      }
    }
  }

  @Test(
    "the command's lines and pomobar's ticks interleave; each line has both, the command's blocks verbatim")
  func interleaved() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1}'
        echo '['
        n=0
        while :; do
          [ $n -gt 0 ] && printf ','
          printf '[{"name":"one","full_text":"n=%d","x_extra":{"keep":[1,2.50]}},{"name":"two","instance":"b","full_text":"\\\\u00e9"}]\\n' $n
          n=$((n + 1))
          sleep 0.3
        done
        """)
      try sandbox.writeConfig("[wrap]\nposition = 1\n" + Sandbox.shortTimer)
      let bar = try await startWrapped(sandbox, child)
      let header = try #require(bar.header)
      #expect(header["click_events"] as? Bool == true)
      #expect(header["stop_signal"] as? Int == 23)
      try await eventually("three of the command's lines", timeout: 5) {
        try statusLines(bar).filter { names($0).contains("one") }.count >= 3 ? true : nil
      }
      try bar.click(button: 1)  // start focus: pomobar ticks every second now
      try await bar.waitForFrame(after: 1, "focus") { $0.shows("Focus") }
      // Lines came from both: the command's counter and pomobar's seconds both advance.
      let full = try await eventually(
        "five of the command's counters and three of pomobar's texts", timeout: 5
      ) {
        let full = try statusLines(bar).filter { names($0).contains("one") }
        let counters = Set(full.compactMap { $0.first?["full_text"] as? String })
        let times = Set(full.compactMap { $0[1]["full_text"] as? String })
        return counters.count >= 5 && times.count >= 3 ? full : nil
      }
      #expect(full.allSatisfy { names($0) == ["one", "pomobar", "two"] }, "\(full.map(names))")
      // Byte for byte: unknown keys and the number as the command wrote it.
      let raw = try #require(bar.process.stdout.snapshot.last?.text)
      #expect(raw.contains(#""x_extra":{"keep":[1,2.50]}"#))
      #expect(raw.contains(#""full_text":"\u00e9""#))
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("clicks: pomobar's go to the timer, the command's reach its stdin in the bar's framing")
  func clicksRouted() async throws {
    try await withSandbox { sandbox in
      let log = sandbox.root + "/clicks.log"
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        cat <&0 > "\(log)" &
        echo '{"version":1,"click_events":true}'
        echo '['
        echo '[{"name":"clock","instance":"local","full_text":"12:00"}]'
        while :; do sleep 0.5; echo ',[{"name":"clock","instance":"local","full_text":"12:00"}]'; done
        """)
      let bar = try await startWrapped(sandbox, child)
      try await eventually("the command's block", timeout: 5) {
        try statusLines(bar).last.map(names)?.contains("clock") == true ? true : nil
      }
      try bar.click(button: 3, name: "clock", instance: "local")
      try bar.click(button: 1)
      try await bar.waitForFrame(after: 1, "focus after a click on pomobar's block") { $0.shows("Focus") }
      try bar.click(button: 1, name: nil, instance: nil)  // a block without a name
      let expected =
        "[\n" + #"{"name":"clock","instance":"local","button":3,"#
      try await eventually("two clicks in the command's log", timeout: 5) {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count >= 3 ? text : nil
      }
      let text = try String(contentsOfFile: log, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(text.hasPrefix(expected), "\(text)")
      #expect(lines.count == 4 && lines[2].hasPrefix(#",{"button":1,"#) && lines[3].isEmpty, "\(lines)")
      #expect(!text.contains("pomobar"), "pomobar's own click went to the command: \(text)")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("a command that dies: a marker with its exit status, ⚠ on pomobar's block, then a restart")
  func dies() async throws {
    try await withSandbox { sandbox in
      let starts = sandbox.root + "/starts"
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo x >> "\(starts)"
        n=$(wc -l < "\(starts)")
        echo '{"version":1}'
        echo '['
        echo "[{\\"name\\":\\"c\\",\\"full_text\\":\\"run $n\\"}]"
        if [ "$n" -lt 2 ]; then sleep 0.3; exit 3; fi
        while :; do sleep 0.5; echo ",[{\\"name\\":\\"c\\",\\"full_text\\":\\"run $n\\"}]"; done
        """)
      let bar = try await startWrapped(sandbox, child)
      let marked = try await eventually("the marker", timeout: 5) {
        try statusLines(bar).first { names($0).contains("pomobar-wrap") }
      }
      let marker = try #require(marked.first { $0["name"] as? String == "pomobar-wrap" })
      #expect((marker["full_text"] as? String)?.contains("exited with status 3") == true, "\(marker)")
      #expect(!names(marked).contains("c"), "the dead command's blocks are gone")
      let ours = try #require(marked.first { $0["name"] as? String == "pomobar" })
      #expect((ours["full_text"] as? String)?.hasSuffix("⚠") == true, "\(ours)")
      // Restarted after about a second: its blocks are back, the marker and ⚠ gone.
      let back = try await eventually("the restarted command's block", timeout: 5) {
        try statusLines(bar).last.flatMap { line in
          line.contains { $0["full_text"] as? String == "run 2" } ? line : nil
        }
      }
      #expect(!names(back).contains("pomobar-wrap"))
      let after = try #require(back.first { $0["name"] as? String == "pomobar" })
      #expect((after["full_text"] as? String)?.contains("⚠") == false)
      #expect(
        bar.process.stderr.text.contains("'child.sh' exited with status 3"), "\(bar.process.stderr.text)")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("a command without a header that writes garbage and floods: the stream stays whole")
  func garbageAndFlood() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '[{"name":"c","full_text":"first"}]'
        echo 'Traceback (most recent call last):'
        printf '\\033[31m{"broken":\\n'
        for i in $(seq 1 20000); do echo ",[{\\"name\\":\\"c\\",\\"full_text\\":\\"flood $i\\"}]"; done
        head -c 300000 /dev/zero | tr '\\0' 'x'; echo
        while :; do sleep 0.5; echo ',[{"name":"c","full_text":"calm"}]'; done
        """)
      let bar = try await startWrapped(sandbox, child)
      try await eventually("the calm line after the flood", timeout: 10) {
        try statusLines(bar).last.map { $0.contains { $0["full_text"] as? String == "calm" } } == true
          ? true : nil
      }
      let lines = try statusLines(bar)  // throws on any half or mixed line
      let texts = lines.compactMap { $0.first { $0["name"] as? String == "c" }?["full_text"] as? String }
      // Far fewer lines than the command wrote: the newest of each read.
      #expect(lines.count < 5000, "\(lines.count) lines for a flood of 20000")
      #expect(texts.contains { $0.hasPrefix("flood") })
      let stderr = bar.process.stderr.text
      #expect(stderr.contains("not JSON"), "\(stderr)")
      #expect(stderr.contains("longer than 256 KiB"), "\(stderr)")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("the bar's hide and show reach the command as the signals its header asked for")
  func stopAndContinue() async throws {
    try await withSandbox { sandbox in
      let log = sandbox.root + "/signals.log"
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        trap 'echo stop >> "\(log)"' USR1
        trap 'echo cont >> "\(log)"' USR2
        echo '{"version":1,"stop_signal":10,"cont_signal":12}'
        echo '['
        while :; do echo '[{"name":"c","full_text":"x"}],'; sleep 0.2; done
        """)
      let bar = try await startWrapped(sandbox, child)
      try await eventually("the command's block", timeout: 5) {
        try statusLines(bar).last.map(names)?.contains("c") == true ? true : nil
      }
      // What is written while hidden and once shown is
      // `BarSessionWrapTests.whileHiddenNothingIsWrittenAndShownAgainTheLatestLineIs`.
      bar.process.signal(SIGURG)  // i3bar: the bar was hidden
      try await eventually("the command's stop signal", timeout: 3) {
        (try? String(contentsOfFile: log, encoding: .utf8)) == "stop\n" ? true : nil
      }
      bar.process.signal(SIGCONT)
      try await eventually("the command's continue signal", timeout: 3) {
        (try? String(contentsOfFile: log, encoding: .utf8)) == "stop\ncont\n" ? true : nil
      }
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("usage: --wrap needs a command and the i3bar format")
  func usage() async throws {
    try await withSandbox { sandbox in
      let empty = try await sandbox.run(["--wrap", ""])
      #expect(empty.status == 64)
      #expect(empty.stderr.contains("--wrap needs a command"))
      let waybar = try await sandbox.run(["--format", "waybar", "--wrap", "i3status"])
      #expect(waybar.status == 64)
      #expect(waybar.stderr.contains("cannot be used with --format waybar"))
      let status = try await sandbox.run(["status", "--wrap", "i3status"])
      #expect(status.status == 64)
    }
  }
}

extension WrapTests {
  @Test("[wrap] in the config: command and position, and a new position applies on reload")
  func fromConfig() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1}'
        echo '['
        while :; do echo '[{"name":"a","full_text":"A"},{"name":"b","full_text":"B"}],'; sleep 5; done
        """)
      try sandbox.writeConfig("[wrap]\ncommand = \"\(child)\"\nposition = \"last\"\n" + Sandbox.shortTimer)
      let bar = Bar(try sandbox.launch(["--format", "i3bar"]), format: .i3bar)
      try await eventually("the command's blocks, then pomobar's", timeout: 5) {
        try statusLines(bar).last.map(names) == ["a", "b", "pomobar"] ? true : nil
      }
      try sandbox.writeConfig("[wrap]\ncommand = \"\(child)\"\nposition = 1\n" + Sandbox.shortTimer)
      try await eventually("pomobar's block between the command's after the reload", timeout: 5) {
        try statusLines(bar).last.map(names) == ["a", "pomobar", "b"] ? true : nil
      }
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }
}

extension WrapTests {
  @Test("a command that does not exist: the marker says so, and the timer works all the same")
  func notFound() async throws {
    try await withSandbox { sandbox in
      let bar = try await startWrapped(sandbox, "no-such-status-command --flag")
      let marked = try await eventually("the marker", timeout: 5) {
        try statusLines(bar).last.flatMap { line in line.first { $0["name"] as? String == "pomobar-wrap" } }
      }
      #expect(
        marked["full_text"] as? String
          == "⚠ 'no-such-status-command' exited with status 127 (command not found)")
      try bar.click(button: 1)
      try await bar.waitForFrame(after: 1, "focus despite the missing command") { $0.shows("Focus") }
      bar.process.signal(SIGTERM)
      try await bar.process.waitForExit(timeout: 5)
    }
  }
}

extension WrapTests {
  @Test("a command that asks for clicks but never reads them: clicks are dropped, the bar never stalls")
  func clicksNotRead() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1,"click_events":true}'
        echo '['
        while :; do echo '[{"name":"deaf","full_text":"D"}],'; sleep 0.5; done
        """)
      let bar = try await startWrapped(sandbox, child)
      try await eventually("the command's block", timeout: 5) {
        try statusLines(bar).last.map(names)?.contains("deaf") == true ? true : nil
      }
      // About 300 KB of clicks: far more than a pipe holds.
      var burst = ""
      for _ in 0..<2000 { burst += bar.clickLine(button: 1, name: "deaf", instance: "x") }
      try bar.process.write(burst)
      try bar.click(button: 1)
      try await bar.waitForFrame(after: 1, "focus after the burst") { $0.shows("Focus") }
      #expect(
        bar.process.stderr.text.contains("a click for 'child.sh' was dropped: it is not reading its stdin"))
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }
}

extension WrapTests {
  @Test("--wrap takes the rest of the line as the command, each word kept (sway strips the quotes)")
  func restOfLine() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1}'
        echo '['
        while :; do echo "[{\\"name\\":\\"args\\",\\"full_text\\":\\"$# [$1] [$2]\\"}],"; sleep 0.5; done
        """)
      let bar = try await startWrapped(sandbox, child, ["-c", "two words"])
      try await eventually("the command's arguments", timeout: 5) {
        try statusLines(bar).last?.first { $0["name"] as? String == "args" }?["full_text"] as? String
          == "2 [-c] [two words]" ? true : nil
      }
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }
}

extension WrapTests {
  @Test("i3status whose config leaves out output_format: run with that config on stdin, made to write i3bar")
  func i3statusSpeaksI3bar() async throws {
    try await withSandbox { sandbox in
      // Like i3status 2.14: reads `-c FILE` (else $XDG_CONFIG_HOME/i3status/config) and,
      // its parent not being i3bar, falls back to plain text unless the config's last
      // output_format says i3bar. It shows the config's `format` and what its stdin holds.
      let bin = sandbox.root + "/bin"
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      _ = try script(
        sandbox, "bin/i3status",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo "$*" > "\(sandbox.root)/args"
        config=${XDG_CONFIG_HOME}/i3status/config
        [ "$1" = -c ] && config=$2
        conf=$(cat "$config")  # read once: it may be a pipe
        text=$(sed -n 's/^ *format = "\\(.*\\)"/\\1/p' <<<"$conf" | head -n 1)
        format=$(sed -n 's/^ *output_format = "\\(.*\\)"/\\1/p' <<<"$conf" | tail -n 1)
        if [ "$format" = i3bar ]; then
          echo '{"version":1}'; echo '['
          while :; do echo "[{\\"name\\":\\"tztime\\",\\"color\\":\\"#00FF00\\",\\"full_text\\":\\"$text\\"}],"; sleep 0.5; done
        fi
        while :; do echo "$text"; sleep 0.5; done
        """)
      sandbox.prependPath(bin)
      try FileManager.default.createDirectory(
        atPath: sandbox.root + "/config/i3status", withIntermediateDirectories: true)
      try sandbox.write(
        "general {\n  colors = true\n}\norder += \"tztime local\"\ntztime local {\n  format = \"from the config\"\n}\n",
        to: sandbox.root + "/config/i3status/config")
      let bar = try await startWrapped(sandbox, "i3status")
      let line = try await eventually("i3status's own block", timeout: 5) {
        try statusLines(bar).last.flatMap { line in
          line.contains { $0["name"] as? String == "tztime" } ? line : nil
        }
      }
      let clock = try #require(line.first { $0["name"] as? String == "tztime" })
      #expect(clock["full_text"] as? String == "from the config")
      #expect(clock["color"] as? String == "#00FF00")
      #expect(sandbox.read(sandbox.root + "/args") == "-c /dev/stdin\n")
      #expect(!line.contains { ($0["full_text"] as? String)?.contains("⚠") == true }, "\(line)")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("a command that writes plain text: each line shown as one block, as i3bar shows it")
  func plainText() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        n=0
        while :; do n=$((n + 1)); echo "load 0.42 | \\"disk\\" <b>$n</b>"; sleep 0.3; done
        """)
      let bar = try await startWrapped(sandbox, child)
      let texts = try await eventually("two of its lines", timeout: 5) {
        let texts = Set(try statusLines(bar).compactMap { $0.last?["full_text"] as? String })
        return texts.filter { $0.hasPrefix("load") }.count >= 2 ? texts : nil
      }
      #expect(texts.contains("load 0.42 | \"disk\" <b>2</b>"), "\(texts)")
      let last = try #require(try statusLines(bar).last)
      #expect(names(last) == ["pomobar", "-"])
      #expect(last.last?["markup"] as? String == "none")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  @Test("a command that writes nothing usable: ⚠ and the reason in its place; gone when it writes well")
  func nothingUsable() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1}'
        echo '['
        while [ ! -f "\(sandbox.root)/fixed" ]; do echo ',{"full_text":"not an array"}'; sleep 0.2; done
        while :; do echo ',[{"name":"ok","full_text":"fine"}]'; sleep 0.2; done
        """)
      let bar = try await startWrapped(sandbox, child)
      let marked = try await eventually("the reason in the command's place", timeout: 5) {
        try statusLines(bar).last.flatMap { line in line.first { $0["name"] as? String == "pomobar-wrap" } }
      }
      let reason = try #require(marked["full_text"] as? String)
      #expect(reason.hasPrefix("⚠ 'child.sh' wrote something unusable: "), "\(reason)")
      #expect(reason.contains("neither a header nor an array of blocks"), "\(reason)")
      let ours = try #require(try statusLines(bar).last?.first { $0["name"] as? String == "pomobar" })
      #expect((ours["full_text"] as? String)?.hasSuffix("⚠") == true, "\(ours)")
      // Said once (`BarSessionWrapTests` has the frames): one warning on stderr.
      let said = bar.process.stderr.text
      #expect(said.components(separatedBy: "wrote something unusable").count == 2, "\(said)")
      try sandbox.write("", to: sandbox.root + "/fixed")
      let fine = try await eventually("its usable line", timeout: 5) {
        try statusLines(bar).last.flatMap { names($0).contains("ok") ? $0 : nil }
      }
      #expect(!names(fine).contains("pomobar-wrap"))
      #expect((fine.first?["full_text"] as? String)?.contains("⚠") == false, "\(fine)")
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }

  /// i3status writes on the wall clock's seconds, the timer ticks on its own: while a phase
  /// counts seconds, the command's lines are read on pomobar's ticks, one wake-up a second
  /// with the newest line. A command writing ten lines a second wakes a bar that reads each
  /// line as it comes at least ten times a second: over five ticks, fifty wake-ups.
  @Test("while a phase runs, the command's lines are read on pomobar's ticks: one wake-up a second")
  func oneWakeUpPerTick() async throws {
    try await withSandbox { sandbox in
      let child = try script(
        sandbox, "child.sh",
        """
        echo $$ > "\(sandbox.root)/child.pid"
        echo '{"version":1}'
        echo '['
        n=0
        while :; do
          [ $n -gt 0 ] && printf ','
          printf '[{"name":"count","full_text":"n=%d"}]\\n' $n
          n=$((n + 1))
          sleep 0.1
        done
        """)
      try sandbox.writeConfig("[timer]\nfocus = \"25m\"")
      let bar = try await startWrapped(sandbox, child)
      try bar.click(button: 1)
      let first = try await bar.waitForFrame(after: 1, "focus") { $0.shows("Focus") }
      let seconds = try #require(first.remaining)
      // Counted from one tick to the fifth after it.
      try await bar.waitForNextFrame(timeout: 3) { $0.shows("Focus", seconds - 1) }
      let before = try LifecycleTests.wakeups(bar.process.pid)
      let newest = { () throws -> String? in
        try statusLines(bar).last?.first { $0["name"] as? String == "count" }?["full_text"] as? String
      }
      let counter = try newest()
      try await bar.waitForNextFrame(timeout: 8) { $0.shows("Focus", seconds - 6) }
      let after = try LifecycleTests.wakeups(bar.process.pid)
      #expect(after - before <= 15, "context switches over five ticks: \(after - before)")
      // And the lines carry the command's newest blocks.
      try await eventually("a newer line of the command's", timeout: 5) {
        try newest() != counter ? true : nil
      }
      try await stop(bar, childPIDFile: sandbox.root + "/child.pid")
    }
  }
}
