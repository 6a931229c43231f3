/// `[billing]`: how billable time is rounded and what counts as billable.
public struct BillingSettings: Equatable, Sendable {
  /// `round`: the step billed time is rounded to (e.g. "15m"); nil: not rounded.
  public var round: Duration? = nil
  /// `round-per`: what is rounded: each entry, each day's time, or the whole range.
  public var roundPer: RoundingScope = .entry
  /// `round-mode`: up, down or to the nearest step (a half step goes up).
  public var roundMode: RoundingMode = .up
  /// `minimum`: the least an entry with any billable time is billed; nil: none.
  public var minimum: Duration? = nil
  /// `bill-breaks`: whether a Pomodoro break inside the work clock is billed.
  public var billBreaks = false
  /// `tag-rates`: a rate per tag, over the project's and the client's, for a kind of work
  /// that bills differently (`{ support = "60 EUR/h" }`), in the order written.
  public var tagRates: [TagRate] = []

  public init() {}

  /// The rule applied to billable time.
  public var rounding: BillingRounding {
    BillingRounding(
      step: round?.floorSeconds ?? 0, scope: roundPer, mode: roundMode, minimum: minimum?.floorSeconds ?? 0)
  }
}

/// A tag's rate (`tag-rates = { support = "60 EUR/h" }`).
public struct TagRate: Equatable, Sendable {
  public var tag: String
  public var rate: RateSchedule

  public init(tag: String, rate: RateSchedule) {
    self.tag = tag
    self.rate = rate
  }
}

/// `[clients."NAME"]`: a client's rate and whether its work is billable.
public struct ClientSettings: Equatable, Sendable {
  /// The rate of its projects that have none of their own; nil: none.
  public var rate: RateSchedule? = nil
  /// Whether its projects' work is billable (unless a project says); nil: when a rate
  /// applies.
  public var billable: Bool? = nil
  /// The line of the config file that names it.
  public var line: Int? = nil

  public init() {}
}

/// What a rounding step applies to.
public enum RoundingScope: String, Sendable, CaseIterable {
  /// Each record of work on its own.
  case entry
  /// Each day's time of a project at one rate.
  case day
  /// A project's time at one rate over the whole range (what an invoice covers).
  case invoice
}

/// Which way time is rounded to the step.
public enum RoundingMode: String, Sendable, CaseIterable {
  case up, down, nearest
}

/// A rounding rule: step, scope, direction and a minimum per entry.
public struct BillingRounding: Equatable, Sendable {
  /// Seconds; 0: not rounded.
  public var step: Int64
  public var scope: RoundingScope
  public var mode: RoundingMode
  /// Seconds an entry with any billable time is billed at least; 0: none.
  public var minimum: Int64

  public init(step: Int64, scope: RoundingScope = .entry, mode: RoundingMode = .up, minimum: Int64 = 0) {
    self.step = step
    self.scope = scope
    self.mode = mode
    self.minimum = minimum
  }

  /// `seconds` rounded to the step (no step: as it is). Exact multiples stay; nearest
  /// takes half a step up.
  public func round(_ seconds: Int64) -> Int64 {
    guard step > 0, seconds > 0 else { return max(0, seconds) }
    let below = seconds / step * step
    guard below != seconds else { return seconds }
    switch mode {
    case .down: return below
    case .up: return below + step
    case .nearest: return (seconds - below) * 2 >= step ? below + step : below
    }
  }

  /// An entry's billable time once the minimum applies (none for an entry of 0 s).
  public func atLeastMinimum(_ seconds: Int64) -> Int64 {
    seconds > 0 ? max(seconds, minimum) : 0
  }

  /// The rule in words, as reports state it: `rounded up to 15m per entry, at least 30m an
  /// entry`, or `not rounded`.
  public var description: String {
    let way = mode == .nearest ? "to the nearest" : mode.rawValue + " to"
    var text =
      step > 0
      ? "rounded \(way) \(DurationFormat.format(.seconds(step))) per \(scope.rawValue)" : "not rounded"
    if minimum > 0 { text += ", at least \(DurationFormat.format(.seconds(minimum))) an entry" }
    return text
  }
}
