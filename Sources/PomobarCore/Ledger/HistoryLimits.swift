/// The moments the history holds: from 1970-01-01T00:00:00Z to the end of 9999-12-31, on
/// the UTC clock and on the local one. A line writes a time with four digits of year,
/// history files are named by the UTC month (`YYYY-MM`), and days are counted from 1970:
/// every door a date or time comes in by (`track`, `history amend`/`edit`/`split`, `ctl
/// --at`, `--from`/`--to`, `report --calendar`, imports) refuses one outside, with
/// `refusal`'s words.
public enum HistoryTime {
  /// The first and last second, UTC.
  public static let earliest: Int64 = 0
  public static let latest: Int64 = 253_402_300_799
  public static let firstDay = CivilTime.Date(year: 1970, month: 1, day: 1)
  public static let lastDay = CivilTime.Date(year: 9999, month: 12, day: 31)
  /// The range, as messages name it.
  public static let days = "1970-01-01 to 9999-12-31"

  public static func holds(_ date: CivilTime.Date) -> Bool { date >= firstDay && date <= lastDay }

  /// Whether the moment, UTC and local, lies in the range.
  public static func holds(_ time: WallTime) -> Bool { holds(utc: time.utc) && holds(utc: time.local) }

  /// Whether `seconds` since the epoch lie in the range.
  public static func holds(utc seconds: Int64) -> Bool { (earliest...latest).contains(seconds) }

  /// Why `date` cannot be given, said for a person; nil when it can.
  public static func refusal(_ date: CivilTime.Date) -> String? {
    holds(date) ? nil : "\(date) is outside \(days), the days the history holds"
  }

  /// Why the moment cannot be kept; nil when it can.
  public static func refusal(_ time: WallTime) -> String? { holds(time) ? nil : outside(time) }

  /// That a moment is outside, in words.
  static func outside(_ time: WallTime) -> String {
    "\(time.iso8601) is outside \(days), the times the history holds"
  }

  /// `YYYY-MM` of the month `months` after the one holding `date`, as history files are
  /// named, kept within the range's months: a month past 9999-12 would be `10000-01`,
  /// which sorts before every file.
  public static func month(_ date: CivilTime.Date, adding months: Int = 0) -> String {
    let index = min(
      max(date.year * 12 + (date.month - 1) + months, firstDay.year * 12), lastDay.year * 12 + 11)
    let (year, month) = (index / 12, index % 12 + 1)
    return String(CivilTime.Date(year: year, month: month, day: 1).description.prefix(7))
  }
}

extension LedgerRecord {
  /// The longest line, newline left out, that a history reader takes: a longer one is
  /// skipped as unreadable (`HistoryStore.readLines`).
  public static let lineLimit = 64 * 1024

  /// Why the history cannot keep this record as it is, said for a person; nil when it can.
  ///
  /// What every writer asks before it writes a record or an amend of one (`track`, the
  /// `history` edits, imports): its times lie in `HistoryTime`, its note keeps `NoteText`,
  /// and its line fits in `lineLimit`, also wrapped in an amend edit (which a later
  /// `history amend` of its project or tags writes, keeping the rest). A record within the
  /// bounds of notes, names and tags always fits; an imported one with a long id or
  /// project may not.
  public var historyProblem: String? {
    for time in [start, end] {
      if let refusal = HistoryTime.refusal(time) { return refusal }
    }
    if let note, case .failure(let problem) = NoteText.check(note) { return "\(problem)" }
    let bytes = HistoryEdit.longestAmendLineBytes(self)
    guard bytes <= Self.lineLimit else {
      return "its line in the history would be \(bytes) bytes, more than the \(Self.lineLimit) a reader takes"
    }
    return nil
  }
}

extension HistoryEdit {
  /// The longest id `HistoryStore.newEdit` makes: 12 hex digits of machine, nanoseconds
  /// and a process id in base 36.
  static let longestID = "ffffffffffff." + String(Int64.max, radix: 36) + "." + String(Int32.max, radix: 36)

  /// The bytes, newline left out, of the longest amend edit line that can wrap `record`:
  /// made by any machine at any moment, the record given a creation time with nanoseconds
  /// (an amend keeps the original's).
  static func longestAmendLineBytes(_ record: LedgerRecord) -> Int {
    var record = record
    if record.at == nil || record.atNanoseconds == 0 {
      record.at = record.at ?? WallTime(utc: HistoryTime.latest, offset: -3600)
      record.atNanoseconds = 999_999_999
    }
    let made = WallTime(utc: HistoryTime.latest, offset: -3600)
    let edit = HistoryEdit(
      id: longestID, at: made, nanoseconds: 999_999_999, .amend(target: record.id, record: record))
    return edit.jsonLine.utf8.count - 1
  }
}
