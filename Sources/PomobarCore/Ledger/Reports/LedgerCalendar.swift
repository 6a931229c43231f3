/// How the ledger tells days and weeks: local days of each record, starting at
/// `[ledger] day-starts-at`, weeks starting on `[ledger] week-starts`.
///
/// A record's local time is its UTC time plus its own offset, so work done in Berlin stays
/// on its Berlin day after a move to New York, and no time zone database is needed to
/// report on the past.
public struct LedgerCalendar: Equatable, Sendable {
  /// Seconds after local midnight at which a day starts: work before it counts in the day
  /// before.
  public var dayStart: Int64
  /// The first day of a week: 0 Monday ... 6 Sunday.
  public var weekStart: Int

  public init(dayStart: Int = 0, weekStart: Int = 0) {
    self.dayStart = Int64(dayStart)
    self.weekStart = weekStart
  }

  public init(_ settings: LedgerSettings) {
    self.init(dayStart: settings.dayStart, weekStart: settings.weekStart)
  }

  /// The day `time` counts in: the date its local clock read, `dayStart` earlier.
  public func day(of time: WallTime) -> CivilTime.Date {
    day(utc: time.utc, offset: time.offset)
  }

  func day(utc: Int64, offset: Int32) -> CivilTime.Date {
    CivilTime.date(fromDays: dayNumber(utc: utc, offset: offset))
  }

  /// The day (days since 1970-01-01) a moment counts in.
  func dayNumber(utc: Int64, offset: Int32) -> Int64 {
    let local = utc + Int64(offset) - dayStart
    return local >= 0 ? local / 86_400 : (local + 1) / 86_400 - 1
  }

  /// The first day of the week holding `date`.
  public func firstDayOfWeek(_ date: CivilTime.Date) -> CivilTime.Date {
    date.adding(days: -Int64((date.weekday - weekStart + 7) % 7))
  }

  /// Calls `body` with each day the interval `start..<end` touches (as days since
  /// 1970-01-01, `CivilTime.Date.dayNumber`) and the seconds of it that lie in that day, in
  /// order; the seconds add up to `end - start`.
  ///
  /// Where the two offsets differ (a daylight-saving change or a flight across time zones
  /// during the interval), when the clock changed is not recorded. The interval is taken to
  /// have run on its start's clock for its first half and on its end's clock for the second,
  /// and each half is split where its own clock reads the day boundary. So every second
  /// lands in exactly one day; an interval from one local midnight to the next counts whole
  /// in that day, 23 or 25 hours long (both boundaries are read on the clock in force
  /// there); and one from 22:00 to 05:00 across a change at 03:00 splits at the midnight
  /// its start's clock read. Only a change close to a boundary near the middle of a long
  /// interval can misplace that boundary, by at most the change (an hour for DST).
  /// Calls `body` with each day `record` touches and the part of its counted seconds that
  /// lies there, in proportion to its time in each day; the parts add up to exactly
  /// `seconds` (cumulative rounding), and a day it touches with no whole second gets 0.
  @inline(__always)
  public func splitCounted(_ record: LedgerRecord, _ body: (_ day: Int64, _ part: Int64) -> Void) {
    let span = record.end.utc - record.start.utc
    let seconds = record.seconds
    var elapsed: Int64 = 0
    var given: Int64 = 0
    split(from: record.start, to: record.end) { day, length in
      elapsed += length
      let upTo = span > 0 ? seconds * elapsed / span : seconds
      let part = upTo - given
      given = upTo
      body(day, part)
    }
  }

  public func split(
    from start: WallTime, to end: WallTime, _ body: (Int64, Int64) -> Void
  ) {
    guard end.utc > start.utc else {
      body(dayNumber(utc: start.utc, offset: start.offset), 0)
      return
    }
    if start.offset == end.offset {
      splitSteady(start.utc, end.utc, start.offset, body)
      return
    }
    let middle = start.utc + (end.utc - start.utc) / 2
    // Pieces of both halves that fall in the same day are given as one.
    var pending: (day: Int64, seconds: Int64)? = nil
    func merge(_ day: Int64, _ seconds: Int64) {
      if let held = pending, held.day == day {
        pending = (day, held.seconds + seconds)
        return
      }
      if let held = pending { body(held.day, held.seconds) }
      pending = (day, seconds)
    }
    if middle > start.utc { splitSteady(start.utc, middle, start.offset, merge) }
    splitSteady(middle, end.utc, end.offset, merge)
    if let held = pending { body(held.day, held.seconds) }
  }

  /// Splits `start..<end` (UTC, start < end) on one clock, `offset`.
  private func splitSteady(
    _ start: Int64, _ end: Int64, _ offset: Int32, _ body: (Int64, Int64) -> Void
  ) {
    var day = dayNumber(utc: start, offset: offset)
    var from = start
    while true {
      // Where this clock next reads the boundary: the start of day + 1.
      let boundary = (day + 1) * 86_400 + dayStart - Int64(offset)
      if boundary >= end {
        body(day, end - from)
        return
      }
      body(day, boundary - from)
      from = boundary
      day += 1
    }
  }
}
