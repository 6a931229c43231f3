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

  /// The file `path` names, through symlinks; nil when there is none.
  public static func following(_ path: String) -> FileIdentity? {
    var info = stat()
    return stat(path, &info) == 0 ? FileIdentity(info) : nil
  }

  /// The file open as `fd`.
  static func of(_ fd: FileDescriptor) -> FileIdentity? {
    var info = stat()
    return fstat(fd.rawValue, &info) == 0 ? FileIdentity(info) : nil
  }
}
