extension Action {
  /// Why this action changed nothing in `state` (the timer as it was when it came), in
  /// words for `ctl`, which says so on stderr as `git` does; nil for actions that always do
  /// something, or that change nothing by design (`none`).
  public func unchanged(in state: TimerState) -> String? {
    let phase: String
    switch state.phase {
    case .idle: phase = "the timer is idle"
    case .focusDone: phase = "the focus is done, waiting for its break"
    case .running(let timed, _, _):
      phase = timed.countsUp ? "the focus counts up" : "a \(timed.kind.words) is running"
    case .paused(let timed, _, _): phase = "the \(timed.kind.words) is paused"
    }
    switch self {
    case .start: return "nothing to start: \(phase)"
    case .pause: return "nothing to pause: \(phase)"
    case .resume: return "nothing to resume: \(phase)"
    case .skip: return "nothing to skip: \(phase)"
    case .stop: return "nothing to stop: \(phase)"
    case .reset: return "nothing to reset: the cycle is at its start"
    case .extend, .shorten: return "no deadline to move: \(phase)"
    case .startBreak: return "no break to start: \(phase)"
    case .interrupt: return "no focus to interrupt: \(phase)"
    case .void: return "no focus to void: \(phase)"
    case .workStart: return "the work clock is already running"
    case .workStop: return "the work clock is not running"
    case .project(let name, let tags):
      let tagged = tags.isEmpty ? "" : " with " + TagName.words(tags)
      return name.map { "'\($0)'\(tagged) is already the project" } ?? "no project is set"
    case .tags(let tags): return "the tags are already " + TagName.words(tags)
    case .projectNext, .projectPrevious:
      return state.ledger.projects.count < 2 ? "no other project to switch to" : "the project is unchanged"
    case .away: return "already away"
    case .back: return "not away"
    case .awayWas: return "no away time to answer for: none is waiting (answered, or too short to ask)"
    case .task(let task, _): return task.map { "'\($0.title)' is already the task" } ?? "no task is set"
    case .snooze: return "nothing to snooze: no work since the last break, or [breaks] remind-after is off"
    case .toggle, .workToggle, .none, .pickTask: return nil
    }
  }
}

extension PhaseKind {
  /// `focus`, `short break`, `long break`.
  var words: String {
    switch self {
    case .focus: return "focus"
    case .shortBreak: return "short break"
    case .longBreak: return "long break"
    }
  }
}
