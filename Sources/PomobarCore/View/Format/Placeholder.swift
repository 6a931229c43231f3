/// What can stand between braces in a format string.
public enum Placeholder: String, CaseIterable, Sendable {
  /// The ring glyph for the time left (`[display] ring`).
  case ring
  /// An eighth-block progress bar of `[display] bar-width` cells.
  case bar
  /// Time left, `mm:ss` (`h:mm:ss` past an hour); whole minutes with `update = "minute"`.
  /// A Flowtime focus, which counts up, shows its time so far here and in `minutes`.
  case time
  /// Time left in whole minutes, rounded up: `25m`, `1h5m` (so far: rounded down).
  case minutes
  /// The phase's name: `Focus`, `Short break paused`, `Ready`, `Focus done`.
  case phase
  /// The focus's number in the cycle, and the cycle's length: `{position}/{cycle}` is `3/4`.
  case position
  case cycle
  /// The place in the cycle as dots, `●●○○`.
  case dots
  /// The clock time the running phase ends, `14:37`; empty unless running.
  case ends
  /// Focus sessions completed since the last reset.
  case completed
  /// Percent of the phase left, `97`.
  case percent
  /// The work clock's project; empty while the clock is stopped or runs for no project.
  case project
  /// Today's work on every project, `2:13` (in a running bar every machine's,
  /// `HistoryFigures`); empty while the work clock is stopped.
  case today
  /// Work left to today's goal, `1:20 to go`; `done`, then `+0:10 over`, once met; `day off`
  /// on a day that is not a work day; empty without a goal (`[ledger] daily-goal`, ...).
  case left
  /// This week's work against its goals so far, to the nearest minute: `+3:10 this week`
  /// (ahead) or `-1:05 this week` (behind): each earlier work day's goal is due, and of
  /// today's only what is worked; empty without a goal.
  case balance
  /// This week's work on every project, `12:40`: its earlier days (weeks start on
  /// `[ledger] week-starts`, as `report week`'s) and today, the running clock included;
  /// empty until the week's earlier days are counted (at the day's first transaction).
  case week
  /// The task of the running or next focus (`ctl task`), its title; empty without one.
  case task
  /// The active project's budget (`[projects."NAME"] budget`), every machine's work on it
  /// this month or in total: `31:20 of 40h`, `1,240.00 of 2,000.00 EUR`; empty without one.
  case budget
  /// Billable work not billed yet, every machine's: `1,240.00 EUR unbilled`; empty when
  /// billing is off or all is billed.
  case unbilled
  /// The task's focus time so far, every machine's, against its estimate (taskwarrior's
  /// `estimate`, todo.txt's `est:`): `1:15 of 2h`; without an estimate the time so far,
  /// `1:15`; empty without a task.
  case taskProgress = "task-progress"

  /// What the placeholder needs (see `PlaceholderNeeds`); the compiler asks a new one.
  public var needs: PlaceholderNeeds {
    switch self {
    case .ring, .bar, .time, .minutes, .phase, .position, .cycle, .dots, .ends, .completed, .percent, .task:
      return []
    case .project: return [.workClock]
    case .today: return [.workClock, .history]
    case .left: return [.onlyWithGoals, .ledgerDay, .targets, .dayTurn, .history]
    case .balance: return [.onlyWithGoals, .ledgerDay, .targets, .recentWork, .dayTurn, .history]
    case .week: return [.ledgerDay, .recentWork, .dayTurn, .history]
    case .budget: return [.ledgerDay, .dayTurn, .history]
    case .unbilled, .taskProgress: return [.history]
    }
  }

  /// While the work clock runs, seconds that grow with it and cross a whole minute where
  /// the text changes next; nil: it does not change with the clock. The bar wakes on the
  /// grid of each (`TickPlan`), chosen again at each wake-up.
  func minuteCount(_ figures: WorkFigures) -> Int64? {
    switch self {
    case .ring, .bar, .time, .minutes, .phase, .position, .cycle, .dots, .ends, .completed, .percent,
      .project, .task, .unbilled, .taskProgress:
      return nil
    case .today: return figures.today
    // The running clock's minutes (the budget's own count is the history's, folded apart):
    // a wake-up a minute while it runs, its minute turning within one.
    case .budget: return figures.today
    // On a day without a goal it says `day off` or nothing, all day.
    case .left: return figures.target > 0 ? figures.today - figures.target : nil
    case .balance:
      // Today's work past its goal moves it (before, these wake-ups find it unchanged).
      // To the nearest minute, half a minute away from 0: `-0:01` turns to `+0:00` at
      // -29 s, `+0:00` to `+0:01` at 30 s.
      guard let earlier = figures.earlierBalance else { return nil }
      let seconds = figures.today - figures.target + earlier
      return seconds + (seconds >= -29 ? 30 : 29)
    case .week: return figures.earlierWeek.map { $0 + figures.today }
    }
  }
}

/// The values a frame fills placeholders with, worked out once per frame.
struct FormatValues {
  var ring: String
  var bar: BarView?
  var time: String
  var remaining: Int64
  var phase: String
  var position: Int
  var cycle: Int
  var dots: String
  var ends: String?
  var completed: Int
  var percent: Int
  var work: WorkView?
  /// The task's title, the state's own string (no copy of its bytes per frame).
  var task: String? = nil
  /// `{left}` and `{balance}`, worked out only when a text shows them.
  var left = ""
  var balance = ""
  /// Today's and the week's work, when a text needs them (`PlaceholderNeeds.ledgerDay`).
  var figures: WorkFigures? = nil
  /// `{budget}` and `{unbilled}`, worked out only when a text shows them.
  var budget = ""
  var unbilled = ""
  /// `{task-progress}`, worked out when the figures hold the task's time.
  var taskProgress = ""

  /// The text of one placeholder; numbers are turned into text only when asked for.
  @inline(__always)
  func text(_ placeholder: Placeholder) -> String {
    switch placeholder {
    case .ring: return ring
    case .bar: return bar?.plain ?? ""
    case .time: return time
    case .minutes: return Self.minutes(remaining)
    case .phase: return phase
    case .position: return String(position)
    case .cycle: return String(cycle)
    case .dots: return dots
    case .ends: return ends ?? ""
    case .completed: return String(completed)
    case .percent: return String(percent)
    case .project: return work?.project ?? ""
    case .today: return work.map { WorkView.clock($0.total) } ?? ""
    case .left: return left
    case .balance: return balance
    case .week:
      guard let figures, let earlier = figures.earlierWeek else { return "" }
      return WorkView.clock(earlier + figures.today)
    case .task: return task ?? ""
    case .budget: return budget
    case .unbilled: return unbilled
    case .taskProgress: return taskProgress
    }
  }

  /// Whole minutes left, rounded up: `25m`, `1h5m`, `0m` at the end.
  static func minutes(_ seconds: Int64) -> String {
    let minutes = (max(0, seconds) + 59) / 60
    return minutes >= 60 ? "\(minutes / 60)h\(minutes % 60)m" : "\(minutes)m"
  }
}

/// What a placeholder needs beyond the timer's own state: what is worked out for the text,
/// what the state keeps counted, and when the bar wakes. Each placeholder declares its
/// needs (`Placeholder.needs`, and `minuteCount` for the wake-ups of a running clock); the
/// view, the store and the bar loop ask `Config.needs`, the needs of every text the config
/// shows, and nothing else.
public struct PlaceholderNeeds: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The work clock is worked out for the text, even where `[ledger] show = "timer"` hides
  /// its block.
  public static let workClock = PlaceholderNeeds(rawValue: 1 << 0)
  /// The ledger's today and the work figures (`WorkFigures`) are worked out at every
  /// frame, the clock running or not.
  public static let ledgerDay = PlaceholderNeeds(rawValue: 1 << 1)
  /// Today's work against the goals (`TargetView`).
  public static let targets = PlaceholderNeeds(rawValue: 1 << 2)
  /// The week's earlier days kept counted in the state (`RecentWork`): a transaction
  /// counts them at a day's first transaction, reading the history once a day.
  public static let recentWork = PlaceholderNeeds(rawValue: 1 << 3)
  /// A wake-up when the ledger's next day begins.
  public static let dayTurn = PlaceholderNeeds(rawValue: 1 << 4)
  /// Only with a goal set (`LedgerSettings.hasTargets`): without one the placeholder is
  /// empty and needs nothing.
  public static let onlyWithGoals = PlaceholderNeeds(rawValue: 1 << 5)
  /// Figures of every machine's history (`HistoryFigures`): a running bar folds them when
  /// the history folder changes, off the tick, and never reads the history at a frame.
  public static let history = PlaceholderNeeds(rawValue: 1 << 6)

  /// The needs of `placeholders`, with and without goals set.
  init(_ placeholders: some Sequence<Placeholder>, goals: Bool) {
    self = []
    for placeholder in placeholders where goals || !placeholder.needs.contains(.onlyWithGoals) {
      formUnion(placeholder.needs)
    }
    remove(.onlyWithGoals)
  }
}

extension Config {
  /// What the texts need (`PlaceholderNeeds`) with this config's goals.
  public var needs: PlaceholderNeeds { ledger.hasTargets ? format.needs : format.needsWithoutGoals }

  /// The placeholders the texts show that show something with this config's goals.
  var placeholdersShown: [Placeholder] {
    let goals = ledger.hasTargets
    return format.placeholders.filter { goals || !$0.needs.contains(.onlyWithGoals) }
  }
}
