/// Why an action cannot be put at the moment given (`ctl --at`, `--ago`).
public enum BackdateRefusal: Error, Equatable, Sendable {
  /// The moment is after `now`.
  case future(Instant, now: Instant)
  /// The moment is before `start`, when what the action ends began.
  case beforeStart(Instant, start: Instant)
  /// A focus started at the moment would already have run out, at `end`.
  case over(PhaseKind, start: Instant, end: Instant)
  /// The phase is paused: when it was resumed cannot be told.
  case paused(PhaseKind)
  /// What the action starts at the moment overlaps this record of the history.
  case overlaps(LedgerRecord)
  /// The moment lies outside the times the history holds (`HistoryTime`): a clock set
  /// to early 1970.
  case outsideHistory(WallTime)

  /// Whether the moment itself is wrong whatever the state (a usage error), rather than
  /// in conflict with what the timer or the history holds.
  public var isUsage: Bool {
    switch self {
    case .future, .outsideHistory: return true
    case .beforeStart, .over, .paused, .overlaps: return false
    }
  }

  /// The refusal in words; `time` writes an instant as the user reads it, `record` a
  /// record as `log` does.
  public func message(time: (Instant) -> String, record: (LedgerRecord) -> String) -> String {
    switch self {
    case .future(let moment, let now):
      return "\(time(moment)) is in the future (it is \(time(now)))"
    case .beforeStart(let moment, let start):
      return "\(time(moment)) is before it started, at \(time(start))"
    case .over(let kind, let start, let end):
      return "a \(kind.words) started at \(time(start)) would have ended at \(time(end)); "
        + "to add time that is over, use pomobar track"
    case .paused(let kind):
      return "the \(kind.words) is paused, and when it was resumed cannot be told: resume it now"
    case .overlaps(let found):
      return "it would overlap the record \(record(found))"
    case .outsideHistory(let moment):
      return HistoryTime.outside(moment)
    }
  }
}

/// A backdated action, checked against the timer: its moment, and what it starts there
/// (which the history may not already hold from then to now: one timeline).
public struct Backdating: Equatable, Sendable {
  public var moment: Instant
  /// The kinds of record that the span from the moment to now must not overlap: `work`
  /// when the action starts the work clock then, the phases when it starts one.
  public var claims: [LedgerRecord.Kind]

  /// The first record of `records` (in time) of a claimed kind that shares a second with
  /// `span` (the moment to now, in UTC seconds).
  public func conflict(in records: [LedgerRecord], span: Range<Int64>) -> LedgerRecord? {
    records.filter { claims.contains($0.kind) && Timeline.overlap($0.start.utc..<$0.end.utc, span) }
      .min { $0.start.utc < $1.start.utc }
  }
}

/// `ctl --at`/`--ago`: an action applied at a moment before now.
///
/// The moment must fit what the timer holds now: a stop not before what it stops began,
/// a focus that would not have run out already. Between the moment and now the timer is
/// taken to have run as it shows; what happened meanwhile is not undone.
extension TimerMachine {
  /// Checks `action` at `moment` against the timer as of `ledger.now`, and finds the
  /// instant and what it starts there. `ledger` maps wall-clock time to the timeline.
  public func backdating(_ action: Action, to moment: Moment, ledger: Ledger) -> Result<
    Backdating, BackdateRefusal
  > {
    let now = ledger.now.instant
    // An action that changes nothing now (a stop with nothing running) has no moment to
    // check: it says so as it does without one. `work start` moves a running clock's start.
    if !(action == .workStart && state.ledger.work != nil), changesNothing(action, at: now) {
      return .success(Backdating(moment: now, claims: []))
    }
    let then: Instant
    switch ledger.instant(of: moment, since: start(endedBy: action)) {
    case .success(let found): then = found
    case .failure(let refusal): return .failure(refusal)
    }
    if action == .start {
      switch state.phase {
      case .paused(let timed, _, _): return .failure(.paused(timed.kind))
      case .idle, .focusDone, .running(.shortBreak, _, _), .running(.longBreak, _, _):
        let end = then + settings.length(of: .focus, for: state.ledger.project)
        if end <= now { return .failure(.over(.focus, start: then, end: end)) }
      case .running(.focus, _, _): break
      }
    }
    var trial = self
    _ = trial.handle(.backdated(action, at: then), at: now)
    var claims: [LedgerRecord.Kind] = []
    if let work = trial.state.ledger.work, work.since == then { claims.append(.work) }
    if trial.state.ledger.phaseStart == then {
      claims += [.focus, .shortBreak, .longBreak]
    }
    return .success(Backdating(moment: then, claims: claims))
  }

  /// Whether `action` at `now` would change nothing but the urgent flag and the note,
  /// which any action clears.
  func changesNothing(_ action: Action, at now: Instant) -> Bool {
    var acted = self
    var waited = self
    _ = acted.handle(.action(action), at: now)
    _ = waited.handle(.deadlineReached, at: now)
    (acted.state.urgency, acted.state.note) = (waited.state.urgency, waited.state.note)
    return acted.state == waited.state
  }

  /// When what `action` ends began: the running work interval for a stop or a project
  /// switch, the running or paused phase and the work clock a focus started for `stop`,
  /// the break for `start`; nil when it ends nothing.
  func start(endedBy action: Action) -> Instant? {
    let work = state.ledger.work?.since
    switch action {
    case .workStop, .workToggle, .project, .tags, .projectNext, .projectPrevious: return work
    case .stop:
      let focusClock = state.ledger.work?.byFocus == true ? work : nil
      return [state.ledger.phaseStart, focusClock].compactMap { $0 }.max()
    case .start:
      guard state.phase.kind?.isBreak == true else { return nil }
      return state.ledger.phaseStart
    case .workStart, .pause, .resume, .toggle, .skip, .reset, .extend, .shorten, .startBreak, .none,
      .pickTask, .interrupt, .void, .away, .back, .snooze, .awayWas, .task:
      return nil
    }
  }

  /// Applies `action` as it would have been at `then`: the running work clock's start
  /// moves there for `work start` (it is when work began); anything else is applied then.
  mutating func applyBackdated(_ action: Action, at then: Instant, _ effects: inout [Effect]) {
    if action == .away {
      // Away since input stopped (`[idle] after`, `ctl away --ago`), not before what it stops began.
      var since = then
      if let work = state.ledger.work { since = max(since, work.since) }
      if case .running(_, let deadline, let total) = state.phase { since = max(since, deadline - total) }
      apply(.away, at: since, &effects)
      return
    }
    if action == .workStart, state.ledger.work != nil {
      state.ledger.work?.since = then
      state.ledger.work?.byFocus = false
      return
    }
    apply(action, at: then, &effects)
  }
}
