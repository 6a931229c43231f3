/// How the timer machine's records are placed on the wall clock and named: the
/// transaction's clock reading maps the timer's timeline to wall-clock time, the zone
/// gives each time its offset, and ids are `MACHINE.EPOCH.SERIAL`.
///
/// The default maps the timeline's zero to the epoch's, in UTC, with empty names: what
/// the machine's tests read.
public struct Recorder: Sendable {
  /// Wall-clock nanoseconds minus the timer's timeline at the transaction's reading.
  let wallOffset: Int64
  let zone: @Sendable (Int64) -> Int32
  /// The state's life (`StateDocument.epoch`) and this machine's name (`HistoryStore.machine`).
  let epoch: String
  let machine: String

  public init(
    now: ClockReading = ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: ""),
    zone: @escaping @Sendable (Int64) -> Int32 = { _ in 0 }, epoch: String = "", machine: String = ""
  ) {
    wallOffset = now.wall &- now.boottime
    self.zone = zone
    self.epoch = epoch
    self.machine = machine
  }

  /// A moment on the timer's timeline as the wall-clock time it was, with its offset.
  public func wallTime(_ instant: Instant) -> WallTime {
    Ledger.wallTime(nanoseconds: wallOffset &+ instant.nanoseconds, zone: zone)
  }

  /// The nanoseconds past the wall-clock second of `instant`.
  func nanosecondsPastSecond(_ instant: Instant) -> Int32 {
    Int32(truncatingIfNeeded: (wallOffset &+ instant.nanoseconds) % 1_000_000_000)
  }

  /// The id of the record with `serial`.
  func id(_ serial: Int) -> String { "\(machine).\(epoch).\(serial)" }
}
