/// When work and focus happened on each day of a short range: the pieces of the work
/// clock's intervals and of the focus sessions, placed on the day's clock, for the HTML
/// report's timeline (`pomobar report --html`).
///
/// The report's numbers come from `ReportBuilder`; this only says where in the day time
/// was spent. It keeps the pieces of the range's days, so it is made for ranges of up to
/// `maximumDays` days (a year of pieces would be a page no one reads).
public struct ReportTimeline: Equatable, Sendable {
  /// A part of an interval that lies in one day.
  public struct Piece: Equatable, Sendable {
    public var kind: LedgerRecord.Kind
    /// Seconds after the start of the day (`[ledger] day-starts-at`) on the local clock,
    /// from `0` to `86_400`.
    public var from: Int64
    public var to: Int64
    public var project: String?
    public var outcome: LedgerRecord.Outcome?
  }

  /// The longest range with a timeline: a month.
  public static let maximumDays = 31

  public let calendar: LedgerCalendar
  public let first: CivilTime.Date
  public let last: CivilTime.Date
  let project: String?
  let tags: [String]
  /// Pieces by day number, in the order they were added.
  public private(set) var days: [Int64: [Piece]] = [:]

  /// A timeline of `first...last` (at most `maximumDays` days; nil for longer), with the
  /// report's filters: `--project` and `--tag`.
  public init?(
    first: CivilTime.Date, last: CivilTime.Date, calendar: LedgerCalendar, project: String? = nil,
    tags: [String] = []
  ) {
    guard last.dayNumber - first.dayNumber < Int64(Self.maximumDays) else { return nil }
    self.first = first
    self.last = last
    self.calendar = calendar
    self.project = project
    self.tags = tags
  }

  /// Adds a work interval or focus session (breaks are not drawn), cut at the day
  /// boundaries it crosses; pieces outside the range are dropped.
  public mutating func add(_ record: LedgerRecord) {
    guard record.kind == .work || record.kind == .focus, record.end.utc > record.start.utc else { return }
    if let project, record.project != project { return }
    if !tags.allSatisfy(record.tags.contains) { return }
    // Local seconds since the epoch, shifted so that a ledger day starts at a multiple of
    // 86 400. Across an offset change the end is on its own clock (a day may read 23 or
    // 25 hours; the piece is clamped to the day drawn).
    let start = record.start.local - calendar.dayStart
    let end = max(start, record.end.local - calendar.dayStart)
    let firstDay = calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)
    let lastDay = calendar.dayNumber(utc: record.end.utc, offset: record.end.offset)
    guard lastDay >= first.dayNumber, firstDay <= last.dayNumber else { return }
    for day in max(firstDay, first.dayNumber)...min(max(firstDay, lastDay), last.dayNumber) {
      let dayStart = day * 86_400
      let from = min(max(start - dayStart, 0), 86_400)
      let to = min(max(end - dayStart, 0), 86_400)
      guard to > from else { continue }
      days[day, default: []].append(
        Piece(kind: record.kind, from: from, to: to, project: record.project, outcome: record.outcome))
    }
  }

  /// The pieces of `date`, work first, each kind in order of start.
  public func pieces(on date: CivilTime.Date) -> [Piece] {
    (days[date.dayNumber] ?? []).sorted {
      $0.kind != $1.kind ? $0.kind == .work : ($0.from, $0.to) < ($1.from, $1.to)
    }
  }
}
