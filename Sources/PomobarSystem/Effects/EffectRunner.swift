import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// Carries out the effects of a transition this copy made: hooks and notifications.
///
/// Each hook command runs with `sh -c`, detached, with these variables:
/// `POMOBAR_EVENT` (e.g. `focus-end`), `POMOBAR_PHASE` (`focus`, `short-break`,
/// `long-break`), `POMOBAR_REASON` (for ends: `completed`, `skipped`, `stopped`, `reset`,
/// `suspended`), `POMOBAR_SLOT` and `POMOBAR_COMPLETED`.
public struct EffectRunner {
  public var config: Config
  let warn: (String) -> Void

  public init(config: Config, warn: @escaping (String) -> Void) {
    self.config = config
    self.warn = warn
  }

  public func run(_ effects: [Effect], state: TimerState) {
    for effect in effects {
      switch effect {
      case .persist:
        continue  // the store already wrote it
      case .runHook(let event, let phase, let reason):
        let environment = [
          ("POMOBAR_EVENT", event.rawValue), ("POMOBAR_PHASE", phase.rawValue),
          ("POMOBAR_REASON", reason?.rawValue ?? ""), ("POMOBAR_SLOT", "\(state.slot)"),
          ("POMOBAR_COMPLETED", "\(state.completed)"),
        ]
        for command in config.hooks[event] ?? [] {
          do {
            try Spawner.spawn(["/bin/sh", "-c", command], environment: environment)
          } catch {
            warn("hook \(event.rawValue): \(error)")
          }
        }
      case .notify(let ended, let next):
        guard config.notifications.enabled else { continue }
        let (summary, body) = Self.message(ended: ended, next: next, config.timer)
        let command = config.notifications.command
        do {
          try Spawner.spawn(command + ["-a", "pomobar", "-u", "normal", summary, body])
        } catch  where error.errno == ENOENT {
          warn(
            "notification: '\(command.first ?? "")' not found; install it (notify-send is in libnotify-bin) "
              + "or set [notifications] enabled = false")
        } catch {
          warn("notification: \(error)")
        }
      }
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
