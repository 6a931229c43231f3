import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// Changes records already written: removing, amending, renaming a project, resetting.
///
/// Every file holding a record to change is replaced whole and atomically (written aside,
/// fsynced, renamed), whichever machine's it is: see the README on synced folders. Before
/// any file is replaced, the original lines of every record removed or changed are saved
/// in `history/removed-YYYY-MM-DDTHHMMSS.jsonl` (local time), fsynced, so an accident is
/// undone by putting those lines back. Lines that are not records are kept as they are.
/// Callers hold the state lock, as every writer of the history does.
public struct HistoryRewriter {
  /// What to do with one record.
  public enum Change: Equatable {
    case keep
    case remove
    case replace(LedgerRecord)
  }

  /// What a rewrite did.
  public struct Summary: Equatable {
    public var removed = 0
    public var changed = 0
    /// The backup file, when anything was removed or changed.
    public var backup: String?
  }

  public let store: HistoryStore

  public init(store: HistoryStore) { self.store = store }

  /// Applies `change` to every record of every history file. `change` is called twice per
  /// record (once to save the backup, once to rewrite) and must answer the same both times.
  public func rewrite(_ change: (LedgerRecord) -> Change) throws(SystemError) -> Summary {
    var summary = Summary()
    var touched: [String] = []
    var backup: FileDescriptor? = nil
    defer { backup?.close() }
    for path in store.files() {
      guard let bytes = try FileSystem.read(path) else { continue }
      let edit = Self.edit(bytes, change)
      guard !edit.original.isEmpty else { continue }
      if backup == nil {
        let (name, fd) = try openBackup()
        summary.backup = name
        backup = fd
      }
      try backup?.write(edit.original)
      summary.removed += edit.removed
      summary.changed += edit.changed
      touched.append(path)
    }
    guard let backup else { return summary }
    try backup.sync()
    FileSystem.syncFolder(store.directory)
    for path in touched {
      guard let bytes = try FileSystem.read(path) else { continue }
      var file = try PreparedFile(path, Self.edit(bytes, change).rewritten)
      try file.commit()
    }
    return summary
  }

  /// A new backup file named for the local time now (`-2`, `-3`... if taken).
  private func openBackup() throws(SystemError) -> (String, FileDescriptor) {
    let now = LocalZone.now()
    let (date, second) = CivilTime.split(now.local)
    let stamp =
      "\(date)T"
      + [second / 3600, second % 3600 / 60, second % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
    var attempt = 1
    while true {
      let path = store.directory + "/removed-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)") + ".jsonl"
      do {
        return (path, try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600))
      } catch {
        guard error.errno == EEXIST, attempt < 100 else { throw error }
        attempt += 1
      }
    }
  }

  /// One file's bytes with `change` applied, the original lines of what changed, and counts.
  static func edit(_ bytes: [UInt8], _ change: (LedgerRecord) -> Change) -> (
    rewritten: [UInt8], original: [UInt8], removed: Int, changed: Int
  ) {
    var rewritten: [UInt8] = []
    rewritten.reserveCapacity(bytes.count)
    var original: [UInt8] = []
    var removed = 0
    var changed = 0
    var start = 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
      let end = newline ?? bytes.count
      let next = newline.map { $0 + 1 } ?? bytes.count
      let line = bytes[start..<end]
      let record = line.withContiguousStorageIfAvailable { try? LedgerRecord(jsonLine: $0) } ?? nil
      switch record.map(change) ?? .keep {
      case .keep:
        rewritten += bytes[start..<next]
      case .remove:
        original += line + [UInt8(ascii: "\n")]
        removed += 1
      case .replace(let new):
        original += line + [UInt8(ascii: "\n")]
        rewritten += Array(new.jsonLine.utf8)
        changed += 1
      }
      start = next
    }
    return (rewritten, original, removed, changed)
  }
}
