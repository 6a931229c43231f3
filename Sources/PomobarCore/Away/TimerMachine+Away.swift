/// A say over away time: on return, the time away waits for an answer (`AwayChoice`);
/// the answer is a record appended to the history, never a rewrite.
///
/// `work` adds a work interval over the gap for the project the clock was on (the clock's
/// own intervals end where away began and start again at back, so the timeline stays
/// without overlaps); `break` adds a short break with the note `away` (unless a phase of
/// the timer already covers the time); `discard` leaves the gap. Both records carry `at`,
/// like what `track` adds, so `history undo` takes them back. Break care hears of it:
/// `break` ends the stretch of work at the return, `work` undoes the break an absence of
/// at least `[breaks] min-break` counted as.
extension TimerMachine {
  /// What the time away `absence` held of the work clock, read at back before the clock
  /// starts again: the project and tags of the running clock from when it began (never
  /// before it: a clock started while away, on a project set meanwhile, is asked about
  /// from its start), else of the clock the away stopped, from the away's start; nil when
  /// none ran (nothing to ask: no work was interrupted).
  func awayClock(_ absence: Absence) -> (project: String?, tags: [String], from: Instant)? {
    if let work = state.ledger.work { return (work.project, work.tags, max(absence.since, work.since)) }
    if absence.stoppedWork != nil { return (state.ledger.project, state.ledger.tags, absence.since) }
    return nil
  }

  /// Keeps the time away the clock lost, from `clock.from` to `to`, as a choice to answer,
  /// if a clock ran and that lasted at least `[idle] ask-after`; `since` is where the
  /// return's effects begin in `effects` (a phase record among them covers the time).
  mutating func offerAwayChoice(
    to: Instant, clock: (project: String?, tags: [String], from: Instant)?, since: Int,
    _ effects: inout [Effect]
  ) {
    guard let clock, let least = ledger.away.askAfter, to - clock.from >= least, to > clock.from else {
      return
    }
    let from = clock.from
    let phaseRecord = effects[since...].contains {
      if case .record(let record, _, let end) = $0 { return record.kind != .work && end > from }
      return false
    }
    let phaseRuns = state.ledger.phaseStart.map { $0 < to } ?? false
    let choice = AwayChoice(
      from: from, to: to, project: clock.project, tags: clock.tags, timer: state.note,
      phaseCovered: phaseRecord || phaseRuns, answerBy: ledger.away.answerWithin.map { to + $0 })
    state.ledger.awayChoice = choice
    effects.append(.askAway(choice))
  }

  /// `[idle] unanswered` answers the waiting choice once its time is up.
  mutating func answerAwayIfDue(at now: Instant, _ effects: inout [Effect]) {
    guard let due = state.ledger.awayChoice?.answerBy, due <= now else { return }
    answerAway(ledger.away.unanswered, at: now, byDefault: true, &effects)
  }

  /// Answers the waiting choice with `answer` (`work` for `project` when given, else for
  /// the clock's); `byDefault`: nobody did, `[idle] unanswered` does (the record's note
  /// says so). Nothing when none waits.
  mutating func answerAway(
    _ answer: AwayAnswer, as project: AwayProject? = nil, at now: Instant, byDefault: Bool,
    _ effects: inout [Effect]
  ) {
    guard let choice = state.ledger.awayChoice else { return }
    state.ledger.awayChoice = nil
    let note = byDefault ? "away, unanswered: \(answer.words)" : "away: \(answer.words)"
    switch answer {
    case .work:
      // `ctl` refuses a name or tag out of bounds; anything else is cut to them.
      let name = project.flatMap { ProjectName.clamped($0.name) }
      if let name { state.ledger.remember(name) }
      recordWork(
        from: choice.from, to: choice.to, project: name ?? choice.project,
        tags: name == nil ? choice.tags : TagName.clamped(project?.tags ?? []), note: note, addedAt: now,
        &effects)
      // Break care took an absence this long for a break: it was not one.
      if choice.length >= settings.breaks.minimum { breakUndone(at: now) }
    case .break:
      breakEnded(at: choice.to)  // however short: the person says it was one
      guard !choice.phaseCovered else { return }
      effects.append(
        record(
          .shortBreak, from: choice.from, to: choice.to, seconds: choice.length.floorSeconds,
          project: choice.project, outcome: .completed, note: note, tags: choice.tags, addedAt: now))
    case .discard:
      return
    }
  }
}
