import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Watches folders and files with `inotify` and reports which paths changed.
///
/// What is watched is chosen so that nothing else wakes the loop: a folder full of other
/// programs' files (`~/.config`, `$HOME`) is watched only for its names (created, moved,
/// deleted), never for writes, and a file is watched for its own writes. Files that are
/// replaced by rename are seen through their folder's names, which a watch on the old
/// file would miss.
public struct FileWatcher {
  public let fd: FileDescriptor
  /// The watches, a handful: a list, where a dictionary keyed by `Int32` cost every start a
  /// scan of the binary's conformance records (for `Int32: Hashable`).
  private var watched: [(wd: Int32, path: String, interest: Interest)] = []

  /// What a watch reports.
  public enum Interest: Equatable, Sendable {
    /// A folder whose files are replaced by rename (the state folder): its files moved in
    /// or out and deleted; with `attributes`, also permission and owner changes
    /// (`IN_ATTRIB`), as the state folder's chmod may end a failing save; with `creations`,
    /// files created too (a file missing may come without a rename). Not files written in
    /// place: a writer's temporary file (`state.json.tmp`, written, fsynced, then renamed)
    /// wakes nothing before its rename, which wakes the loop once. Not for config folders,
    /// where a hard link or a touch would read as an edit.
    case contents(attributes: Bool, creations: Bool = false)
    /// A folder's names only: created, moved in or out, deleted; not writes to its files.
    case names
    /// A file's own writes.
    case file
    /// A folder whose files are appended to, or arrive by rename (the history, synced):
    /// its files written and closed, moved in or out, deleted.
    case appends

    var mask: UInt32 {
      // Moved or deleted itself: the watch follows the inode, so the path is watched anew.
      let own = IN_MOVE_SELF | IN_DELETE_SELF
      switch self {
      case .contents(let attributes, let creations):
        let events = IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | own | (creations ? IN_CREATE : 0)
        return UInt32(attributes ? events | IN_ATTRIB : events)
      case .names: return UInt32(IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | own | IN_ONLYDIR)
      case .file: return UInt32(IN_CLOSE_WRITE | own)
      case .appends: return UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | own | IN_ONLYDIR)
      }
    }
  }

  public init() throws(SystemError) {
    fd = FileDescriptor(
      rawValue: try retrying("inotify_init1") { inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)) })
  }

  /// Watches `folder` for its files replaced by rename, moved out or deleted (`contents`).
  public mutating func watch(folder: String, attributes: Bool = false, creations: Bool = false)
    throws(SystemError)
  {
    try watch(folder, for: .contents(attributes: attributes, creations: creations))
  }

  /// Watches `path` for `interest`. Watching a path again is harmless: the kernel returns
  /// the same watch, with the new interest.
  public mutating func watch(_ path: String, for interest: Interest) throws(SystemError) {
    let wd = try retrying("inotify_add_watch", path: path) { inotify_add_watch(fd.rawValue, path, interest.mask) }
    watched.removeAll { $0.wd == wd }
    watched.append((wd, path, interest))
  }

  /// Stops watching `path` (nothing if it is not watched).
  public mutating func unwatch(_ path: String) {
    for watch in watched where watch.path == path { _ = inotify_rm_watch(fd.rawValue, watch.wd) }
    watched.removeAll { $0.path == path }
  }

  /// What a batch of events said.
  public struct Changes {
    /// Full paths of files or folders written, moved in, created, deleted or given other
    /// permissions (a watched folder's own change is its own path).
    public var paths: [String] = []
    /// Watched folders that are gone (deleted or moved away): watch them again if needed.
    public var lostFolders: [String] = []
    /// Watched files that are gone (deleted, or replaced by a rename their folder reports).
    public var lostFiles: [String] = []
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
        if let (_, path, interest) = watched.first(where: { $0.wd == wd }) {
          let gone = mask & UInt32(IN_IGNORED | IN_MOVE_SELF | IN_DELETE_SELF) != 0
          if gone {
            // Deleted, or moved away (the watch would follow it there): dropped.
            watched.removeAll { $0.wd == wd }
            if mask & UInt32(IN_IGNORED) == 0 { _ = inotify_rm_watch(fd.rawValue, wd) }
            if interest == .file { changes.lostFiles.append(path) } else { changes.lostFolders.append(path) }
          } else if interest == .file {
            changes.paths.append(path)
          } else if !name.isEmpty {
            changes.paths.append(path + "/" + name)
          } else if mask & UInt32(IN_ATTRIB) != 0 {
            changes.paths.append(path)  // the folder's own permissions or owner changed
          }
        }
        offset += header + length
      }
    }
  }
}
