import PomobarCore

/// The shared state file, read and changed by every copy of pomobar without a daemon.
///
/// A change takes an exclusive lock, re-reads the file, has the core decide the
/// transition (`StateDocument.transition`: the catch-up with time, the events, the
/// records), and replaces the file atomically.
/// The copy that made a transition starts its effects, and does so as part of the same
/// commit: see `transact`.
public final class StateStore {
  /// The state folder, with the names of its files.
  public let folder: StateFolder
  /// The folder's path; `statePath`, its `state.json`.
  public var directory: String { folder.path }
  public var statePath: String { folder.state }
  let clock: any ClockSource
  let warn: (String) -> Void

  /// A state file is about a kilobyte, or up to `StateDocument.owedKept` records more while
  /// the history cannot be written; anything past this is not one.
  public static let sizeLimit = StateDocument.sizeLimit

  /// What a transaction did.
  public struct Outcome {
    public var state: TimerState
    /// The effects the transition owed, already started (`.persist` carried out).
    public var effects: [Effect]
    public var now: ClockReading
    /// False when `only` refused the events (the catch-up was still written).
    public var applied = true
    /// Whether the events changed the timer (not only the catch-up with time).
    public var acted = false
  }

  /// Where finished intervals go, in the same commit as the state; nil keeps none.
  public let history: HistoryStore?

  public init(
    directory: String, clock: any ClockSource, history: HistoryStore? = nil,
    warn: @escaping (String) -> Void
  ) {
    self.folder = StateFolder(directory)
    self.clock = clock
    self.history = history
    self.warn = warn
  }

  /// Creates the state folder if needed and checks that nobody else can write to it.
  public func prepare() throws(SystemError) {
    try FileSystem.makeDirectories(directory)
    try FileSystem.checkPrivateFolder(directory)
  }

  public func now() -> ClockReading { clock.read() }
  /// `now().boottime`, read alone.
  public func boottimeNow() -> Int64 { clock.readBoottime() }

  /// Reads the file without the lock (the file is only ever replaced whole).
  ///
  /// Returns nil when it is missing or unusable; a transaction moves the latter aside.
  public func peek() -> StateDocument? {
    guard let bytes = try? read() else { return nil }
    return try? StateDocument(json: bytes)
  }

  /// The state as of `now`, and whether a transaction is needed to bring the file up to
  /// date (a deadline passed, time was spent asleep, another boot, an unusable file).
  public func view(at now: ClockReading) -> (state: TimerState, stale: Bool) {
    guard let document = peek() else { return (TimerState(), FileSystem.exists(statePath)) }
    let (stale, timer) = document.staleness(at: now)
    return (timer, stale)
  }

  /// Under the lock: re-read the file and decide the change (`StateDocument.transition`);
  /// the caller may show the new state at once (before anything is written), then commits
  /// (or abandons) the transaction it gets back.
  ///
  /// A transition and its effects are one commit. `commit` writes the new state, named by
  /// a fresh commit name, to a temporary file and fsyncs it, starts the effect runner, then
  /// renames the file into place and releases the lock. The runner
  /// first waits for the lock and looks for its commit's name in the file: there, it runs
  /// the effects; not there (this copy was killed before the rename), it runs nothing, and
  /// the next copy replays the transition with its own runner. Killed after the rename,
  /// the transition and its effects are both done. If the state cannot be written,
  /// nothing is started: the effects happen, once, with the write that succeeds.
  ///
  /// Nothing blocks while the lock is held: warnings are said after it is released, and
  /// the only child started under it is pomobar's own effect runner. `lockTimeout`: how
  /// long to wait for another copy's lock.
  public func begin(_ request: TransitionRequest, lockTimeout: Duration = .seconds(3)) throws -> Transaction {
    try FileSystem.checkPrivateFolder(directory)
    if request.byUser {
      // A hook failure shown until now has been seen. Removed before the transition, so a
      // failure of the hooks it starts shows again.
      EffectFailures.clear(folder: directory)
    }
    let lock = try FileLock.acquire(folder.lock, timeout: lockTimeout)
    var notes: [String] = []
    let document = loadForUpdate(&notes)
    // What `decide` throws gives the change up (the lock goes with `lock`).
    let transition = try StateDocument.transition(
      from: document, request, at: clock.read(), zone: LocalZone.offset(atUTC:), history: history)
    // The kernel's own monotonic clock, whatever clock the store is given: names are
    // ordered across copies (`committed(_:in:)`).
    let name = "\(Processes.current).\(SystemClock.monotonic)"
    return Transaction(store: self, lock: lock, transition: transition, name: name, notes: notes)
  }

  /// `begin`, start the effects with `start`, and commit: for a command that shows nothing
  /// before the state is written.
  public func transact(
    _ request: TransitionRequest, start: ([Effect], Commit) throws -> Void
  ) throws -> Outcome {
    let transaction = try begin(request)
    let transition = transaction.transition
    let outcome = Outcome(
      state: transition.timer, effects: transition.effects, now: transition.now, applied: transition.applied,
      acted: transition.acted)
    _ = try transaction.commit(startingEffects: start)
    return outcome
  }

  /// Reads the state file: a regular file, not through a symlink, of bounded size.
  private func read() throws(FileReadError) -> [UInt8]? {
    try Self.read(statePath)
  }

  static func read(_ path: String) throws(FileReadError) -> [UInt8]? {
    try FileSystem.readRegularFile(path, limit: sizeLimit, followSymlinks: false)
  }

  /// One write of the state: its name (kept in the file's recent `commits`) and where the
  /// file and its lock are, for the effect runner to check that the write was committed.
  public struct Commit: Equatable, Sendable {
    public var name: String
    public var statePath: String
    public var lockPath: String
    /// The timer as this write leaves it, for the effects that describe it (the
    /// notification's texts and buttons); not passed on to the runner.
    public var timer: TimerState? = nil
  }

  /// Whether the write named `commit.name` is in the state file, checked under the lock
  /// (so after the writer renamed its file or died trying); true when that cannot be told
  /// (no lock within 10 s, an unreadable file, or a runner so late that the file's
  /// `commitsKept` names are all of later writes): an effect is better run than lost.
  public static func wasCommitted(_ commit: Commit) -> Bool {
    let check = { () -> Bool in
      guard let bytes = try? read(commit.statePath), let document = try? StateDocument(json: bytes)
      else { return true }
      return committed(commit.name, in: document.commits)
    }
    return (try? FileLock.withExclusive(commit.lockPath, timeout: .seconds(10), check)) ?? check()
  }

  /// Whether `name` is among `commits` (the file's last names, oldest first), or cannot be
  /// told apart from them: a full list whose oldest name is of a later write (names are
  /// `PID.MONOTONIC_NS`, of one boot) may have pushed `name` out. A burst of clicks on a
  /// loaded machine makes a runner that late; a writer killed before its rename does not
  /// (its runner takes the lock as soon as the kernel releases it).
  static func committed(_ name: String, in commits: [String]) -> Bool {
    if commits.contains(name) { return true }
    guard commits.count >= StateDocument.commitsKept, let oldest = commits.first else { return false }
    func time(_ name: String) -> Int64? { name.split(separator: ".").last.flatMap { Int64($0) } }
    guard let mine = time(name), let first = time(oldest) else { return true }
    return mine < first
  }

  /// Reads the file under the lock; anything that cannot be used (not a regular file, too
  /// big, not JSON, numbers out of range, a newer version) is moved aside, with a warning.
  private func loadForUpdate(_ notes: inout [String]) -> StateDocument? {
    let problem: String
    do {
      guard let bytes = try read() else { return nil }
      return try StateDocument(json: bytes)
    } catch let error as FileReadError {
      switch error {
      case .system:
        notes.append("cannot read \(statePath): \(error); starting clean")
        return nil
      case .notRegularFile, .tooLarge:
        problem = "\(error)"
      }
    } catch {
      problem = "\(statePath): \(error)"
    }
    // Seconds for people, nanoseconds and the pid so that no earlier file is replaced.
    let wall = clock.read().wall
    let aside = folder.stateAside(wall: wall, process: Processes.current)
    do {
      try FileSystem.rename(statePath, aside)
      notes.append("\(problem); moved it to \(aside) and started clean")
    } catch {
      notes.append("\(problem); could not move it aside (\(error)); starting clean")
    }
    return nil
  }
}
