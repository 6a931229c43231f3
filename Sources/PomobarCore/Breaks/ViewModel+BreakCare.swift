/// Break care on the bar: an overdue stretch of work is the waybar class `overdue`, the
/// urgent flag (for `[display] urgent-for` from the reminder, like a phase's end) and a
/// tooltip line, `Working 1 h 42 min without a break`.
extension ViewModel {
  struct BreakCareView {
    var overdue = false
    var urgent = false
    var line: String? = nil
  }

  /// Nothing once `[breaks] remind-after` is off, though the state still holds a stretch
  /// until the next transition clears it.
  static func breakCare(_ state: TimerState, config: Config, now: Instant) -> BreakCareView {
    let care = state.ledger.breaks
    guard config.timer.breaks.remindAfter != nil, care.isOverdue, let since = care.since,
      let reminded = care.remindedAt
    else { return BreakCareView() }
    return BreakCareView(
      overdue: true, urgent: config.display.urgentFor.map { now < reminded + $0 } ?? true,
      line: BreakCare.workedLine(now - since))
  }
}
