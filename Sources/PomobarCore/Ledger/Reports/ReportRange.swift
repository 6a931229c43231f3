/// Which days a report covers, as the command line names them.
public enum ReportRange: Equatable, Sendable {
  case today
  case yesterday
  /// The week holding today, from `[ledger] week-starts`.
  case week
  case lastWeek
  case month
  case lastMonth
  case year
  /// Everything in the history.
  case all
  /// `--from DATE --to DATE`: local days, both included.
  case days(CivilTime.Date, CivilTime.Date)

  /// The range words, as written on the command line.
  public static let names = ["today", "yesterday", "week", "last-week", "month", "last-month", "year", "all"]

  /// A range word; nil for anything else.
  public init?(name: String) {
    switch name {
    case "today": self = .today
    case "yesterday": self = .yesterday
    case "week": self = .week
    case "last-week": self = .lastWeek
    case "month": self = .month
    case "last-month": self = .lastMonth
    case "year": self = .year
    case "all": self = .all
    default: return nil
    }
  }

  /// `--from FROM --to TO`, each `YYYY-MM-DD`, `today` or `yesterday`.
  public static func between(
    _ from: String, _ to: String, today: CivilTime.Date
  ) throws(ReportRangeError) -> ReportRange {
    let first = try date(from, option: "--from", today: today)
    let last = try date(to, option: "--to", today: today)
    guard first <= last else {
      throw ReportRangeError(message: "--from \(first) is after --to \(last)")
    }
    return .days(first, last)
  }

  /// A day as `--from`/`--to` take it.
  static func date(_ text: String, option: String, today: CivilTime.Date) throws(ReportRangeError)
    -> CivilTime.Date
  {
    switch text {
    case "today": return today
    case "yesterday": return today.adding(days: -1)
    default:
      guard let date = CivilTime.Date(text) else {
        throw ReportRangeError(
          message: "\(option): cannot read '\(Shown.plain(text))' as a day; write it like 2026-11-23, "
            + "or today or yesterday")
      }
      if let refusal = HistoryTime.refusal(date) { throw ReportRangeError(message: "\(option): \(refusal)") }
      return date
    }
  }

  /// The days of the range, seen from `today` (a ledger day) with weeks starting on
  /// `calendar.weekStart`. `all` has no first day of its own: the history's first; and it
  /// ends on the history's last day when that is after today (`latest`): a record made
  /// minutes ago far east of here is on a day that has not begun here yet.
  public func period(today: CivilTime.Date, calendar: LedgerCalendar, latest: CivilTime.Date? = nil)
    -> ReportPeriod
  {
    func monthStart(_ date: CivilTime.Date) -> CivilTime.Date {
      CivilTime.Date(year: date.year, month: date.month, day: 1)
    }
    func monthEnd(_ date: CivilTime.Date) -> CivilTime.Date {
      CivilTime.Date(
        year: date.year, month: date.month, day: CivilTime.daysIn(year: date.year, month: date.month))
    }
    switch self {
    case .today: return ReportPeriod(name: "today", first: today, last: today)
    case .yesterday:
      let day = today.adding(days: -1)
      return ReportPeriod(name: "yesterday", first: day, last: day)
    case .week:
      let first = calendar.firstDayOfWeek(today)
      return ReportPeriod(name: "week", first: first, last: first.adding(days: 6))
    case .lastWeek:
      let first = calendar.firstDayOfWeek(today).adding(days: -7)
      return ReportPeriod(name: "last-week", first: first, last: first.adding(days: 6))
    case .month: return ReportPeriod(name: "month", first: monthStart(today), last: monthEnd(today))
    case .lastMonth:
      let previous = monthStart(today).adding(days: -1)
      return ReportPeriod(name: "last-month", first: monthStart(previous), last: previous)
    case .year:
      return ReportPeriod(
        name: "year", first: CivilTime.Date(year: today.year, month: 1, day: 1),
        last: CivilTime.Date(year: today.year, month: 12, day: 31))
    case .all:
      if let latest, latest > today {
        return ReportPeriod(name: "all", first: nil, last: latest, stopsAtToday: false)
      }
      return ReportPeriod(name: "all", first: nil, last: today)
    case .days(let first, let last):
      return ReportPeriod(name: "days", first: first, last: last, stopsAtToday: false)
    }
  }
}

/// The days a report covers, both included; `first` is nil for the whole history.
public struct ReportPeriod: Equatable, Sendable {
  /// The range's word (`week`), or `days` for `--from`/`--to`.
  public var name: String
  public var first: CivilTime.Date?
  public var last: CivilTime.Date
  /// Whether days after today are left out: those of `week`, `month` and `year` are (they
  /// hold nothing yet); days asked for by date are not.
  public var stopsAtToday: Bool

  public init(name: String, first: CivilTime.Date?, last: CivilTime.Date, stopsAtToday: Bool = true) {
    self.name = name
    self.first = first
    self.last = last
    self.stopsAtToday = stopsAtToday
  }
}

/// Why a range cannot be read; the message names the option and the accepted forms.
public struct ReportRangeError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
