import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Watches folders with `inotify` and reports which file names in them changed.
///
/// Folders, not files, are watched: state and config files are replaced by rename, which
/// a watch on the old file would never see.
public struct FileWatcher {
  public let fd: FileDescriptor
  private var folders: [Int32: String] = [:]

  public init() throws(SystemError) {
    fd = FileDescriptor(
      rawValue: try retrying("inotify_init1") { inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)) })
  }

  /// Watches `folder` for files written, moved in or out, created or deleted.
  ///
  /// Watching a folder again is harmless: the kernel returns the same watch.
  ///
  /// - Parameter attributes: report permission and owner changes too (`IN_ATTRIB`): for
  ///   the state folder, whose chmod may end a failing save. Not for config folders,
  ///   where a hard link or a touch would read as an edit.
  public mutating func watch(folder: String, attributes: Bool = false) throws(SystemError) {
    let events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
    let mask = UInt32(attributes ? events | IN_ATTRIB : events)
    let wd = try retrying("inotify_add_watch", path: folder) {
      inotify_add_watch(fd.rawValue, folder, mask)
    }
    folders[wd] = folder
  }

  /// What a batch of events said.
  public struct Changes {
    /// Full paths of files or folders written, moved in, created, deleted or given other
    /// permissions (a watched folder's own change is its own path).
    public var paths: [String] = []
    /// Watched folders that are gone (deleted or moved away): watch them again if needed.
    public var lostFolders: [String] = []
  }

  /// Reads pending events.
  public mutating func drain() -> Changes {
    var changes = Changes()
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, 8192) }
      guard n > 0 else { return changes }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= n {
        let (wd, mask, length) = buffer.withUnsafeBytes { raw in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, event.mask, Int(event.len))
        }
        let nameBytes = buffer[(offset + header)..<min(n, offset + header + length)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        if let folder = folders[wd] {
          if mask & UInt32(IN_IGNORED) != 0 {
            // The kernel dropped the watch: the folder was deleted or its file system unmounted.
            folders[wd] = nil
            changes.lostFolders.append(folder)
          } else if !name.isEmpty {
            changes.paths.append(folder + "/" + name)
          } else if mask & UInt32(IN_ATTRIB) != 0 {
            changes.paths.append(folder)  // the folder's own permissions or owner changed
          }
        }
        offset += header + length
      }
    }
  }
}
