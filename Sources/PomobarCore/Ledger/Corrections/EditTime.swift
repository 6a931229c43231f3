/// A time a person gives to correct a record: `9:05` (or `9:05:30`) on a given day, or a
/// full local date and time, `2026-11-23 09:05` or `2026-11-23T09:05`.
///
/// One function on purpose: `track`'s words (`9-11`, `yesterday 9:00`) are parsed by their
/// own type; when it takes these forms too, `local(_:on:)` becomes a call to it.
public enum EditTime {
  /// The forms, for a message that shows what works.
  public static let forms = "9:05, 9:05:30 or 2026-11-23 09:05"

  /// Local seconds since the epoch (the local clock counted as if it were UTC) that `text`
  /// names, a clock time being on `day`; nil for anything else.
  public static func local(_ text: String, on day: CivilTime.Date) -> Int64? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "T" })
    switch words.count {
    case 1:
      return secondOfDay(words[0]).map { day.dayNumber * 86_400 + $0 }
    case 2:
      guard let date = CivilTime.Date(words[0]), let second = secondOfDay(words[1]) else { return nil }
      return date.dayNumber * 86_400 + second
    default:
      return nil
    }
  }

  /// `9:00`, `09:00`, `14:30:15` as seconds since midnight; nil for anything else.
  public static func secondOfDay(_ text: some StringProtocol) -> Int64? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let numbers = parts.map { Int64($0)! }
    guard numbers[0] < 24, numbers[1] < 60, numbers.count == 2 || numbers[2] < 60 else { return nil }
    return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
  }
}
