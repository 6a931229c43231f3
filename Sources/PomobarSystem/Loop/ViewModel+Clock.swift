import PomobarCore

extension ViewModel {
  /// What every bar and command shows for `state` at the clock reading `now`, in the
  /// system's time zone.
  public init(
    state: TimerState, config: Config, reading now: ClockReading, problem: String? = nil,
    figures: HistoryFigures? = nil
  ) {
    self.init(
      state: state, config: config, reading: now, zone: LocalZone.offset(atUTC:), problem: problem,
      figures: figures)
  }
}
