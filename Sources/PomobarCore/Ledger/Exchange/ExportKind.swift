/// Which records `export --kind` writes: the rows a user adds up.
///
/// Focus sessions and breaks lie inside the work clock's time, so a sum over every row of
/// an export counts that time two or three times. `work` is what `report` counts as work:
/// the work clock's records, and on a day without it, that day's focus sessions (a focus
/// counts by the day it starts); `focus` the focus sessions, `break` the breaks taken (a
/// skipped one counts no time in reports); `all` every record.
public enum ExportKind: String, CaseIterable, Sendable {
  case all
  case work
  case focus
  case breaks = "break"

  public static var names: [String] { allCases.map(\.rawValue) }
}

/// The records of an `ExportKind`: for `work`, show it every record first (`see`), since
/// a focus counts as work only on a day without the work clock.
public struct ExportSelection: Sendable {
  public let kind: ExportKind
  let calendar: LedgerCalendar
  /// The days (`LedgerCalendar` day numbers) the work clock counts time in.
  var workDays = Set<Int64>()

  public init(_ kind: ExportKind, calendar: LedgerCalendar) {
    self.kind = kind
    self.calendar = calendar
  }

  /// Whether `includes` needs every record of the range, and a day either side, given to
  /// `see` first.
  public var needsFirstPass: Bool { kind == .work }

  /// Notes the days a work record counts time in, as `ReportBuilder` splits it.
  public mutating func see(_ record: LedgerRecord) {
    guard kind == .work, record.kind == .work else { return }
    calendar.splitCounted(record) { day, part in
      if part > 0 { workDays.insert(day) }
    }
  }

  public func includes(_ record: LedgerRecord) -> Bool {
    switch kind {
    case .all: return true
    case .work:
      return record.kind == .work
        || (record.kind == .focus
          && !workDays.contains(calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)))
    case .focus: return record.kind == .focus
    case .breaks: return record.kind.isBreak && record.outcome != .skipped
    }
  }
}
