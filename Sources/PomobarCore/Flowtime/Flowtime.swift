/// How a focus is timed: `[timer] mode`.
public enum TimerMode: String, Sendable, CaseIterable {
  /// A focus counts down from `[timer] focus`; breaks follow the cycle.
  case pomodoro
  /// A focus counts up with no end of its own; ending it starts a break whose length
  /// follows from how long it ran (`break-ratio` or `break-steps`). No long breaks.
  case flowtime
}

/// One row of `[timer] break-steps`: a focus of up to `focus` earns a `rest` break.
public struct BreakStep: Equatable, Sendable {
  public var focus: Duration
  public var rest: Duration

  public init(focus: Duration, rest: Duration) {
    self.focus = focus
    self.rest = rest
  }
}

/// The break a Flowtime focus earns, from how long it ran.
///
/// With `steps`, the first row whose focus is at least as long as the one that ran gives
/// the break, and a focus longer than every row earns the last row's. Without, the focus
/// divided by `ratio`, to the nearest whole minute (half a minute up), at least a minute
/// and at most `longest`.
public struct FlowtimeBreaks: Equatable, Sendable {
  /// `break-ratio`: minutes of focus per minute of break.
  public var ratio: Int = 5
  /// `break-steps`, in increasing order of focus; empty: the ratio decides.
  public var steps: [BreakStep] = []
  /// `break-max`: no break the ratio gives is longer.
  public var longest: Duration = .seconds(30 * 60)

  public static let shortest: Duration = .seconds(60)

  public init() {}

  /// The break earned by a focus that ran `focus`.
  public func length(after focus: Duration) -> Duration {
    if let last = steps.last {
      return (steps.first { focus <= $0.focus } ?? last).rest
    }
    let seconds = max(.zero, focus).floorSeconds
    let minutes = (seconds / Int64(max(1, ratio)) + 30) / 60
    return min(max(.seconds(minutes * 60), Self.shortest), max(longest, Self.shortest))
  }
}
