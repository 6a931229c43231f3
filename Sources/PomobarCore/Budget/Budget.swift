/// `[projects."NAME"] budget`: the hours (`"40h"`) or the money (`"2000 EUR"`) a project
/// may take in a period (`budget-period`: each month, or in total). `{budget}` shows the
/// active project's, and a notification says when 80 % and 100 % of it are reached.
public enum Budget: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Seconds of work on the project (the work clock's, every machine's).
  case time(Int64)
  /// The amount its billable work bills (rounded and priced as reports do).
  case money(Money)

  /// `40h`, `2,000.00 EUR`: as `{budget}` and the notification write it.
  public var description: String {
    switch self {
    case .time(let seconds):
      return seconds % 3600 == 0 ? "\(seconds / 3600)h" : DurationFormat.format(.seconds(seconds))
    case .money(let money): return money.description
    }
  }

  /// `31:20 of 40h`, `1,240.00 of 2,000.00 EUR`: `used` seconds or minor units of it.
  public func text(used: Int64) -> String {
    switch self {
    case .time: return WorkView.clock(used) + " of " + description
    case .money(let money): return Money.decimal(used, grouped: true) + " of " + money.description
    }
  }

  /// The budget as a number: seconds, or minor units.
  public var amount: Int64 {
    switch self {
    case .time(let seconds): return seconds
    case .money(let money): return money.minor
    }
  }

  /// As the config writes it: `"40h"`, `"2000.00 EUR"`.
  public var configText: String {
    switch self {
    case .time: return description
    case .money(let money): return money.plain + " " + money.currency.code
    }
  }

  /// Reads `"40h"`, `"1h30m"`, `"2000 EUR"`, `"2000.50 EUR"`; nil when it is neither.
  public static func parse(_ text: String) -> Budget? {
    let trimmed = text.trimmedOfSpaces
    // Whole hours of any size: a total budget may be hundreds of hours, past what a
    // duration setting takes (a week).
    if trimmed.hasSuffix("h"), let hours = Int64(trimmed.dropLast()), hours > 0, hours <= 1_000_000 {
      return .time(hours * 3600)
    }
    if case .duration(let length) = DurationFormat.read(trimmed), length >= .seconds(60) {
      return .time(length.floorSeconds)
    }
    if case .success(let rate) = Rate.parse(Substring(trimmed + "/h")), rate.perHour.minor > 0 {
      return .money(rate.perHour)
    }
    return nil
  }
}

/// `[projects."NAME"] budget-period`: what a budget is for.
public enum BudgetPeriod: String, Equatable, Sendable, CaseIterable {
  /// Each calendar month of ledger days (the default).
  case month
  /// All of the project's work, ever.
  case total
}
