extension BarSession {
  /// Where saving the shared state stands.
  enum Saving: Equatable {
    /// The last save succeeded, or none was needed yet.
    case fine
    /// A transaction was asked for and its outcome (`pending`, then `saved` or
    /// `saveFailed`) has not come; it finishes the refresh, and nothing else is shown
    /// meanwhile. A failure it retries stands (with ⚠) until it is saved.
    case transacting(retrying: SaveFailure?)
    /// Saves fail, or the state folder cannot be used: the timer is computed in memory
    /// and shown with ⚠, and saving is tried again after a growing pause.
    case failing(SaveFailure)

    var isTransacting: Bool {
      if case .transacting = self { true } else { false }
    }

    /// The failure that stands, if any.
    var failure: SaveFailure? {
      switch self {
      case .fine: nil
      case .transacting(let failure): failure
      case .failing(let failure): failure
      }
    }

    /// Whether a refresh may ask for a transaction at `now` (monotonic ns): none is under
    /// way, and no failed save's pause lasts.
    func mayTransact(now: Int64) -> Bool {
      switch self {
      case .fine: true
      case .transacting: false
      case .failing(let failure): failure.retry.isDue(now: now)
      }
    }

    /// A transaction is asked for.
    mutating func transact() { self = .transacting(retrying: failure) }

    /// A try failed: the pause before the next one grows.
    mutating func failed(_ problem: String, at now: Int64) {
      var failure = failure ?? SaveFailure(problem: problem)
      failure.problem = problem
      failure.retry.failed(at: now)
      self = .failing(failure)
    }

    /// The state folder cannot be used: a failure too, found without a try (a transaction
    /// under way goes on).
    mutating func refused(_ problem: String) {
      var failure = failure ?? SaveFailure(problem: problem)
      failure.problem = problem
      self = isTransacting ? .transacting(retrying: failure) : .failing(failure)
    }

    /// Something changed in the state folder that may let a failing save succeed: its
    /// retry may come sooner.
    mutating func hurry(now: Int64) {
      switch self {
      case .fine: break
      case .transacting(var failure):
        failure?.retry.hurry(now: now)
        self = .transacting(retrying: failure)
      case .failing(var failure):
        failure.retry.hurry(now: now)
        self = .failing(failure)
      }
    }
  }

  /// Why the state could not be saved or used, and when to try again.
  struct SaveFailure: Equatable {
    var problem: String
    var retry = Backoff()
  }
}
