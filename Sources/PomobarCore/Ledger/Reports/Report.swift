/// What `pomobar report` shows for a range of days: totals, each project's share, goals,
/// streaks and the days one by one. Seconds throughout; built by `ReportBuilder`, written
/// out by the report encoders.
public struct Report: Equatable, Sendable {
  /// The days covered; for `all`, `first` is the history's first day.
  public var period: ReportPeriod
  /// The ledger day the report was made on.
  public var today: CivilTime.Date
  /// `--project NAME`: only that project's records count; nil: all.
  public var project: String?
  /// Work time: the work clock's intervals, or on a day without any, its focus time.
  public var work: Int64
  /// Focus time, whatever the sessions' outcome.
  public var focus: Int64
  public var sessions: Sessions
  public var internalInterruptions: Int
  public var externalInterruptions: Int
  /// Breaks taken (any outcome but skipped) and their time.
  public var breaks: Int
  public var breakSeconds: Int64
  /// Each project's work time, the largest first; `name` nil is "(no project)".
  public var projects: [ProjectLine]
  /// The goal every work day has (`[ledger] daily-goal`, or the weekly goal's share), in
  /// seconds; nil: none, or goals that differ by weekday.
  public var dailyGoal: Int64?
  /// Work days of the range (up to today) whose work met their goal, and how many work
  /// days that is (`[ledger] work-days`, without days off).
  public var goalDaysMet: Int
  public var goalDays: Int
  public var streak: Streak
  /// Every day from the first to the last shown (days after today are not shown).
  public var days: ReportDays
  /// Work against the goals of the range's days; nil without goals, or for one project.
  public var balance: Balance? = nil

  /// Work done against work due: each past day's target, and of today's only what has
  /// been worked (today's shortfall is not due until the day is over).
  public struct Balance: Equatable, Sendable {
    public var worked: Int64
    public var due: Int64
    /// The work days of the range up to today.
    public var workDays: Int

    public init(worked: Int64, due: Int64, workDays: Int) {
      self.worked = worked
      self.due = due
      self.workDays = workDays
    }

    /// Ahead (positive) or behind, in seconds.
    public var seconds: Int64 { worked - due }
  }
  /// `--tag TAG`: only records with every one of these tags count; empty: all.
  public var tagFilter: [String] = []
  /// Of `work`, the time a bill marks (`pomobar bill`); the rest is unbilled. nil when no
  /// bill applies to the history: the report reads as it did before bills.
  public var billed: Int64? = nil
  /// Each tag's work time, the largest first; empty when no record in the range has tags.
  public var tags: [TagLine] = []
  /// What the range bills, when billing is configured; nil: not configured.
  public var billing: BillingReport? = nil
  /// `report --by task`: each task's time, the most work first; nil when not asked.
  public var tasks: [TaskLine]? = nil

  /// One task's part (`ctl task`): its work (as the report counts work), focus time and
  /// completed focus sessions.
  public struct TaskLine: Equatable, Sendable {
    public var title: String
    public var work: Int64
    public var focus: Int64
    public var completed: Int
  }

  /// Whether the report covers more than one day (the per-day breakdown is shown).
  public var isMultiDay: Bool { period.first != period.last }

  /// Focus sessions by how they ended.
  public struct Sessions: Equatable, Sendable {
    public var completed = 0
    public var skipped = 0
    public var stopped = 0
    public var voided = 0

    public init() {}

    public var total: Int { completed + skipped + stopped + voided }
  }

  /// Consecutive work days meeting their goal, or with at least one completed focus when
  /// there is no goal; any other day that meets it adds to the streak, and one that does
  /// not leaves it as it was.
  public struct Streak: Equatable, Sendable {
    /// Up to the last day shown; a today that has not got there yet does not break it.
    public var current = 0
    public var longest = 0

    public init(current: Int = 0, longest: Int = 0) {
      self.current = current
      self.longest = longest
    }
  }

  /// One project's part of the work time.
  public struct ProjectLine: Equatable, Sendable {
    /// nil: time without a project.
    public var name: String?
    public var seconds: Int64
    /// Of the report's work time, rounded so that the shares add up to exactly 100.
    public var percent: Int
    /// `#rrggbb`, from `[projects.NAME] color`.
    public var color: String
    /// `goal` in seconds per day, and the days of the range that met it.
    public var goal: Int64?
    public var goalDaysMet: Int
    /// `weekly-goal` in seconds, and the work on the project in the week of the last day
    /// shown.
    public var weeklyGoal: Int64?
    public var weekSeconds: Int64

    public var label: String { name ?? "(no project)" }
  }

  /// One tag's part of the work time. A record can have several tags, so tags overlap:
  /// their shares do not add up to 100.
  public struct TagLine: Equatable, Sendable {
    public var name: String
    public var seconds: Int64
    /// Of the report's work time, rounded to the nearest whole number.
    public var percent: Int
  }

  /// One day of the range.
  public struct DayLine: Equatable, Sendable {
    public var date: CivilTime.Date
    public var work: Int64
    public var focus: Int64
    public var completed: Int
    /// Work per project, in the order of `Report.projects`.
    public var projects: [Int64]
    /// The work due that day (0 on a day that is not a work day, or without goals).
    public var target: Int64 = 0
  }
}

/// Every day of a report, from its first to its last, made as each is read from the days
/// that have records: a report holds those, so one record in 9999 beside one in 1970 costs
/// two days of memory, not the 2.9 million between them. A day without records has no
/// time, and the target its date has.
public struct ReportDays: RandomAccessCollection, Equatable, Sendable {
  /// The day number of the first day.
  let first: Int64
  public let startIndex = 0
  public let endIndex: Int
  /// The days that have records, by day number.
  let recorded: [Int64: Report.DayLine]
  /// A day without records: a project's time is 0 (one array, shared by every such day).
  let zeros: [Int64]
  let settings: LedgerSettings

  /// The days `first...last` (day numbers), with the lines of those that have records.
  init(
    _ days: ClosedRange<Int64>, recorded: [Int64: Report.DayLine], projects: Int, settings: LedgerSettings
  ) {
    first = days.lowerBound
    endIndex = Int(days.upperBound - days.lowerBound) + 1
    self.recorded = recorded
    zeros = [Int64](repeating: 0, count: projects)
    self.settings = settings
  }

  public subscript(position: Int) -> Report.DayLine {
    let day = first + Int64(position)
    if let line = recorded[day] { return line }
    let date = CivilTime.date(fromDays: day)
    return Report.DayLine(
      date: date, work: 0, focus: 0, completed: 0, projects: zeros, target: settings.target(on: date))
  }

  public static func == (lhs: ReportDays, rhs: ReportDays) -> Bool { lhs.elementsEqual(rhs) }
}

/// Whole percentages of `parts` that add up to exactly 100 (when the total is not zero):
/// each part gets its share rounded down, and the points left go to the largest remainders
/// (the earlier part on a tie). Naive rounding shows 33 + 33 + 33 = 99.
public func largestRemainderPercentages(_ parts: [Int64]) -> [Int] {
  let total = parts.reduce(0, +)
  guard total > 0 else { return parts.map { _ in 0 } }
  var percents = parts.map { Int($0 * 100 / total) }
  let remainders = parts.map { $0 * 100 % total }
  let left = 100 - percents.reduce(0, +)
  let order = parts.indices.sorted {
    remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1
  }
  for index in order.prefix(left) { percents[index] += 1 }
  return percents
}
