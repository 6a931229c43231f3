/// A point on the timer's timeline, in nanoseconds.
///
/// The core never reads a clock: the system layer passes instants in. In the
/// running program the timeline is `CLOCK_BOOTTIME`, which keeps counting
/// through suspend and is shared by every process of one boot; tests use any
/// numbers they like.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var nanoseconds: Int64

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  public static func seconds(_ seconds: Int64) -> Instant {
    Instant(nanoseconds: seconds &* 1_000_000_000)
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  public static func + (lhs: Instant, rhs: Duration) -> Instant {
    Instant(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
  }

  public static func - (lhs: Instant, rhs: Duration) -> Instant {
    Instant(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
  }

  /// The span from `rhs` to `lhs` (negative when `lhs` is earlier).
  public static func - (lhs: Instant, rhs: Instant) -> Duration {
    .nanoseconds(lhs.nanoseconds &- rhs.nanoseconds)
  }

  public var description: String { "\(nanoseconds)ns" }
}

extension Duration {
  /// The whole duration in nanoseconds, saturating at the ends of `Int64`.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow2 { return seconds < 0 ? .min : .max }
    return sum
  }

  /// Whole seconds, rounded up: what a countdown shows.
  ///
  /// Like `floorSeconds`, defined for every value, `Int64.min` and `.max` included.
  public var ceilSeconds: Int64 {
    let ns = nanoseconds
    let (quotient, rest) = ns.quotientAndRemainder(dividingBy: 1_000_000_000)
    return rest > 0 ? quotient + 1 : quotient
  }

  /// Whole seconds, rounded down.
  public var floorSeconds: Int64 {
    let ns = nanoseconds
    let (quotient, rest) = ns.quotientAndRemainder(dividingBy: 1_000_000_000)
    return rest < 0 ? quotient - 1 : quotient
  }
}
