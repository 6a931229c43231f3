import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Which file a path names, and which write of it: device, inode, size and modification
/// time. A file replaced by rename is another inode; an inode freed and used again for
/// another write has another modification time.
public struct FileIdentity: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
  }

  /// The file at `path`, not through a symlink; nil when there is none.
  public static func of(_ path: String) -> FileIdentity? {
    var info = stat()
    return lstat(path, &info) == 0 ? FileIdentity(info) : nil
  }

  /// The file open as `fd`.
  static func of(_ fd: FileDescriptor) -> FileIdentity? {
    var info = stat()
    return fstat(fd.rawValue, &info) == 0 ? FileIdentity(info) : nil
  }
}

extension FileSystem {
  /// Whether `path` is a symlink (not followed).
  public static func isSymlink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }
}

extension FileLock {
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
}
