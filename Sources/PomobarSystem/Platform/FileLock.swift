import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a lock file, held for the life of a closure, waited for a
/// bounded time.
///
/// The kernel drops the lock when the holder dies, even by `SIGKILL`, so a crashed copy
/// never leaves the others waiting. A holder that is alive but stuck (stopped with
/// SIGSTOP, or a disk that hangs its fsync) would: hence the bound.
///
/// The file is opened read-only (`flock` needs no write access), so taking the lock never
/// makes an inotify `IN_CLOSE_WRITE` that would wake every copy watching the folder.
public enum FileLock {
  /// The lock was not free within the time allowed.
  public struct Timeout: Error, CustomStringConvertible {
    public var path: String
    public var waited: Duration
    public var description: String {
      "\(path) stayed locked by another pomobar for \(DurationText.seconds(waited)) "
        + "(a copy that is stopped or hung?); try again"
    }
  }

  public static func withExclusive<T>(
    _ path: String, timeout: Duration, _ body: () throws -> T
  ) throws -> T {
    let held = try acquire(path, timeout: timeout)
    defer { held.release() }
    return try body()
  }
}

enum DurationText {
  /// `2 s`, `0.5 s`.
  static func seconds(_ duration: Duration) -> String {
    let tenths = (duration.nanoseconds + 50_000_000) / 100_000_000
    return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
  }
}
