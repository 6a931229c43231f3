/// A time of day as people write it, read one way by every command that takes one
/// (`ctl --at`, `track`, `history amend --start`, `history edit`'s lines), and written one
/// way by everything that shows one (`text`).
public enum ClockTime {
  /// `09:05` for 32,700 seconds after midnight: the hour in two digits (as it is with
  /// `paddedHour: false`: `9:05`), the minute, and the seconds only `withSeconds` and when
  /// there are some (`09:05:30`). An hour past the day is written as it is (`24:00` for a
  /// day's end); a caller that means a clock on any day wraps first. `second` is not negative.
  public static func text(_ second: Int64, paddedHour: Bool = true, withSeconds: Bool = false) -> String {
    DurationFormat.colons(
      second / 3600, second % 3600 / 60, withSeconds && second % 60 != 0 ? second % 60 : nil,
      padLead: paddedHour)
  }

  /// Seconds after midnight of `9:00`, `09:00`, `14:30:15`, `9am`, `12:30pm`; a bare hour
  /// (`9`) only with `bareHour` (where a word's place says it is a time), and `24:00` only
  /// as an `end`. Nil for anything else (`9.00`, `25:00`, `9:5`).
  public static func secondOfDay(_ text: some StringProtocol, bareHour: Bool = false, end: Bool = false)
    -> Int64?
  {
    var body = Substring(text.lowercased())
    var meridiem: Int64? = nil
    if body.hasSuffix("am") || body.hasSuffix("pm") {
      meridiem = body.hasSuffix("pm") ? 12 : 0
      body = body.dropLast(2)
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.count > 1 || bareHour || meridiem != nil,
      parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let numbers = parts.map { Int64($0)! }
    let (minute, second) = (numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    guard minute < 60, second < 60, parts.dropFirst().allSatisfy({ $0.utf8.count == 2 }) else { return nil }
    var hour = numbers[0]
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + meridiem
    }
    let total = hour * 3600 + minute * 60 + second
    return total < 86_400 || (end && total == 86_400 && meridiem == nil) ? total : nil
  }

  /// Seconds after a day's midnight of a time that may be on a later day: `01:15+1` (1 or
  /// 2 digits after the `+`: that many days later), the way `history edit` writes an end
  /// past midnight and `track` takes one; without a `+`, `secondOfDay`.
  public static func secondAfterMidnight(
    _ text: some StringProtocol, bareHour: Bool = false, end: Bool = false
  ) -> Int64? {
    guard let plus = text.firstIndex(of: "+") else { return secondOfDay(text, bareHour: bareHour, end: end) }
    let count = text[text.index(after: plus)...]
    guard (1...2).contains(count.utf8.count), count.utf8.allSatisfy({ (48...57).contains($0) }),
      let days = Int64(count), let second = secondOfDay(text[..<plus], bareHour: bareHour, end: end)
    else { return nil }
    return days * 86_400 + second
  }
}
