import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pomobar ctl task` with a source and a picker, run by the real binary: the choice set,
/// a cancel that changes nothing, hostile sources bounded and shown with ⚠ while a bar
/// keeps its second, and todo.txt written back once at the focus's end.
@Suite("Task sources", .serialized)
struct TaskSourceCommandTests {
  static func config(_ tasks: String, timer: String = Sandbox.shortTimer) -> String {
    timer + "\n[tasks]\n" + tasks + "\n"
  }

  static func task(_ sandbox: Sandbox) -> [String: Any]? {
    (sandbox.stateDocument()?["ledger"] as? [String: Any])?["task"] as? [String: Any]
  }

  @Test("The picker's choice becomes the task, with the source's id and project; a cancel changes nothing")
  func pickedTaskIsSetAndCancelChangesNothing() async throws {
    let config = Self.config(
      """
      source = "command"
      command = "printf 'write the report +acme\\\\ncall Bob\\\\n'"
      picker = "head -n 1"
      """)
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let picked = try await sandbox.run(["ctl", "task"])
      #expect(picked.status == 0, "\(picked)")
      let task = try #require(Self.task(sandbox), "\(String(describing: sandbox.stateDocument()))")
      #expect(task["title"] as? String == "write the report")
      #expect(task["id"] as? String == "write the report +acme")
      #expect(task["source"] as? String == "command")
      #expect(task["project"] as? String == "acme")
      let before = sandbox.read(sandbox.statePath)
      try sandbox.writeConfig(
        "[tasks]\nsource = \"command\"\ncommand = \"echo other\"\npicker = \"false\"\n", hooks: false,
        notifications: false)
      let cancelled = try await sandbox.run(["ctl", "task"])
      #expect(cancelled.status == 0 && cancelled.stderr.isEmpty, "\(cancelled)")
      #expect(sandbox.read(sandbox.statePath) == before)
    }
  }

  @Test(
    "A hostile source is refused with its reason, on stderr and with ⚠ on a bar that keeps its second",
    arguments: [
      ("printf 'a\\\\000b\\\\n'", "NUL byte"),
      ("printf 'ok\\\\n\\\\303\\\\050\\\\n'", "not UTF-8 (at byte 3)"),
      ("head -c 10485760 /dev/zero | tr '\\\\0' a", "more than 4 MiB"),
      ("exec sleep 60", "timed out after 5s"),
    ])
  func hostileSourceIsBounded(command: String, reason: String) async throws {
    let config = Self.config(
      "source = \"command\"\ncommand = \"\(command)\"\npicker = \"head -n 1\"",
      timer: "[timer]\nfocus = \"10m\"")
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let bar = try await sandbox.startBar(.waybar)
      try await sandbox.ctl("start")
      try await bar.waitForFrame(timeout: 5, "the focus") {
        $0.text.contains("10:00") || $0.text.contains("9:5")
      }
      let result = try await sandbox.run(["ctl", "task"], timeout: 20)
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains(reason), "\(result)")
      #expect(result.duration < 9, "bounded: \(result)")
      let warned = try await bar.waitForFrame(timeout: 5, "⚠ with the reason") {
        $0.text.hasSuffix("⚠") && ($0.fields["tooltip"] as? String ?? "").contains("tasks: [tasks] command")
      }
      // The bar kept its second while the source ran: no gap of two seconds in its frames.
      let times = bar.frames.map(\.at)
      let gaps = zip(times.dropFirst(), times).map { Double($0 - $1) / 1e9 }
      #expect(gaps.allSatisfy { $0 < 2 }, "frames \(gaps)")
      #expect(Self.task(sandbox) == nil)
      _ = warned
    }
  }

  @Test("A taskwarrior that is missing or fails says why; its own message reaches stderr")
  func missingOrFailingTaskwarrior() async throws {
    let config = Self.config("source = \"taskwarrior\"\npicker = \"head -n 1\"")
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      let bin = sandbox.root + "/bin"
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      // No `task` on this PATH at all.
      let missing = try await sandbox.run(["ctl", "task"], environment: ["PATH": bin])
      #expect(missing.status == 1 && missing.stderr.contains("is taskwarrior installed?"), "\(missing)")
      // A `task` whose data is locked, as taskwarrior says it.
      try sandbox.write("#!/bin/sh\necho 'Unable to lock pending.data' >&2\nexit 2\n", to: bin + "/task")
      chmod(bin + "/task", 0o755)
      let locked = try await sandbox.run(["ctl", "task"], environment: ["PATH": bin + ":/usr/bin:/bin"])
      #expect(locked.status == 1, "\(locked)")
      #expect(locked.stderr.contains("Unable to lock pending.data"), "\(locked)")
      #expect(locked.stderr.contains("task export failed: exit 2"), "\(locked)")
      #expect(Self.task(sandbox) == nil)
    }
  }

  @Test("A todo.txt task gets the focus's minutes and pomo count once, at the focus's end")
  func todoTxtIsWrittenBackOnce() async throws {
    try await withSandbox(config: "", hooks: false, notifications: false) { sandbox in
      let file = sandbox.root + "/todo.txt"
      try sandbox.write("call mum\n(A) 2026-11-01 write the report +acme @desk\n", to: file)
      try sandbox.writeConfig(
        Self.config(
          "source = \"todo.txt\"\nfile = \"\(file)\"\npicker = \"head -n 1\"",
          timer: "[timer]\nfocus = \"2s\"\nshort-break = \"10m\""), hooks: false, notifications: false)
      let picked = try await sandbox.run(["ctl", "task"])
      #expect(picked.status == 0, "\(picked)")
      #expect(Self.task(sandbox)?["title"] as? String == "write the report")
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      _ = try await sandbox.status()  // makes the overdue transition
      let written = try await eventually("the write-back", timeout: 10) {
        sandbox.read(file).flatMap { $0.contains("pomo:") ? $0 : nil }
      }
      try await sandbox.waitForEffects()
      #expect(written == "call mum\n(A) 2026-11-01 write the report +acme @desk pomo:1 spent:0m\n")
      #expect(sandbox.read(file) == written)
      #expect((sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "").contains("task-write-back"))
    }
  }
}
