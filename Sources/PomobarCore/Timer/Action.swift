/// What a user can ask of the timer: from a click, a key, or `pomobar ctl`.
public enum Action: Equatable, Sendable {
  /// Start focus (from idle, focus done, or a break); resume when paused.
  case start
  case pause
  case resume
  /// The natural next step: start, pause, resume, or (focus done) start the break.
  case toggle
  /// Move on to the next phase now.
  case skip
  /// Back to idle, keeping the position in the cycle.
  case stop
  /// Back to idle, clearing the cycle.
  case reset
  /// Add time to the running or paused phase; nil means the configured step.
  case extend(Duration?)
  /// Take time off the running or paused phase, never below zero.
  case shorten(Duration?)
  /// Start the break now.
  case startBreak
  /// Do nothing (a click mapped to nothing).
  case none

  /// The names accepted by `pomobar ctl` and the click map.
  public static let names = [
    "start", "pause", "resume", "toggle", "skip", "stop", "reset", "extend", "shorten", "break",
    "none",
  ]

  /// Parses an action name, with an optional duration argument for extend/shorten.
  public init?(name: String, argument: Duration? = nil) {
    switch name {
    case "start": self = .start
    case "pause": self = .pause
    case "resume": self = .resume
    case "toggle": self = .toggle
    case "skip": self = .skip
    case "stop": self = .stop
    case "reset": self = .reset
    case "extend": self = .extend(argument)
    case "shorten": self = .shorten(argument)
    case "break": self = .startBreak
    case "none": self = .none
    default: return nil
    }
  }

  public var name: String {
    switch self {
    case .start: return "start"
    case .pause: return "pause"
    case .resume: return "resume"
    case .toggle: return "toggle"
    case .skip: return "skip"
    case .stop: return "stop"
    case .reset: return "reset"
    case .extend: return "extend"
    case .shorten: return "shorten"
    case .startBreak: return "break"
    case .none: return "none"
    }
  }
}
