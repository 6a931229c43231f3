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

  public init() {}

  public func length(of kind: PhaseKind) -> Duration {
    switch kind {
    case .focus: return mode == .flowtime ? TimerMachine.longestPhase : focus  // flowtime: the cap
    case .shortBreak: return shortBreak
    case .longBreak: return longBreak
    }
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
