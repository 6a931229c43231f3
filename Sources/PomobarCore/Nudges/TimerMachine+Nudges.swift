/// `[nudges]`: the machine's rules for what you forgot, run after every event like break
/// care's.
///
/// - Forgot to start: while you are at the computer (not away; input is watched), no phase
///   runs or is paused and the work clock is stopped, that stretch is quiet; counted
///   inside work hours of a work day, `forgot-to-start` of it fires one notification
///   (**Start** / **Not now**). A focus, the clock, or time away ends the stretch; the
///   next one may be nudged again, the same one never.
/// - Focus on return: the timer idle after a break that ran out (nobody acted since),
///   the return from away starts the next focus then, so a long break does not eat it; a
///   focus auto-advance started meanwhile, held by the away (`[suspend] focus = "pause"`),
///   is resumed.
/// - End of day: the clock still running at `end-of-day` fires one notification (**Stop
///   now** / **Stop at last input**), again a day later if it still runs.
///
/// Each due moment is kept in the state (`Nudges`), so every copy wakes for it and the
/// first to take the lock fires it, once, stamped at the moment it was due.
extension TimerMachine {
  /// Brings the nudges up to date after `event` took the state from `before` to now.
  mutating func nudge(after event: Event, before: TimerState, at now: Instant, _ effects: inout [Effect]) {
    let settings = settings.nudges
    guard settings.isOn else {
      state.ledger.nudges = Nudges()  // off: nothing kept, nothing to wake for
      return
    }
    if settings.focusOnReturn, case .action(.back) = event, before.ledger.awaySince != nil, before.urgent,
      state.ledger.awaySince == nil
    {
      switch (before.phase, state.phase) {
      case (.idle, .idle):
        begin(.focus, at: now, &effects)
      case (.paused(.focus, _, _), .paused(.focus, _, _)) where before.ledger.pausedByAway:
        // Auto-advance started it at the break's end and the away held it: it runs now.
        state.note = nil
        apply(.resume, at: now, &effects)
      default:
        break
      }
    }
    var nudges = state.ledger.nudges
    checkForgotToStart(&nudges, settings, at: now, &effects)
    checkEndOfDay(&nudges, settings, at: now, &effects)
    state.ledger.nudges = nudges
  }

  /// Whether the state is a quiet stretch: at the computer, tracking nothing.
  static func isQuiet(_ state: TimerState) -> Bool {
    state.ledger.awaySince == nil && state.phase.kind == nil && state.ledger.work == nil
  }

  private mutating func checkForgotToStart(
    _ nudges: inout Nudges, _ settings: NudgeSettings, at now: Instant, _ effects: inout [Effect]
  ) {
    guard let after = settings.forgotToStart, settings.inputWatched, Self.isQuiet(state) else {
      (nudges.quietSince, nudges.forgotDue, nudges.nudgedAt) = (nil, nil, nil)
      return
    }
    let since = nudges.quietSince ?? now
    nudges.quietSince = since
    nudges.forgotDue = nudges.nudgedAt == nil ? forgotDue(since: since, after: after, settings) : nil
    guard let due = nudges.forgotDue, due <= now else { return }
    nudges.nudgedAt = due
    nudges.forgotDue = nil
    effects.append(.nudge(.forgotToStart(quiet: after, project: state.ledger.project)))
  }

  /// The first moment `after` of the stretch from `since` lies inside the work hours of a
  /// work day: from the later of `since` and the hours' start, if that ends by their end
  /// (a week ahead at most).
  func forgotDue(since: Instant, after: Duration, _ settings: NudgeSettings) -> Instant? {
    let local = recorder.wallTime(since).local
    let (date, _) = CivilTime.split(local)
    for ahead in Int64(0)...7 {
      let day = date.adding(days: ahead)
      guard ledger.isWorkDay(day) else { continue }
      let midnight = day.dayNumber * 86_400
      let due = max(local, midnight + Int64(settings.workFrom)) + after.ceilSeconds
      if due <= midnight + Int64(settings.workUntil) { return since + .seconds(due - local) }
    }
    return nil
  }

  private mutating func checkEndOfDay(
    _ nudges: inout Nudges, _ settings: NudgeSettings, at now: Instant, _ effects: inout [Effect]
  ) {
    guard let time = settings.endOfDay, let work = state.ledger.work else {
      (nudges.endOfDayDue, nudges.endOfDayAt) = (nil, nil)
      return
    }
    let due = endOfDay(time, after: max(work.since, nudges.endOfDayAt ?? work.since))
    nudges.endOfDayDue = due
    guard due <= now else { return }
    nudges.endOfDayAt = due
    nudges.endOfDayDue = endOfDay(time, after: due)
    // Where input stopped, when away (and away did not stop the clock); else the moment.
    let lastInput = min(state.ledger.awaySince ?? due, due)
    effects.append(.nudge(.endOfDay(project: work.project, at: clock(due), lastInput: clock(lastInput))))
  }

  /// The first moment after `from` whose local time of day is `time`.
  private func endOfDay(_ time: Int, after from: Instant) -> Instant {
    let local = recorder.wallTime(from).local
    let (date, second) = CivilTime.split(local)
    let next = date.dayNumber * 86_400 + Int64(time) + (second < Int64(time) ? 0 : 86_400)
    return from + .seconds(next - local)
  }

  /// The local time of day of `instant`, `"17:42"`.
  private func clock(_ instant: Instant) -> String {
    ClockTime.text(CivilTime.split(recorder.wallTime(instant).local).second)
  }
}

extension TimerMachine {
  /// Whether the nudges in `state` are behind `settings` at `now`, so that a bar asks for
  /// a transaction as for a deadline that passed: the config turned a nudge on while its
  /// stretch or clock runs, with nothing due yet. Only what brings a nudge sooner (see
  /// `breakCareIsBehind`).
  public static func nudgesAreBehind(_ state: TimerState, settings: TimerSettings) -> Bool {
    let nudges = state.ledger.nudges
    let forgot = settings.nudges.forgotToStart != nil && settings.nudges.inputWatched && isQuiet(state)
    return forgot && nudges.quietSince == nil
      || settings.nudges.endOfDay != nil && state.ledger.work != nil && nudges.endOfDayDue == nil
        && nudges.endOfDayAt == nil
  }
}
