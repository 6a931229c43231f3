import PomobarCore

/// A focus written back to its task (`[tasks] write-back`): one more command of the
/// transition's job at the focus's start and end, so it runs exactly once, as hooks do,
/// after them and never under the state lock. Its failure is a line in `hooks.failed`
/// (label `task-write-back`): ⚠ on every bar once, until the next write-back that works.
extension EffectRunner {
  func writeBackCommands(_ event: HookEvent, _ context: HookContext, now: ClockReading) -> [EffectJob.Command]
  {
    guard context.phase == .focus, event == .focusStart || event == .focusEnd, let task = context.task else {
      return []
    }
    let starting = event == .focusStart
    let spent = starting ? .zero : (context.total ?? .zero) - (context.remaining ?? .zero)
    guard
      let plan = TaskWriteBack.plan(
        config.tasks, source: task.source, id: task.id, step: starting ? .start : .end,
        outcome: context.reason?.rawValue ?? "", spent: spent)
    else { return [] }
    // The hooks' variables (POMOBAR_TASK, POMOBAR_TASK_ID...), the minutes, and the mark
    // by which the contrib taskwarrior hook knows pomobar's own start and stop.
    let environment =
      Self.environment(event, context, now: now) + [
        "POMOBAR_WRITE_BACK=1", "POMOBAR_MINUTES=\(plan.minutes)",
      ]
    let arguments =
      plan.source == TaskSettings.Source.command.rawValue
      ? ["/bin/sh", "-c", config.tasks.writeBackCommand ?? ""]
      : ["/proc/self/exe", TaskWriteBack.command] + plan.arguments
    return [
      EffectJob.Command(label: EffectFailures.writeBackLabel, arguments: arguments, environment: environment)
    ]
  }
}
