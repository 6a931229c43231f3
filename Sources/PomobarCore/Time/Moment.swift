/// When an action happened, as `pomobar ctl --at TIME` or `--ago DURATION` says it: a
/// local time of day, or a span before now. `Ledger.instant(of:since:)` finds the moment.
public enum Moment: Equatable, Sendable {
  /// A local time of day (`second` since midnight): on `day`, or with none on the latest
  /// day that fits (see `Ledger.instant(of:since:)`).
  case clock(second: Int64, day: Day?)
  /// That long before now.
  case ago(Duration)

  /// The day a time of day is on, when the user names it.
  public enum Day: String, Equatable, Sendable {
    case today, yesterday
  }

  /// Why a `--at` or `--ago` value does not read.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Reads `--at`'s value: `18:00`, `9:05`, `18:00:30`, or one of those after `today` or
  /// `yesterday` (`'yesterday 18:00'`, one word on the command line).
  public static func at(_ text: String) -> Result<Moment, Problem> {
    let words = text.split(separator: " ").map(String.init)
    let form = "write it like 18:00, 9:05 or 'yesterday 18:00'"
    var day: Day? = nil
    var time = words.last ?? ""
    switch words.count {
    case 1:
      if let named = Day(rawValue: words[0]) {
        return .failure(
          Problem(description: "'\(named.rawValue)' needs a time of day: --at '\(named.rawValue) 18:00'"))
      }
    case 2:
      guard let named = Day(rawValue: words[0]) else {
        return .failure(Problem(description: "cannot read '\(Shown.plain(text))' as a time: \(form)"))
      }
      day = named
    default:
      time = text
    }
    guard let second = secondOfDay(time) else {
      return .failure(Problem(description: "cannot read '\(Shown.plain(time))' as a time of day: \(form)"))
    }
    return .success(.clock(second: second, day: day))
  }

  /// Reads `--ago`'s value, a duration as `ctl extend` takes it: `5m`, `90s`, `1h30m`.
  public static func ago(_ text: String) -> Result<Moment, Problem> {
    switch DurationFormat.read(text) {
    case .duration(let span): return .success(.ago(span))
    case .tooLong:
      return .failure(Problem(description: "'\(Shown.plain(text))' is out of range: at most a week (168h)"))
    case .unreadable:
      return .failure(
        Problem(
          description: "cannot read '\(Shown.plain(text))' as a duration; write it like 5m, 90s or 1h30m"))
    }
  }

  /// `9:00`, `09:00`, `14:30`, `14:30:15` as seconds since midnight; nil for anything
  /// else (`24:00`, `9`, `9.00`).
  public static func secondOfDay(_ text: String) -> Int64? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    let numbers = parts.compactMap { Int64($0) }
    guard numbers.count == parts.count, numbers[0] < 24, numbers[1] < 60,
      numbers.count == 2 || numbers[2] < 60
    else { return nil }
    return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
  }
}
