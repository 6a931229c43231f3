/// When a view was made, read on the wall clock and on the timer's timeline together: it
/// turns the view's instants into wall-clock time for readers that count by themselves
/// (`pomobar watch`).
///
/// It takes no part in comparing the values that carry it: two views made a second apart
/// that show the same thing are equal (a bar writes a frame only when what it shows
/// changed). The view's instants themselves are on the timer's timeline, exact, so they
/// compare equal from one reading to the next; only this conversion moves.
public struct WallStamp: Equatable, Sendable {
  /// Wall-clock nanoseconds since the epoch (`ClockReading.wall`).
  public var wall: Int64
  /// The same moment on the timer's timeline.
  public var instant: Instant

  public init(wall: Int64, instant: Instant) {
    self.wall = wall
    self.instant = instant
  }

  /// Milliseconds since the epoch at `other`, as the wall clock reads now.
  public func milliseconds(at other: Instant) -> Int64 {
    (wall &+ (other - instant).nanoseconds) / 1_000_000
  }

  /// Milliseconds since the epoch when the view was made.
  public var milliseconds: Int64 { wall / 1_000_000 }

  /// Always equal: see above.
  public static func == (lhs: WallStamp, rhs: WallStamp) -> Bool { true }
}
