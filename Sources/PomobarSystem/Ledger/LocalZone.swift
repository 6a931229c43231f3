import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The system's time zone rules (`TZ`, `/etc/localtime`), through `localtime_r`.
public enum LocalZone {
  /// Seconds east of UTC in force at `seconds` since the epoch (0 if the C library cannot say).
  public static func offset(atUTC seconds: Int64) -> Int32 {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int32(parts.tm_gmtoff)
  }

  /// The moment a local clock reading (`local` seconds since the epoch, counted as if the
  /// local clock were UTC) names, with the offset in force then.
  ///
  /// A reading skipped by a daylight-saving jump (02:30 on the spring-forward night) is
  /// taken with the offset before the jump; a reading that happens twice (the autumn
  /// hour) is the first of the two.
  public static func wallTime(local: Int64) -> WallTime {
    let before = offset(atUTC: local - 86_400)
    var utc = local - Int64(before)
    let after = offset(atUTC: utc)
    if after != before, offset(atUTC: local - Int64(after)) == after { utc = local - Int64(after) }
    return WallTime(utc: utc, offset: offset(atUTC: utc))
  }

  /// A wall-clock reading (nanoseconds since the epoch, as `ClockReading.wall`) as the
  /// ledger keeps moments: UTC seconds and the local offset.
  public static func wallTime(wall: Int64) -> WallTime {
    let utc = wall >= 0 ? wall / 1_000_000_000 : (wall + 1) / 1_000_000_000 - 1
    return WallTime(utc: utc, offset: offset(atUTC: utc))
  }

  /// The moment now, with its offset.
  public static func now() -> WallTime {
    let seconds = Int64(time(nil))
    return WallTime(utc: seconds, offset: offset(atUTC: seconds))
  }

  /// Today's local date.
  public static func today() -> CivilTime.Date { CivilTime.split(now().local).date }
}
