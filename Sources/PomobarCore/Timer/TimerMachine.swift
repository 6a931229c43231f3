/// The Pomodoro state machine: a value that takes events and returns effects.
///
/// It never reads a clock, a file or the environment: `now` is passed in, and what must
/// happen in the world comes back as `Effect`s for the shell to carry out. Every copy of
/// pomobar runs the same machine over the shared state, under a lock, so the copy that
/// makes a transition is the one that performs its effects.
public struct TimerMachine: Sendable {
  public var state: TimerState
  public var settings: TimerSettings
  /// The work clock's rules: whether a focus starts it, whether away stops it.
  public var ledger: LedgerSettings
  /// How the records the machine makes are placed on the wall clock and named.
  public var recorder: Recorder

  /// How many phase ends one catch-up may process before it gives up and goes idle.
  static let catchUpLimit = 64
  /// No phase grows past a day by extending it.
  static let longestPhase: Duration = .seconds(24 * 3600)

  public init(
    state: TimerState = TimerState(), settings: TimerSettings = TimerSettings(),
    ledger: LedgerSettings = LedgerSettings(), recorder: Recorder = Recorder()
  ) {
    self.state = state
    self.settings = settings
    self.ledger = ledger
    self.recorder = recorder
  }

  /// Applies `event` at `now` and returns what must be done, in order.
  ///
  /// `.persist` comes first whenever the state changed; an event that changes nothing
  /// returns no effects.
  public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
    let before = state
    var effects: [Effect] = []
    answerAwayIfDue(at: now, &effects)
    switch event {
    case .action(let action):
      advance(to: now, &effects)
      state.urgency = nil
      state.note = nil
      apply(action, at: now, &effects)
    case .backdated(let action, let then):
      advance(to: now, &effects)
      state.urgency = nil
      state.note = nil
      applyBackdated(action, at: min(then, now), &effects)
      advance(to: now, &effects)  // what it started may have run out since
    case .deadlineReached:
      advance(to: now, &effects)
    case .resumedFromSuspend(let gap):
      resume(after: gap, at: now, &effects)
    case .budgetReached(let alert):
      advance(to: now, &effects)
      noteBudget(alert, &effects)
    }
    nudge(after: event, before: before, at: now, &effects)
    careForBreaks(after: event, before: before, at: now, &effects)
    if state != before { effects.insert(.persist, at: 0) }
    return effects
  }

  // MARK: - Actions

  mutating func apply(_ action: Action, at now: Instant, _ effects: inout [Effect]) {
    if applyFlowtime(action, at: now, &effects) { return }
    switch action {
    case .start:
      switch state.phase {
      case .idle: begin(.focus, at: now, &effects)
      case .focusDone:
        state.slot = settings.slot(after: .focus, from: state.slot)
        begin(.focus, at: now, &effects)
      case .running(let timed, _, _) where timed.kind.isBreak: skipBreak(timed, at: now, &effects)
      case .running: break
      case .paused: apply(.resume, at: now, &effects)
      }
    case .pause:
      guard case .running(let timed, let deadline, let total) = state.phase else { return }
      state.phase = .paused(timed, remaining: deadline - now, total: total)
      effects.append(hook(.pause, at: now))
    case .resume:
      guard case .paused(let timed, let remaining, let total) = state.phase else { return }
      // Resumed by hand: it runs, away or not, and no longer held by the time away.
      state.phase = .running(timed, deadline: now + remaining, total: total)
      effects.append(hook(.resume, at: now))
    case .toggle:
      switch state.phase {
      case .idle: apply(.start, at: now, &effects)
      case .running: apply(.pause, at: now, &effects)
      case .paused: apply(.resume, at: now, &effects)
      case .focusDone: apply(.startBreak, at: now, &effects)
      }
    case .skip:
      // What skip leads to: a focus's break, a break's focus; from idle the break (the
      // focus is skipped), from focus done the next focus (the break is).
      let skipsTo: PhaseKind =
        switch state.phase {
        case .running(.focus, _, _), .paused(.focus, _, _), .idle: settings.breakKind(after: state.slot)
        case .running, .paused, .focusDone: .focus
        }
      effects.append(hook(.skip, at: now) { $0.next = skipsTo })
      switch state.phase {
      case .idle: begin(settings.breakKind(after: state.slot), at: now, &effects)
      case .focusDone:
        state.slot = settings.slot(after: .focus, from: state.slot)
        begin(.focus, at: now, &effects)
      case .running(let timed, _, _), .paused(let timed, _, _):
        if timed.kind.isBreak {
          skipBreak(timed, at: now, &effects)
        } else {
          end(.focus, .skipped, at: now, &effects)
          begin(settings.breakKind(after: state.slot), at: now, &effects)
        }
      }
    case .stop:
      if state.phase != .idle { effects.append(hook(.stop, at: now) { $0.next = .focus }) }
      switch state.phase {
      case .idle: break
      case .focusDone:
        state.slot = settings.slot(after: .focus, from: state.slot)
        goIdle(at: now, &effects)
      case .running(let timed, _, _), .paused(let timed, _, _):
        end(timed.kind, .stopped, at: now, &effects)
        if timed.kind.isBreak { leaveBreak(timed) }
        goIdle(at: now, &effects)
      }
    case .reset:
      guard state != TimerState(ledger: state.ledger) else { return }  // nothing to reset: no event
      effects.append(hook(.reset, at: now) { $0.next = .focus })
      if let kind = state.phase.kind { end(kind, .reset, at: now, &effects) }
      state = TimerState(ledger: state.ledger)
      goIdle(at: now, &effects)
    case .extend(let amount):
      change(by: amount ?? settings.step, .extend, at: now, &effects)
    case .shorten(let amount):
      change(by: .zero - (amount ?? settings.step), .shorten, at: now, &effects)
    case .startBreak:
      switch state.phase {
      case .idle: begin(.shortBreak, at: now, extra: true, &effects)  // no focus earned it
      case .focusDone: begin(settings.breakKind(after: state.slot), at: now, &effects)
      case .running(.focus, _, _), .paused(.focus, _, _):
        end(.focus, .skipped, at: now, &effects)
        begin(settings.breakKind(after: state.slot), at: now, &effects)
      case .running, .paused: break  // already on a break
      }
    case .none, .pickTask:
      break
    case .snooze(let amount):
      snooze(amount, at: now)
    case .workStart, .workStop, .workToggle, .project, .tags, .projectNext, .projectPrevious, .interrupt,
      .void, .away, .back, .awayWas, .task:
      applyLedger(action, at: now, &effects)
    }
  }

  /// Ends a break early and starts the next focus.
  private mutating func skipBreak(_ timed: TimedPhase, at now: Instant, _ effects: inout [Effect]) {
    end(timed.kind, .skipped, at: now, &effects)
    leaveBreak(timed)
    begin(.focus, at: now, &effects)
  }

  /// A `timed` break ended: the cycle moves on to the next focus, unless the break was an
  /// extra one (taken from idle), which no focus earned.
  private mutating func leaveBreak(_ timed: TimedPhase) {
    if !timed.isExtra { state.slot = settings.slot(after: timed.kind, from: state.slot) }
  }

  /// Moves the end of the running or paused phase by `delta`, never below zero left;
  /// `event` (`extend` or `shorten`) is told the new length and what is left.
  ///
  /// A phase shortened to nothing ends at once, as if it had run out.
  private mutating func change(
    by delta: Duration, _ event: HookEvent, at now: Instant, _ effects: inout [Effect]
  ) {
    let before = state.phase
    switch state.phase {
    case .running(let timed, let deadline, let total):
      let remaining = clamp(deadline - now + delta, total: total + delta)
      let newTotal = total + (remaining - (deadline - now))
      state.phase = .running(timed, deadline: now + remaining, total: newTotal)
    case .paused(let timed, let remaining, let total):
      let left = clamp(remaining + delta, total: total + delta)
      let newTotal = total + (left - remaining)
      state.phase =
        left <= .zero
        ? .running(timed, deadline: now, total: newTotal) : .paused(timed, remaining: left, total: newTotal)
    case .idle, .focusDone:
      return
    }
    guard state.phase != before else { return }  // already at a limit: nothing changed
    effects.append(hook(event, at: now))
    advance(to: now, &effects)  // shortened to nothing: it ends now, as if it ran out
  }

  private func clamp(_ remaining: Duration, total: Duration) -> Duration {
    let excess = total - Self.longestPhase
    let capped = excess > .zero ? remaining - excess : remaining
    return max(.zero, capped)
  }

  // MARK: - Time passing

  /// Ends every phase whose deadline is at or before `now`, each at its own deadline.
  private mutating func advance(to now: Instant, _ effects: inout [Effect]) {
    var ended = 0
    while case .running(let timed, let deadline, _) = state.phase, deadline <= now {
      let kind = timed.kind
      if ended == Self.catchUpLimit {
        // Far behind with auto-advance on (a machine left on with no copy running):
        // stop cycling rather than replay hours of phases nobody saw.
        end(kind, .stopped, at: deadline, &effects)
        goIdle(at: deadline, &effects)
        return
      }
      ended += 1
      if !kind.isBreak { state.completed += 1 }  // the hook's count includes this session
      end(kind, .completed, at: deadline, &effects)
      if kind.isBreak {
        leaveBreak(timed)
        if settings.autoAdvance.startsFocus {
          begin(.focus, at: deadline, &effects)
        } else {
          goIdle(at: deadline, &effects)
        }
      } else {
        if settings.autoAdvance.startsBreak {
          begin(settings.breakKind(after: state.slot), at: deadline, &effects)
        } else {
          state.phase = .focusDone
        }
      }
      state.urgency = TimerState.Urgency(since: deadline)
      state.note = nil
      holdForAway(at: deadline, &effects)  // moved on while nobody is there
      if case .running(_, let next, _) = state.phase, next <= now {
        continue  // a later phase is due too: alert once, for the last one
      }
      effects.append(.notify(ended: kind, next: state.phase))
    }
  }

  /// Applies the configured suspend policy for a gap of `gap` that ended at `now`: a
  /// suspend, or with `away` time away from the computer, which the note says.
  ///
  /// The gap counts for the phase only from the phase's start: it never adds to a phase
  /// that began after it (a focus started while away). Under `pause`, away has already
  /// paused the phase it holds (`holdForAway`); back says for how long, and leaves a
  /// phase started or resumed by hand meanwhile running.
  mutating func resume(after gap: Duration, at now: Instant, away: Bool = false, _ effects: inout [Effect]) {
    guard gap > .zero else { return advance(to: now, &effects) }
    let asleepAt = now - gap
    advance(to: asleepAt, &effects)  // what was due before the lid closed happened then
    pauseWork(from: asleepAt, to: now, &effects)
    let from = max(asleepAt, state.ledger.phaseStart ?? asleepAt)
    let gap = now - from
    let held = away && state.ledger.pausedByAway
    let cause: TimerNote.Cause = away ? .away : .suspend
    if away { state.ledger.phaseLog?.heldByAway = false }
    guard gap > .zero else { return }
    if let limit = settings.resetAfter, gap > limit {
      if let kind = state.phase.kind { end(kind, .suspended, at: from, &effects) }
      state = TimerState(
        note: TimerNote(.reset, by: cause, gap), completed: state.completed, ledger: state.ledger)
      goIdle(at: from, &effects)
      return
    }
    if held {
      state.note = TimerNote(.paused, by: .away, gap)
      state.ledger.phaseLog?.gap += gap
      return
    }
    guard case .running(let timed, let deadline, let total) = state.phase else { return }
    switch policy(for: timed.kind) {
    case .pause:
      guard !away else { return }  // started or resumed by hand while away: it runs
      state.phase = .paused(timed, remaining: deadline - from, total: total)
      state.note = TimerNote(.paused, by: .suspend, gap)
      state.ledger.phaseLog?.gap += gap
      effects.append(hook(.pause, at: from) { $0.reason = .suspended })
    case .count:
      advance(to: now, &effects)
      state.note = TimerNote(.counted, by: cause, gap)
    case .void:
      state.ledger.phaseLog?.gap += gap
      end(timed.kind, .suspended, at: from, &effects)
      goIdle(at: from, &effects)
      state.note = TimerNote(.voided, by: cause, gap)
    }
  }

  /// What `[suspend]` does to a `kind` phase over a gap.
  private func policy(for kind: PhaseKind) -> SuspendPolicy {
    kind.isBreak ? settings.suspendBreak : settings.suspendFocus
  }

  /// While away, under the `pause` policy the running phase is paused at `time` (where the
  /// away began, or where the timer moved on to it by itself meanwhile): the bar shows it
  /// as it will be counted, and it does not run out while nobody is there. Back leaves it
  /// paused, as a suspend does.
  mutating func holdForAway(at time: Instant, _ effects: inout [Effect]) {
    guard state.ledger.awaySince != nil, case .running(let timed, let deadline, let total) = state.phase,
      policy(for: timed.kind) == .pause
    else { return }
    state.phase = .paused(timed, remaining: max(.zero, deadline - time), total: total)
    state.ledger.phaseLog?.heldByAway = true
    effects.append(hook(.pause, at: time) { $0.reason = .suspended })
  }

  // MARK: - Phase boundaries

  /// Starts a `kind` phase at `start`, `length` long (nil: as configured, for the active
  /// project); `extra` marks a break no focus earned.
  mutating func begin(
    _ kind: PhaseKind, at start: Instant, length: Duration? = nil, extra: Bool = false,
    _ effects: inout [Effect]
  ) {
    let length = length ?? settings.length(of: kind, for: state.ledger.project)
    let timed = TimedPhase(kind, countsUp: settings.mode == .flowtime, extra: extra)
    state.phase = .running(timed, deadline: start + length, total: length)
    state.ledger.phaseLog = PhaseLog(start: start)
    effects.append(hook(kind.isBreak ? .breakStart : .focusStart, at: start))
    if kind == .longBreak { effects.append(hook(.longBreakStart, at: start)) }
    if kind == .focus && ledger.focusStartsWork && state.ledger.work == nil {
      startWork(at: start, byFocus: true, &effects)
    }
  }

  /// Ends the running or paused phase at `time`: its hooks, and its record in the history.
  ///
  /// Called before the phase is changed: the time that counted and its log are read from
  /// it. The log goes with the phase (`TimerState`): the next phase begins a new one.
  mutating func end(
    _ kind: PhaseKind, _ reason: EndReason, at time: Instant, note: String? = nil,
    _ effects: inout [Effect]
  ) {
    // What follows: the break a focus earned (run out or skipped), else a focus.
    let earned = kind == .focus && (reason == .completed || reason == .skipped)
    let next = earned ? earnedBreak : .focus
    func ending(_ event: HookEvent) -> Effect {
      hook(event, at: time) {
        $0.reason = reason
        $0.next = next
        $0.deadline = nil
      }
    }
    effects.append(ending(kind.isBreak ? .breakEnd : .focusEnd))
    if kind == .longBreak { effects.append(ending(.longBreakEnd)) }
    if kind == .focus && reason == .completed { effects.append(ending(.focusDone)) }
    effects.append(phaseRecord(kind, reason, at: time, note: note))
  }

  /// A hook effect about the timer as it stands at `time`: the running or paused phase
  /// (its length, what is left, its deadline), the cycle position and count, the project;
  /// `adjust` sets what is particular to the event.
  func hook(
    _ event: HookEvent, at time: Instant, _ adjust: (inout HookContext) -> Void = { _ in }
  ) -> Effect {
    .runHook(event, context(at: time, adjust))
  }

  /// What a hook (or a write-back) is told of the timer at `time`, then `adjust`ed.
  func context(at time: Instant, _ adjust: (inout HookContext) -> Void = { _ in }) -> HookContext {
    var context = HookContext(
      phase: state.phase.kind, slot: state.slot, completed: state.completed, next: nextPhase,
      project: state.ledger.project)
    context.task = state.ledger.task
    switch state.phase {
    case .running(_, let deadline, let total):
      context.total = total
      context.remaining = max(.zero, deadline - time)
      context.deadline = deadline
    case .paused(_, let remaining, let total):
      context.total = total
      context.remaining = remaining
    case .idle, .focusDone:
      break
    }
    if state.countsUp { countUp(&context, at: time) }
    adjust(&context)
    return context
  }

  /// The phase after the current one in the cycle: a focus's break, a break's focus; from
  /// idle a focus, from focus done its break.
  var nextPhase: PhaseKind {
    switch state.phase {
    case .running(let timed, _, _), .paused(let timed, _, _):
      return timed.kind.isBreak ? .focus : earnedBreak
    case .idle: return .focus
    case .focusDone: return settings.breakKind(after: state.slot)
    }
  }
}
