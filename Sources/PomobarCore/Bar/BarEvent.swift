/// Something that happened to a running bar, as its loop saw it.
///
/// The cases that carry a config, a state or the history's figures hold them boxed
/// (`indirect`): inline they made every event as large as a config (1.8 kB), and a tick's
/// one `.timer` was cleared, copied and destroyed at that size every second.
public enum BarEvent: Equatable, Sendable {
  /// The loop is ready to write: the header goes out, then the first frame.
  indirect case started(StateDocument?, fileExists: Bool)
  /// Bytes arrived on stdin (clicks or keys, as the session's `InputMode` says).
  case input([UInt8])
  /// The state file was read again (another copy changed it).
  indirect case stateRead(StateDocument?, fileExists: Bool)
  /// The state folder cannot be made or is refused.
  case stateFolderUnusable(String)
  /// The config was loaded again; `problem` is what it said was wrong, if anything.
  indirect case configLoaded(Config, problem: String?)
  /// The hook failure recorded for every bar (nil: none stands).
  case hookProblem(String?)
  /// The bar hid (true) or showed (false) the block.
  case hidden(Bool)
  /// The terminal's width changed (nil: unknown).
  case resized(width: Int?)
  /// A timer fired: the tick, or the retry of a failed save.
  case timer
  /// Something in the state folder changed that may let a failing save succeed (space
  /// freed, permissions changed): a retry need not wait for its whole pause.
  case stateFolderChanged
  /// A transaction's new state, before it is written: shown at once, so that a click's
  /// frame does not wait for the disk.
  indirect case pending(TimerState, at: ClockReading)
  /// The transaction asked for was committed, leaving this document.
  indirect case saved(StateDocument)
  /// The transaction asked for could not be saved.
  case saveFailed(String)
  /// The wrapped status command (`--wrap`) was started (`problem` nil) or could not be.
  case wrappedStarted(problem: String?)
  /// The wrapped command ended, and why.
  case wrappedEnded(problem: String)
  /// The wrapped command wrote a complete status line: its blocks.
  case wrappedBlocks([[UInt8]])
  /// The wrapped command wrote lines of which none could be used, and why (the newest).
  case wrappedUnusable(problem: String)
  /// Input stopped or came again (`[idle] after`).
  case idle(IdleChange)
  /// Idle cannot be watched, and why (nil: it is watched again).
  case idleWatch(problem: String?)
  /// Something in the history folder changed (a record, an edit, another machine's sync).
  case historyChanged
  /// The fold asked for (`fold`) is done.
  indirect case figures(HistoryFigures)
}

/// What the loop must do for the session.
public enum BarAction: Equatable, Sendable {
  /// Write these bytes to the bar: a frame (`replaceable`: a later one makes it worthless
  /// if the bar has not read it yet) or the protocol header (not).
  case write(String, replaceable: Bool)
  /// Wake at the next tick after this many nanoseconds, then every `seconds`; nil: no
  /// ticks.
  case armTick(after: Int64?, seconds: Int64)
  /// Wake to retry a failed save after this many nanoseconds; nil: no retry pending.
  case armRetry(after: Int64?)
  /// Apply these events to the shared state, stamped with the moment they happened (nil:
  /// now), and report back with `pending`, then `saved` or `saveFailed`.
  case transact([Event], stamp: ClockReading?)
  /// Pass a click's JSON text on to the wrapped command.
  case forward([UInt8])
  /// Say this on stderr (`kind` groups repeats of one problem).
  case warn(String, kind: String?)
  /// The user asked to quit (a key at the terminal).
  case quit
  /// Fold the history's figures off the tick (one at a time), and report back with
  /// `figures`.
  indirect case fold(HistoryFigures.Request)
  /// Start `pomobar ctl task` detached: the task picker, for a click mapped to "pick-task".
  case pickTask
}
