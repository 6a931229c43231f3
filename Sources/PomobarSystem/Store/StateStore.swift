import PomobarCore

/// The shared state file, read and changed by every copy of pomobar without a daemon.
///
/// A change takes an exclusive lock, re-reads the file, catches up with time (deadlines
/// that passed, time spent asleep), applies the event, and replaces the file atomically.
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

  /// Under the lock: re-read, catch up with the present, and apply `events` in order (a
  /// burst of clicks is one commit); the caller may show the new state at once (before
  /// anything is written), then commits (or abandons) the transaction it gets back.
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
  /// the only child started under it is pomobar's own effect runner.
  ///
  /// - Parameters:
  ///   - stamp: when the events happened (a click is stamped when it is read, not when the
  ///     lock is taken); ignored if the file was written after it.
  ///   - lockTimeout: how long to wait for another copy's lock.
  ///   - only: when given, the events are applied only if it accepts the timer as caught
  ///     up (a notification's button that must find the timer where the notification did).
  ///   - recountToday: count today's totals again from the history (it changed underneath
  ///     the state: an edit, `track`, an import).
  ///   - renaming: a project renamed in the history (`project rename`), renamed in the
  ///     state too: the active project, the running interval, the known projects; to nil:
  ///     a deleted project, forgotten (`LedgerState.rename(project:to:)`).
  ///   - decide: when given, the user's events are made here, under the lock, from the
  ///     timer as caught up and the moment (`ctl --at` finds its instant and checks it
  ///     against the history), instead of `events`; what it throws gives the change up.
  public func begin(
    _ events: [Event], settings: TimerSettings, ledger: LedgerSettings = LedgerSettings(),
    stamp: ClockReading? = nil, lockTimeout: Duration = .seconds(3),
    only: ((TimerState) -> Bool)? = nil, recountToday: Bool = false,
    renaming: (from: String, to: String?)? = nil,
    decide: ((TimerState, ClockReading) throws -> [Event])? = nil
  ) throws -> Transaction {
    try FileSystem.checkPrivateFolder(directory)
    if decide != nil || events.contains(where: Self.isUserAction) {
      // The user acted: a hook failure shown until now has been seen. Removed before the
      // transition, so a failure of the hooks it starts shows again.
      EffectFailures.clear(folder: directory)
    }
    let lock = try FileLock.acquire(folder.lock, timeout: lockTimeout)
    var notes: [String] = []
    var written = HistoryWrite.untried
    let document = loadForUpdate(&notes)
    var now = clock.read()
    if let stamp, stamp.bootID == now.bootID {
      // Another copy may have changed the state after the stamp: then use the present.
      let writtenLater = document.map {
        $0.written.bootID == stamp.bootID && $0.written.boottime > stamp.boottime
      }
      if writtenLater != true { now = stamp }
    }
    var machine = TimerMachine(settings: settings, ledger: ledger)
    var effects: [Effect] = []
    var mustWrite = document == nil
    if let document {
      let caughtUp = document.caughtUp(to: now, settings: settings, ledger: ledger)
      (machine, effects) = (caughtUp.machine, caughtUp.effects)
      mustWrite = mustWrite || caughtUp.mustWrite
    }
    let applied = only?(machine.state) ?? true
    let events = try decide?(machine.state, now) ?? events
    var acted = false
    if applied {
      for event in events {
        let caused = machine.handle(event, at: now.instant)
        acted = acted || caused.contains(.persist)
        effects += caused
      }
    }
    var changed = effects.contains(.persist)
    effects.removeAll { $0 == .persist }
    if let renaming, machine.state.ledger.rename(project: renaming.from, to: renaming.to) { changed = true }
    if recountToday, let history {
      let counted = Self.today(in: history, owed: document?.owed ?? [], now: now, dayStart: ledger.dayStart)
      if counted != machine.state.ledger.today {
        machine.state.ledger.today = counted
        changed = true
      }
    }
    if ledger.hasTargets {
      let day = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: ledger.dayStart).today.day
      if recountToday || machine.state.ledger.recent?.day != day {
        // The intervals this transaction closes are in neither the history nor the state's
        // running clock yet (a clock running since yesterday, stopped now): they count too.
        var scratch = machine.state.ledger
        let closing = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: ledger.dayStart)
          .records(effects, epoch: "closing", machine: "", into: &scratch)
        let counted = Self.recent(
          in: history, owed: (document?.owed ?? []) + closing, state: machine.state, now: now,
          settings: ledger)
        if counted != machine.state.ledger.recent {
          machine.state.ledger.recent = counted
          changed = true
        }
      }
    }
    var transaction = Transaction(
      store: self, lock: lock, state: machine.state, effects: effects, now: now, applied: applied,
      acted: acted, notes: notes, written: written)
    guard mustWrite || changed else {
      transaction.document = document ?? StateDocument(timer: machine.state, written: now)
      return transaction
    }
    var base = document ?? StateDocument(timer: machine.state, written: now)
    if base.epoch.isEmpty { base.epoch = String(now.wall / 1_000_000, radix: 36) }
    let records = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: ledger.dayStart)
      .records(effects, epoch: base.epoch, machine: history?.machine ?? "", into: &machine.state.ledger)
    // What earlier transitions owe the history goes first, in order, so that this write can
    // stop carrying it.
    var owed = base.owed
    if !owed.isEmpty, appendHistory(owed, &written) { owed = [] }
    owed += records
    let kept = StateDocument.keptOwed(owed).count
    if kept < owed.count {
      notes.append(
        "the history has not been writable for \(owed.count) records; "
          + "the oldest \(owed.count - kept) are lost")
    }
    // The kernel's own monotonic clock, whatever clock the store is given: names are
    // ordered across copies (`committed(_:in:)`).
    let name = "\(Processes.current).\(SystemClock.monotonic)"
    let next = base.committed(as: name, timer: machine.state, written: now, owed: owed)
    transaction.state = machine.state
    transaction.notes = notes
    transaction.written = written
    transaction.document = next
    transaction.effectsCommit = Commit(name: name, statePath: statePath, lockPath: folder.lock, timer: machine.state)
    transaction.records = records
    return transaction
  }

  /// `begin`, start the effects with `start`, and commit: for a command that shows nothing
  /// before the state is written.
  public func transact(
    _ events: [Event], settings: TimerSettings, ledger: LedgerSettings = LedgerSettings(),
    stamp: ClockReading? = nil, lockTimeout: Duration = .seconds(3),
    only: ((TimerState) -> Bool)? = nil, recountToday: Bool = false,
    renaming: (from: String, to: String?)? = nil,
    decide: ((TimerState, ClockReading) throws -> [Event])? = nil, start: ([Effect], Commit) throws -> Void
  ) throws -> Outcome {
    let transaction = try begin(
      events, settings: settings, ledger: ledger, stamp: stamp, lockTimeout: lockTimeout, only: only,
      recountToday: recountToday, renaming: renaming, decide: decide)
    let outcome = Outcome(
      state: transaction.state, effects: transaction.effects, now: transaction.now, applied: transaction.applied,
      acted: transaction.acted)
    _ = try transaction.commit(startingEffects: start)
    return outcome
  }

  /// Today's work per project as the history (and what the state owes it) says: what
  /// `Ledger.records` adds up as intervals close, counted again from the records.
  static func today(in history: HistoryStore, owed: [LedgerRecord], now: ClockReading, dayStart: Int) -> DayTotals {
    let (day, began) = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: dayStart).today
    var totals = DayTotals(day: day)
    history.pending = owed
    // A work interval that ends today started this month or the one before.
    let first = HistoryStore.month(of: WallTime(utc: began - 32 * 86_400, offset: 0))
    history.forEachRecord(from: first) { record in
      if record.end.utc > began { totals.add(workOf: record, dayBegan: began, today: day) }
    }
    return totals
  }

  /// The work of the seven days before today as the history (and what the state owes it,
  /// and the running work clock) says: for `{balance}`, counted once a day and after the
  /// history changed. Without a history, none.
  static func recent(
    in history: HistoryStore?, owed: [LedgerRecord], state: TimerState, now: ClockReading,
    settings: LedgerSettings
  ) -> RecentWork {
    let (day, began) = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: settings.dayStart).today
    var recent = RecentWork(day: day)
    guard let history else { return recent }
    let calendar = LedgerCalendar(settings)
    let first = began - Int64(RecentWork.days) * 86_400
    history.pending = owed
    // A work interval that ends in the seven days started this month or the one before.
    let month = HistoryStore.month(of: WallTime(utc: first - 32 * 86_400, offset: 0))
    history.forEachRecord(from: month) { record in
      if record.end.utc > first && record.start.utc < began { recent.add(workOf: record, calendar: calendar) }
    }
    for open in Ledger.openIntervals(state, now: now) { recent.add(workOf: open, calendar: calendar) }
    return recent
  }

  /// What a transaction's appends to the history came to: the last failure stands.
  enum HistoryWrite: Sendable {
    case untried, written
    case failed(String)
  }

  /// Appends `records` to the history (each at most once); false, noting the reason in
  /// `outcome`, when it cannot.
  func appendHistory(_ records: [LedgerRecord], _ outcome: inout HistoryWrite) -> Bool {
    guard let history else { return true }
    do {
      try history.append(records)
      if case .untried = outcome { outcome = .written }
      return true
    } catch {
      outcome = .failed("\(error)")
      return false
    }
  }

  /// Whether `event` is something the user did at the bar or with `ctl` (a click mapped to
  /// nothing is not, nor away and back, which idle daemons send).
  static func isUserAction(_ event: Event) -> Bool {
    switch event {
    case .action(let action), .backdated(let action, _):
      return action != .none && action != .away && action != .back
    case .deadlineReached, .resumedFromSuspend: return false
    }
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
