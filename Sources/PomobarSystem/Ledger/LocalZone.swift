import PomobarCore

/// The system's time zone rules (`TZ`, `/etc/localtime`), as the ledger uses them.
public enum LocalZone {
  /// Seconds east of UTC in force at `seconds` since the epoch (0 if the C library cannot say).
  public static func offset(atUTC seconds: Int64) -> Int32 { LocalTime.offset(atUTC: seconds) }

  /// The moment a local clock reading (`local` seconds since the epoch, counted as if the
  /// local clock were UTC) names, with the offset in force then (`WallTime(local:zone:)`:
  /// a reading a daylight-saving jump skips takes the offset before it; one that happens
  /// twice is the first).
  public static func wallTime(local: Int64) -> WallTime { WallTime(local: local, zone: offset(atUTC:)) }

  /// A wall-clock reading (nanoseconds since the epoch, as `ClockReading.wall`) as the
  /// ledger keeps moments: UTC seconds and the local offset.
  public static func wallTime(wall: Int64) -> WallTime {
    let utc = wall >= 0 ? wall / 1_000_000_000 : (wall + 1) / 1_000_000_000 - 1
    return WallTime(utc: utc, offset: offset(atUTC: utc))
  }

  /// The moment now on `clock`, with its offset.
  public static func now(clock: any ClockSource = SystemClock()) -> WallTime {
    wallTime(wall: clock.read().wall)
  }

  /// Today's local date on `clock`.
  public static func today(clock: any ClockSource = SystemClock()) -> CivilTime.Date {
    CivilTime.split(now(clock: clock).local).date
  }
}
