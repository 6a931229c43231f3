/// Break care's wake-ups, beside the timer's own (`TickPlan.of`): none while it is off.
extension TickPlan {
  /// When break care's reminder is due; when its urgent flag clears (`[display]
  /// urgent-for`); and, while overdue with no phase running (whose ticks show it anyway),
  /// each minute the tooltip's `Working 1 h 42 min without a break` turns (rounded to the
  /// nearest minute, so on the half minute of the stretch).
  static func breakCare(_ state: TimerState, now: Instant, urgentFor: Duration?) -> [TickPlan] {
    let care = state.ledger.breaks
    var plans: [TickPlan] = []
    if let due = care.due, due > now { plans.append(once(at: due, now: now)) }
    if care.isOverdue, let reminded = care.remindedAt, let since = care.since {
      if let urgentFor, now < reminded + urgentFor { plans.append(once(at: reminded + urgentFor, now: now)) }
      if state.deadline == nil { plans.append(TickPlan(anchor: since + .seconds(30), seconds: 60)) }
    }
    return plans
  }
}
