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

  /// Reads a whole regular file of at most `limit` bytes; nil when it does not exist.
  ///
  /// A file that other programs can replace must not be trusted to be one: a FIFO would
  /// hang a plain `open`, and `/dev/zero` or a huge file would fill memory. So it opens
  /// with `O_NONBLOCK` (and `O_NOFOLLOW` unless `followSymlinks`), checks with `fstat`
  /// that it is a regular file, and reads no more than `limit` bytes.
  public static func readRegularFile(
    _ path: String, limit: Int, followSymlinks: Bool = true
  ) throws(FileReadError) -> [UInt8]? {
    guard let (fd, status) = try openRegular(path, O_RDONLY, followSymlinks: followSymlinks) else {
      return nil
    }
    defer { fd.close() }
    if status.st_size > limit { throw .tooLarge(path: path, limit: limit) }
    var bytes: [UInt8] = []
    while true {
      // Files in /proc report size 0: the count read is what is checked.
      let chunk: [UInt8]
      do {
        chunk = try fd.read(upTo: min(65536, limit + 1 - bytes.count))
      } catch {
        throw .system(SystemError("read", errno: error.errno, path: path))
      }
      if chunk.isEmpty { return bytes }
      bytes += chunk
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
    }
  }

  /// What a file that is not a regular one is, for messages: "a folder", "a FIFO"...
  /// Opens `path` with `flags` (plus `O_NONBLOCK`, so a FIFO or a device cannot block the
  /// open, and `O_NOFOLLOW` unless `followSymlinks`) and checks that it is a regular file;
  /// nil when it does not exist. The descriptor is the caller's to close.
  public static func openRegular(
    _ path: String, _ flags: Int32, mode: mode_t = 0o600, followSymlinks: Bool = false
  ) throws(FileReadError) -> (FileDescriptor, stat)? {
    let fd: FileDescriptor
    do {
      fd = try FileDescriptor.open(
        path, flags | O_NONBLOCK | (followSymlinks ? 0 : O_NOFOLLOW), mode: mode)
    } catch {
      switch error.errno {
      case ENOENT: return nil
      case ELOOP where !followSymlinks: throw .notRegularFile(path: path, kind: "a symlink")
      case ENXIO: throw .notRegularFile(path: path, kind: kind(ofPath: path))  // a socket
      default: throw .system(error)
      }
    }
    var status = stat()
    if fstat(fd.rawValue, &status) != 0 {
      let error = SystemError("fstat", errno: errno, path: path)
      fd.close()
      throw .system(error)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      fd.close()
      throw .notRegularFile(path: path, kind: kind(status.st_mode))
    }
    return (fd, status)
  }

  /// `openRegular` for callers that need only the file's size.
  public static func openRegular(
    _ path: String, _ options: FileDescriptor.OpenOptions, followSymlinks: Bool = false
  ) throws(FileReadError) -> (fd: FileDescriptor, size: Int)? {
    guard let (fd, status) = try openRegular(path, options.rawValue, followSymlinks: followSymlinks) else {
      return nil
    }
    return (fd, Int(status.st_size))
  }

  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFLNK: return "a symlink"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a file"
    }
  }

  private static func kind(ofPath path: String) -> String {
    var status = stat()
    return stat(path, &status) == 0 ? kind(status.st_mode) : "not a file"
  }

  /// Replaces `path` atomically: a temporary file beside it, fsync, rename, fsync of the folder.
  ///
  /// A reader sees the old file or the new one, never a torn one, even if this process is
  /// killed at any point. Not `durable` (a cache), no fsync: the machine crashing may lose
  /// the new file or leave it empty.
  public static func writeAtomically(
    _ path: String, _ bytes: [UInt8], durable: Bool = true
  ) throws(SystemError) {
    var file = try PreparedFile(path, bytes, durable: durable)
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
  ///
  /// The whole path is tried first: it is there at nearly every call (a bar's start made
  /// each folder from `/` down, a system call each); its parents only when it cannot be made.
  public static func makeDirectories(_ path: String) throws(SystemError) {
    if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
    let failure = errno
    let parent = directory(of: path)
    guard failure == ENOENT, parent != path else { throw SystemError("mkdir", errno: failure, path: path) }
    try makeDirectories(parent)
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw SystemError("mkdir", errno: errno, path: path)
    }
  }

  public static func rename(_ from: String, _ to: String) throws(SystemError) {
    try retrying("rename", path: from) { Glibc.rename(from, to) }
  }

  /// Removes the name `path` (`unlink`); false when it could not (often: it was not there).
  @discardableResult
  public static func remove(_ path: String) -> Bool { unlink(path) == 0 }

  /// Whether this user may read `path` (symlinks followed; `access(R_OK)`).
  public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// Whether `path` names something, symlinks followed (`access(F_OK)`): a dangling
  /// symlink is not there.
  public static func isPresent(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Whether `path` is a regular file (symlinks followed) this user may read.
  public static func isReadableRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, R_OK) == 0
  }

  /// What tells one version of a file from the next without reading it (inode, size,
  /// modification time, from `lstat`); empty when nothing is at `path`.
  public static func signature(_ path: String) -> [Int64] {
    var info = stat()
    guard lstat(path, &info) == 0 else { return [] }
    return [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
  }

  /// The names in a folder (`.` and `..` included), sorted; none when it cannot be read.
  public static func names(in folder: String) -> [String] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        })
    }
    return names.sorted()
  }

  /// Whether `path` is a socket (symlinks followed).
  public static func isSocket(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
  }

  /// Whether `path` is a symlink (not followed).
  public static func isSymlink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
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

/// Why `FileSystem.readRegularFile` could not read a file; the description names the file.
public enum FileReadError: Error, Equatable, CustomStringConvertible {
  /// A system call failed (permission denied, I/O error...).
  case system(SystemError)
  /// The path is a folder, FIFO, device, socket, or (when not followed) a symlink.
  case notRegularFile(path: String, kind: String)
  /// The file holds more than `limit` bytes.
  case tooLarge(path: String, limit: Int)

  public var description: String {
    switch self {
    case .system(let error): return error.description
    case .notRegularFile(let path, let kind): return "\(path): not a regular file but \(kind)"
    case .tooLarge(let path, let limit): return "\(path): larger than \(Self.size(limit))"
    }
  }

  /// `1 MiB`, `4 KiB` or `100 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
