import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a one-shot command did.
struct CommandResult: CustomStringConvertible {
  var termination: Termination
  var stdout: String
  var stderr: String
  /// Seconds from launch to exit.
  var duration: Double

  var status: Int32? {
    if case .exit(let code) = termination { return code }
    return nil
  }

  var description: String {
    "\(termination) after \(String(format: "%.3f", duration)) s\nstdout:\n\(stdout)\nstderr:\n\(stderr)"
  }
}

/// A private world for one test: its own state, config and data folders, its own test
/// clock file, hook and notification logs, and every pomobar it started, all killed and
/// removed by `cleanup()`.
final class Sandbox {
  let root: String
  var stateDirectory: String { root + "/state/pomobar" }
  var statePath: String { stateDirectory + "/state.json" }
  var configDirectory: String { root + "/config/pomobar" }
  var configPath: String { configDirectory + "/config.toml" }
  /// `POMOBAR_TEST_CLOCK`: absent until a test writes adjustments to it.
  var clockPath: String { root + "/clock" }
  /// One line per hook run: `EVENT PHASE REASON`.
  var hookLog: String { root + "/hooks.log" }
  /// One line per notification: `SUMMARY|BODY`.
  var notificationLog: String { root + "/notifications.log" }
  var notifyScript: String { root + "/notify.sh" }

  private(set) var environment: [String: String]
  private var started: [PomobarProcess] = []

  /// A short `[timer]` for most tests: 3 s focus, 2 s short break, 4 s long break.
  static let shortTimer = """
    [timer]
    focus = "3s"
    short-break = "2s"
    long-break = "4s"
    """

  /// Creates the folders and writes `config` plus logging hooks and notifications.
  init(config: String = Sandbox.shortTimer, hooks: Bool = true, notifications: Bool = true) throws {
    var template = Array("/tmp/pomobar-e2e-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
    root = String(cString: made)
    for folder in ["home", "state", "config/pomobar", "data"] {
      try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    let inherited = ProcessInfo.processInfo.environment
    environment = [
      "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": root + "/home",
      "XDG_STATE_HOME": root + "/state",
      "XDG_CONFIG_HOME": root + "/config",
      "XDG_DATA_HOME": root + "/data",
      "POMOBAR_TEST_CLOCK": root + "/clock",
      "LANG": "C.UTF-8",
      "TZ": "UTC",
      // The user's session bus, as pomobar's notifier needs one (`SessionBus`); only the
      // fake notify-send below looks at it.
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + root + "/bus",
    ]
    // A notify-send that logs its title and body (its last two words) and all its words;
    // with a file `press` in the sandbox, it "presses" the button named there. Run
    // without the user's bus (the real one would start a bus of its own), it logs its
    // words to `notifications.log.elsewhere` and fails.
    try write(
      """
      #!/bin/sh
      if [ "$DBUS_SESSION_BUS_ADDRESS" != 'unix:path=\(root)/bus' ]; then
        printf '%s\\n' "$*" >> '\(notificationLog).elsewhere'
        echo 'Cannot connect to the session bus' >&2
        exit 1
      fi
      for word; do title=$body; body=$word; done
      printf '%s|%s\\n' "$title" "$body" >> '\(notificationLog)'
      printf '%s\\n' "$*" >> '\(notificationLog).args'
      if [ -f '\(root)/press' ]; then sleep 0.2; cat '\(root)/press'; fi

      """, to: notifyScript)
    chmod(notifyScript, 0o755)
    try writeConfig(config, hooks: hooks, notifications: notifications)
    try pinMidday()
  }

  deinit { cleanup() }

  /// Kills every process this sandbox started and removes its folder.
  func cleanup() {
    for process in started { process.kill() }
    started.removeAll()
    try? FileManager.default.removeItem(atPath: root)
  }

  /// Puts `folder` first on the `PATH` of every pomobar started from now on (fake
  /// control programs such as `dunstctl`).
  func prependPath(_ folder: String) {
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
  }

  // MARK: - Files

  func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func read(_ path: String) -> String? {
    try? String(contentsOfFile: path, encoding: .utf8)
  }

  /// Writes the config: `body`, then (unless turned off) hooks that log every event to
  /// `hookLog` and a notification command that logs to `notificationLog`.
  func writeConfig(_ body: String, hooks: Bool = true, notifications: Bool = true) throws {
    try write(configText(body, hooks: hooks, notifications: notifications), to: configPath)
  }

  func configText(_ body: String, hooks: Bool = true, notifications: Bool = true) -> String {
    var text = body + "\n"
    if hooks {
      text += "\n[hooks]\n"
      for event in ["focus-start", "focus-end", "break-start", "break-end", "pause", "resume", "overdue"] {
        text += "\(event) = \"echo $POMOBAR_EVENT $POMOBAR_PHASE $POMOBAR_REASON >> \(hookLog)\"\n"
      }
    }
    text += "\n[notifications]\n"
    text += notifications ? "command = \"\(notifyScript)\"\n" : "enabled = false\n"
    return text
  }

  /// Waits until something has read the config file since it was last written: its
  /// access time passed its modification time (the file system updates the access time
  /// of a file read after a write, even under `relatime`). In a sandbox with one bar, the
  /// bar has reloaded it.
  func waitForConfigRead(timeout: Double = 5) async throws {
    try await eventually("the config file read after its last write", timeout: timeout, every: 0.005) {
      () -> Bool? in
      var info = stat()
      guard lstat(configPath, &info) == 0 else { return nil }
      let read = (info.st_atim.tv_sec, info.st_atim.tv_nsec)
      let written = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
      return read > written ? true : nil
    }
  }

  /// Sets a variable for every pomobar started from now on (e.g. a `PATH` with fake programs).
  func setEnvironment(_ name: String, _ value: String) {
    environment[name] = value
  }

  /// Replaces the test clock's adjustments (`suspend S`, `awake S`, `wall S`, `boot ID`
  /// lines), after the ones every reading keeps (`pinMidday`).
  func setClock(_ lines: String) throws {
    let base = lines.contains("freeze") ? [] : clockBase  // a frozen clock is set whole
    try write((base + [lines]).joined(separator: "\n") + "\n", to: clockPath)
  }

  /// Adjustments `setClock` keeps, but with a `freeze`.
  private var clockBase: [String] = []
  /// How far pomobar's wall clock is from the machine's, in seconds (`pinMidday`).
  private(set) var wallShift: Int64 = 0

  /// The wall clock as pomobar reads it now, in seconds since the epoch.
  var wallNow: Double { Date().timeIntervalSince1970 + Double(wallShift) }

  /// Moves this sandbox's wall clock to 12:00 UTC of today, as every sandbox starts: a
  /// test moves the clock on, dates things back by minutes, or has work hours up to 23:59,
  /// then reads `log today` or the day's totals; run within an hour of midnight, it saw
  /// its records on two days (found running the suite at 23:53 and at 00:00 UTC). A test
  /// that compares an instant pomobar wrote with the machine's clock uses `wallNow`.
  func pinMidday() throws {
    wallShift = 43_200 - Int64(Date().timeIntervalSince1970) % 86_400
    clockBase = ["wall \(wallShift)"]
    try setClock("")
  }

  /// Hook lines logged so far, optionally only those for `event` (e.g. "focus-end").
  func hookLines(_ event: String? = nil) -> [String] {
    let lines = (read(hookLog) ?? "").split(separator: "\n").map(String.init)
    guard let event else { return lines }
    return lines.filter { $0.hasPrefix(event + " ") }
  }

  func notifications() -> [String] {
    (read(notificationLog) ?? "").split(separator: "\n").map(String.init)
  }

  /// The state folder's file names, sorted.
  func stateFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? []).sorted()
  }

  /// The state file, decoded by Foundation; nil when missing or not a JSON object.
  func stateDocument() -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: statePath) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  // MARK: - Processes

  /// Starts `pomobar ARGUMENTS` in this sandbox; it is killed by `cleanup()` at the latest.
  func launch(_ arguments: [String], environment extra: [String: String] = [:]) throws -> PomobarProcess {
    let process = try PomobarProcess(arguments, environment: environment.merging(extra) { $1 })
    started.append(process)
    return process
  }

  /// Starts a bar copy and waits for its first frame.
  func startBar(_ format: BarFormat = .i3bar, arguments: [String] = [], timeout: Double = 5) async throws
    -> Bar
  {
    let bar = Bar(try launch(["--format", format.rawValue] + arguments), format: format)
    try await bar.waitForFrame(timeout: timeout, "the first frame")
    return bar
  }

  /// Runs a command to its end (bounded), with `input` on stdin (then closed).
  func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: Double = 10
  ) async throws -> CommandResult {
    let process = try launch(arguments, environment: environment)
    if !input.isEmpty { try process.write(input) }
    process.closeStdin()
    let termination = try await process.waitForExit(timeout: timeout)
    let duration = seconds(from: process.startedAt, to: boottimeNow())
    await process.drainOutput(timeout: 2)
    return CommandResult(
      termination: termination, stdout: process.stdout.text, stderr: process.stderr.text,
      duration: duration)
  }

  /// `pomobar ctl ACTION...`, which must succeed.
  @discardableResult
  func ctl(_ words: String...) async throws -> CommandResult {
    let result = try await run(["ctl"] + words)
    guard result.status == 0 else {
      throw HarnessError("pomobar ctl \(words.joined(separator: " ")) failed: \(result)")
    }
    return result
  }

  /// `pomobar status --format json`, decoded; it must succeed.
  func status() async throws -> [String: Any] {
    let result = try await run(["status", "--format", "json"])
    guard result.status == 0 else { throw HarnessError("pomobar status failed: \(result)") }
    let line = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    return try decodeObject(line)
  }

  /// Waits until the hook log has `count` lines for `event` and every effect process of
  /// this sandbox has ended; returns the lines.
  ///
  /// A duplicate would come from a copy that made the same transition again, and runs its
  /// hooks in an effect runner of its own: once the caller has seen every copy take the
  /// transition (their frames, or one-shot commands that exited) and no runner is left,
  /// no line is still on its way.
  func settledHookLines(_ event: String, atLeast count: Int = 1) async throws -> [String] {
    try await eventually(
      "\(count) \(event) hook line(s); log:\n\(hookLines().joined(separator: "\n"))", timeout: 5
    ) {
      hookLines(event).count >= count ? true : nil
    }
    try await waitForEffects()
    return hookLines(event)
  }

  /// pomobar's own helper processes working for this sandbox: effect runners (`__effects`,
  /// which run hooks, sounds and the notification command in order), notifiers
  /// (`__notify`) and do-not-disturb switches (`__dnd`). Each names this sandbox's state
  /// folder in its job, which is how it is told apart from those of parallel tests.
  func helperProcesses(_ kinds: Set<String> = ["__effects", "__notify", "__dnd"]) -> [pid_t] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name in
      guard let pid = pid_t(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
      else { return nil }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard words.count > 2, kinds.contains(words[1]),
        words[2...].contains(where: { $0.contains(root) })
      else { return nil }
      return pid
    }
  }

  /// Waits until no helper process of this sandbox is left: whatever the effects of the
  /// transitions made so far write (hook lines, notifications, `hooks.log`) is written.
  /// `kinds` narrows it, e.g. to the runners alone while a notification waits for a press.
  ///
  /// It takes two empty looks in a row: a runner starts the notifier before it exits, but
  /// one look can list `/proc` before the notifier exists and read the runner's
  /// `cmdline` after it is gone; the next look, begun after that, finds the notifier.
  func waitForEffects(_ kinds: Set<String> = ["__effects", "__notify", "__dnd"], timeout: Double = 10)
    async throws
  {
    var emptyLooks = 0
    try await eventually(
      "this sandbox's \(kinds.sorted()) processes to end: \(helperProcesses(kinds))", timeout: timeout,
      every: 0.005
    ) {
      emptyLooks = helperProcesses(kinds).isEmpty ? emptyLooks + 1 : 0
      return emptyLooks >= 2 ? true : nil
    }
  }

  /// Waits until the running phase's deadline has passed on pomobar's timeline
  /// (`CLOCK_BOOTTIME` plus the test clock's suspends, none here), read from the state
  /// file: the shortest wait after which the phase has run out.
  func waitForDeadline(timeout: Double = 30) async throws {
    guard let timer = stateDocument()?["timer"] as? [String: Any], let deadline = timer["deadline"] as? Int64
    else { throw HarnessError("no running phase's deadline in the state file: \(read(statePath) ?? "none")") }
    guard seconds(from: boottimeNow(), to: deadline) < timeout else {
      throw HarnessError("the deadline is more than \(timeout) s away")
    }
    await pause(seconds(from: boottimeNow(), to: deadline))
    try await eventually("the deadline to pass", timeout: 1, every: 0.001) {
      boottimeNow() >= deadline ? true : nil
    }
  }
}

/// Runs `body` with a fresh sandbox, cleaning it up however the body ends.
func withSandbox<T>(
  config: String = Sandbox.shortTimer, hooks: Bool = true, notifications: Bool = true,
  _ body: (Sandbox) async throws -> T
) async throws -> T {
  let sandbox = try Sandbox(config: config, hooks: hooks, notifications: notifications)
  defer { sandbox.cleanup() }
  return try await body(sandbox)
}
