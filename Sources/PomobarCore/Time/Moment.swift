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
    guard let second = ClockTime.secondOfDay(time) else {
      return .failure(Problem(description: "cannot read '\(Shown.plain(time))' as a time of day: \(form)"))
    }
    return .success(.clock(second: second, day: day))
  }

  /// Reads `--ago`'s value, a duration as `ctl extend` takes it: `5m`, `90s`, `1h30m`.
  public static func ago(_ text: String) -> Result<Moment, Problem> {
    switch DurationFormat.checked(text) {
    case .success(let span): return .success(.ago(span))
    case .failure(let problem): return .failure(Problem(description: problem.message))
    }
  }
}
