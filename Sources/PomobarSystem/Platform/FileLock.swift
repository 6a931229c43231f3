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

  /// An exclusive lock held until `release()` (or until this goes away).
  public final class Held {
    private var fd: FileDescriptor?

    init(_ fd: FileDescriptor) { self.fd = fd }

    deinit { release() }

    /// Closing the descriptor releases the lock.
    public func release() {
      fd?.close()
      fd = nil
    }
  }

  /// Takes the lock on `path` (created if missing), waiting at most `timeout` for another
  /// holder; the caller releases it.
  public static func acquire(_ path: String, timeout: Duration) throws -> Held {
    let fd = try FileDescriptor.open(path, O_RDONLY | O_CREAT | O_NOFOLLOW, mode: 0o600)
    let milliseconds = max(1, Int(timeout.nanoseconds / 1_000_000))
    if pomobar_flock_exclusive(fd.rawValue, milliseconds) != 0 {
      let code = errno
      fd.close()
      guard code == EWOULDBLOCK else { throw SystemError("flock", errno: code, path: path) }
      throw Timeout(path: path, waited: timeout)
    }
    return Held(fd)
  }

  /// Runs `body` holding the lock on `path` (see `acquire`).
  public static func withExclusive<T>(
    _ path: String, timeout: Duration, _ body: () throws -> T
  ) throws -> T {
    let held = try acquire(path, timeout: timeout)
    defer { held.release() }
    return try body()
  }

  /// Runs `body` holding an exclusive `flock` on `folder` itself, waited for as long as
  /// it takes: for the effect runners' small files in the state folder, never under the
  /// state lock. nil, without running `body`, when the folder cannot be opened; a lock
  /// that cannot be taken is gone without (the files are replaced atomically anyway).
  public static func withFolder<T>(_ folder: String, _ body: () throws -> T) rethrows -> T? {
    guard let fd = try? FileDescriptor.open(folder, O_RDONLY | O_DIRECTORY) else { return nil }
    defer { fd.close() }
    try? fd.lock()
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
