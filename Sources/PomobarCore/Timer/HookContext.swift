/// What a hook is told about its event: the `POMOBAR_*` variables, as values.
///
/// Stamped by the machine at the moment of the event, so each event of a transition or a
/// catch-up carries its own slot, count and times, not the transition's last.
public struct HookContext: Equatable, Sendable {
  /// The phase the event is about (`POMOBAR_PHASE`): the one starting, ending, paused,
  /// resumed or changed; for an action or a ledger event, the one running or paused then;
  /// nil when none was (idle, focus done).
  public var phase: PhaseKind?
  /// Why a phase ended (`POMOBAR_REASON`); nil for other events.
  public var reason: EndReason?
  /// The focus session's position in the cycle then (`POMOBAR_SLOT`).
  public var slot: Int
  /// Focus sessions completed then, this one included at its end (`POMOBAR_COMPLETED`).
  public var completed: Int
  /// The phase that comes next (`POMOBAR_NEXT_PHASE`): after a focus, the break it earns
  /// (focus again when it was stopped, reset or voided); after a break, focus.
  public var next: PhaseKind
  /// The phase's full length, extensions included (`POMOBAR_DURATION`); for a focus that
  /// counts up (Flowtime), its length so far, with no `remaining` and no `deadline`.
  public var total: Duration?
  /// What was left of it (`POMOBAR_REMAINING`): at an end, what was not used.
  public var remaining: Duration?
  /// When it will end, while it runs (`POMOBAR_ENDS_AT`); nil at its end or while paused.
  public var deadline: Instant?
  /// The active project (`POMOBAR_PROJECT`).
  public var project: String?
  /// The project before a switch (`POMOBAR_PREVIOUS_PROJECT`, the `project` event).
  public var previousProject: String?
  /// `internal` or `external` (`POMOBAR_INTERRUPTION`, the `interrupt` event).
  public var interruption: String?
  /// The note given with an interruption or a void (`POMOBAR_NOTE`).
  public var note: String?
  /// The task of the running or next focus (`POMOBAR_TASK`, `POMOBAR_TASK_ID`,
  /// `POMOBAR_TASK_SOURCE`); nil when none is set.
  public var task: TaskRef? = nil

  public init(
    phase: PhaseKind?, reason: EndReason? = nil, slot: Int, completed: Int, next: PhaseKind,
    total: Duration? = nil, remaining: Duration? = nil, deadline: Instant? = nil,
    project: String? = nil, previousProject: String? = nil, interruption: String? = nil,
    note: String? = nil, task: TaskRef? = nil
  ) {
    self.phase = phase
    self.reason = reason
    self.slot = slot
    self.completed = completed
    self.next = next
    self.total = total
    self.remaining = remaining
    self.deadline = deadline
    self.project = project
    self.previousProject = previousProject
    self.interruption = interruption
    self.note = note
    self.task = task
  }
}
