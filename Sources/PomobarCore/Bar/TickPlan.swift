/// When what the bar shows changes by itself: every second on the running phase's grid
/// (counted back from its deadline), or every minute on it with `[display] update =
/// "minute"` (whole minutes left, rounded up, turn exactly there); with no phase running
/// but the work clock on, every minute, when its `h:mm` turns; with the clock stopped and a
/// project set, when the ledger's next day begins (the muted block's total goes back to
/// 0:00); when a time away waits for an answer, once, when `[idle] unanswered` answers it;
/// once when a nudge is due (`[nudges]`); and break care's (`TickPlan+BreakCare`); nil when
/// nothing changes.
public struct TickPlan: Equatable, Sendable {
  /// A moment on the grid.
  public var anchor: Instant
  public var seconds: Int64

  public init(anchor: Instant, seconds: Int64) {
    self.anchor = anchor
    self.seconds = seconds
  }

  /// The first grid point after `now` (for an anchor ahead, the one that ends the whole
  /// number of intervals before it, so ticks never drift from a deadline).
  public func next(after now: Instant) -> Instant {
    let step = seconds * 1_000_000_000
    let ahead = (anchor - now).nanoseconds
    if ahead > 0 { return anchor - .nanoseconds((ahead - 1) / step * step) }
    return now + .nanoseconds(step - (-ahead) % step)
  }

  /// The plan for `state` at `now`.
  ///
  /// With `[display] urgent-for` set and no phase running, the moment the urgent flag
  /// clears is a wake-up too: the plan is whichever of it and the work clock's minute comes
  /// first, re-chosen at each wake-up. `update = "minute"` ticks on the phase's own minute
  /// grid. With `texts`, the config whose texts are shown, what their placeholders need
  /// wakes the bar too: the start of the next ledger day (`PlaceholderNeeds.dayTurn`:
  /// what is due changes there), and while the clock runs, the minute of each count a
  /// text shows (`Placeholder.minuteCount`: today's total, not only the running project's).
  public static func of(
    _ state: TimerState, now: ClockReading, zone: @escaping (Int64) -> Int32, dayStart: Int,
    urgentFor: Duration? = nil, update: DisplayUpdate = .second, texts: Config? = nil
  ) -> TickPlan? {
    // Break care's wake-ups are one-shots or a minute's grid: the phase's grid is chosen
    // again after each (`[breaks]`).
    var plans = breakCare(state, now: now.instant, urgentFor: urgentFor)
    if let due = state.ledger.nudges.due, due > now.instant { plans.append(once(at: due, now: now.instant)) }
    if let due = state.ledger.awayChoice?.answerBy {
      // One wake-up, when `[idle] unanswered` answers the time away (a phase's minute
      // grid would pass it by up to a minute).
      plans.append(once(at: due, now: now.instant))
    }
    if let deadline = state.deadline {
      switch update {
      case .second: plans.append(TickPlan(anchor: deadline, seconds: 1))
      case .minute: plans.append(TickPlan(anchor: deadline, seconds: 60))
      }
      return plans.min { $0.next(after: now.instant) < $1.next(after: now.instant) }
    }
    if state.isUrgent(at: now.instant, lasting: urgentFor), let urgentFor, let since = state.urgentSince {
      // One wake-up, at the moment it clears: a period that ends there.
      plans.append(once(at: since + urgentFor, now: now.instant))
    }
    // The muted block of a stopped clock with a project shows today's total: 0:00 then.
    if texts?.needs.contains(.dayTurn) == true || (state.ledger.work == nil && state.ledger.project != nil) {
      plans.append(once(at: Ledger(zone: zone, now: now, dayStart: dayStart).nextDayStart, now: now.instant))
    }
    if let work = state.ledger.work {
      let today = Ledger(zone: zone, now: now, dayStart: dayStart).ledgerDay
      let from = max(work.since, today.start)
      // The seconds counted when the stretch began, of the running project (its block)
      // and of what the texts show: each turns a minute on its own grid.
      var counts = [state.ledger.today.on(today.day).total(for: work.project)]
      if let texts {
        let figures = WorkFigures(state, texts.ledger, now: now.instant, today: today)
        let running = figures.today - state.ledger.today.on(today.day).total
        counts += texts.placeholdersShown.compactMap { $0.minuteCount(figures).map { $0 - running } }
      }
      for second in Set(counts.map { ($0 % 60 + 60) % 60 }).sorted() {
        plans.append(TickPlan(anchor: from - .seconds(second), seconds: 60))
      }
    }
    return plans.min { $0.next(after: now.instant) < $1.next(after: now.instant) }
  }

  /// One wake-up at `moment`, ahead of `now`: a period that ends there (an urgent flag
  /// that clears, an answer due, a day that turns, break care's reminder).
  static func once(at moment: Instant, now: Instant) -> TickPlan {
    TickPlan(anchor: moment, seconds: max(1, (moment - now).ceilSeconds))
  }
}
