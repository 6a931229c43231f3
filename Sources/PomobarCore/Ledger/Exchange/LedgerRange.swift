/// Which local days a ledger command covers: `today`, `yesterday`, `week`, `last-week`,
/// `month`, `last-month`, `year`, `all`, or `--from DATE --to DATE`.
///
/// Weeks start on Monday. A record belongs to the local day it started on (with the
/// offset it was recorded with), so a range is the same wherever it is asked from.
public struct LedgerRange: Equatable, Sendable {
  /// First and last day, inclusive; nil for no bound.
  public var first: CivilTime.Date?
  public var last: CivilTime.Date?

  public init(first: CivilTime.Date?, last: CivilTime.Date?) {
    self.first = first
    self.last = last
  }

  public static let all = LedgerRange(first: nil, last: nil)
  public static let names = ["today", "yesterday", "week", "last-week", "month", "last-month", "year", "all"]

  /// The range a name means on `today`; nil for a name it does not know.
  public init?(named name: String, today: CivilTime.Date) {
    switch name {
    case "today": self.init(first: today, last: today)
    case "yesterday":
      let day = today.adding(days: -1)
      self.init(first: day, last: day)
    case "week", "last-week":
      let monday = today.adding(days: -Int64(today.weekday) - (name == "week" ? 0 : 7))
      self.init(first: monday, last: monday.adding(days: 6))
    case "month", "last-month":
      var year = today.year
      var month = today.month
      if name == "last-month" {
        month -= 1
        if month == 0 { (year, month) = (year - 1, 12) }
      }
      self.init(
        first: CivilTime.Date(year: year, month: month, day: 1),
        last: CivilTime.Date(year: year, month: month, day: CivilTime.daysIn(year: year, month: month)))
    case "year":
      self.init(
        first: CivilTime.Date(year: today.year, month: 1, day: 1),
        last: CivilTime.Date(year: today.year, month: 12, day: 31))
    case "all": self = .all
    default: return nil
    }
  }

  /// Whether a record's local start day is inside.
  public func contains(_ record: LedgerRecord) -> Bool {
    let day = CivilTime.split(record.start.local).date
    if let first, day < first { return false }
    if let last, day > last { return false }
    return true
  }

  /// The history months (`YYYY-MM`, UTC) that can hold records of this range: a local
  /// day is at most 14 hours from UTC, so a day either side is enough.
  public var months: (first: String?, last: String?) {
    (first.map { HistoryTime.month($0.adding(days: -1)) }, last.map { HistoryTime.month($0.adding(days: 1)) })
  }
}
