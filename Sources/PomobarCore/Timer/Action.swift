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
  /// Open the task picker (`pomobar ctl task`): a click's action, which a bar starts
  /// detached and the timer itself never sees as a change.
  case pickTask
  /// The work clock: start, stop, or whichever it is not.
  case workStart
  case workStop
  case workToggle
  /// Make a project the active one with exactly these tags (starting the work clock if
  /// stopped); nil: none (and no tags).
  case project(String?, tags: [String] = [])
  /// Keep the active project and set its tags (`ctl project +billable`), starting the work
  /// clock if stopped.
  case tags([String])
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
  /// Move break care's reminder this far from now; nil means `[breaks] snooze`.
  case snooze(Duration?)
  /// What the away time just ended was (`ctl away-was work|discard|break`): the answer to
  /// the pending choice (`AwayChoice`); `work` may name another project for it
  /// (`away-was work web +billable`).
  case awayWas(AwayAnswer, project: AwayProject? = nil)
  /// Make `task` the task of the running or next focus (nil: none). Its project becomes
  /// the active project (as `project` does, without starting a stopped clock) unless
  /// `keepProject`.
  case task(TaskRef?, keepProject: Bool = false)

  /// The longest note or reason an interruption or a void keeps, in bytes of UTF-8:
  /// `pomobar ctl` refuses a longer one; the machine cuts anything else to it.
  public static let noteBytes = 200

  /// The names accepted by `pomobar ctl` and the click map, written here once: the
  /// parser, `ctl --help`, the man page and the shell completions take them from here.
  public enum Name: String, CaseIterable, Sendable {
    case start, pause, resume, toggle, skip, stop, reset, extend, shorten
    case startBreak = "break"
    case none
    case pickTask = "pick-task"
    case workStart = "work-start"
    case workStop = "work-stop"
    case workToggle = "work-toggle"
    case projectNext = "project-next"
    case projectPrevious = "project-prev"
    case projectNone = "project-none"
    case interrupt, void, away, back, snooze
    case awayWork = "away-work"
    case awayDiscard = "away-discard"
    case awayBreak = "away-break"
  }

  /// The names accepted by `pomobar ctl` and the click map.
  public static let names = Name.allCases.map(\.rawValue)

  /// The words of `pomobar ctl` that take a word after them (`work start`, `project NAME`);
  /// each has a one-word spelling among `names` for the click map (`work-start`).
  public enum Compound: String, CaseIterable, Sendable {
    case work, project
    case awayWas = "away-was"
    case task
  }

  public static let compoundWords = Compound.allCases.map(\.rawValue)

  /// Parses an action name, with an optional duration argument for extend/shorten.
  public init?(name: String, argument: Duration? = nil) {
    guard let name = Name(rawValue: name) else { return nil }
    self.init(name, argument: argument)
  }

  /// The action `name` says, with an optional duration argument for extend, shorten, snooze.
  public init(_ name: Name, argument: Duration? = nil) {
    switch name {
    case .start: self = .start
    case .pause: self = .pause
    case .resume: self = .resume
    case .toggle: self = .toggle
    case .skip: self = .skip
    case .stop: self = .stop
    case .reset: self = .reset
    case .extend: self = .extend(argument)
    case .shorten: self = .shorten(argument)
    case .startBreak: self = .startBreak
    case .none: self = .none
    case .pickTask: self = .pickTask
    case .workStart: self = .workStart
    case .workStop: self = .workStop
    case .workToggle: self = .workToggle
    case .projectNext: self = .projectNext
    case .projectPrevious: self = .projectPrevious
    case .projectNone: self = .project(nil)
    case .interrupt: self = .interrupt(external: false, note: nil)
    case .void: self = .void(nil)
    case .away: self = .away
    case .back: self = .back
    case .snooze: self = .snooze(argument)
    case .awayWork: self = .awayWas(.work)
    case .awayDiscard: self = .awayWas(.discard)
    case .awayBreak: self = .awayWas(.break)
    }
  }

  public var name: String {
    switch self {
    case .start: return Name.start.rawValue
    case .pause: return Name.pause.rawValue
    case .resume: return Name.resume.rawValue
    case .toggle: return Name.toggle.rawValue
    case .skip: return Name.skip.rawValue
    case .stop: return Name.stop.rawValue
    case .reset: return Name.reset.rawValue
    case .extend: return Name.extend.rawValue
    case .shorten: return Name.shorten.rawValue
    case .startBreak: return Name.startBreak.rawValue
    case .none: return Name.none.rawValue
    case .pickTask: return Name.pickTask.rawValue
    case .workStart: return Name.workStart.rawValue
    case .workStop: return Name.workStop.rawValue
    case .workToggle: return Name.workToggle.rawValue
    case .project(let name, _): return name == nil ? Name.projectNone.rawValue : "project"
    case .tags: return "project"
    case .projectNext: return Name.projectNext.rawValue
    case .projectPrevious: return Name.projectPrevious.rawValue
    case .interrupt: return Name.interrupt.rawValue
    case .void: return Name.void.rawValue
    case .away: return Name.away.rawValue
    case .back: return Name.back.rawValue
    case .snooze: return Name.snooze.rawValue
    case .awayWas(let answer, _): return answer.name.rawValue
    case .task: return Compound.task.rawValue
    }
  }

  /// The words after `pomobar ctl` that ask for this action: what a bar's click command
  /// runs (polybar) and what `check-config` prints.
  public var ctlWords: [String] {
    switch self {
    case .extend(let amount), .shorten(let amount), .snooze(let amount):
      return [name] + (amount.map { [DurationFormat.format($0)] } ?? [])
    case .workStart: return ["work", "start"]
    case .workStop: return ["work", "stop"]
    case .workToggle: return ["work", "toggle"]
    case .project(let name, let tags): return ["project", name ?? "--none"] + tags.map { "+" + $0 }
    case .tags(let tags): return ["project"] + tags.map { "+" + $0 }
    case .projectNext: return ["project", "next"]
    case .projectPrevious: return ["project", "prev"]
    case .interrupt(let external, let note):
      return ["interrupt", external ? "external" : "internal"] + (note.map { [$0] } ?? [])
    case .void(let reason): return ["void"] + (reason.map { [$0] } ?? [])
    case .awayWas(let answer, let project):
      return ["away-was", answer.rawValue] + (project.map { [$0.name] + $0.tags.map { "+" + $0 } } ?? [])
    case .pickTask: return ["task"]
    case .task(let task, let keepProject):
      return [name] + (keepProject ? ["--keep-project"] : []) + [task?.title ?? "--clear"]
    case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .startBreak, .none, .away, .back:
      return [name]
    }
  }
}
