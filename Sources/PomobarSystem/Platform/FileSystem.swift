import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Paths and whole-file operations.
public enum FileSystem {
  /// Reads a whole file; nil when it does not exist.
  public static func read(_ path: String) throws(SystemError) -> [UInt8]? {
    let fd: FileDescriptor
    do {
      fd = try FileDescriptor.open(path, O_RDONLY)
    } catch {
      if error.errno == ENOENT { return nil }
      throw error
    }
    defer { fd.close() }
    return try fd.readAll()
  }

  /// Reads a regular file of at most `limit` bytes; nil when it does not exist.
  ///
  /// Files other programs can put in our place are not trusted: the open never blocks (a
  /// FIFO would hang `open` until a writer came), `fstat` must say a regular file (not a
  /// folder, FIFO, device or, without `followSymlinks`, a symlink), and no more than
  /// `limit` bytes are read (a symlink to `/dev/zero` or a huge file must not fill memory).
  public static func readRegularFile(
    _ path: String, limit: Int, followSymlinks: Bool
  ) throws(SystemError) -> [UInt8]? {
    let flags = O_RDONLY | O_NONBLOCK | (followSymlinks ? 0 : O_NOFOLLOW)
    let fd: FileDescriptor
    do {
      fd = try FileDescriptor.open(path, flags)
    } catch {
      switch error.errno {
      case ENOENT: return nil
      case ELOOP where !followSymlinks:
        throw SystemError("open", errno: ELOOP, path: path, detail: "is a symlink, not a regular file")
      default: throw error
      }
    }
    defer { fd.close() }
    var info = stat()
    try retrying("fstat", path: path) { fstat(fd.rawValue, &info) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw SystemError(
        "fstat", errno: EINVAL, path: path, detail: "is \(kind(info.st_mode)), not a regular file")
    }
    guard info.st_size <= limit else {
      throw SystemError(
        "fstat", errno: EFBIG, path: path, detail: "is \(info.st_size) bytes, more than the \(limit) allowed")
    }
    var bytes: [UInt8] = []
    while true {
      let chunk = try fd.read(upTo: limit + 1 - bytes.count)
      if chunk.isEmpty { return bytes }
      bytes += chunk
      if bytes.count > limit {
        throw SystemError("read", errno: EFBIG, path: path, detail: "grew past the \(limit) bytes allowed")
      }
    }
  }

  /// What kind of file a mode is, for messages: `a folder`, `a FIFO`, ...
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symlink"
    default: return "not a regular file"
    }
  }

  /// Replaces `path` atomically: a temporary file beside it, fsync, rename, fsync of the folder.
  ///
  /// A reader sees the old file or the new one, never a torn one, even if this process is
  /// killed at any point.
  public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
    var file = try PreparedFile(path, bytes)
    try file.commit()
  }

  /// Refuses a folder that someone else could write to, as ssh does for `~/.ssh`: it must
  /// be a folder, owned by this user, and not writable by group or others.
  ///
  /// Whoever can write there can plant files pomobar reads and renames.
  public static func checkPrivateFolder(_ path: String) throws(SystemError) {
    var info = stat()
    try retrying("stat", path: path) { stat(path, &info) }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw SystemError("stat", errno: ENOTDIR, path: path, detail: "is \(kind(info.st_mode)), not a folder")
    }
    let me = geteuid()
    if info.st_uid != me {
      throw SystemError(
        "stat", errno: EPERM, path: path,
        detail: "is owned by user \(info.st_uid), not by you (\(me)); refusing to use it. "
          + "Fix: chown \(me) '\(path)', or remove it")
    }
    if info.st_mode & 0o022 != 0 {
      let mode = String(info.st_mode & 0o777, radix: 8)
      throw SystemError(
        "stat", errno: EPERM, path: path,
        detail: "is writable by others (mode \(mode)); refusing to use it. Fix: chmod 700 '\(path)'")
    }
  }

  /// Creates a folder and its parents (mode 0700 for new ones).
  public static func makeDirectories(_ path: String) throws(SystemError) {
    var prefix = path.utf8.first == UInt8(ascii: "/") ? "" : "."
    for part in path.split(separator: "/") {
      prefix += "/" + part
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw SystemError("mkdir", errno: errno, path: prefix)
      }
    }
  }

  public static func rename(_ from: String, _ to: String) throws(SystemError) {
    try retrying("rename", path: from) { Glibc.rename(from, to) }
  }

  /// Whether something (of any kind, a dangling symlink included) is at `path`.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Flushes a folder's entries (a rename in it) to disk; failures are ignored, as the
  /// rename itself already happened.
  static func syncFolder(_ path: String) {
    if let folder = try? FileDescriptor.open(path, O_RDONLY | O_DIRECTORY) {
      _ = fsync(folder.rawValue)
      folder.close()
    }
  }

  /// The folder part of a path (`.` for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  public static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// The running binary's absolute path, or nil when it is gone (replaced by an upgrade).
  ///
  /// Read from `/proc/self/exe`, so that commands pomobar hands to a bar (polybar's click
  /// actions) run this same binary whatever the bar's `PATH` holds.
  public static var executablePath: String? { realPath("/proc/self/exe") }

  /// The working folder ("/" if it cannot be read).
  public static var currentDirectory: String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
  }

  /// The canonical absolute path (symlinks resolved), or nil if it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
