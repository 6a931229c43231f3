import PomobarCore

/// pomobar's effect runner: `pomobar __effects JOB`, started by `EffectRunner`.
///
/// Runs a transition's commands one after another, in the order the transition owes them
/// (a phase's end hook before the next phase's start hook). Each command runs in a process
/// group of its own with `/dev/null` on stdin; its stdout and stderr go through a pipe
/// that this process drains into `hooks.log`, so a command that floods its output never
/// blocks anyone. A command still running after the job's timeout is killed with its
/// whole group (SIGTERM, then SIGKILL a second later); when a command exits, whatever it
/// left running in its group is killed too (a hook that means to leave something running
/// starts it with `setsid`). Every start, exit status and duration is one line in the log,
/// and a hook that fails is noted in `hooks.failed` for the bars to show (`EffectFailures`).
public enum EffectSupervisor {
  /// The hidden command word that starts the runner.
  public static let command = "__effects"

  /// Runs the job given as JSON; the exit status is 2 for a job that cannot be read.
  public static func run(_ argument: String) -> Int32 {
    guard let job = EffectJob(json: argument) else { return 2 }
    // The session bus for every program it runs, as pomobar itself finds it.
    SessionBus.adopt()
    return run(job, clock: SystemClock())
  }

  /// Runs `job`, timing its commands and stamping its log by `clock`.
  static func run(_ job: EffectJob, clock: any ClockSource) -> Int32 {
    Spawner.waitForChildren()
    SignalSet.ignoreBrokenPipe()
    if let commit = job.commit, !StateStore.wasCommitted(commit) {
      // The copy that started this runner died before its rename: the transition did not
      // happen, and the copy that makes it again runs these commands itself.
      HookLog(job.log, clock: clock).line("not run: state write \(commit.name) was never committed")
      return 0
    }
    if job.closeStale, let commit = job.commit {
      // Before the commands: a do-not-disturb restored by them must not show a stale one.
      let state = (try? StateStore.read(commit.statePath)).flatMap { $0 }.flatMap {
        try? StateDocument(json: $0)
      }
      Notifier.closeIfStale(folder: FileSystem.directory(of: commit.statePath), state: state?.timer)
    }
    let folder = FileSystem.directory(of: job.log)
    for sound in job.sounds {
      var log = HookLog(job.log, clock: clock)
      SoundPlayer(environment: .current()).play(
        sound, timeout: job.timeout, folder: folder, clock: clock, log: &log)
      log.close()
    }
    var failed: Set<String> = []
    for command in job.commands {
      if command.detached {
        let log = HookLog(job.log, clock: clock)
        do {
          let pid = try Spawner.spawn(command.arguments, detach: .newSession)
          log.line("\(command.label): started [\(pid)]")
        } catch {
          log.line("\(command.label): not started: \(error)")
        }
        log.close()
        continue
      }
      var log = HookLog(job.log, clock: clock)
      let failure = run(command, timeout: job.timeout, clock: clock, log: &log)
      log.close()
      guard Self.isHook(command.label) else { continue }
      // A failure shows at once; success clears the event's ⚠ only if all its commands
      // in this job succeeded.
      if failure != nil { failed.insert(command.label) }
      if failure != nil || !failed.contains(command.label) {
        // sh says 127 for a program it cannot find: say so in words.
        let shown = failure == "exit 127" ? "exit 127 (command not found)" : failure
        EffectFailures.record(label: command.label, failure: shown, folder: folder, clock: clock)
      }
    }
    return 0
  }

  /// Whether a command's label names a hook (an event, or `any:EVENT`), not the
  /// notification or a sound.
  static func isHook(_ label: String) -> Bool {
    HookEvent(rawValue: label) != nil || label.utf8.starts(with: "any:".utf8)
  }

  /// Runs one command to its end or its timeout; returns how it failed (as the log says
  /// it), or nil when it exited 0.
  @discardableResult
  static func run(
    _ command: EffectJob.Command, timeout: Duration, clock: any ClockSource, log: inout HookLog
  ) -> String? {
    let started = clock.read().monotonic
    let label = command.label
    log.line("\(label): \(command.arguments.last ?? "")")
    let child: ChildProcess
    do {
      child = try ChildProcess(command.arguments, environment: command.environment.map(Self.pair))
    } catch {
      log.line("\(label): not started: \(error)")
      return "not started: \(error)"
    }
    var lines = HookOutput(label: "\(label)[\(child.pid)]")
    // Out of time: the whole group, politely and then not.
    let outcome = child.supervise(
      until: started + timeout.nanoseconds, clock: clock,
      stop: .init(signal: Signal.terminate, wholeGroup: true, grace: 1_000_000_000)
    ) { chunk in lines.take(chunk, into: &log) }
    lines.flush(into: &log)
    let ending: String
    switch (outcome.stopped, outcome.status) {
    case (.some, _): ending = "timed out: killed with its process group"
    case (nil, .exited(let code)): ending = "exit \(code)"
    case (nil, .killed(let signal)): ending = "killed by signal \(signal)"
    }
    let seconds = DurationText.seconds(.nanoseconds(clock.read().monotonic - started))
    log.line("\(label): \(ending) after \(seconds)")
    return ending == "exit 0" ? nil : ending
  }

  private static func pair(_ entry: String) -> (String, String) {
    let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
  }
}
