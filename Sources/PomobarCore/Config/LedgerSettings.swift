/// The work ledger's part of the configuration: `[ledger]` and `[projects.NAME]`.
public struct LedgerSettings: Equatable, Sendable {
  /// Work time a work day should reach (reports, streaks, `{left}`); nil: no goal.
  public var dailyGoal: Duration? = nil
  /// The work days, Monday first (`work-days`): goals and streaks count only these, and
  /// only these have a target.
  public var workDays: [Bool] = [true, true, true, true, true, false, false]
  /// A goal per weekday, Monday first (`weekday-goals`), over `dailyGoal`; nil: none.
  public var weekdayGoals: [Duration?] = Array(repeating: nil, count: 7)
  /// Work time a week should reach (`weekly-goal`), shared among the work days that have
  /// no goal of their own; nil: none.
  public var weeklyGoal: Duration? = nil
  /// Dates with no target (`days-off`): holidays, leave.
  public var daysOff: [CivilTime.Date] = [] {
    didSet { offDays = Set((daysOff + daysOffFromFile).map(\.dayNumber)) }
  }
  /// A file of more days off, one date a line (`days-off-file`); nil: none.
  public var daysOffFile: String? = nil
  /// The dates read from `daysOffFile` (not a key: the system reads the file whenever it
  /// loads the config).
  public var daysOffFromFile: [CivilTime.Date] = [] {
    didSet { offDays = Set((daysOff + daysOffFromFile).map(\.dayNumber)) }
  }
  /// Both lists of days off as day numbers, for a look-up at every frame.
  private(set) var offDays: Set<Int64> = []
  /// Seconds after local midnight at which a day starts (`day-starts-at = "04:00"`): work
  /// before it counts in the day before, for night owls.
  public var dayStart: Int = 0
  /// The first day of a week: 0 Monday ... 6 Sunday.
  public var weekStart: Int = 0
  /// Starting a focus starts the work clock if it is stopped.
  public var focusStartsWork = true
  /// `ctl away` stops the work clock's counting until `ctl back`.
  public var awayStopsWork = true
  /// `[idle] ask-after`, `unanswered`, `answer-within`: what happens to away time on return.
  public var away = AwayChoiceSettings()
  /// What the bar shows of the work clock.
  public var show: WorkDisplay = .auto
  /// Whether a text needs the week's earlier days kept counted in the state
  /// (`PlaceholderNeeds.recentWork`): not a key, kept by `Config` from its texts, for the
  /// store, which counts them then (and whenever a goal is set).
  public internal(set) var textsNeedRecentWork = false

  public init() {}

  /// Weekday names as the config writes them, Monday first.
  public static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// A weekday as 0 (Monday) to 6 (Sunday), from its name or its first three letters
  /// (`"fri"`), in any case; nil for anything else.
  public static func weekday(named text: String) -> Int? {
    let name = text.lowercased()
    return weekdays.firstIndex { $0 == name || (name.utf8.count == 3 && $0.hasPrefix(name)) }
  }
}

/// How the work clock appears in the bar.
public enum WorkDisplay: String, Sendable, CaseIterable {
  /// The Pomodoro timer always, and the work clock beside it while it runs.
  case auto
  /// The Pomodoro timer only.
  case timer
  /// The work clock while it runs, the timer only while a phase runs or waits.
  case work
}

/// One project's settings: `[projects.api]`.
public struct ProjectSettings: Equatable, Sendable {
  /// The colour of its dot; nil: its colour from `ProjectPalette`.
  public var color: String? = nil
  /// Work on it a day should reach; nil: none.
  public var goal: Duration? = nil
  /// Work on it a week should reach; nil: none.
  public var weeklyGoal: Duration? = nil
  /// The client it is done for (`client = "Globex"`), as `ProjectName` keeps names; nil:
  /// none. Billing takes the client's rate where the project has none; `pomobar bill
  /// --client` marks the records of all the client's projects.
  public var client: String? = nil
  /// Its rate (`rate = "95 EUR/h"`, or rates from dates); nil: its client's, if any.
  public var rate: RateSchedule? = nil
  /// Whether its work is billable; nil: its client's say, else when a rate applies.
  public var billable: Bool? = nil
  /// Its budget (`budget = "40h"` or `"2000 EUR"`): `{budget}`, and a notification at 80 %
  /// and 100 %; nil: none.
  public var budget: Budget? = nil
  /// What the budget is for (`budget-period`); nil: each month.
  public var budgetPeriod: BudgetPeriod? = nil
  /// Its own focus and break lengths (`focus`, `short-break`, `long-break`), over `[timer]`'s.
  public var lengths = PhaseLengths()
  /// The line of the config file that names it (`[projects."NAME"]`), for the advice of
  /// `project delete`: only the file removes it; nil: not from a file.
  public var line: Int? = nil

  public init() {}
}

extension Config {
  /// The settings of project `name` (the defaults for a project the config does not name).
  public func project(_ name: String) -> ProjectSettings { projects[name] ?? ProjectSettings() }

  /// The projects configured for `client` (`[projects.NAME] client`), by name.
  public func projects(ofClient client: String) -> [String] {
    let name = ProjectName.normalised(client)
    return projects.filter { $0.value.client == name }.keys.sorted()
  }
}

extension String {
  /// Without spaces and tabs at either end: how project names are kept.
  public var trimmedOfSpaces: String {
    let bytes = Array(utf8)
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}
