/// The state folder (`$XDG_STATE_HOME/pomobar`, default `~/.local/state/pomobar`) and
/// every file pomobar keeps in it, each name written here once.
///
/// The names are part of the interface between copies of pomobar (a bar of the old
/// version reads what a new `ctl` wrote), of the docs and of the tests: they never change.
public struct StateFolder: Equatable, Sendable {
  public let path: String

  public init(_ path: String) { self.path = path }

  /// `state.json`: the timer and the ledger's state, the one source of truth.
  public var state: String { file("state.json") }
  /// `state.lock`: held while the state changes, and by the history's own commands.
  public var lock: String { file("state.lock") }
  /// `state.json.tmp`: the next state, written and fsynced before its rename.
  public var stateTemporary: String { PreparedFile.temporary(for: state) }
  /// `state.json.bad-WALL.NANOS.PID`: a state file that could not be read, kept aside.
  public func stateAside(wall: Int64, process: Int32) -> String {
    state + ".bad-\(wall / 1_000_000_000).\(wall % 1_000_000_000).\(process)"
  }
  /// `hooks.failed`: the effects whose last run failed (`EffectFailures`).
  public var failures: String { file("hooks.failed") }
  /// `hooks.log`: what the hooks, sounds and notifications said.
  public var hooksLog: String { file("hooks.log") }
  /// `notification`: the notification on screen (`Notifier`), `notification.lock` while
  /// one is shown or replaced, `notification.owed` left by a copy without a session bus,
  /// `notification.failed` once the notifier could not show one.
  public var notification: String { file("notification") }
  public var notificationLock: String { file("notification.lock") }
  public var notificationOwed: String { file("notification.owed") }
  public var notificationFailed: String { file("notification.failed") }
  /// `sound.reported`: a sound problem already said.
  public var soundReported: String { file("sound.reported") }
  /// `dnd`: how the do-not-disturb helper found the daemon, to restore it.
  public var doNotDisturb: String { file("dnd") }
  /// `machine-id`: this machine's name for the history when the system has none.
  public var machineID: String { file("machine-id") }
  /// `config-good-HASH.toml`: the last config that read without an error, per config path.
  public func lastGoodConfig(hash: String) -> String { file("config-good-" + hash + ".toml") }
  /// `history-index`: where every machine's edits are in the history (`EditIndex`), a
  /// cache (`history-index.tmp` while it is written).
  public var historyIndex: String { file("history-index") }
  /// `history-edit.PID.txt`: the text `history edit` hands the editor.
  public func historyEdit(process: Int32) -> String { file("history-edit.\(process).txt") }

  /// The file `name` in the folder.
  func file(_ name: String) -> String { path + "/" + name }
}

extension Environment {
  /// The state folder, named by `stateDirectory`.
  public var stateFolder: StateFolder { StateFolder(stateDirectory) }
}
