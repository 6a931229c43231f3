import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// The local time zone's rules, as the C library reads them (`TZ`, else /etc/localtime).
public enum LocalZone {
  /// Seconds east of UTC in force at `seconds` since the epoch (`tm_gmtoff`).
  public static func offset(atUTC seconds: Int64) -> Int32 {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int32(parts.tm_gmtoff)
  }
}
