import PomobarCore

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
  /// The config file given with `--config`, for what a notification's button does; nil:
  /// the default one.
  public var configPath: String?

  public init(config: Config, logFolder: String, configPath: String? = nil) {
    self.config = config
    self.logFolder = logFolder
    self.configPath = configPath
  }

  public var logPath: String { StateFolder(logFolder).hooksLog }

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
        if config.focusMode.dnd != .off, context.phase == .focus,
          event == .focusStart || event == .focusEnd
        {
          // Before the user's hooks of the event, and so before the notification that
          // follows a focus end: the daemon shows it again by then.
          commands.append(
            EffectJob.Command(
              label: "dnd",
              arguments: DoNotDisturb.arguments(
                on: event == .focusStart, choice: config.focusMode.dnd, folder: logFolder)))
        }
        commands += hookCommands(event, context, now: now)
        commands += writeBackCommands(event, context, now: now)
      case .notify(let ended, let next):
        guard config.notifications.enabled else { continue }
        // The timer as the write leaves it; an event applied after the catch-up in the
        // same write (a click at the deadline) moved it on: then the phase that ran out
        // into, with the rest as written (its buttons are stale, and do nothing).
        var state = commit?.timer ?? TimerState(phase: next)
        state.phase = next
        commands.append(notification(NotificationPlan(ended: ended, state: state, config: config)))
      case .remindBreak(let worked):
        guard config.notifications.enabled else { continue }
        let state = commit?.timer ?? TimerState()
        commands.append(notification(NotificationPlan(overdue: worked, state: state, config: config)))
      case .budgetReached(let alert):
        guard config.notifications.enabled else { continue }
        commands.append(notification(NotificationPlan(budget: alert)))
      case .askAway(let choice):
        guard config.notifications.enabled else { continue }
        let state = commit?.timer ?? TimerState()
        commands.append(notification(NotificationPlan(away: choice, state: state, config: config)))
      case .writeBack(let step, let context):
        commands += writeBackCommands(step, context, now: now)
      case .nudge(let nudge):
        guard config.notifications.enabled else { continue }
        let state = commit?.timer ?? TimerState()
        commands.append(notification(NotificationPlan(nudge: nudge, state: state, config: config)))
      }
    }
    guard !commands.isEmpty else { return nil }
    return EffectJob(commands: commands, timeout: config.hookTimeout, log: logPath, commit: commit)
  }

  /// Starts the runner for the effects of the state write `commit`, if they call for any
  /// command or a notification may be open that the write made stale; `now` is a clock
  /// reading (any recent one: it only maps times).
  public func start(
    _ effects: [Effect], commit: StateStore.Commit, now: ClockReading
  ) throws(SystemError) {
    let mayClose = Notifier.mayBeOpen(folder: logFolder)
    var job =
      job(for: effects, now: now, commit: commit)
      ?? (mayClose
        ? EffectJob(commands: [], timeout: config.hookTimeout, log: logPath, commit: commit) : nil)
    job?.closeStale = mayClose
    // The sounds in a runner of their own, started first: a slow hook never delays them.
    for job in [soundJob(for: effects, commit: commit), job].compactMap({ $0 }) {
      try Spawner.spawn(
        ["pomobar", EffectSupervisor.command, job.json()], executable: "/proc/self/exe",
        detach: .newSession)
    }
  }

  /// The command that shows `plan`: `pomobar __notify JOB`, started without waiting for it.
  ///
  /// notify-send gets `--app-name=pomobar`, `--urgency`, `--icon` (added by the notifier
  /// when not configured), `--expire-time` when `[notifications] timeout` is set, the
  /// `x-canonical-private-synchronous` hint (one pomobar notification at a time), one
  /// `--action=NAME=Label` per button, and `--` before the title and body.
  func notification(_ plan: NotificationPlan) -> EffectJob.Command {
    let settings = config.notifications
    var arguments =
      settings.command + [
        "--app-name=pomobar", "--urgency=\(settings.urgency.rawValue)",
        "--hint=string:x-canonical-private-synchronous:pomobar",
      ]
    if let timeout = settings.timeout { arguments.append("--expire-time=\(timeout.nanoseconds / 1_000_000)") }
    arguments += plan.buttons.map { "--action=\($0.name)=\($0.label)" }
    arguments += ["--", plan.title, plan.body]  // a title may begin with a dash
    if let icon = settings.icon { arguments.insert("--icon=" + icon, at: settings.command.count) }
    let job = NotificationJob(
      arguments: arguments, icon: settings.icon,
      buttons: plan.buttons.map { .init(name: $0.name, ctl: $0.ctlWords) },
      subject: plan.subject, folder: logFolder, log: logPath,
      lifetime: Self.lifetime(timeout: settings.timeout, buttons: !plan.buttons.isEmpty),
      configPath: configPath)
    return EffectJob.Command(
      label: "notification", arguments: ["/proc/self/exe", Notifier.command, job.json()], detached: true)
  }

  /// How long a notifier may wait: a little past the notification's own timeout, or an
  /// hour when the daemon keeps it (a critical one, or a daemon without timeouts); 30 s
  /// for one without buttons, whose notify-send does not wait.
  static func lifetime(timeout: Duration?, buttons: Bool) -> Duration {
    guard buttons else { return .seconds(30) }
    return timeout.map { $0 + .seconds(5) } ?? .seconds(3600)
  }
}
