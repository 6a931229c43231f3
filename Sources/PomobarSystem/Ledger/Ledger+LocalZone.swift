import PomobarCore

/// The ledger in the system's own time zone (`LocalZone`).
extension Ledger {
  /// Today as the ledger counts it, for a bar or a command reading the clock `now`.
  public static func day(now: ClockReading, dayStart: Int) -> LedgerDay {
    Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: dayStart).ledgerDay
  }

  /// `openIntervals(_:)` in the local zone, at `now`.
  public static func openIntervals(_ state: TimerState, now: ClockReading) -> [LedgerRecord] {
    Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: 0).openIntervals(state)
  }
}
