/// The ledger's calendar at a transaction's clock reading: moments on the timer's timeline
/// as wall-clock times with the local offset, today and when the next day begins.
public struct Ledger {
  /// The local zone's offset at a UTC second.
  let zone: (Int64) -> Int32
  /// The transaction's clock reading: how instants map to wall-clock time.
  let now: ClockReading
  /// Seconds after local midnight at which days start.
  let dayStart: Int

  public init(zone: @escaping (Int64) -> Int32, now: ClockReading, dayStart: Int) {
    self.zone = zone
    self.now = now
    self.dayStart = dayStart
  }

  /// A moment on the timer's timeline as the wall-clock time it was, with its offset.
  public func wallTime(_ instant: Instant) -> WallTime {
    Self.wallTime(nanoseconds: now.wall &+ (instant.nanoseconds &- now.boottime), zone: zone)
  }

  /// Wall-clock nanoseconds since the epoch as the second they fall in, with its offset.
  static func wallTime(nanoseconds: Int64, zone: (Int64) -> Int32) -> WallTime {
    let (seconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    let utc = rest < 0 ? seconds - 1 : seconds
    return WallTime(utc: utc, offset: zone(utc))
  }

  /// Today's day number and the UTC second it began.
  public var today: (day: Int64, start: Int64) {
    let current = wallTime(now.instant)
    let day = DayTotals.day(ofLocal: current.local, dayStart: dayStart)
    let localStart = day * 86_400 + Int64(dayStart)
    return (day, localStart - Int64(zone(localStart - Int64(current.offset))))
  }

  /// Today for the view model: its number and the moment it began on the timer's timeline.
  public var ledgerDay: LedgerDay {
    let (day, began) = today
    let nowUTC = wallTime(now.instant).utc
    return LedgerDay(day: day, start: now.instant - .seconds(nowUTC - began))
  }

  /// When the next ledger day begins, on the timer's timeline (a daylight-saving day is 23
  /// or 25 hours long).
  public var nextDayStart: Instant {
    let current = wallTime(now.instant)
    let day = DayTotals.day(ofLocal: current.local, dayStart: dayStart)
    let localStart = (day + 1) * 86_400 + Int64(dayStart)
    let begins = localStart - Int64(zone(localStart - Int64(current.offset)))
    return now.instant + .seconds(begins - current.utc)
  }

  /// The running work interval as a record up to now (id `open`), for reports: a running
  /// interval is in the state, not the history, and counts while it runs.
  public func openIntervals(_ state: TimerState) -> [LedgerRecord] {
    guard let work = state.ledger.work, work.since < now.instant else { return [] }
    return [
      LedgerRecord(
        id: "open", kind: .work, start: wallTime(work.since), end: wallTime(now.instant),
        seconds: (now.instant - work.since).floorSeconds, project: work.project, tags: work.tags)
    ]
  }
}
