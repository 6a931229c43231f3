/// The figures the bar shows of the history, every machine's: today's and the week's
/// earlier days' work, what each budget used of its period, and the money not billed yet.
///
/// Folded off the tick (`HistoryFigures.Builder`, fed every record of the months it needs)
/// whenever the history folder changes, never at a frame. A frame adds the live part from
/// the state (`applied(to:)`): what this machine closed since the fold began (the state's
/// today less `base`) and the running work clock.
public struct HistoryFigures: Equatable, Sendable {
  /// What a fold starts from: the ledger day, and the state's today when it began.
  public struct Request: Equatable, Sendable {
    /// The ledger day folded for, and when it began (UTC seconds).
    public var day: Int64
    public var dayBegan: Int64
    /// The state's today at the start of the fold: what it closes later is the live part.
    public var base: DayTotals
    /// What the state owes the history: read as written.
    public var owed: [LedgerRecord]
    /// The task whose focus time is summed (`{task-progress}`); nil: none.
    public var task: TaskRef?

    public init(day: Int64, dayBegan: Int64, base: DayTotals, owed: [LedgerRecord], task: TaskRef? = nil) {
      self.day = day
      self.dayBegan = dayBegan
      self.base = base
      self.owed = owed
      self.task = task
    }
  }

  public var day: Int64
  public var base: DayTotals
  /// Today's work per project, every machine's, as the history holds it.
  public var today: DayTotals
  /// The work of the seven days before `day`, every machine's.
  public var recent: RecentWork
  /// Per project with a budget, what its period (`day`'s month, or all) used so far.
  public var used: [String: BudgetUse]
  /// Billable work not billed yet, one sum per currency; nil when no text shows it or
  /// billing is off.
  public var unbilled: [Money]?
  /// The task asked for (`Request.task`) and the seconds of focus on it, every machine's
  /// (focus sessions whose record carries it, `TaskRef.isSame`); nil: none asked for.
  public var task: TaskTime?

  /// A task and the seconds of focus on it.
  public struct TaskTime: Equatable, Sendable {
    public var ref: TaskRef
    public var seconds: Int64 = 0
    /// The ids of the records summed.
    var counted: Set<String> = []
    /// Seconds of focus on it the state owes the history and the fold did not sum: a
    /// focus that ended since the fold began (`owing`), until the next fold has it.
    var owed: Int64 = 0

    mutating func add(_ record: LedgerRecord) {
      guard record.kind == .focus, let carried = record.task, ref.isSame(as: carried),
        counted.insert(record.id).inserted
      else { return }
      seconds += record.seconds
    }
  }

  /// Takes in the records the state owes the history now (`StateDocument.owed`): those on
  /// the task that the fold did not sum count until the next fold, so a focus that just
  /// ended does not drop out of `{task-progress}` while its record is being folded.
  public mutating func owing(_ records: [LedgerRecord]) {
    guard var task else { return }
    var owed = TaskTime(ref: task.ref, counted: task.counted)
    for record in records { owed.add(record) }
    task.owed = owed.seconds
    self.task = task
  }

  /// What a project used of its budget's period.
  public struct BudgetUse: Equatable, Sendable {
    /// Work seconds on it (the work clock's).
    public var seconds: Int64 = 0
    /// What its billable work bills, in minor units of the budget's currency.
    public var minor: Int64 = 0
  }

  /// The task `state` has, for the fold to sum when a text shows `{task-progress}`.
  public static func task(_ state: TimerState?, _ config: Config) -> TaskRef? {
    config.format.placeholders.contains(.taskProgress) ? state?.ledger.task : nil
  }

  /// Whether a bar with `config` folds the history: a text shows a figure of it, or a
  /// budget is set (its notifications need the figures).
  public static func wanted(_ config: Config) -> Bool {
    config.needs.contains(.history) || config.hasBudgets
  }

  /// The period of a budget on ledger day `day`: `2026-11`, or `total`.
  public static func period(_ period: BudgetPeriod?, day: Int64) -> String {
    guard period ?? .month == .month else { return "total" }
    let date = CivilTime.date(fromDays: day)
    return String(date.description.prefix(7))
  }
}

extension Config {
  /// Whether any project has a budget.
  public var hasBudgets: Bool { projects.values.contains { $0.budget != nil } }
}

extension HistoryFigures {
  /// Folds records given one at a time, each once, in any order.
  public struct Builder {
    let request: Request
    let calendar: LedgerCalendar
    let monthStart: Int64
    /// The projects with a budget, by name, with the place of their billing in `money`
    /// (money budgets).
    let budgets: [(name: String, settings: ProjectSettings, money: Int?)]
    var money: [BillingBuilder] = []
    var unbilledBilling: BillingBuilder?
    var figures: HistoryFigures
    /// Whether bill marks are wanted (`add`'s `billed`): only for `{unbilled}`.
    public let needsBills: Bool

    public init(config: Config, request: Request) {
      self.request = request
      calendar = LedgerCalendar(config.ledger)
      let date = CivilTime.date(fromDays: request.day)
      monthStart = CivilTime.Date(year: date.year, month: date.month, day: 1).dayNumber
      let rules = BillingRules(config)
      var budgets: [(name: String, settings: ProjectSettings, money: Int?)] = []
      for (name, settings) in config.projects.sorted(by: { $0.key < $1.key }) where settings.budget != nil {
        var slot: Int? = nil
        if case .money = settings.budget {
          slot = money.count
          money.append(BillingBuilder(rules: rules))
        }
        budgets.append((name, settings, slot))
      }
      self.budgets = budgets
      needsBills = rules.isOn && config.format.placeholders.contains(.unbilled)
      if needsBills { unbilledBilling = BillingBuilder(rules: rules) }
      figures = HistoryFigures(
        day: request.day, base: request.base, today: DayTotals(day: request.day),
        recent: RecentWork(day: request.day),
        used: Dictionary(uniqueKeysWithValues: budgets.map { ($0.name, BudgetUse()) }),
        unbilled: nil, task: request.task.map { TaskTime(ref: $0) })
    }

    /// The first moment (UTC seconds) whose records count; nil: every record (a total
    /// budget, or `{unbilled}`). A day or two early: a record's month is its UTC start's.
    public var readsFrom: Int64? {
      if needsBills || request.task != nil { return nil }
      if budgets.contains(where: { ($0.settings.budgetPeriod ?? .month) == .total }) { return nil }
      let first = min(monthStart, request.day - Int64(RecentWork.days))
      return first * 86_400 - 2 * 86_400
    }

    /// Adds one record; `billed`: a bill marks it.
    public mutating func add(_ record: LedgerRecord, billed: Bool = false) {
      figures.task?.add(record)
      if record.kind == .work {
        if record.end.utc > request.dayBegan {
          figures.today.add(workOf: record, dayBegan: request.dayBegan, today: request.day)
        }
        figures.recent.add(workOf: record, calendar: calendar)
      }
      if record.kind.isBreak {
        for slot in money.indices { money[slot].addBreak(record) }
        unbilledBilling?.addBreak(record)
        return
      }
      let day = calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)
      if unbilledBilling != nil {
        if !billed {
          unbilledBilling!.addWork(record, onDay: day)
        } else if record.kind == .work {
          unbilledBilling!.clockRan(onDay: day)
        }
      }
      guard !budgets.isEmpty else { return }
      for (name, settings, slot) in budgets {
        if (settings.budgetPeriod ?? .month) == .month, day < monthStart || day > request.day { continue }
        if record.project == name {
          if record.kind == .work { figures.used[name]!.seconds += record.seconds }
          if let slot { money[slot].addWork(record, onDay: day) }
        } else if record.kind == .work, let slot {
          money[slot].clockRan(onDay: day)
        }
      }
    }

    /// The figures of every record added.
    public func finish() -> HistoryFigures {
      var figures = figures
      for (name, settings, slot) in budgets {
        guard let slot, case .money(let budget)? = settings.budget else { continue }
        figures.used[name]!.minor =
          money[slot].report().totals.first { $0.currency == budget.currency }?.minor ?? 0
      }
      figures.unbilled = unbilledBilling.map { $0.report().totals.filter { $0.minor != 0 } }
      return figures
    }
  }
}

extension HistoryFigures {
  /// The state as the bar shows it: today's totals every machine's (the history's, and
  /// what the state closed since the fold began), and the week's earlier days from the
  /// history (each day at least what the state counted: its count holds a clock that ran
  /// across midnight, the history does not until it stops). `state` as it is when the
  /// fold is not `today`'s.
  public func applied(to state: TimerState, today: Int64) -> TimerState {
    guard today == day else { return state }
    var shown = state
    shown.ledger.today = self.today(state)
    var recent = recent
    if let counted = state.ledger.recent, counted.day == day {
      for index in recent.seconds.indices { recent.seconds[index] = max(recent.seconds[index], counted.seconds[index]) }
    }
    shown.ledger.recent = recent
    return shown
  }

  /// Today's totals: the history's, and what the state closed since the fold began.
  func today(_ state: TimerState) -> DayTotals {
    var totals = today
    let base = self.base.on(day)
    for closed in state.ledger.today.on(day).seconds {
      totals.add(closed.seconds - base.total(for: closed.project), project: closed.project, today: day)
    }
    return totals
  }

  /// What `project` used of its budget at `now`: the history's, what the state closed
  /// since the fold began, and the running clock (time budgets); nil without a budget.
  /// `shown`: the state as `applied(to:)` shows it (its today less the history's is what
  /// was closed since).
  public func used(
    _ project: String, _ settings: ProjectSettings, shown state: TimerState, now: Instant
  ) -> (used: Int64, of: Int64)? {
    guard let budget = settings.budget, let use = used[project] else { return nil }
    switch budget {
    case .money(let money): return (use.minor, money.minor)
    case .time(let seconds):
      var worked = use.seconds
      worked += max(0, state.ledger.today.on(day).total(for: project) - today.total(for: project))
      if let work = state.ledger.work, work.project == project {
        worked += max(.zero, now - work.since).floorSeconds
      }
      return (worked, seconds)
    }
  }

  /// `{budget}`: the active project's, `31:20 of 40h` or `1,240.00 of 2,000.00 EUR`;
  /// empty without one. `shown`: the state as `applied(to:)` shows it.
  public func budgetText(shown state: TimerState, _ config: Config, now: Instant) -> String {
    guard let project = state.ledger.work?.project ?? state.ledger.project,
      let settings = config.projects[project], let budget = settings.budget,
      let (used, _) = used(project, settings, shown: state, now: now)
    else { return "" }
    return budget.text(used: used)
  }

  /// Seconds of focus on `state`'s task at `now`, every machine's: the history's, and the
  /// running or paused focus (its record will carry the task, set when it may); nil when
  /// the fold was not for that task (none asked for, or another: a new fold is under way).
  public func taskSpent(_ state: TimerState, now: Instant) -> Int64? {
    guard let task, let current = state.ledger.task, task.ref.isSame(as: current) else { return nil }
    return task.seconds + task.owed + (state.focusElapsed(at: now)?.floorSeconds ?? 0)
  }

  /// `{task-progress}`: the task's focus time so far against its estimate, `1:15 of 2h`,
  /// or without an estimate the time so far, `1:15`; empty without a task (or before the
  /// fold for it is done).
  public func taskProgressText(_ state: TimerState, now: Instant) -> String {
    guard let spent = taskSpent(state, now: now), let task = state.ledger.task else { return "" }
    return task.estimate.map { Budget.time($0.floorSeconds).text(used: spent) } ?? WorkView.clock(spent)
  }

  /// `{unbilled}`: `1,240.00 EUR unbilled` (currencies apart, by code); empty when billing
  /// is off or nothing billable is unbilled.
  public var unbilledText: String {
    guard let unbilled, !unbilled.isEmpty else { return "" }
    return unbilled.map(\.description).joined(separator: ", ") + " unbilled"
  }
}
