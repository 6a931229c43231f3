import PomobarCore

extension StateStore {
  /// A change of the shared state begun under the lock (`StateStore.begin`): its new state
  /// is known, nothing is written yet; the caller may show it, then commits it (starting
  /// its effects) or abandons it. Either releases the lock.
  public struct Transaction: ~Copyable {
    let store: StateStore
    let lock: FileLock.Held
    /// The timer after the events.
    public internal(set) var state: TimerState
    /// The effects the transition owes (`.persist` already taken out).
    public let effects: [Effect]
    /// The moment the events were applied at.
    public let now: ClockReading
    /// False when `only` refused the events (the catch-up is still written).
    public let applied: Bool
    /// Whether the events changed the timer (not only the catch-up with time).
    public let acted: Bool
    /// The file as it is once committed (as it was, when nothing changes).
    public internal(set) var document: StateDocument? = nil
    /// The write's name, for the effects' runner; nil when the file does not change (and
    /// nothing is started).
    public internal(set) var effectsCommit: Commit? = nil
    var notes: [String]
    var written: HistoryWrite
    var records: [LedgerRecord] = []

    init(
      store: StateStore, lock: FileLock.Held, state: TimerState, effects: [Effect], now: ClockReading,
      applied: Bool, acted: Bool, notes: [String], written: HistoryWrite
    ) {
      self.acted = acted
      self.store = store
      self.lock = lock
      self.state = state
      self.effects = effects
      self.now = now
      self.applied = applied
      self.notes = notes
      self.written = written
    }

    /// Writes the new state beside the old one and fsyncs it, starts the effects with
    /// `start` (just before the rename, for the write named in its `Commit`), renames the
    /// file into place, releases the lock, and appends the transition's records to the
    /// history; returns the document now in the file. When the file does not change,
    /// nothing is written or started.
    ///
    /// Only once committed do the records go in the history. Killed before they are
    /// fsynced, or unable to write them, the state still owes them, and the next write (any
    /// copy's) appends them first; until then readers count them from the state.
    public consuming func commit(
      startingEffects start: ([Effect], Commit) throws -> Void = { _, _ in }
    ) throws -> Committed {
      var written = written
      let document = document ?? StateDocument(timer: state, written: now)
      defer {
        lock.release()
        store.finish(notes: notes, written: written)
      }
      guard let effectsCommit else { return Committed(document: document, identity: nil) }
      var file = try PreparedFile(store.statePath, Array(document.json().utf8))
      do {
        try start(effects, effectsCommit)
      } catch {
        file.discard()
        throw error
      }
      try file.commit()
      // Appended under the lock, so that another copy's write cannot append them too.
      if !records.isEmpty { _ = store.appendHistory(document.owed, &written) }
      return Committed(document: document, identity: file.identity)
    }

    /// Gives the change up: the file stays as it was.
    public consuming func abandon() {
      lock.release()
      store.finish(notes: notes, written: written)
    }
  }

  /// What a committed transaction left in the file.
  public struct Committed {
    public var document: StateDocument
    /// The file written (nil: none was): a reader that finds this file there need not read
    /// it again.
    public var identity: FileIdentity?
  }

  /// Says what a transaction noted, once its lock is released: a failure to write the
  /// history shows on every bar, like a hook's.
  func finish(notes: [String], written: HistoryWrite) {
    for note in notes { warn(note) }
    switch written {
    case .failed(let problem):
      warn("cannot write the history: \(problem); the state keeps what it owes until it can")
      EffectFailures.record(label: EffectFailures.historyLabel, failure: problem, folder: directory)
    case .written where FileSystem.exists(folder.failures):
      EffectFailures.record(label: EffectFailures.historyLabel, failure: nil, folder: directory)
    case .written, .untried: break
    }
  }
}
