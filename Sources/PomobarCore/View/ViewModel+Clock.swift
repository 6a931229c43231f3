extension ViewModel {
  /// What every bar and command shows for `state` at the clock reading `now`, in the time
  /// zone `zone` (seconds east of UTC at a UTC second): the local time for "ends at", and
  /// the ledger's today for the work clock.
  ///
  /// The ledger's today (two zone look-ups) is worked out only when the work clock will
  /// show (running, or stopped with a project set), or a text needs it
  /// (`PlaceholderNeeds.ledgerDay`): not on every tick of a Pomodoro-only
  /// bar, whose focus-started clock has no project and stays out of sight.
  ///
  /// `figures`, the history's (a running bar's), count every machine's work in today's
  /// totals and the week's (`HistoryFigures.applied`), and fill `{budget}` and `{unbilled}`.
  public init(
    state: borrowing TimerState, config: borrowing Config, reading now: ClockReading,
    zone: @escaping (Int64) -> Int32,
    problem: String? = nil, figures: HistoryFigures? = nil
  ) {
    let shown = state.ledger.work.map { !$0.byFocus || $0.project != nil } ?? (state.ledger.project != nil)
    let needs = config.needs
    let wanted = config.ledger.show != .timer || needs.contains(.workClock)
    let utc = now.wall >= 0 ? now.wall / 1_000_000_000 : (now.wall + 1) / 1_000_000_000 - 1
    let local = utc + Int64(zone(utc))
    let today =
      shown && wanted || needs.contains(.ledgerDay) || figures != nil
      ? Ledger(zone: zone, now: now, dayStart: config.ledger.dayStart).ledgerDay : nil
    let second = (local % 86_400 + 86_400) % 86_400
    if let figures, let today {
      self.init(
        state: figures.applied(to: copy state, today: today.day), config: config, now: now.instant,
        localSecondOfDay: second, problem: problem, today: today, figures: figures)
    } else {
      self.init(
        state: state, config: config, now: now.instant, localSecondOfDay: second, problem: problem,
        today: today)
    }
    (deadline, countsFrom) = Self.clockInstants(state)
    if let work = self.work, work.running, let since = state.ledger.work?.since, let today {
      (workSince, workDayStart) = (since, today.start)
    }
    madeAt = WallStamp(wall: now.wall, instant: now.instant)
  }

  /// The running phase's deadline and, for a focus that counts up, the instant it counts
  /// from instead: its deadline is only the one-day cap, no end a widget should count
  /// down to. Both on the timer's timeline, exact (deadline − total does not move from
  /// one reading to the next).
  static func clockInstants(_ state: TimerState) -> (deadline: Instant?, countsFrom: Instant?) {
    switch state.phase {
    case .running(.focus(countsUp: true), let deadline, let total): return (nil, deadline - total)
    case .running(_, let deadline, _): return (deadline, nil)
    case .idle, .paused, .focusDone: return (nil, nil)
    }
  }
}
