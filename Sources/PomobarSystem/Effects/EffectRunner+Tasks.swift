import PomobarCore

/// A focus written back to its task (`[tasks] write-back`): one more command of the
/// transition's job at the focus's start and end (and when its task changes while it
/// runs: `Effect.writeBack`), so it runs exactly once, as hooks do,
/// after them and never under the state lock. Its failure is a line in `hooks.failed`
/// (label `task-write-back`): ⚠ on every bar once, until the next write-back that works.
extension EffectRunner {
  /// The write-back of a focus's hook `event` (its start or end), if it is one.
  func writeBackCommands(_ event: HookEvent, _ context: HookContext, now: ClockReading) -> [EffectJob.Command]
  {
    guard context.phase == .focus else { return [] }
    switch event {
    case .focusStart: return writeBackCommands(.start, context, now: now)
    case .focusEnd: return writeBackCommands(.end, context, now: now)
    default: return []
    }
  }

  /// The write-back `step` of the focus's task (`context.task`). A command source's
  /// command sees it as the hook event it stands for: `focus-start`, `focus-end`.
  func writeBackCommands(
    _ step: TaskWriteBack.Step, _ context: HookContext, now: ClockReading
  ) -> [EffectJob.Command] {
    guard let task = context.task else { return [] }
    let spent = step == .end ? (context.total ?? .zero) - (context.remaining ?? .zero) : .zero
    guard
      let plan = TaskWriteBack.plan(
        config.tasks, source: task.source, id: task.id, step: step,
        outcome: context.reason?.rawValue ?? "", spent: spent)
    else { return [] }
    let event: HookEvent = step == .start ? .focusStart : .focusEnd
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
