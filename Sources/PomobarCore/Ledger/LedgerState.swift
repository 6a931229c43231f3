/// What the ledger keeps in the shared state between transitions: the work clock, the
/// active project, and what the running phase will be recorded with.
///
/// It lives beside the timer in `TimerState` and survives the timer's resets: a reset of
/// the Pomodoro cycle must neither stop the work clock nor reuse a record's serial.
public struct LedgerState: Equatable, Sendable {
  /// The work clock: counting since `since` for `project`; nil when stopped.
  public var work: WorkClock?
  /// The active project, kept while the clock is stopped; nil: none.
  public var project: String?
  /// The active tags, beside the project (`ctl project api +billable`): the running work
  /// interval and the running phase's record carry them.
  public var tags: [String] = []
  /// The task of the running or next focus (`ctl task`): kept until changed or cleared,
  /// so the focuses that follow are for it too; the running work interval and a focus's
  /// record carry it.
  public var task: TaskRef? = nil
  /// Known projects in the order they were first used, for `project next|prev`.
  public var projects: [String]
  /// The serial of the last record made; the next record gets the next one.
  public var serial: Int
  /// The time away (`ctl away`), until `ctl back`; nil: not away.
  public var away: Absence?
  /// The time away that waits for an answer (`ctl away-was`); nil: none.
  public var awayChoice: AwayChoice? = nil
  /// What the running or paused phase's record will carry; nil when none runs or is
  /// paused. `TimerState` keeps it with its phase: there is one exactly while the timer
  /// runs or is paused.
  public var phaseLog: PhaseLog?
  /// Work time of today's closed intervals, per project: what the bar shows without
  /// reading the history.
  public var today: DayTotals
  /// Work of the days before today, for `{balance}`; nil until counted (no goal is set,
  /// or a state from before it).
  public var recent: RecentWork? = nil
  /// Break care: the stretch of work since the last break, and its reminder.
  public var breaks = BreakCare()
  /// The budget notifications told of (`BudgetAlert.marks`), oldest first.
  public var budgetMarks: [String] = []
  /// `[nudges]`: the quiet stretch and the clock's end of day, and when each is due.
  public var nudges = Nudges()

  /// At most this many known projects, and notes per focus, are kept.
  public static let projectsKept = 100
  public static let notesKept = 10

  public init(
    work: WorkClock? = nil, project: String? = nil, projects: [String] = [], serial: Int = 0,
    away: Absence? = nil, phaseLog: PhaseLog? = nil, today: DayTotals = DayTotals()
  ) {
    self.work = work
    self.project = project
    self.projects = projects
    self.serial = serial
    self.away = away
    self.phaseLog = phaseLog
    self.today = today
  }

  /// Since when the user has been away; nil when not away.
  public var awaySince: Instant? { away?.since }
  /// When the running or paused phase began; nil when none runs (or from a file of a
  /// version before the ledger).
  public var phaseStart: Instant? { phaseLog?.start }
  /// The paused phase was paused by the time away, not by hand.
  public var pausedByAway: Bool { phaseLog?.heldByAway ?? false }

  /// The ledger's instants `shift` nanoseconds later (see `TimerState.moved(by:)`).
  func moved(by shift: Int64) -> LedgerState {
    let move = { (instant: Instant) in Instant(nanoseconds: instant.nanoseconds &+ shift) }
    var moved = self
    if let since = work?.since { moved.work?.since = move(since) }
    if let since = away?.since { moved.away?.since = move(since) }
    moved.phaseLog?.start = phaseStart.map(move)
    moved.awayChoice = awayChoice.map { $0.moved(by: move) }
    moved.breaks = breaks.moved(by: shift)
    moved.nudges = nudges.moved(by: shift)
    return moved
  }

  /// Makes `name` known (last in the cycling order) if it is new.
  mutating func remember(_ name: String) {
    guard !projects.contains(name) else { return }
    projects.append(name)
    if projects.count > Self.projectsKept { projects.removeFirst(projects.count - Self.projectsKept) }
  }
}

/// What a running or paused phase notes for its record while it runs: when it began, the
/// time it did not count, the interruptions marked and their notes, and whether the time
/// away holds it paused.
public struct PhaseLog: Equatable, Sendable {
  /// When the phase began; nil from a file of a version before the ledger (its record
  /// then starts where its counted time says).
  public var start: Instant?
  /// Suspend or away time inside the phase that did not count.
  public var gap: Duration
  /// Interruptions marked during the focus, and their notes.
  public var internalInterruptions: Int
  public var externalInterruptions: Int
  public var notes: [String]
  /// The phase was paused by the time away (`[suspend]`'s `pause` policy), not by hand:
  /// back says for how long. Only a paused phase is held (`TimerState` drops it when the
  /// phase runs again).
  public var heldByAway: Bool

  public init(
    start: Instant? = nil, gap: Duration = .zero, internalInterruptions: Int = 0,
    externalInterruptions: Int = 0, notes: [String] = [], heldByAway: Bool = false
  ) {
    self.start = start
    self.gap = gap
    self.internalInterruptions = internalInterruptions
    self.externalInterruptions = externalInterruptions
    self.notes = notes
    self.heldByAway = heldByAway
  }
}

/// The running work clock.
public struct WorkClock: Equatable, Sendable {
  public var since: Instant
  public var project: String?
  /// The tags its record gets.
  public var tags: [String] = []
  /// The task set while it ran, which its record gets.
  public var task: TaskRef? = nil
  /// Started by a focus (`[ledger] focus-starts-work`), not by the user: it stops when the
  /// timer goes back to idle, and the bar shows it only once it has a project.
  public var byFocus: Bool

  public init(
    since: Instant, project: String?, tags: [String] = [], task: TaskRef? = nil, byFocus: Bool = false
  ) {
    self.since = since
    self.project = project
    self.tags = tags
    self.task = task
    self.byFocus = byFocus
  }
}

/// Today's work seconds per project (nil: no project), from closed intervals.
///
/// `day` is the day number the totals belong to; totals of another day are dropped when
/// the first interval of a new day is added.
public struct DayTotals: Equatable, Sendable {
  public var day: Int64
  public var seconds: [ProjectTime]

  public struct ProjectTime: Equatable, Sendable {
    public var project: String?
    public var seconds: Int64

    public init(project: String?, seconds: Int64) {
      self.project = project
      self.seconds = seconds
    }
  }

  public init(day: Int64 = 0, seconds: [ProjectTime] = []) {
    self.day = day
    self.seconds = seconds
  }

  /// The totals as of day `today` (empty if they are from another day).
  public func on(_ today: Int64) -> DayTotals { today == day ? self : DayTotals(day: today) }

  /// Adds `amount` seconds of work on `project` to day `today`.
  public mutating func add(_ amount: Int64, project: String?, today: Int64) {
    self = on(today)
    guard amount > 0 else { return }
    if let index = seconds.firstIndex(where: { $0.project == project }) {
      seconds[index].seconds += amount
    } else if seconds.count < LedgerState.projectsKept {
      seconds.append(ProjectTime(project: project, seconds: amount))
    }
  }

  /// Adds the part of a closed work `record` since the day began (`dayBegan`, UTC
  /// seconds), at most its counted seconds, to day `today`: how a transition adds the
  /// interval it closes, and how the totals are counted again from the history.
  public mutating func add(workOf record: LedgerRecord, dayBegan: Int64, today: Int64) {
    guard record.kind == .work else { return }
    let counted = record.end.utc - max(record.start.utc, dayBegan)
    add(min(counted, record.seconds), project: record.project, today: today)
  }

  /// Seconds on `project` (nil: no project) today.
  public func total(for project: String?) -> Int64 {
    seconds.first { $0.project == project }?.seconds ?? 0
  }

  public var total: Int64 { seconds.reduce(0) { $0 + $1.seconds } }

  /// The day number (days since 1970-01-01) of a local time, days starting `dayStart`
  /// seconds after midnight.
  public static func day(ofLocal seconds: Int64, dayStart: Int) -> Int64 {
    let shifted = seconds - Int64(dayStart)
    let (day, rest) = shifted.quotientAndRemainder(dividingBy: 86_400)
    return rest < 0 ? day - 1 : day
  }
}

extension LedgerState {
  /// Renames project `old` to `new` where the state holds it: the active project, the
  /// running interval (whose record then carries the new name) and the known projects
  /// (`new` once, where it stood, else where `old` stood). False when `old` is in none.
  ///
  /// `new` nil forgets `old` (`project delete`): it leaves the known projects (and the
  /// `project next` cycle), and stops being the active project unless its clock runs (a
  /// running interval keeps its project: the command refuses to delete it first).
  public mutating func rename(project old: String, to new: String?) -> Bool {
    var changed = false
    if project == old, new != nil || work?.project != old {
      project = new
      if new == nil { tags = [] }
      changed = true
    }
    if let new, work?.project == old {
      work?.project = new
      changed = true
    }
    if let index = projects.firstIndex(of: old) {
      if let new, !projects.contains(new) { projects[index] = new } else { projects.remove(at: index) }
      changed = true
    }
    return changed
  }
}
