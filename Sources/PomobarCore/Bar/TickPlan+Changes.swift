extension TickPlan {
  /// When what a reader that counts down by itself (`pomobar watch`) is told changes
  /// without anyone acting: the last minute of a running phase begins (the `ending`
  /// class; a focus that counts up has none), the phase ends, the urgent flag clears, break
  /// care's reminder is due (the `overdue` class), the away question's default answer or a
  /// nudge is due, the ledger's next day begins (the work clock's today goes back to 0); nil when
  /// nothing will, and nothing is armed.
  ///
  /// Each is one wake-up: a period that ends at the moment, chosen anew at each wake-up.
  /// The seconds in between are the reader's to count, from the deadline it was given.
  public static func changes(
    _ state: TimerState, now: ClockReading, zone: @escaping (Int64) -> Int32, dayStart: Int,
    urgentFor: Duration? = nil
  ) -> TickPlan? {
    var moments: [Instant] = []
    if let deadline = state.deadline {
      // A focus that counts up has no last minute: its deadline is only the one-day cap.
      let ending = deadline - .seconds(60)
      moments.append(ending > now.instant && !state.countsUp ? ending : deadline)
    }
    if state.isUrgent(at: now.instant, lasting: urgentFor), let urgentFor, let since = state.urgentSince {
      moments.append(since + urgentFor)
    }
    for due in [state.ledger.breaks.due, state.ledger.awayChoice?.answerBy, state.ledger.nudges.due]
      .compactMap({ $0 })
    where due > now.instant {
      moments.append(due)
    }
    if state.ledger.work != nil || state.ledger.project != nil {
      moments.append(Ledger(zone: zone, now: now, dayStart: dayStart).nextDayStart)
    }
    return moments.min().map { once(at: $0, now: now.instant) }
  }
}
