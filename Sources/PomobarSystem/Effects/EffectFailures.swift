/// `hooks.failed` in the state folder: the effects whose last run failed, for every
/// running bar to show: a hook event's commands, or the history the state could not be
/// appended to (`historyLabel`). The file keeps its first name, which bars of an older
/// version still read.
///
/// The effect runner is detached (no terminal, no bar to write to), so a failure reaches
/// the user through this small file: the runner writes one line per failing event
/// (`focus-start<TAB>exit 127<TAB>EPOCH`) and removes the line when that event's hooks next
/// run without failing; every bar already watches the state folder with inotify, reads the
/// file when it changes, shows ⚠ with the reason in the tooltip and says it once on its
/// stderr. The user's next action (`StateStore.transact` with an action) removes the file:
/// the ⚠ has been seen. Writes are atomic (a temporary file and a rename) under an `flock`
/// on the state folder, so runners of several transitions never lose each other's lines;
/// readers take no lock.
public enum EffectFailures {
  /// The line for a history that cannot be written (`StateStore.transact`): not a hook,
  /// but seen the same way, and cleared by the next append that works.
  public static let historyLabel = "history"
  /// The line for a task source or picker that failed (`TaskPick.record`), and for a
  /// task's write-back (`EffectRunner.writeBackCommands`): cleared by the next that works.
  public static let tasksLabel = "tasks"
  public static let writeBackLabel = "task-write-back"
  /// Lines kept at most (one per event, so fewer in practice); the file stays tiny.
  static let entriesKept = 32
  static let sizeLimit = 8192

  /// One event's last failure.
  public struct Entry: Equatable, Sendable {
    /// The command's label: the event (`focus-start`), or `any:EVENT`.
    public var label: String
    /// How it ended, as `hooks.log` says it: `exit 127`, `timed out: ...`.
    public var outcome: String
    /// When, in seconds since the epoch.
    public var time: Int64
  }

  /// Notes how the hook commands labelled `label` ended: `failure` (nil: all succeeded)
  /// replaces the label's line, or success removes it. Blocks for the folder's lock: for
  /// the effect runner only, never under the state lock.
  static func record(
    label: String, failure: String?, folder: String, clock: any ClockSource = SystemClock()
  ) {
    _ = FileLock.withFolder(folder) {
      let path = StateFolder(folder).failures
      var entries = read(path)
      let before = entries
      entries.removeAll { $0.label == label }
      if let failure {
        entries.append(Entry(label: label, outcome: failure, time: clock.read().wall / 1_000_000_000))
        entries = Array(entries.suffix(entriesKept))
      }
      guard entries != before else { return }
      if entries.isEmpty {
        FileSystem.remove(path)
      } else {
        let text = entries.map { "\($0.label)\t\($0.outcome)\t\($0.time)\n" }.joined()
        try? FileSystem.writeAtomically(path, Array(text.utf8))
      }
    }
  }

  /// Forgets every failure: the user acted, so the ⚠ was seen. Never blocks: runners
  /// rewrite the file atomically, so removing it at any moment leaves no torn file.
  public static func clear(folder: String) {
    FileSystem.remove(StateFolder(folder).failures)
  }

  /// The failures recorded in `path`, oldest first; none for a missing or unusable file.
  public static func read(_ path: String) -> [Entry] {
    guard let bytes = try? FileSystem.readRegularFile(path, limit: sizeLimit, followSymlinks: false)
    else { return [] }
    var entries: [Entry] = []
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
      guard fields.count == 3, !fields[0].isEmpty,
        let time = Int64(String(decoding: fields[2], as: UTF8.self))
      else { continue }
      entries.append(
        Entry(
          label: String(decoding: fields[0], as: UTF8.self),
          outcome: String(decoding: fields[1], as: UTF8.self), time: time))
    }
    return entries
  }

  /// What a bar shows: `hook focus-start failed: exit 127 (see ~/.local/state/pomobar/hooks.log)`,
  /// the latest failure first; nil when none is recorded in `folder`.
  public static func problem(folder: String, home: String? = Environment.current()["HOME"]) -> String? {
    let entries = read(StateFolder(folder).failures)
    guard let last = entries.last else { return nil }
    var log = StateFolder(folder).hooksLog
    if let home, home != "/", log.utf8.starts(with: (home + "/").utf8) {
      log = "~" + log.dropFirst(home.count)
    }
    let more = entries.count > 1 ? " and \(entries.count - 1) more" : ""
    if last.label == historyLabel {
      return "cannot write the history: \(last.outcome)\(more); kept in the state until it can"
    }
    if last.label == tasksLabel { return "tasks: \(last.outcome)\(more)" }
    if last.label == writeBackLabel { return "task write-back failed: \(last.outcome)\(more) (see \(log))" }
    return "hook \(last.label) failed: \(last.outcome)\(more) (see \(log))"
  }
}
