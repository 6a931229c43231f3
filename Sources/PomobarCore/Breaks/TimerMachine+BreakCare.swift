/// Break care (`[breaks] remind-after`): the machine's rules for long work without a break.
///
/// After every event the machine looks at what the event did to work (a running focus, or
/// the work clock outside a Pomodoro break, while not away): a stretch of work begins, a
/// rest begins within it, a rest long enough (`[breaks] min-break`, or a Pomodoro break
/// that ran to its end, or a suspend that long) ends it. When the stretch reaches
/// `remind-after` (or the end of a snooze) while working, the reminder fires once: the
/// `overdue` hook and the notification, stamped at the moment it was due, by whichever
/// copy makes that transition under the lock. `due` in the state is when the bar must
/// wake for it; with break care off nothing is kept and nothing wakes.
extension TimerMachine {
  /// Whether `state` is work as break care counts it: a running focus, or the work clock
  /// running outside a Pomodoro break; never while away.
  public static func isWorking(_ state: TimerState) -> Bool {
    guard state.ledger.awaySince == nil else { return false }
    if state.phase.kind?.isBreak == true { return false }
    if case .running(.focus, _, _) = state.phase { return true }
    return state.ledger.work != nil
  }

  /// `ctl snooze [DURATION]`: the reminder moves to `amount` (or `[breaks] snooze`) from
  /// now, and an overdue stretch shows as such no more until then. Nothing without a
  /// stretch of work to remind of.
  mutating func snooze(_ amount: Duration?, at now: Instant) {
    guard settings.breaks.remindAfter != nil, state.ledger.breaks.since != nil else { return }
    state.ledger.breaks.snoozedUntil = now + (amount ?? settings.breaks.snooze)
    state.ledger.breaks.remindedAt = nil
  }

  /// A break ended at `end`, told from outside the rules above (the answer "was a break"
  /// to the choice on return from away): the stretch starts again there, or there is none
  /// while not working. The effects of the next event follow from it.
  public mutating func breakEnded(at end: Instant) {
    guard settings.breaks.remindAfter != nil else { return }
    state.ledger.breaks = state.ledger.breaks.afterBreak(since: Self.isWorking(state) ? end : nil)
    state.ledger.breaks.due = state.ledger.breaks.reminderDue(settings.breaks)
  }

  /// The last break was work after all (the answer "keep as work" to the choice on
  /// return from away, whose absence was long enough to count as a break): the stretch
  /// it ended goes on from where it began, resting at `now` if not working. A reminder
  /// that is then overdue fires with the next event.
  public mutating func breakUndone(at now: Instant) {
    guard settings.breaks.remindAfter != nil, let since = state.ledger.breaks.brokenStretch else { return }
    state.ledger.breaks = BreakCare(since: since, restSince: Self.isWorking(state) ? nil : now)
    state.ledger.breaks.due = state.ledger.breaks.reminderDue(settings.breaks)
  }

  /// Brings break care up to date after `event` took the state from `before` to what it
  /// is now, at `now`; a reminder that came due is appended to `effects`.
  mutating func careForBreaks(
    after event: Event, before: TimerState, at now: Instant, _ effects: inout [Effect]
  ) {
    guard settings.breaks.remindAfter != nil else {
      state.ledger.breaks = BreakCare()  // off: nothing kept, nothing to wake for
      return
    }
    let minimum = settings.breaks.minimum
    let working = Self.isWorking(state)
    var care = state.ledger.breaks
    let wasWorking = care.since != nil && care.restSince == nil
    care.due = care.reminderDue(settings.breaks)
    // A break inside the event itself, from when to when: a suspend that long, or a
    // Pomodoro break that ran out (work goes on where it ended).
    var rest: (from: Instant, to: Instant)? = nil
    if case .resumedFromSuspend(let gap) = event, gap >= minimum { rest = (now - gap, now) }
    for case .record(let record, let start, let end) in effects
    where record.kind != .work && record.kind != .focus && record.outcome == .completed {
      rest = (min(rest?.from ?? start, start), max(rest?.to ?? end, end))
    }
    if wasWorking {
      let stopped = working ? nil : restStart(before: before, since: care.since, at: now, effects)
      remind(&care, until: rest?.from ?? stopped ?? now, &effects)
      care.restSince = stopped
    }
    if let rest {
      care = care.afterBreak(since: working ? rest.to : nil)
    } else if !wasWorking && working {
      let began = workStart(after: event, before: before, at: now)
      if care.since == nil || care.restSince.map({ began - $0 >= minimum }) ?? true {
        care = care.afterBreak(since: began)
      } else {
        care.restSince = nil  // a short stop: the stretch goes on
      }
    } else if !working, let rest = care.restSince, now - rest >= minimum {
      care = care.afterBreak(since: nil)
    }
    care.due = care.reminderDue(settings.breaks)
    if working { remind(&care, until: now, &effects) }  // due before it was noticed (a late start)
    state.ledger.breaks = care
  }

  /// Fires the reminder if it is due at or before `until`: once per stretch (or snooze).
  private mutating func remind(_ care: inout BreakCare, until: Instant, _ effects: inout [Effect]) {
    guard let due = care.due, let since = care.since, due <= until else { return }
    care.remindedAt = due
    care.due = nil
    effects.append(hook(.overdue, at: due))
    effects.append(.remindBreak(worked: due - since))
  }

  /// When work stopped in this event: where the absence began, where the break began,
  /// where the last interval it closed ended; else now. Never before the stretch began.
  private func restStart(before: TimerState, since: Instant?, at now: Instant, _ effects: [Effect]) -> Instant
  {
    var stopped = now
    if let away = state.ledger.awaySince, before.ledger.awaySince == nil {
      stopped = away
    } else if state.phase.kind?.isBreak == true, let start = state.ledger.phaseStart,
      start != before.ledger.phaseStart
    {
      stopped = start
    } else {
      let ends = effects.compactMap { effect -> Instant? in
        guard case .record(let record, _, let end) = effect, record.kind == .work || record.kind == .focus
        else { return nil }
        return end
      }
      stopped = ends.max() ?? now
    }
    return min(now, max(stopped, since ?? stopped))
  }

  /// When work began in this event: at the moment given (`ctl --at`), or where a focus
  /// that a catch-up started began; else now.
  private func workStart(after event: Event, before: TimerState, at now: Instant) -> Instant {
    switch event {
    case .backdated(_, let then): return min(then, now)
    case .deadlineReached, .resumedFromSuspend:
      if case .running(.focus, _, _) = state.phase, let start = state.ledger.phaseStart,
        start != before.ledger.phaseStart
      {
        return min(start, now)
      }
      return now
    case .action, .budgetReached: return now
    }
  }
}

extension TimerMachine {
  /// Whether break care in `state` is behind `settings` at `now`, so that a bar asks for a
  /// transaction as for a deadline that passed: the config turned it on while work runs,
  /// or a shorter `remind-after` makes the reminder due already.
  ///
  /// Only what brings a reminder sooner: two copies with different configs (`--config`)
  /// must not undo each other's writes in turn. Turning it off, a longer `remind-after`,
  /// a rest that has become a break are applied by the next transition.
  public static func breakCareIsBehind(_ state: TimerState, settings: TimerSettings, at now: Instant) -> Bool
  {
    guard settings.breaks.remindAfter != nil, isWorking(state) else { return false }
    let care = state.ledger.breaks
    guard care.since != nil else { return true }
    return care.reminderDue(settings.breaks).map { $0 <= now } ?? false
  }
}
