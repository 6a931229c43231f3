/// The kinds of timed phase in a Pomodoro cycle.
public enum PhaseKind: String, Sendable, CaseIterable, Hashable {
  case focus
  case shortBreak = "short-break"
  case longBreak = "long-break"

  public var isBreak: Bool {
    switch self {
    case .focus: return false
    case .shortBreak, .longBreak: return true
    }
  }
}

/// Where the timer is.
public enum TimerPhase: Equatable, Sendable {
  /// Nothing runs; the next focus is `TimerState.slot`.
  case idle
  /// A phase counts down to `deadline`; `total` is its full length (after any extend/shorten).
  case running(PhaseKind, deadline: Instant, total: Duration)
  /// A phase is paused with exactly `remaining` left.
  case paused(PhaseKind, remaining: Duration, total: Duration)
  /// Focus ran out; waiting for the user to start the break or a new focus.
  case focusDone

  /// The timed phase, if any (running or paused).
  public var kind: PhaseKind? {
    switch self {
    case .running(let kind, _, _), .paused(let kind, _, _): return kind
    case .idle, .focusDone: return nil
    }
  }
}

/// Why the timer changed without a user's action, shown in the tooltip: what a gap did to
/// the phase, what the gap was, and how long it lasted.
public struct TimerNote: Equatable, Sendable {
  /// What the gap did (`[suspend]`'s policy, or the cycle's reset after a long one).
  public enum Outcome: Sendable, CaseIterable {
    /// The phase was paused.
    case paused
    /// The gap counted toward the phase.
    case counted
    /// The focus session was abandoned.
    case voided
    /// A gap longer than the configured limit reset the cycle.
    case reset
  }

  /// What the gap was: a suspend, or time away (`ctl away` to `ctl back`), which follows
  /// the same policy.
  public enum Cause: Sendable, CaseIterable {
    case suspend
    case away
  }

  public var outcome: Outcome
  public var cause: Cause
  public var gap: Duration

  public init(_ outcome: Outcome, by cause: Cause, _ gap: Duration) {
    self.outcome = outcome
    self.cause = cause
    self.gap = gap
  }
}

/// Everything the timer remembers; the value that is persisted and shared by every copy.
public struct TimerState: Equatable, Sendable {
  public var phase: TimerPhase
  /// The focus session's position in the cycle, 1-based: the running one, the one just
  /// done (in `focusDone` and during its break), or the next one (in `idle`).
  public var slot: Int
  /// Set when a phase ends on its own; cleared by the next action.
  public var urgent: Bool
  /// When `urgent` was set: the end of the phase that ran out (`[display] urgent-for`
  /// counts from it); nil when not urgent.
  public var urgentSince: Instant?
  /// Why the last automatic change happened, until the next action.
  public var note: TimerNote?
  /// Focus sessions completed (ran to their end) since the last reset.
  public var completed: Int
  /// The work clock, the active project and what the running phase is recorded with.
  public var ledger: LedgerState
  /// The running or paused break was taken from idle (`ctl break` before a focus), not
  /// earned by a focus: when it ends the cycle stays where it was.
  public var extraBreak: Bool
  /// The running or paused focus is a Flowtime one: it counts up, and its deadline is only
  /// the one-day cap (`TimerMachine.longestPhase`). Kept with the focus, whatever the mode
  /// is changed to while it runs.
  public var countsUp: Bool

  public init(
    phase: TimerPhase = .idle, slot: Int = 1, urgent: Bool = false, note: TimerNote? = nil,
    completed: Int = 0, ledger: LedgerState = LedgerState(), urgentSince: Instant? = nil,
    extraBreak: Bool = false, countsUp: Bool = false
  ) {
    self.phase = phase
    self.slot = slot
    self.urgent = urgent
    self.urgentSince = urgent ? urgentSince : nil
    self.note = note
    self.completed = completed
    self.ledger = ledger
    self.extraBreak = extraBreak
    self.countsUp = countsUp
  }

  /// The state with every instant it holds `shift` nanoseconds later: carried into another
  /// boot's timeline (`StateDocument.reconciled`). Each part that holds instants moves its
  /// own, here and in `LedgerState.moved(by:)`, so a new one is moved where it is declared.
  public func moved(by shift: Int64) -> TimerState {
    let move = { (instant: Instant) in Instant(nanoseconds: instant.nanoseconds &+ shift) }
    var moved = self
    if case .running(let kind, let deadline, let total) = phase {
      moved.phase = .running(kind, deadline: move(deadline), total: total)
    }
    moved.urgentSince = urgentSince.map(move)
    moved.ledger = ledger.moved(by: shift)
    return moved
  }

  /// Whether the urgent flag shows at `now`: set, and not older than `lasting` (nil: no
  /// limit, it stays until the next action).
  public func isUrgent(at now: Instant, lasting: Duration?) -> Bool {
    guard urgent else { return false }
    guard let lasting, let since = urgentSince else { return true }
    return now < since + lasting
  }

  /// The next deadline at which the timer will change on its own, if any.
  public var deadline: Instant? {
    if case .running(_, let deadline, _) = phase { return deadline }
    return nil
  }

  /// The first moment the state itself changes with no one acting, when a transaction is
  /// due: the running phase's deadline, break care's reminder (`[breaks]`), or the away
  /// question's answer by `[idle] unanswered`; nil when none will.
  public var nextDue: Instant? {
    [deadline, ledger.breaks.due, ledger.awayChoice?.answerBy].compactMap { $0 }.min()
  }
}
