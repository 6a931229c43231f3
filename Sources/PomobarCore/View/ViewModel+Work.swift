/// The work clock as the bar shows it: `● api 2:13`, the project's dot in its colour and
/// today's work on it, the running interval included; `○ api 2:13`, muted, while the clock
/// is stopped and a project is set, so that the block stays there to be clicked.
public struct WorkView: Equatable, Sendable {
  /// The running (or, stopped, the active) project; nil: the clock runs for no project.
  public var project: String?
  /// Whether the clock runs.
  public var running: Bool
  /// The project's colour (`[projects.NAME] color`, else its hue from `ProjectPalette`);
  /// stopped, the theme's idle colour.
  public var color: String
  /// Today's work on the running project, in seconds.
  public var seconds: Int64
  /// Today's work on every project, in seconds.
  public var total: Int64
  /// `● api 2:13`; `● work 2:13` without a project; `○ api 2:13` stopped.
  public var text: String
  /// `● 2:13`.
  public var shortText: String
  /// The running interval's tags.
  public var tags: [String] = []

  public init(project: String?, color: String, seconds: Int64, total: Int64, running: Bool = true) {
    self.project = project
    self.running = running
    self.color = color
    self.seconds = seconds
    self.total = total
    let dot = running ? "●" : "○"
    text = "\(dot) \(project ?? "work") \(Self.clock(seconds))"
    shortText = "\(dot) \(Self.clock(seconds))"
  }

  /// `2:13` (hours and minutes), as a day's work reads.
  public static func clock(_ seconds: Int64) -> String {
    DurationFormat.hoursMinutes(max(0, seconds) / 60)
  }
}

/// Today as the ledger counts it: the day's number and the moment it began on the
/// timer's timeline (days can start after midnight, `[ledger] day-starts-at`).
public struct LedgerDay: Equatable, Sendable {
  public var day: Int64
  public var start: Instant

  public init(day: Int64, start: Instant) {
    self.day = day
    self.start = start
  }
}

extension ViewModel {
  /// The work clock for the bar, nil when it is stopped (or not known: no `today`).
  static func work(_ state: TimerState, _ config: Config, now: Instant, today: LedgerDay?) -> WorkView? {
    // A clock a focus started, for no project, is the Pomodoro user's own time: it counts in
    // reports but leaves their bar as it was.
    guard let today, let work = state.ledger.work, !(work.byFocus && work.project == nil) else { return nil }
    let closed = state.ledger.today.on(today.day)
    let running = max(.zero, now - max(work.since, today.start)).floorSeconds
    var view = WorkView(
      project: work.project, color: config.color(ofProject: work.project),
      seconds: closed.total(for: work.project) + running, total: closed.total + running)
    view.tags = work.tags
    return view
  }

  /// The stopped clock while a project is set: muted, today's work on the project, so that
  /// the block a click starts the clock on is still there. nil while the clock runs or
  /// with no project.
  static func stoppedWork(_ state: TimerState, _ config: Config, today: LedgerDay?) -> WorkView? {
    guard let today, state.ledger.work == nil, let project = state.ledger.project else { return nil }
    let closed = state.ledger.today.on(today.day)
    return WorkView(
      project: project, color: config.display.colors.idle, seconds: closed.total(for: project),
      total: closed.total, running: false)
  }

  /// Tooltip lines for today's work: the total, then each project with its share, the
  /// shares rounded so that they add up to 100, then the running interval's tags.
  static func todayLines(_ state: TimerState, now: Instant, today: LedgerDay?) -> [String] {
    guard let today else { return [] }
    var totals = state.ledger.today.on(today.day)
    if let work = state.ledger.work {
      totals.add(
        max(.zero, now - max(work.since, today.start)).floorSeconds, project: work.project, today: today.day)
    }
    guard totals.total > 0 else { return [] }
    let shares = largestRemainderPercentages(totals.seconds.map(\.seconds))
    return ["Today: \(WorkView.clock(totals.total)) worked"]
      + zip(totals.seconds, shares).map { entry, share in
        "● \(entry.project ?? "(no project)") \(WorkView.clock(entry.seconds)) (\(share)%)"
      } + tagLine(state)
  }

  /// `Tags: +billable +"client call"` while the running interval has tags.
  static func tagLine(_ state: TimerState) -> [String] {
    guard let tags = state.ledger.work?.tags, !tags.isEmpty else { return [] }
    return ["Tags: " + TagName.words(tags)]
  }
}
