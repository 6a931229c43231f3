/// What a user can ask of the timer and the work clock: from a click, a key, or `pomobar ctl`.
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
  /// The work clock: start, stop, or whichever it is not.
  case workStart
  case workStop
  case workToggle
  /// Make a project the active one (starting the work clock if stopped); nil: none.
  case project(String?)
  /// The next or previous known project, in the order they were first used.
  case projectNext
  case projectPrevious
  /// Mark an interruption of the running focus without stopping it.
  case interrupt(external: Bool, note: String?)
  /// Abandon the running focus, with a reason.
  case void(String?)
  /// The user went away (screen locked, idle), and came back.
  case away
  case back

  /// The longest note or reason an interruption or a void keeps, in bytes of UTF-8:
  /// `pomobar ctl` refuses a longer one; the machine cuts anything else to it.
  public static let noteBytes = 200

  /// The names accepted by `pomobar ctl` and the click map.
  public static let names = [
    "start", "pause", "resume", "toggle", "skip", "stop", "reset", "extend", "shorten", "break",
    "none", "work-start", "work-stop", "work-toggle", "project-next", "project-prev", "project-none",
    "interrupt", "void", "away", "back",
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
    case "work-start": self = .workStart
    case "work-stop": self = .workStop
    case "work-toggle": self = .workToggle
    case "project-next": self = .projectNext
    case "project-prev": self = .projectPrevious
    case "project-none": self = .project(nil)
    case "interrupt": self = .interrupt(external: false, note: nil)
    case "void": self = .void(nil)
    case "away": self = .away
    case "back": self = .back
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
    case .workStart: return "work-start"
    case .workStop: return "work-stop"
    case .workToggle: return "work-toggle"
    case .project(let name): return name == nil ? "project-none" : "project"
    case .projectNext: return "project-next"
    case .projectPrevious: return "project-prev"
    case .interrupt: return "interrupt"
    case .void: return "void"
    case .away: return "away"
    case .back: return "back"
    }
  }

  /// The words after `pomobar ctl` that ask for this action: what a bar's click command
  /// runs (polybar) and what `check-config` prints.
  public var ctlWords: [String] {
    switch self {
    case .extend(let amount), .shorten(let amount):
      return [name] + (amount.map { [DurationFormat.format($0)] } ?? [])
    case .workStart: return ["work", "start"]
    case .workStop: return ["work", "stop"]
    case .workToggle: return ["work", "toggle"]
    case .project(let name): return ["project", name ?? "--none"]
    case .projectNext: return ["project", "next"]
    case .projectPrevious: return ["project", "prev"]
    case .interrupt(let external, let note):
      return ["interrupt", external ? "external" : "internal"] + (note.map { [$0] } ?? [])
    case .void(let reason): return ["void"] + (reason.map { [$0] } ?? [])
    case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .startBreak, .none, .away, .back:
      return [name]
    }
  }
}
