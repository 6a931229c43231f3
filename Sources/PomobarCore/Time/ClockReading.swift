/// One reading of every clock pomobar uses, taken together.
public struct ClockReading: Equatable, Sendable {
  /// `CLOCK_REALTIME`: wall-clock nanoseconds since the epoch. Used only across reboots.
  public var wall: Int64
  /// `CLOCK_BOOTTIME`: counts through suspend; the timer's timeline within one boot.
  public var boottime: Int64
  /// `CLOCK_MONOTONIC`: stops during suspend, so `boottime - monotonic` grows by the time slept.
  public var monotonic: Int64
  /// `/proc/sys/kernel/random/boot_id`: tells one boot from the next.
  public var bootID: String

  public init(wall: Int64, boottime: Int64, monotonic: Int64, bootID: String) {
    self.wall = wall
    self.boottime = boottime
    self.monotonic = monotonic
    self.bootID = bootID
  }

  /// Now, on the timer's timeline.
  public var instant: Instant { Instant(nanoseconds: boottime) }

  /// Time spent suspended since boot.
  public var asleep: Int64 { boottime &- monotonic }
}
