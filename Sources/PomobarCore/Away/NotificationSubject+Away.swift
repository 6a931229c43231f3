/// The subject of the away notification: the time away it asks about (`away-FROM`), not
/// the timer's place, so that the timer moving on leaves its buttons alone and an answer
/// (from the bar, `ctl away-was`, a button) makes them stale.
extension NotificationSubject {
  static let awayPrefix = "away-"

  /// `away-FROM` for the time away waiting in `state`; `away-` when none waits.
  public static func away(_ state: TimerState) -> String {
    awayPrefix + (state.ledger.awayChoice.map { "\($0.from.nanoseconds)" } ?? "")
  }
}
