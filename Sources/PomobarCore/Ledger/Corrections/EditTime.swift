/// A time a person gives to correct a record: `9:05` (or `9:05:30`) on a given day, or a
/// full local date and time, `2026-11-23 09:05` or `2026-11-23T09:05`.
///
/// The clock time is read as every command reads one (`ClockTime`).
public enum EditTime {
  /// The forms, for a message that shows what works.
  public static let forms = "9:05, 9:05:30, 9am or 2026-11-23 09:05"

  /// Local seconds since the epoch (the local clock counted as if it were UTC) that `text`
  /// names, a clock time being on `day`; nil for anything else.
  public static func local(_ text: String, on day: CivilTime.Date) -> Int64? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "T" })
    switch words.count {
    case 1:
      return ClockTime.secondOfDay(words[0]).map { day.dayNumber * 86_400 + $0 }
    case 2:
      guard let date = CivilTime.Date(words[0]), let second = ClockTime.secondOfDay(words[1]) else { return nil }
      return date.dayNumber * 86_400 + second
    default:
      return nil
    }
  }
}
