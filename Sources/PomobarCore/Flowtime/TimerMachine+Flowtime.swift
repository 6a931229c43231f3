/// Flowtime (`[timer] mode = "flowtime"`): a focus that counts up with no end of its own,
/// and a break earned by how long it ran.
///
/// A counting-up focus is a running focus like any other, a `TimedPhase.focus(countsUp: true)`,
/// whose deadline is only the one-day cap: pause, resume, stop, void, suspend and away all
/// work on it unchanged, and its record holds the time it really ran. What differs is
/// here: the natural next step (toggle, skip, break) ends it as completed and starts the
/// break it earned (`FlowtimeBreaks`), and there is no deadline to move. A focus keeps
/// the mode it started in when the config changes while it runs.
extension TimerMachine {
  /// Carries out `action` if it is one that a counting-up focus takes its own way;
  /// false leaves it to the Pomodoro rules.
  mutating func applyFlowtime(_ action: Action, at now: Instant, _ effects: inout [Effect]) -> Bool {
    guard state.countsUp, let elapsed = focusElapsed(at: now) else { return false }
    switch action {
    case .toggle:
      guard case .running = state.phase else { return false }  // paused: toggle resumes
      finishFlow(elapsed, at: now, &effects)
    case .startBreak:
      finishFlow(elapsed, at: now, &effects)
    case .skip:
      effects.append(hook(.skip, at: now))
      finishFlow(elapsed, at: now, &effects)
    case .extend, .shorten:
      break  // no end to move: nothing changes (`ctl` says so)
    case .start, .pause, .resume, .stop, .reset, .none, .pickTask, .snooze, .workStart, .workStop, .workToggle, .project,
      .tags, .projectNext, .projectPrevious, .interrupt, .void, .away, .back, .awayWas, .task:
      return false
    }
    return true
  }

  /// How long the running or paused focus has run at `time`; nil when no focus is.
  func focusElapsed(at time: Instant) -> Duration? { state.focusElapsed(at: time) }

  /// The break a focus earns: a Flowtime focus a short break (its length from
  /// `FlowtimeBreaks`), a Pomodoro focus the cycle's.
  var earnedBreak: PhaseKind {
    state.countsUp ? .shortBreak : settings.breakKind(after: state.slot)
  }

  /// The user ended the counting-up focus after `elapsed`: it is a completed session, and
  /// the break it earned starts now.
  private mutating func finishFlow(_ elapsed: Duration, at now: Instant, _ effects: inout [Effect]) {
    state.completed += 1  // the hook's count includes this session, as at a focus's end
    end(.focus, .completed, at: now, &effects)
    begin(.shortBreak, at: now, length: settings.flowtime.length(after: elapsed), &effects)
  }

  /// What a hook is told about a counting-up focus: its length so far as the duration, no
  /// time left and no end.
  func countUp(_ context: inout HookContext, at time: Instant) {
    guard context.phase == .focus, let elapsed = focusElapsed(at: time) else { return }
    context.total = elapsed
    context.remaining = nil
    context.deadline = nil
  }
}
