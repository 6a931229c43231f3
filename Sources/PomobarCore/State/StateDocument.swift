/// The shared state file's contents: the timer plus the clocks when it was written.
///
/// Instants in `timer` are on the `CLOCK_BOOTTIME` timeline of the boot named in
/// `written`; `reconciled(with:)` carries them into the present one.
public struct StateDocument: Equatable, Sendable {
  /// Bumped when the format changes incompatibly; a newer file is moved aside, not misread.
  public static let version: Int64 = 1

  public var timer: TimerState
  public var written: ClockReading
  /// The names of the last writes, newest last (at most `commitsKept`): the effect runner
  /// started by a write checks that its write was committed before it runs anything.
  public var commits: [String]

  /// How many write names are kept: far more than can happen while a runner waits.
  public static let commitsKept = 16

  /// The largest state file a reader takes; anything bigger is not one. A state is about
  /// a kilobyte; the largest the writer can make (every list full, every name at
  /// `ProjectName`'s bounds and escaped) is about 66 KiB, plus at most `owedBytes` of
  /// owed records.
  public static let sizeLimit = 1 << 20

  /// Names this state's life: made when a fresh state is, so that the serials of its
  /// records (`TimerState.ledger.serial`) never meet those of an earlier state that was
  /// lost or reset.
  public var epoch: String

  /// History records of committed transitions that are not yet known to be in the
  /// history: a transition's records are appended after its state is renamed into place,
  /// and every later write first appends what is owed (see `StateDocument.transition`).
  public var owed: [LedgerRecord]

  /// The most records owed at once, and the most room they take in the file (each line is
  /// a JSON string there, at most twice its bytes escaped): a history that stays
  /// unwritable for hundreds of transitions loses the oldest, with a warning, rather than
  /// the state.
  public static let owedKept = 500
  public static let owedBytes = 768 * 1024

  /// The newest of `records` that fit `owedKept` and `owedBytes`.
  public static func keptOwed(_ records: [LedgerRecord]) -> [LedgerRecord] {
    var room = owedBytes
    var kept = 0
    for record in records.reversed() {
      room -= 2 * record.jsonLine.utf8.count + 3
      guard room >= 0, kept < owedKept else { break }
      kept += 1
    }
    return Array(records.suffix(kept))
  }

  public init(
    timer: TimerState, written: ClockReading, commits: [String] = [], epoch: String = "",
    owed: [LedgerRecord] = []
  ) {
    self.timer = timer
    self.written = written
    self.commits = commits
    self.epoch = epoch
    self.owed = owed
  }

  /// This document as written by the write named `name`.
  public func committed(as name: String) -> StateDocument {
    var document = self
    document.commits = (commits + [name]).suffix(Self.commitsKept)
    return document
  }

  /// The timer in the present boot's timeline, and any time spent asleep since writing.
  ///
  /// Within one boot, time asleep is the growth of `BOOTTIME - MONOTONIC`; across a reboot
  /// it is the whole wall-clock gap (nothing tells when the machine went down), and the
  /// instants are moved so that the moment of writing lies that far in the past.
  public func reconciled(with now: ClockReading) -> (timer: TimerState, asleep: Duration) {
    if now.bootID == written.bootID {
      let asleep = now.asleep &- written.asleep
      // Below a second is noise from reading two clocks one after the other.
      return (timer, asleep > 1_000_000_000 ? .nanoseconds(asleep) : .zero)
    }
    let gap = max(0, now.wall &- written.wall)
    return (timer.moved(by: (now.boottime &- gap) &- written.boottime), .nanoseconds(gap))
  }

  /// The timer brought up to `now`: deadlines that passed meanwhile and time spent asleep
  /// applied, as `TimerMachine` events.
  ///
  /// - Returns: the machine, the effects the catch-up owes (`.persist` first when the timer
  ///   changed; records as `recorder` makes them), and whether the file must be written
  ///   even if the timer did not change (its stamp must move past a gap or a reboot, or the
  ///   gap would be counted again).
  public func caughtUp(
    to now: ClockReading, settings: TimerSettings, ledger: LedgerSettings = LedgerSettings(),
    recorder: Recorder = Recorder()
  ) -> (machine: TimerMachine, effects: [Effect], mustWrite: Bool) {
    let (state, asleep) = reconciled(with: now)
    var machine = TimerMachine(state: state, settings: settings, ledger: ledger, recorder: recorder)
    let event: Event = asleep > .zero ? .resumedFromSuspend(gap: asleep) : .deadlineReached
    let effects = machine.handle(event, at: now.instant)
    return (machine, effects, asleep > .zero || written.bootID != now.bootID)
  }

  /// Whether reading at `now` finds work to do (a deadline passed, time was spent
  /// asleep, or the file is from another boot), and the timer in the present boot's
  /// timeline, reconciled once.
  public func staleness(at now: ClockReading) -> (stale: Bool, timer: TimerState) {
    let (state, asleep) = reconciled(with: now)
    let due = state.nextDue.map { $0 <= now.instant } ?? false
    return (due || asleep > .zero || written.bootID != now.bootID, state)
  }
}
