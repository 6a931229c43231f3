import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// `hooks.log`: what the effect runner did, one line per event, size-capped.
///
/// Past 1 MiB the file is renamed to `hooks.log.1` (replacing the previous one) and a new
/// one begun, so the two together stay near 2 MiB. Lines are appended with `O_APPEND`, so
/// runners of several transitions can share the file; rotation happens under an `flock`
/// on it. A log that cannot be written (full or read-only disk) is skipped silently: the
/// commands still run.
struct HookLog {
  static let sizeLimit = 1 << 20

  private var fd: FileDescriptor?

  init(_ path: String) {
    fd = Self.open(path)
    guard let current = fd else { return }
    flock(current.rawValue, LOCK_EX)
    var info = stat()
    if fstat(current.rawValue, &info) == 0, info.st_size > Self.sizeLimit {
      _ = rename(path, path + ".1")
      current.close()
      fd = Self.open(path)
    } else {
      flock(current.rawValue, LOCK_UN)
    }
  }

  private static func open(_ path: String) -> FileDescriptor? {
    try? FileDescriptor.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, mode: 0o600)
  }

  /// Appends `text` as a line stamped with the local date and time.
  func line(_ text: String) {
    guard let fd else { return }
    _ = try? fd.write(Self.timestamp() + " " + text + "\n")
  }

  func close() { fd?.close() }

  /// The width of a timestamp, for callers that count what a line costs.
  static let timestampWidth = 19

  /// `2026-11-23 14:05:09`, local time.
  static func timestamp() -> String {
    var seconds = time(nil)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return "\(seconds)" }
    func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday)) "
      + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
  }
}
