import PomobarCore

extension ViewModel {
  /// What every bar and command shows for `state` at the clock reading `now`: the local
  /// time for "ends at", and the ledger's today for the work clock.
  ///
  /// The ledger's today (two `localtime_r` calls) is worked out only when the work clock
  /// will show: not on every tick of a Pomodoro-only bar, whose focus-started clock has no
  /// project and stays out of sight.
  public init(state: TimerState, config: Config, reading now: ClockReading, problem: String? = nil) {
    let shown = state.ledger.work.map { !$0.byFocus || $0.project != nil } ?? false
    let wanted = config.ledger.show != .timer || config.format.usesWork
    self.init(
      state: state, config: config, now: now.instant,
      localSecondOfDay: LocalTime.secondOfDay(wall: now.wall), problem: problem,
      today: shown && wanted
        ? Ledger.day(now: now, dayStart: config.ledger.dayStart) : nil)
  }
}
