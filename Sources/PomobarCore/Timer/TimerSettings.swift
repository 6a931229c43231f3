/// What happens when a phase runs out on its own.
public enum AutoAdvance: String, Sendable, CaseIterable {
  /// Focus end waits for the user; break end returns to idle.
  case none
  /// Focus end starts the break; break end returns to idle.
  case toBreak = "to-break"
  /// Focus end waits for the user; break end starts the next focus.
  case toFocus = "to-focus"
  /// Both: the cycle runs on by itself.
  case all

  var startsBreak: Bool {
    switch self {
    case .toBreak, .all: return true
    case .none, .toFocus: return false
    }
  }

  var startsFocus: Bool {
    switch self {
    case .toFocus, .all: return true
    case .none, .toBreak: return false
    }
  }
}

/// What time spent suspended does to a running phase.
public enum SuspendPolicy: String, Sendable, CaseIterable {
  /// The phase is paused at what remained when the machine went to sleep.
  case pause
  /// The time counts; the phase may have ended meanwhile.
  case count
  /// The phase is abandoned (focus only: a session interrupted by sleep is not a session).
  case void
}

/// The timer's part of the configuration.
public struct TimerSettings: Equatable, Sendable {
  public var focus: Duration = .seconds(25 * 60)
  public var shortBreak: Duration = .seconds(5 * 60)
  public var longBreak: Duration = .seconds(15 * 60)
  /// A long break follows every Nth focus session (N ≥ 1).
  public var longBreakEvery: Int = 4
  public var autoAdvance: AutoAdvance = .none
  /// How much extend and shorten change a phase when no amount is given.
  public var step: Duration = .seconds(60)
  public var suspendFocus: SuspendPolicy = .pause
  /// `pause` or `count` (`void` makes no sense for a break and is rejected by the config).
  public var suspendBreak: SuspendPolicy = .count
  /// A gap longer than this resets the cycle; nil never does.
  public var resetAfter: Duration? = .seconds(3600)
  /// Pomodoro (a focus counts down) or Flowtime (it counts up; see `TimerMachine+Flowtime`).
  public var mode: TimerMode = .pomodoro
  /// The breaks a Flowtime focus earns.
  public var flowtime = FlowtimeBreaks()
  /// `[breaks]`: the reminder after long work without a break.
  public var breaks = BreakSettings()
  /// `[nudges]`: forgot to start, focus on return, end of day.
  public var nudges = NudgeSettings()
  /// `[projects.NAME] focus`, `short-break`, `long-break`: the lengths a project sets over
  /// these, by project name (kept by `Config` from its projects, not keys of `[timer]`).
  public internal(set) var projectLengths: [String: PhaseLengths] = [:]

  public init() {}

  /// The length of a `kind` phase as `[timer]` sets it.
  public func length(of kind: PhaseKind) -> Duration {
    switch kind {
    case .focus: return mode == .flowtime ? TimerMachine.longestPhase : focus  // flowtime: the cap
    case .shortBreak: return shortBreak
    case .longBreak: return longBreak
    }
  }

  /// The length of a `kind` phase started on `project`: its `[projects.NAME]` length when
  /// it sets one (a Flowtime focus still counts up to the cap), else `[timer]`'s.
  public func length(of kind: PhaseKind, for project: String?) -> Duration {
    guard let project, let own = projectLengths[project]?[kind], !(kind == .focus && mode == .flowtime) else {
      return length(of: kind)
    }
    return own
  }

  /// The break that follows focus number `slot` (in Flowtime always a short one).
  public func breakKind(after slot: Int) -> PhaseKind {
    slot >= longBreakEvery && mode == .pomodoro ? .longBreak : .shortBreak
  }

  /// The focus number that follows a `kind` break taken after focus number `slot`.
  public func slot(after kind: PhaseKind, from slot: Int) -> Int {
    switch kind {
    case .longBreak: return 1
    case .focus, .shortBreak: return slot >= longBreakEvery ? 1 : slot + 1
    }
  }
}

/// A project's own phase lengths (`[projects.NAME] focus`, `short-break`, `long-break`);
/// nil: `[timer]`'s.
public struct PhaseLengths: Equatable, Sendable {
  public var focus: Duration? = nil
  public var shortBreak: Duration? = nil
  public var longBreak: Duration? = nil

  public init() {}

  public subscript(kind: PhaseKind) -> Duration? {
    switch kind {
    case .focus: return focus
    case .shortBreak: return shortBreak
    case .longBreak: return longBreak
    }
  }

  /// Whether it sets none.
  var isEmpty: Bool { self == PhaseLengths() }
}
