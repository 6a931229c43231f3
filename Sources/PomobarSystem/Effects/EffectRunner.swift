import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// Turns a transition's effects into an `EffectJob` and starts pomobar's effect runner on it.
///
/// The runner is this same binary (`/proc/self/exe`, even after an upgrade replaced the
/// file) started as `pomobar __effects JOB` in a session of its own: it runs the commands
/// one after another, each with a timeout, and writes their output to `hooks.log`. The
/// bar or `ctl` that made the transition only starts it, which takes microseconds and
/// cannot block: no `PATH` lookup, no user command, no pipe. That is what lets a
/// transaction start it under the state lock, just before the rename that commits the
/// transition; the runner then waits for the lock and runs nothing unless that rename
/// happened (see `StateStore.transact`). Sounds get a runner of their own, started first
/// (`EffectRunner+Sound.swift`), so that a slow hook never delays them.
///
/// Hook commands run with `sh -c` and the `POMOBAR_*` variables of their event (see
/// `EffectRunner+Hooks.swift`); an event's own commands run first, then the `any` ones.
public struct EffectRunner {
  public var config: Config
  /// Where `hooks.log` lives: the state folder.
  public var logFolder: String

  public init(config: Config, logFolder: String) {
    self.config = config
    self.logFolder = logFolder
  }

  public var logPath: String { logFolder + "/hooks.log" }

  /// The commands `effects` call for, in order; nil when there are none.
  ///
  /// `now` maps the timer's timeline to the wall clock, for `POMOBAR_ENDS_AT`.
  public func job(
    for effects: [Effect], now: ClockReading, commit: StateStore.Commit? = nil
  ) -> EffectJob? {
    var commands: [EffectJob.Command] = []
    for effect in effects {
      switch effect {
      case .persist, .record:
        continue  // the state and the history are written by the transaction itself
      case .runHook(let event, let context):
        commands += hookCommands(event, context, now: now)
      case .notify(let ended, let next):
        guard config.notifications.enabled else { continue }
        let (summary, body) = Self.message(ended: ended, next: next, config.timer)
        commands.append(
          EffectJob.Command(
            label: "notification",
            arguments: config.notifications.command + ["-a", "pomobar", "-u", "normal", summary, body]))
      }
    }
    guard !commands.isEmpty else { return nil }
    return EffectJob(commands: commands, timeout: config.hookTimeout, log: logPath, commit: commit)
  }

  /// Starts the runner for the effects of the state write `commit`, if they call for any
  /// command; `now` is a clock reading (any recent one: it only maps times).
  public func start(
    _ effects: [Effect], commit: StateStore.Commit, now: ClockReading
  ) throws(SystemError) {
    // The sounds in a runner of their own, started first: a slow hook never delays them.
    let jobs = [soundJob(for: effects, commit: commit), job(for: effects, now: now, commit: commit)]
    for job in jobs.compactMap({ $0 }) {
      try Spawner.spawn(
        ["pomobar", EffectSupervisor.command, job.json()], executable: "/proc/self/exe",
        detach: .newSession)
    }
  }

  /// The notification's summary and body for a phase that ran out.
  public static func message(
    ended: PhaseKind, next: TimerPhase, _ settings: TimerSettings
  ) -> (String, String) {
    let summary = ended.isBreak ? "Break over" : "Focus done"
    let body: String
    switch next {
    case .running(let kind, _, let total) where kind.isBreak:
      body = "\(kind == .longBreak ? "Long" : "Short") break started: \(DurationFormat.human(total))."
    case .running(_, _, let total):
      body = "Next focus started: \(DurationFormat.human(total))."
    case .focusDone:
      body = "Time for a break. Click to start it."
    case .idle, .paused:
      body = "Click to start the next focus."
    }
    return (summary, body)
  }
}
