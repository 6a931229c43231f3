import PomobarCore

extension StateStore {
  /// A change of the shared state begun under the lock (`StateStore.begin`): its new state
  /// is known, nothing is written yet; the caller may show it, then commits it (starting
  /// its effects) or abandons it. Either releases the lock.
  public struct Transaction: ~Copyable {
    let store: StateStore
    let lock: FileLock.Held
    /// What the change is: decided, not yet written.
    public let transition: Transition
    /// The write's name, for the effects' runner.
    let name: String
    /// What reading the file noted.
    let notes: [String]

    init(store: StateStore, lock: FileLock.Held, transition: Transition, name: String, notes: [String]) {
      self.store = store
      self.lock = lock
      self.transition = transition
      self.name = name
      self.notes = notes
    }

    /// The timer after the events.
    public var state: TimerState { transition.timer }
    /// The moment the events were applied at.
    public var now: ClockReading { transition.now }

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
      var written = transition.historyWrite
      defer {
        lock.release()
        store.finish(notes: notes + transition.notes, written: written)
      }
      guard transition.writes else { return Committed(document: transition.document, identity: nil) }
      let document = transition.document.committed(as: name)
      var file = try PreparedFile(store.statePath, Array(document.json().utf8))
      do {
        try start(
          transition.effects,
          Commit(name: name, statePath: store.statePath, lockPath: store.folder.lock, timer: transition.timer)
        )
      } catch {
        file.discard()
        throw error
      }
      try file.commit()
      // Appended under the lock, so that another copy's write cannot append them too.
      if !transition.records.isEmpty { _ = written.append(document.owed, to: store.history) }
      return Committed(document: document, identity: file.identity)
    }

    /// Gives the change up: the file stays as it was.
    public consuming func abandon() {
      lock.release()
      store.finish(notes: notes + transition.notes, written: transition.historyWrite)
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
