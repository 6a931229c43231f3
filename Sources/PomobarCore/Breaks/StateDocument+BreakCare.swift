/// Break care's part of the state file, a member of `ledger` written only while break
/// care keeps something (absent: nothing, as in files from before it):
///
/// ```json
/// "breaks":{"since":…,"rest_since":null,"snoozed_until":null,"reminded_at":…,"due":null,
///          "broken_stretch":null}
/// ```
/// Instants are nanoseconds on the timeline of the boot in `written`, like the timer's.
extension StateDocument {
  static func encode(_ care: BreakCare) -> JSONValue? {
    guard care != BreakCare() else { return nil }
    let instant = { (value: Instant?) in value.map { JSONValue.integer($0.nanoseconds) } ?? .null }
    return [
      "since": instant(care.since), "rest_since": instant(care.restSince),
      "snoozed_until": instant(care.snoozedUntil), "reminded_at": instant(care.remindedAt),
      "due": instant(care.due), "broken_stretch": instant(care.brokenStretch),
    ]
  }

  /// Break care from the ledger's `breaks` member. An instant that is not a number, or is
  /// outside `near` (the ledger's year around the write), is dropped rather than failing
  /// the state: the next transition works the stretch out again.
  static func decodeBreakCare(_ value: JSONValue?, near: ClosedRange<Int64>) -> BreakCare {
    guard let value, case .object = value else { return BreakCare() }
    func moment(_ key: String) -> Instant? {
      guard let ns = value[key]?.int64Value, near.contains(ns) else { return nil }
      return Instant(nanoseconds: ns)
    }
    return BreakCare(
      since: moment("since"), restSince: moment("rest_since"), snoozedUntil: moment("snoozed_until"),
      remindedAt: moment("reminded_at"), due: moment("due"), brokenStretch: moment("broken_stretch"))
  }
}
