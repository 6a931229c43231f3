/// Break care on the bar: an overdue stretch of work is the waybar class `overdue`, the
/// urgent flag (for `[display] urgent-for` from the reminder, like a phase's end) and a
/// tooltip line, `Working 1 h 42 min without a break`.
extension ViewModel {
  struct BreakCareView {
    var overdue = false
    var urgent = false
    var line: String? = nil
  }

  static func breakCare(_ state: TimerState, now: Instant, urgentFor: Duration?) -> BreakCareView {
    let care = state.ledger.breaks
    guard care.isOverdue, let since = care.since, let reminded = care.remindedAt else { return BreakCareView() }
    return BreakCareView(
      overdue: true, urgent: urgentFor.map { now < reminded + $0 } ?? true,
      line: BreakCare.workedLine(now - since))
  }
}
