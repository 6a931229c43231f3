/// One finished interval in the history: a focus session, a break, or a stretch of work.
///
/// Records are what the ledger keeps forever, one JSON line each (`LedgerRecord+JSON`).
/// Times are UTC with the local offset of the moment, so a day is the day it was where
/// the work was done, also after moving time zones.
public struct LedgerRecord: Equatable, Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    /// The work clock ran (with or without Pomodoros).
    case work
    case focus
    case shortBreak = "short-break"
    case longBreak = "long-break"

    public init(_ phase: PhaseKind) {
      switch phase {
      case .focus: self = .focus
      case .shortBreak: self = .shortBreak
      case .longBreak: self = .longBreak
      }
    }

    public var isBreak: Bool {
      switch self {
      case .shortBreak, .longBreak: return true
      case .work, .focus: return false
      }
    }
  }

  /// How a focus session or break ended; work intervals have none.
  public enum Outcome: String, Sendable, CaseIterable {
    /// It ran to its end.
    case completed
    case skipped
    /// Stopped or reset by the user.
    case stopped
    /// Abandoned: by `ctl void`, or by a suspend under the `void` policy.
    case voided
  }

  /// Unique across machines: the machine, the state's epoch and a serial (see `RecordID`).
  public var id: String
  public var kind: Kind
  public var start: WallTime
  public var end: WallTime
  /// Time that counted, in seconds: the interval less pauses (and, for a focus, less time
  /// asleep or away unless the policy counts it).
  public var seconds: Int64
  public var project: String?
  public var outcome: Outcome?
  /// Interruptions marked during a focus (`ctl interrupt`).
  public var internalInterruptions: Int
  public var externalInterruptions: Int
  /// Seconds of suspend or away time inside the interval that did not count.
  public var gap: Int64
  /// Free text: why a focus was voided, interruption notes, or a note given when tracking.
  public var note: String?
  /// Labels beside the project (`+billable`), in the order given, each once, as
  /// `TagName` keeps them; empty for none.
  public var tags: [String]
  /// The task it was for (`ctl task`): a focus's, and a work interval's while one was set;
  /// nil for none, and for breaks.
  public var task: TaskRef? {
    get { taskBox?.task }
    set { taskBox = newValue.map(TaskBox.init) }
  }
  /// `task` behind one reference: a read copies every record several times on its way,
  /// and most have no task (a `TaskRef` held in place made each copy 80 bytes longer).
  private var taskBox: TaskBox? = nil
  /// When a person added the record (`track`, `import`); nil for what the clock recorded,
  /// which was written as it ended. See `created`.
  public var at: WallTime?
  /// The fraction of `at`'s second, in nanoseconds: what was added in one second is told
  /// apart by it (`history undo` takes back the latest).
  public var atNanoseconds: Int32 = 0
  /// When the record last changed where it lives: the `updated_at` of the Watson frame
  /// it was read from, or when a person changed it here (an amend,
  /// `HistoryEdit.Operation.made(at:)`, or a rename of its project); nil for neither. A
  /// Watson export writes it back, so `watson merge` finds the frame unchanged and
  /// `watson sync` pushes a frame changed here.
  public var updated: WallTime? = nil

  public init(
    id: String, kind: Kind, start: WallTime, end: WallTime, seconds: Int64, project: String? = nil,
    outcome: Outcome? = nil, internalInterruptions: Int = 0, externalInterruptions: Int = 0,
    gap: Int64 = 0, note: String? = nil, tags: [String] = [], task: TaskRef? = nil, at: WallTime? = nil,
    atNanoseconds: Int32 = 0, updated: WallTime? = nil
  ) {
    self.id = id
    self.kind = kind
    self.start = start
    self.end = end
    self.seconds = seconds
    self.project = project
    self.outcome = outcome
    self.internalInterruptions = internalInterruptions
    self.externalInterruptions = externalInterruptions
    self.gap = gap
    self.note = note
    self.tags = tags
    self.task = task
    self.at = at
    self.atNanoseconds = atNanoseconds
    self.updated = updated
  }

  /// When the record entered the history: an edit of a project (rename, delete) or a reset
  /// applies to the records created before it, not to later ones that reuse a name.
  public var created: WallTime { at ?? end }

  /// `created` in nanoseconds since the epoch, the order edits apply by.
  public var createdNanoseconds: Int64 {
    at.map { $0.utc * 1_000_000_000 + Int64(atNanoseconds) } ?? end.utc * 1_000_000_000
  }

  public var interruptions: Int { internalInterruptions + externalInterruptions }

  /// Takes `original`'s `created` as its own, for the record that replaces it (an amend):
  /// project-wide edits apply by the time the original was created, whatever the amend
  /// changes.
  public mutating func keepCreated(of original: LedgerRecord) {
    at = original.created
    atNanoseconds = original.at == nil ? 0 : original.atNanoseconds
  }

  /// The UTC seconds it covers, half-open (nothing for an end before its start), as the
  /// timeline compares intervals (`Timeline.overlap`).
  public var span: Range<Int64> { start.utc..<max(start.utc, end.utc) }
}

/// A record's task, kept apart (`LedgerRecord.task`); never changed once made.
private final class TaskBox: Equatable, Sendable {
  let task: TaskRef

  init(_ task: TaskRef) { self.task = task }

  static func == (lhs: TaskBox, rhs: TaskBox) -> Bool { lhs.task == rhs.task }
}

/// A moment as the ledger keeps it: UTC seconds since the epoch, and the local offset
/// (seconds east of UTC) in force there and then.
public struct WallTime: Equatable, Hashable, Comparable, Sendable {
  public var utc: Int64
  public var offset: Int32

  public init(utc: Int64, offset: Int32) {
    self.utc = utc
    self.offset = offset
  }

  /// The moment a local clock reading (`local` seconds since the epoch, counted as if the
  /// local clock were UTC) names, in a zone with offset `zone(utc)` at a UTC second.
  ///
  /// A reading skipped by a daylight-saving jump (02:30 on the spring-forward night) is
  /// taken with the offset before the jump; a reading that happens twice (the autumn
  /// hour) is the first of the two.
  public init(local: Int64, zone: (Int64) -> Int32) {
    let before = zone(local - 86_400)
    var utc = local - Int64(before)
    let after = zone(utc)
    if after != before, zone(local - Int64(after)) == after { utc = local - Int64(after) }
    self.init(utc: utc, offset: zone(utc))
  }

  /// Seconds since the epoch on the local clock of the moment.
  public var local: Int64 { utc + Int64(offset) }

  public static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.utc < rhs.utc }
}
