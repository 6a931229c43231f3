/// The notification at 80 % and at 100 % of a budget: once each, whatever number of bars
/// run, and not again after a restart.
///
/// A bar that folds the history asks for it (`due`) with a transaction; under the state
/// lock the timer machine notes it in the state (`LedgerState.budgetMarks`) and notifies
/// only if no copy noted it before (`TimerMachine.noteBudget`). A mark names the project,
/// the period (`2026-11`, `total`), the budget and the threshold: the next month, or a
/// budget raised, has thresholds of its own.
public struct BudgetAlert: Equatable, Sendable {
  public var project: String
  /// `2026-11`, or `total`.
  public var period: String
  public var budget: Budget
  /// The highest threshold reached: 80 or 100.
  public var percent: Int
  /// Seconds or minor units used.
  public var used: Int64

  public init(project: String, period: String, budget: Budget, percent: Int, used: Int64) {
    self.project = project
    self.period = period
    self.budget = budget
    self.percent = percent
    self.used = used
  }

  public static let thresholds = [80, 100]
  /// At most this many marks are kept (the newest).
  public static let marksKept = 64

  /// The mark of `threshold` of this budget.
  func mark(_ threshold: Int) -> String {
    [project, period, budget.configText, String(threshold)].joined(separator: "\t")
  }

  /// Its own mark: the one looked for.
  public var key: String { mark(percent) }
  /// What it notes: its threshold and those below, so that crossing both at once
  /// notifies once, and the lower is not told of afterwards.
  public var marks: [String] { Self.thresholds.filter { $0 <= percent }.map(mark) }

  /// The highest threshold `used` of `budget` reaches; nil: none.
  public static func reached(used: Int64, of budget: Int64) -> Int? {
    guard budget > 0 else { return nil }
    return thresholds.last { used.multipliedReportingOverflow(by: 100).partialValue >= budget * Int64($0) }
  }

  /// The notifications due at `now`: per project with a budget, the highest threshold
  /// reached, unless the state notes it already.
  public static func due(
    _ figures: HistoryFigures, state: TimerState, config: Config, now: Instant
  ) -> [BudgetAlert] {
    let shown = figures.applied(to: state, today: figures.day)
    var due: [BudgetAlert] = []
    for project in figures.used.keys.sorted() {
      guard let settings = config.projects[project], let budget = settings.budget,
        let (used, of) = figures.used(project, settings, shown: shown, now: now),
        let percent = reached(used: used, of: of)
      else { continue }
      let alert = BudgetAlert(
        project: project, period: HistoryFigures.period(settings.budgetPeriod, day: figures.day),
        budget: budget, percent: percent, used: used)
      if !state.ledger.budgetMarks.contains(alert.key) { due.append(alert) }
    }
    return due
  }

  /// `32:00 of 40h this month (80 %)`.
  public var line: String {
    budget.text(used: used) + (period == "total" ? " in total" : " in " + period) + " (\(percent) %)"
  }
}

extension TimerMachine {
  /// Notes that `alert` was told of, and tells of it, unless the state noted it already.
  mutating func noteBudget(_ alert: BudgetAlert, _ effects: inout [Effect]) {
    guard !state.ledger.budgetMarks.contains(alert.key) else { return }
    for mark in alert.marks where !state.ledger.budgetMarks.contains(mark) { state.ledger.budgetMarks.append(mark) }
    let excess = state.ledger.budgetMarks.count - BudgetAlert.marksKept
    if excess > 0 { state.ledger.budgetMarks.removeFirst(excess) }
    effects.append(.budgetReached(alert))
  }
}

extension NotificationPlan {
  /// The budget notification: `Budget of api: 80 %`, `32:00 of 40h in 2026-11 (80 %)`; no
  /// buttons.
  public init(budget alert: BudgetAlert) {
    title = "Budget of \(alert.project): \(alert.percent) %"
    body = alert.line
    buttons = []
    subject = NotificationSubject.budgetPrefix + alert.key
  }
}

extension NotificationSubject {
  /// A budget notification's subject: it has no buttons, and never goes stale.
  public static let budgetPrefix = "budget."
}
