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

/// A running or paused phase: its kind, with what only that kind has. A counting-up focus
/// and a break no focus earned are written here, so neither can be written for a phase
/// that has no such thing (idle, a break that counts up, an "extra" focus).
///
/// `.focus` and `.shortBreak` as values are the usual ones (counting down, earned); as
/// patterns (`case .running(.focus, _, _)`) they match every focus and every short break.
public enum TimedPhase: Equatable, Sendable {
  /// A focus; `countsUp`: a Flowtime one, which counts up and whose deadline is only the
  /// one-day cap (`TimerMachine.longestPhase`). Kept with the focus, whatever the mode is
  /// changed to while it runs.
  case focus(countsUp: Bool)
  /// A short break; `extra`: taken from idle (`ctl break` before a focus), not earned by a
  /// focus: when it ends the cycle stays where it was.
  case shortBreak(extra: Bool)
  case longBreak

  /// A focus that counts down to its end.
  public static let focus = TimedPhase.focus(countsUp: false)
  /// A short break a focus earned.
  public static let shortBreak = TimedPhase.shortBreak(extra: false)

  /// A `kind` phase, counting up or extra where `kind` can be; the flags mean nothing for
  /// the other kinds and are dropped there.
  public init(_ kind: PhaseKind, countsUp: Bool = false, extra: Bool = false) {
    switch kind {
    case .focus: self = .focus(countsUp: countsUp)
    case .shortBreak: self = .shortBreak(extra: extra)
    case .longBreak: self = .longBreak
    }
  }

  public var kind: PhaseKind {
    switch self {
    case .focus: return .focus
    case .shortBreak: return .shortBreak
    case .longBreak: return .longBreak
    }
  }

  /// A Flowtime focus.
  public var countsUp: Bool { self == .focus(countsUp: true) }
  /// A break no focus earned.
  public var isExtra: Bool { self == .shortBreak(extra: true) }
}

/// Where the timer is.
public enum TimerPhase: Equatable, Sendable {
  /// Nothing runs; the next focus is `TimerState.slot`.
  case idle
  /// A phase counts down to `deadline`; `total` is its full length (after any extend/shorten).
  case running(TimedPhase, deadline: Instant, total: Duration)
  /// A phase is paused with exactly `remaining` left.
  case paused(TimedPhase, remaining: Duration, total: Duration)
  /// Focus ran out; waiting for the user to start the break or a new focus.
  case focusDone

  /// The timed phase, if any (running or paused).
  public var timed: TimedPhase? {
    switch self {
    case .running(let timed, _, _), .paused(let timed, _, _): return timed
    case .idle, .focusDone: return nil
    }
  }

  /// The timed phase's kind, if any (running or paused).
  public var kind: PhaseKind? { timed?.kind }
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
  /// A phase ended on its own and nobody has acted since. Whatever the phase is now: the
  /// next one may have started by itself (`[timer] auto-advance`), or be idle or focus done.
  public struct Urgency: Equatable, Sendable {
    /// The end of the phase that ran out (`[display] urgent-for` counts from it); nil from
    /// a file of an earlier version, or one whose instant was from another boot's clock:
    /// urgent until the next action.
    public var since: Instant?

    public init(since: Instant? = nil) {
      self.since = since
    }
  }

  /// Where the timer is; the ledger's `phaseLog` goes with it (see `fitPhaseLog`).
  public var phase: TimerPhase {
    didSet { fitPhaseLog() }
  }
  /// The focus session's position in the cycle, 1-based: the running one, the one just
  /// done (in `focusDone` and during its break), or the next one (in `idle`).
  public var slot: Int
  /// Set when a phase ends on its own; cleared by the next action.
  public var urgency: Urgency?
  /// Why the last automatic change happened, until the next action.
  public var note: TimerNote?
  /// Focus sessions completed (ran to their end) since the last reset.
  public var completed: Int
  /// The work clock, the active project and what the running phase is recorded with.
  public var ledger: LedgerState {
    didSet { fitPhaseLog() }
  }

  public init(
    phase: TimerPhase = .idle, slot: Int = 1, urgency: Urgency? = nil, note: TimerNote? = nil,
    completed: Int = 0, ledger: LedgerState = LedgerState()
  ) {
    self.phase = phase
    self.slot = slot
    self.urgency = urgency
    self.note = note
    self.completed = completed
    self.ledger = ledger
    fitPhaseLog()
  }

  /// Keeps what the phase's record will carry with the phase, whichever of the two is
  /// written: a running or paused phase has a log (an empty one if none was given), idle
  /// and focus done have none, and only a paused phase is held by the time away. So no
  /// state holds a phase start, a gap, interruptions or notes without a phase, nor a
  /// running phase that away holds paused.
  private mutating func fitPhaseLog() {
    switch phase {
    case .idle, .focusDone:
      if ledger.phaseLog != nil { ledger.phaseLog = nil }
    case .running:
      if ledger.phaseLog == nil {
        ledger.phaseLog = PhaseLog()
      } else if ledger.pausedByAway {
        ledger.phaseLog?.heldByAway = false
      }
    case .paused:
      if ledger.phaseLog == nil { ledger.phaseLog = PhaseLog() }
    }
  }

  /// Whether a phase ended on its own since the last action (`urgency` is set).
  public var urgent: Bool { urgency != nil }
  /// When the urgency began, if known.
  public var urgentSince: Instant? { urgency?.since }
  /// The running or paused focus is a Flowtime one (`TimedPhase.focus(countsUp:)`).
  public var countsUp: Bool { phase.timed?.countsUp ?? false }

  /// How long the running or paused focus has run at `time`; nil when no focus is.
  public func focusElapsed(at time: Instant) -> Duration? {
    switch phase {
    case .running(.focus, let deadline, let total): return max(.zero, total - max(.zero, deadline - time))
    case .paused(.focus, let remaining, let total): return max(.zero, total - remaining)
    case .idle, .focusDone, .running, .paused: return nil
    }
  }
  /// The running or paused break is an extra one (`TimedPhase.shortBreak(extra:)`).
  public var extraBreak: Bool { phase.timed?.isExtra ?? false }

  /// The state with every instant it holds `shift` nanoseconds later: carried into another
  /// boot's timeline (`StateDocument.reconciled`). Each part that holds instants moves its
  /// own, here and in `LedgerState.moved(by:)`, so a new one is moved where it is declared.
  public func moved(by shift: Int64) -> TimerState {
    let move = { (instant: Instant) in Instant(nanoseconds: instant.nanoseconds &+ shift) }
    var moved = self
    if case .running(let timed, let deadline, let total) = phase {
      moved.phase = .running(timed, deadline: move(deadline), total: total)
    }
    moved.urgency?.since = urgency?.since.map(move)
    moved.ledger = ledger.moved(by: shift)
    return moved
  }

  /// Whether the urgent flag shows at `now`: set, and not older than `lasting` (nil: no
  /// limit, it stays until the next action).
  public func isUrgent(at now: Instant, lasting: Duration?) -> Bool {
    guard let urgency else { return false }
    guard let lasting, let since = urgency.since else { return true }
    return now < since + lasting
  }

  /// The next deadline at which the timer will change on its own, if any.
  public var deadline: Instant? {
    if case .running(_, let deadline, _) = phase { return deadline }
    return nil
  }

  /// The first moment the state itself changes with no one acting, when a transaction is
  /// due: the running phase's deadline, break care's reminder (`[breaks]`), or the away
  /// question's answer by `[idle] unanswered`, or a nudge (`[nudges]`); nil when none will.
  public var nextDue: Instant? {
    [deadline, ledger.breaks.due, ledger.awayChoice?.answerBy, ledger.nudges.due].compactMap { $0 }.min()
  }
}
