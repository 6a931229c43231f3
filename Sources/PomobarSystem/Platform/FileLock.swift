import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a lock file, held for the life of a closure.
///
/// The kernel drops the lock when the holder dies, even by `SIGKILL`, so a crashed copy
/// never leaves the others waiting.
public enum FileLock {
  public static func withExclusive<T>(
    _ path: String, _ body: () throws -> T
  ) throws -> T {
    let fd = try FileDescriptor.open(path, O_RDWR | O_CREAT, mode: 0o600)
    defer { fd.close() }  // closing releases the lock
    try retrying("flock", path: path) { flock(fd.rawValue, LOCK_EX) }
    return try body()
  }
}
