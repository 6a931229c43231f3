import PomobarCore

extension ViewModel {
  /// What every bar and command shows for `state` at the clock reading `now`: the local
  /// time for "ends at", and the ledger's today for the work clock.
  public init(state: TimerState, config: Config, reading now: ClockReading, problem: String? = nil) {
    self.init(
      state: state, config: config, now: now.instant,
      localSecondOfDay: LocalTime.secondOfDay(wall: now.wall), problem: problem,
      today: state.ledger.work == nil ? nil : Ledger.day(now: now, dayStart: config.ledger.dayStart))
  }
}
