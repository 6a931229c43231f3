/// The nudges' part of the state file, a member of `ledger` written only while a nudge
/// keeps something (absent: nothing, as in files from before it):
///
/// ```json
/// "nudges":{"quiet_since":…,"forgot_due":…,"nudged_at":null,"end_of_day_due":null,"end_of_day_at":null}
/// ```
extension StateDocument {
  static func encode(_ nudges: Nudges) -> JSONValue? {
    guard nudges != Nudges() else { return nil }
    let instant = { (value: Instant?) in value.map { JSONValue.integer($0.nanoseconds) } ?? .null }
    return [
      "quiet_since": instant(nudges.quietSince), "forgot_due": instant(nudges.forgotDue),
      "nudged_at": instant(nudges.nudgedAt), "end_of_day_due": instant(nudges.endOfDayDue),
      "end_of_day_at": instant(nudges.endOfDayAt),
    ]
  }

  /// The nudges from the ledger's `nudges` member; an instant that is not a number or is
  /// outside `near` is dropped (the next transition works it out again), as break care's.
  static func decodeNudges(_ value: JSONValue?, near: ClosedRange<Int64>) -> Nudges {
    guard let value, case .object = value else { return Nudges() }
    func moment(_ key: String) -> Instant? {
      guard let ns = value[key]?.int64Value, near.contains(ns) else { return nil }
      return Instant(nanoseconds: ns)
    }
    return Nudges(
      quietSince: moment("quiet_since"), forgotDue: moment("forgot_due"), nudgedAt: moment("nudged_at"),
      endOfDayDue: moment("end_of_day_due"), endOfDayAt: moment("end_of_day_at"))
  }
}

extension StateDocument {
  /// When a copy without a bar (`pomobar idle-watch`) wakes for the nudges (`[nudges]`),
  /// as a bar does (`TickPlan`): nanoseconds after `now` until the next one is due (0: at
  /// once, it is past, or the nudges are behind the config: `nudgesAreBehind`); nil when
  /// none is, or with no nudge that comes at a moment (`NudgeSettings.isTimed`). At that
  /// wake-up, one transaction fires what is due.
  public func nudgeWake(at now: ClockReading, settings: TimerSettings) -> Int64? {
    guard settings.nudges.isTimed else { return nil }
    let (_, state) = staleness(at: now)
    if TimerMachine.nudgesAreBehind(state, settings: settings) { return 0 }
    return state.ledger.nudges.due.map { max(0, ($0 - now.instant).nanoseconds) }
  }
}
