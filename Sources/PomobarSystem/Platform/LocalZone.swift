import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The local time zone's rules, as the C library reads them (`TZ`, else /etc/localtime).
public enum LocalZone {
  /// The local offset (seconds east of UTC) in force at `utc` seconds since the epoch.
  public static func offset(at utc: Int64) -> Int32 {
    tzset()  // localtime_r need not read TZ itself
    var seconds = time_t(utc)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int32(parts.tm_gmtoff)
  }

  /// A wall-clock reading (nanoseconds since the epoch, as `ClockReading.wall`) as the
  /// ledger keeps moments: UTC seconds and the local offset.
  public static func wallTime(wall: Int64) -> WallTime {
    let utc = wall >= 0 ? wall / 1_000_000_000 : (wall + 1) / 1_000_000_000 - 1
    return WallTime(utc: utc, offset: offset(at: utc))
  }
}
