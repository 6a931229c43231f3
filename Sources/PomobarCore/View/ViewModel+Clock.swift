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
    self.init(
      state: state, config: config, reading: now, zone: zone, problem: problem, figures: figures,
      marked: false)
  }

  /// The view at `now`; `marked`: with the face's ring and time as marks (`Face.ringMark`,
  /// `Face.timeMark`), for a frame's template (`FrameSplicer`).
  init(
    state: borrowing TimerState, config: borrowing Config, reading now: ClockReading,
    zone: @escaping (Int64) -> Int32, problem: String?, figures: HistoryFigures?, marked: Bool
  ) {
    let today =
      Self.needsToday(state, config, figures: figures)
      ? Ledger(zone: zone, now: now, dayStart: config.ledger.dayStart).ledgerDay : nil
    let second = Self.localSecondOfDay(now, zone: zone)
    if let figures, let today {
      let applied = figures.applied(to: copy state, today: today.day)
      self.init(
        face: Face(applied, config, now: now.instant, localSecondOfDay: second, marked: marked),
        state: applied, config: config, now: now.instant, localSecondOfDay: second,
        problem: problem, today: today, figures: figures)
    } else {
      self.init(
        face: Face(state, config, now: now.instant, localSecondOfDay: second, marked: marked), state: state,
        config: config, now: now.instant, localSecondOfDay: second, problem: problem, today: today,
        figures: nil)
    }
    (deadline, countsFrom) = Self.clockInstants(state)
    if let work = self.work, work.running, let since = state.ledger.work?.since, let today {
      (workSince, workDayStart) = (since, today.start)
    }
    madeAt = WallStamp(wall: now.wall, instant: now.instant)
  }

  /// Whether the view needs the ledger's today: the work clock shows (running, or stopped
  /// with a project set), a text needs it (`PlaceholderNeeds.ledgerDay`), or the history's
  /// figures count in it.
  static func needsToday(_ state: borrowing TimerState, _ config: borrowing Config, figures: HistoryFigures?)
    -> Bool
  {
    let shown = state.ledger.work.map { !$0.byFocus || $0.project != nil } ?? (state.ledger.project != nil)
    let needs = config.needs
    let wanted = config.ledger.show != .timer || needs.contains(.workClock)
    return shown && wanted || needs.contains(.ledgerDay) || figures != nil
  }

  /// The local wall-clock time at `now`, in seconds since midnight.
  static func localSecondOfDay(_ now: ClockReading, zone: (Int64) -> Int32) -> Int64 {
    let utc = now.wall >= 0 ? now.wall / 1_000_000_000 : (now.wall + 1) / 1_000_000_000 - 1
    let local = utc + Int64(zone(utc))
    return (local % 86_400 + 86_400) % 86_400
  }

  /// Whether the clock reaches the view of `state` only through its face (`Face`): no
  /// ledger day (the work clock, today's work, goals, the history's figures), no time away
  /// asked about or pausing the timer, no break care overdue. Then, while nothing else
  /// happens, the view at any moment is the face's and the urgent flag's
  /// (`TimerState.isUrgent`), and a frame is its template with the face's ring and time
  /// put in (`FrameSplicer`).
  static func clockMovesOnlyTheFace(
    _ state: borrowing TimerState, _ config: borrowing Config, figures: HistoryFigures?
  ) -> Bool {
    !needsToday(state, config, figures: figures) && state.ledger.awayChoice == nil
      && !state.ledger.pausedByAway
      && !(config.timer.breaks.remindAfter != nil && state.ledger.breaks.isOverdue)
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
