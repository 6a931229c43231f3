import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A file's new contents written and fsynced beside it, waiting to be renamed into place.
///
/// Splitting the write from the rename lets a transaction do everything slow (write,
/// fsync) first and make its one atomic commit, the rename, the last thing it does:
/// whatever must happen together with the commit (starting the effects' runner) goes
/// in between, microseconds before it.
///
/// The temporary file has one fixed name, `PATH.tmp`, and is created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` after removing any leftover: a symlink planted there is
/// removed, never followed. Writers must hold the lock that guards `path` (pomobar's
/// state lock), so they never race for the name, and a writer killed mid-way leaves at
/// most that one file, replaced by the next write.
public struct PreparedFile {
  public let path: String
  let temporary: String
  /// The new file, as it will be once renamed into place.
  public let identity: FileIdentity?
  private var pending = true

  public init(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
    self.path = path
    temporary = Self.temporary(for: path)
    _ = unlink(temporary)
    let fd = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
    do {
      try fd.write(bytes)
      try fd.sync()
      identity = FileIdentity.of(fd)
      fd.close()
    } catch {
      fd.close()
      _ = unlink(temporary)
      throw error
    }
  }

  /// Where the new contents of `path` wait: `PATH.tmp`.
  public static func temporary(for path: String) -> String { path + ".tmp" }

  /// Renames the new contents into place and flushes the folder entry.
  public mutating func commit() throws(SystemError) {
    pending = false
    do {
      try FileSystem.rename(temporary, path)
    } catch {
      _ = unlink(temporary)
      throw error
    }
    FileSystem.syncFolder(FileSystem.directory(of: path))
  }

  /// Gives the new contents up.
  public mutating func discard() {
    if pending { _ = unlink(temporary) }
    pending = false
  }
}
