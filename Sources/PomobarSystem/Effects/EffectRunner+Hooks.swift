import PomobarCore

/// Hook commands and the variables they get.
///
/// Every variable is set for every event, empty when it does not apply, so a script with
/// `set -u` can read any of them:
/// - `POMOBAR_EVENT`: the event (`focus-end`; for an `any` command, the event it runs for)
/// - `POMOBAR_PHASE`: `focus`, `short-break`, `long-break`; empty when no phase ran
/// - `POMOBAR_REASON`: for ends, `completed`, `skipped`, `stopped`, `reset`, `suspended`,
///   `voided`; for a pause by suspend, `suspended`
/// - `POMOBAR_NEXT_PHASE`: the phase that comes next
/// - `POMOBAR_SLOT`, `POMOBAR_COMPLETED`: the cycle position and the count, at that event
/// - `POMOBAR_DURATION`, `POMOBAR_REMAINING`: the phase's length and what is left of it,
///   in whole seconds (a Flowtime focus: its length so far, and no remaining)
/// - `POMOBAR_ENDS_AT`: when the running phase ends, ISO 8601 local time with its offset
///   (`2026-11-23T14:05:09+01:00`; `date -d "$POMOBAR_ENDS_AT" +%s` for epoch seconds)
/// - `POMOBAR_PROJECT`, `POMOBAR_PREVIOUS_PROJECT` (the `project` event),
///   `POMOBAR_INTERRUPTION` (`internal`/`external`), `POMOBAR_NOTE`
///
/// and while a task is set (`ctl task`), after them: `POMOBAR_TASK` (its title),
/// `POMOBAR_TASK_ID` and `POMOBAR_TASK_SOURCE` (empty when it has none). Without a task
/// they are not set, so a hook's environment is what it was before tasks.
extension EffectRunner {
  /// The commands for `event`: its own, then the `any` ones, each with the event's variables.
  func hookCommands(_ event: HookEvent, _ context: HookContext, now: ClockReading) -> [EffectJob.Command] {
    let own = config.hooks[event] ?? []
    let any = event == .any ? [] : config.hooks[.any] ?? []
    guard !own.isEmpty || !any.isEmpty else { return [] }
    let environment = Self.environment(event, context, now: now)
    return own.map {
      EffectJob.Command(label: event.rawValue, arguments: ["/bin/sh", "-c", $0], environment: environment)
    }
      + any.map {
        EffectJob.Command(
          label: "any:" + event.rawValue, arguments: ["/bin/sh", "-c", $0], environment: environment)
      }
  }

  /// `NAME=value` for each `POMOBAR_*` variable of `event`.
  static func environment(_ event: HookEvent, _ context: HookContext, now: ClockReading) -> [String] {
    let endsAt = context.deadline.map {
      Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: 0).wallTime($0).iso8601
    }
    let values: [(String, String?)] = [
      ("EVENT", event.rawValue),
      ("PHASE", context.phase?.rawValue),
      ("REASON", context.reason?.rawValue),
      ("NEXT_PHASE", context.next.rawValue),
      ("SLOT", "\(context.slot)"),
      ("COMPLETED", "\(context.completed)"),
      ("DURATION", context.total.map { "\($0.ceilSeconds)" }),
      ("REMAINING", context.remaining.map { "\($0.ceilSeconds)" }),
      ("ENDS_AT", endsAt),
      ("PROJECT", context.project),
      ("PREVIOUS_PROJECT", context.previousProject),
      ("INTERRUPTION", context.interruption),
      ("NOTE", context.note),
    ]
      + (context.task.map { [("TASK", $0.title), ("TASK_ID", $0.id), ("TASK_SOURCE", $0.source)] } ?? [])
    return values.map { "POMOBAR_\($0.0)=\($0.1 ?? "")" }
  }
}
