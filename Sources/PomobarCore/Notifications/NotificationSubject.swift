/// Where the timer is, as far as a notification's buttons care: a notification is stale
/// once this has changed.
///
/// The phase (a paused phase counts as the same phase), the place in the cycle, the count
/// of completed sessions and, for a timed phase, when it began: an extend, a pause or a
/// project switch leaves it alone; any step to another phase changes it.
public enum NotificationSubject {
  public static func of(_ state: TimerState) -> String {
    let place = "\(state.slot).\(state.completed)"
    switch state.phase {
    case .idle: return "idle." + place
    case .focusDone: return "focus-done." + place
    case .running(let timed, _, _), .paused(let timed, _, _):
      let began = state.ledger.phaseStart.map { "\($0.nanoseconds)" } ?? "-"
      return "\(timed.kind.rawValue).\(place).\(began)"
    }
  }
}
