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

  /// Replaces `path` atomically: a temporary file beside it, fsync, rename, fsync of the folder.
  ///
  /// A reader sees the old file or the new one, never a torn one, even if this process is
  /// killed at any point. Writers must not race (pomobar holds the state lock): the
  /// temporary file has one fixed name, so a writer killed mid-way leaves at most one.
  public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
    let temporary = "\(path).tmp"
    let fd = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
    do {
      try fd.write(bytes)
      try fd.sync()
      fd.close()
      try retrying("rename", path: path) { Glibc.rename(temporary, path) }
    } catch {
      fd.close()
      _ = unlink(temporary)
      throw error
    }
    if let folder = try? FileDescriptor.open(directory(of: path), O_RDONLY | O_DIRECTORY) {
      _ = fsync(folder.rawValue)
      folder.close()
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

  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

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

  /// The canonical absolute path (symlinks resolved), or nil if it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
