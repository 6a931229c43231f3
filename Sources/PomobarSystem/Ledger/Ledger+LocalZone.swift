import PomobarCore

/// The ledger in the system's own time zone (`LocalZone`).
extension Ledger {
  /// Today as the ledger counts it, for a bar or a command reading the clock `now`.
  public static func day(now: ClockReading, dayStart: Int) -> LedgerDay {
    Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: dayStart).ledgerDay
  }

  /// The running work interval as a record up to now (id `open`), for reports: a running
  /// interval is in the state, not the history, and counts while it runs.
  public static func openIntervals(_ state: TimerState, now: ClockReading) -> [LedgerRecord] {
    guard let work = state.ledger.work, work.since < now.instant else { return [] }
    let ledger = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: 0)
    return [
      LedgerRecord(
        id: "open", kind: .work, start: ledger.wallTime(work.since), end: ledger.wallTime(now.instant),
        seconds: (now.instant - work.since).floorSeconds, project: work.project, tags: work.tags)
    ]
  }
}
