import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The shared state file, read and changed by every copy of pomobar without a daemon.
///
/// A change takes an exclusive lock, re-reads the file, catches up with time (deadlines
/// that passed, time spent asleep), applies the event, and replaces the file atomically.
/// The copy that made a transition gets its effects back and is the only one to run them.
public final class StateStore {
  public let directory: String
  public let statePath: String
  let lockPath: String
  let clock: any ClockSource
  let warn: (String) -> Void

  /// What a transaction did.
  public struct Outcome {
    public var state: TimerState
    /// Effects to run, `.persist` already carried out.
    public var effects: [Effect]
    public var now: ClockReading
  }

  public init(directory: String, clock: any ClockSource, warn: @escaping (String) -> Void) {
    self.directory = directory
    self.statePath = directory + "/state.json"
    self.lockPath = directory + "/state.lock"
    self.clock = clock
    self.warn = warn
  }

  /// Creates the state folder if needed.
  public func prepare() throws(SystemError) {
    try FileSystem.makeDirectories(directory)
  }

  public func now() -> ClockReading { clock.read() }

  /// Reads the file without the lock (the file is only ever replaced whole).
  ///
  /// Returns nil when it is missing or unreadable; a transaction deals with the latter.
  public func peek() -> StateDocument? {
    guard let bytes = try? FileSystem.read(statePath) else { return nil }
    return try? StateDocument(json: bytes)
  }

  /// The state as of `now`, and whether a transaction is needed to bring the file up to
  /// date (a deadline passed, time was spent asleep, another boot, a missing or bad file).
  public func view(at now: ClockReading) -> (state: TimerState, stale: Bool) {
    guard let document = peek() else {
      return (TimerState(), FileSystem.exists(statePath))
    }
    let (state, asleep) = document.reconciled(with: now)
    let due = state.deadline.map { $0 <= now.instant } ?? false
    return (state, due || asleep > .zero || document.written.bootID != now.bootID)
  }

  /// Under the lock: re-read, catch up with the present, apply `event` if any, write.
  ///
  /// - Parameters:
  ///   - stamp: when the event happened (a click is stamped when it is read, not when the
  ///     lock is taken); ignored if the file was written after it.
  ///   - show: called with the new state before it is written, so a bar can show a click's
  ///     result without waiting for the disk. It runs under the lock: it must not block.
  public func transact(
    _ event: Event?, settings: TimerSettings, stamp: ClockReading? = nil,
    show: ((TimerState, ClockReading) -> Void)? = nil
  ) throws -> Outcome {
    try FileLock.withExclusive(lockPath) {
      let document = loadForUpdate()
      var now = clock.read()
      if let stamp, stamp.bootID == now.bootID {
        // Another copy may have changed the state after the stamp: then use the present.
        let writtenLater = document.map {
          $0.written.bootID == stamp.bootID && $0.written.boottime > stamp.boottime
        }
        if writtenLater != true { now = stamp }
      }
      var machine: TimerMachine
      var effects: [Effect]
      var mustWrite = document == nil
      if let document {
        let (state, asleep) = document.reconciled(with: now)
        machine = TimerMachine(state: state, settings: settings)
        let catchUp: Event = asleep > .zero ? .resumedFromSuspend(gap: asleep) : .deadlineReached
        effects = machine.handle(catchUp, at: now.instant)
        // The stamp must move past a gap or a reboot even if the timer did not change.
        mustWrite = mustWrite || asleep > .zero || document.written.bootID != now.bootID
      } else {
        machine = TimerMachine(settings: settings)
        effects = []
      }
      if let event { effects += machine.handle(event, at: now.instant) }
      if mustWrite || effects.contains(.persist) {
        show?(machine.state, now)
        let document = StateDocument(timer: machine.state, written: now)
        try FileSystem.writeAtomically(statePath, Array(document.json().utf8))
      }
      return Outcome(
        state: machine.state, effects: effects.filter { $0 != .persist }, now: now)
    }
  }

  /// Reads the file under the lock; a file that cannot be used is moved aside, with a warning.
  private func loadForUpdate() -> StateDocument? {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.read(statePath)
    } catch {
      warn("cannot read \(statePath): \(error); starting clean")
      return nil
    }
    guard let bytes else { return nil }
    do {
      return try StateDocument(json: bytes)
    } catch {
      // Seconds for people, nanoseconds and the pid so that no earlier file is replaced.
      let wall = clock.read().wall
      let aside = "\(statePath).bad-\(wall / 1_000_000_000).\(wall % 1_000_000_000).\(getpid())"
      do {
        try FileSystem.rename(statePath, aside)
        warn("\(statePath): \(error); moved it to \(aside) and started clean")
      } catch let moveError {
        warn("\(statePath): \(error); could not move it aside (\(moveError)); starting clean")
      }
      return nil
    }
  }
}
