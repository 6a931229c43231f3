/// What the contrib taskwarrior hook (`contrib/taskwarrior/on-modify.pomobar`) asks of
/// pomobar, decided from the task before and after a change (taskwarrior's on-modify
/// input: two lines of JSON): `task 12 start` starts a focus on that task and its
/// project; `task 12 stop`, `done` or `delete` stops the focus if it is on that task.
public enum TaskwarriorHook {
  public enum Change: Equatable, Sendable {
    case started(TaskRef)
    case stopped(uuid: String)
    case none
  }

  /// The change between `old` and `new` (taskwarrior's JSON of one task); `.none` for
  /// anything that is not a start or a stop, or that cannot be read.
  public static func change(old: String, new: String) -> Change {
    guard let before = try? JSON.parse(old), let after = try? JSON.parse(new),
      let uuid = after["uuid"]?.stringValue
    else { return .none }
    let wasActive = before["start"]?.stringValue != nil
    let status = after["status"]?.stringValue ?? "pending"
    let isActive = after["start"]?.stringValue != nil && status == "pending"
    if isActive && !wasActive {
      let task = TaskRef.clamped(
        title: after["description"]?.stringValue ?? uuid, id: uuid,
        source: TaskSettings.Source.taskwarrior.rawValue,
        project: after["project"]?.stringValue, estimate: Taskwarrior.estimate(after))
      return task.map(Change.started) ?? .none
    }
    if wasActive && !isActive { return .stopped(uuid: uuid) }
    return .none
  }

  /// The events `change` makes of the timer `state` (decided under the lock): the task
  /// set and a focus started; a stop only when the focus is on the task stopped.
  public static func events(_ change: Change, state: TimerState) -> [Event] {
    switch change {
    case .started(let task): return [.action(.task(task)), .action(.start)]
    case .stopped(let uuid):
      return state.ledger.task?.id == uuid && state.phase != .idle ? [.action(.stop)] : []
    case .none: return []
    }
  }
}
