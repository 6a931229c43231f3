/// The shared state file's contents: the timer plus the clocks when it was written.
///
/// Instants in `timer` are on the `CLOCK_BOOTTIME` timeline of the boot named in
/// `written`; `reconciled(with:)` carries them into the present one.
public struct StateDocument: Equatable, Sendable {
  /// Bumped when the format changes incompatibly; a newer file is moved aside, not misread.
  public static let version: Int64 = 1

  public var timer: TimerState
  public var written: ClockReading

  public init(timer: TimerState, written: ClockReading) {
    self.timer = timer
    self.written = written
  }

  /// The timer in the present boot's timeline, and any time spent asleep since writing.
  ///
  /// Within one boot, time asleep is the growth of `BOOTTIME - MONOTONIC`; across a reboot
  /// it is the whole wall-clock gap (nothing tells when the machine went down), and the
  /// instants are moved so that the moment of writing lies that far in the past.
  public func reconciled(with now: ClockReading) -> (timer: TimerState, asleep: Duration) {
    if now.bootID == written.bootID {
      let asleep = now.asleep &- written.asleep
      // Below a second is noise from reading two clocks one after the other.
      return (timer, asleep > 1_000_000_000 ? .nanoseconds(asleep) : .zero)
    }
    let gap = max(0, now.wall &- written.wall)
    let shift = (now.boottime &- gap) &- written.boottime
    var timer = self.timer
    if case .running(let kind, let deadline, let total) = timer.phase {
      timer.phase = .running(
        kind, deadline: Instant(nanoseconds: deadline.nanoseconds &+ shift), total: total)
    }
    return (timer, .nanoseconds(gap))
  }
}
