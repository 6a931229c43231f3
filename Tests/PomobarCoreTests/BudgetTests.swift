import Testing

@testable import PomobarCore

private let eur = Currency("EUR")!

/// Work on `project` from `start` to `end` (ISO 8601), made on `machine`.
private func work(
  _ start: String, _ end: String, _ project: String? = "acme", machine: String = "m1", serial: Int = 1
) -> LedgerRecord {
  ledgerRecord(.work, start, end, project: project, id: "\(machine).e.\(serial)")
}

/// `2026-11-27` and when it began (UTC).
private let day = CivilTime.Date(year: 2026, month: 11, day: 27).dayNumber
private let dayBegan = day * 86_400

private let budgetConfig = barConfig(
  """
  [format]
  full = "{budget} · {unbilled}"

  [projects.acme]
  rate = "90 EUR/h"
  budget = "10h"

  [projects.globex]
  rate = "60 EUR/h"
  budget = "600 EUR"
  budget-period = "total"
  """)

/// The figures of `records` (with the ids in `billed` billed) on `day`.
private func fold(
  _ records: [LedgerRecord], billed: Set<String> = [], config: Config = budgetConfig, on folded: Int64 = day,
  base: DayTotals = DayTotals()
) -> HistoryFigures {
  var builder = HistoryFigures.Builder(
    config: config, request: .init(day: folded, dayBegan: folded * 86_400, base: base, owed: []))
  for record in records { builder.add(record, billed: billed.contains(record.id)) }
  return builder.finish()
}

@Suite struct BudgetConfigTests {
  @Test func aBudgetIsHoursOrMoney() {
    #expect(Budget.parse("40h") == .time(40 * 3600))
    #expect(Budget.parse("400h") == .time(400 * 3600))  // past the week a duration setting takes
    #expect(Budget.parse("1h30m") == .time(5400))
    #expect(Budget.parse("2000 EUR") == .money(Money(minor: 200_000, currency: eur)))
    #expect(Budget.parse("2000.5 EUR") == .money(Money(minor: 200_050, currency: eur)))
    #expect(Budget.parse("lots") == nil)
    #expect(Budget.parse("0h") == nil)
    #expect(Budget.parse("2000 eur") == nil)
  }

  @Test func theConfigReadsAndPrintsBudgets() {
    #expect(budgetConfig.projects["acme"]?.budget == .time(36_000))
    #expect(budgetConfig.projects["acme"]?.budgetPeriod == nil)
    #expect(budgetConfig.projects["globex"]?.budgetPeriod == .total)
    let printed = ConfigPrinter.toml(budgetConfig)
    #expect(printed.contains("budget = \"600.00 EUR\"\nbudget-period = \"total\""))
    let loaded = ConfigLoader.load(Array("[projects.a]\nbudget = \"many\"\n".utf8), file: "c.toml")
    #expect(loaded.errors.map(\.description).contains { $0.contains("'budget' must be hours like \"40h\"") })
  }

  @Test func theTextsSayUsedOfTheBudget() {
    #expect(Budget.time(40 * 3600).text(used: 31 * 3600 + 20 * 60) == "31:20 of 40h")
    #expect(
      Budget.money(Money(minor: 200_000, currency: eur)).text(used: 124_000) == "1,240.00 of 2,000.00 EUR")
  }
}

@Suite struct HistoryFiguresTests {
  @Test func everyMachinesWorkCountsTodayAndInTheBudget() {
    let figures = fold([
      work("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", machine: "a"),
      work("2026-11-27T10:00:00Z", "2026-11-27T11:30:00Z", machine: "b"),
      work("2026-11-02T10:00:00Z", "2026-11-02T12:00:00Z", machine: "b", serial: 2),
      // Last month's: not this month's budget.
      work("2026-10-30T10:00:00Z", "2026-10-30T12:00:00Z", machine: "a", serial: 3),
    ])
    #expect(figures.today.total(for: "acme") == 9000)
    #expect(figures.used["acme"].map(\.seconds) == Int64(9000 + 7200))
    #expect(figures.recent.work(on: day - 1) == 0)
    var state = TimerState()
    state.ledger.project = "acme"
    let shown = figures.applied(to: state, today: day)
    #expect(figures.budgetText(shown: shown, budgetConfig, now: Instant(nanoseconds: 0)) == "4:30 of 10h")
  }

  @Test func whatTheStateClosedSinceTheFoldAndTheRunningClockCount() {
    var base = DayTotals(day: day)
    base.add(3600, project: "acme", today: day)
    let figures = fold([work("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z")], base: base)
    var state = TimerState()
    state.ledger.today = base
    state.ledger.today.add(1800, project: "acme", today: day)  // closed after the fold began
    state.ledger.work = WorkClock(since: Instant(nanoseconds: 0), project: "acme")
    let shown = figures.applied(to: state, today: day)
    #expect(shown.ledger.today.total(for: "acme") == 3600 + 1800)
    let now = Instant(nanoseconds: 600 * 1_000_000_000)
    #expect(figures.used("acme", budgetConfig.projects["acme"]!, shown: shown, now: now).map(\.used) == Int64(5400 + 600))
    // A fold of another day changes nothing.
    #expect(figures.applied(to: state, today: day + 1) == state)
  }

  @Test func unbilledDropsWithABillAndIsEmptyWithoutBilling() {
    let records = [
      work("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", serial: 1),
      work("2026-11-26T08:00:00Z", "2026-11-26T10:00:00Z", machine: "b", serial: 2),
      work("2026-11-26T11:00:00Z", "2026-11-26T12:00:00Z", "globex", serial: 3),
    ]
    #expect(fold(records).unbilledText == "330.00 EUR unbilled")
    #expect(fold(records, billed: ["b.e.2"]).unbilledText == "150.00 EUR unbilled")
    #expect(fold(records, billed: ["b.e.2", "m1.e.1", "m1.e.3"]).unbilledText == "")
    let plain = barConfig("[format]\nfull = \"{unbilled}\"\n")
    #expect(fold(records, config: plain).unbilled == nil)
    #expect(fold(records, config: plain).unbilledText == "")
  }

  @Test func aMoneyBudgetCountsWhatTheWorkBillsAndATotalOneEveryMonth() {
    let figures = fold([
      work("2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", "globex", serial: 1),
      work("2025-01-10T08:00:00Z", "2025-01-10T10:00:00Z", "globex", serial: 2),
    ])
    #expect(figures.used["globex"]?.minor == 18_000)
    var state = TimerState()
    state.ledger.project = "globex"
    #expect(figures.budgetText(shown: state, budgetConfig, now: Instant(nanoseconds: 0)) == "180.00 of 600.00 EUR")
  }

  @Test func aNewMonthStartsTheMonthsBudgetAgain() {
    let records = [work("2026-11-30T08:00:00Z", "2026-11-30T18:00:00Z")]
    #expect(fold(records, on: CivilTime.Date(year: 2026, month: 11, day: 30).dayNumber).used["acme"]?.seconds == 36_000)
    #expect(fold(records, on: CivilTime.Date(year: 2026, month: 12, day: 1).dayNumber).used["acme"]?.seconds == 0)
    #expect(HistoryFigures.period(nil, day: day) == "2026-11")
    #expect(HistoryFigures.period(.total, day: day) == "total")
  }
}

@Suite struct BudgetAlertTests {
  private func alerts(_ records: [LedgerRecord], state: TimerState = TimerState(), config: Config = budgetConfig)
    -> [BudgetAlert]
  {
    BudgetAlert.due(fold(records, config: config), state: state, config: config, now: Instant(nanoseconds: 0))
  }

  @Test func eightyAndAHundredPercent() {
    #expect(BudgetAlert.reached(used: 79, of: 100) == nil)
    #expect(BudgetAlert.reached(used: 80, of: 100) == 80)
    #expect(BudgetAlert.reached(used: 99, of: 100) == 80)
    #expect(BudgetAlert.reached(used: 100, of: 100) == 100)
    #expect(BudgetAlert.reached(used: 500, of: 100) == 100)
  }

  @Test func crossingBothAtOnceTellsOnceAndNotesBoth() {
    let due = alerts([work("2026-11-27T00:00:00Z", "2026-11-27T11:00:00Z")])
    #expect(due.map(\.percent) == [100])
    #expect(due.first?.line == "11:00 of 10h in 2026-11 (100 %)")
    var machine = TimerMachine(settings: TimerSettings())
    #expect(machine.handle(.budgetReached(due[0]), at: Instant(nanoseconds: 0)).contains(.budgetReached(due[0])))
    #expect(machine.state.ledger.budgetMarks.count == 2)
    // Told once: a second bar asking finds it noted, and nothing is written.
    #expect(machine.handle(.budgetReached(due[0]), at: Instant(nanoseconds: 0)) == [])
    #expect(alerts([work("2026-11-27T00:00:00Z", "2026-11-27T11:00:00Z")], state: machine.state) == [])
    // Nor 80 % afterwards.
    var eighty = due[0]
    eighty.percent = 80
    #expect(machine.handle(.budgetReached(eighty), at: Instant(nanoseconds: 0)) == [])
  }

  @Test func eightyThenAHundred() {
    var machine = TimerMachine(settings: TimerSettings())
    let first = alerts([work("2026-11-27T00:00:00Z", "2026-11-27T08:00:00Z")], state: machine.state)
    #expect(first.map(\.percent) == [80])
    _ = machine.handle(.budgetReached(first[0]), at: Instant(nanoseconds: 0))
    #expect(alerts([work("2026-11-27T00:00:00Z", "2026-11-27T09:00:00Z")], state: machine.state) == [])
    let second = alerts([work("2026-11-27T00:00:00Z", "2026-11-27T10:00:00Z")], state: machine.state)
    #expect(second.map(\.percent) == [100])
  }

  @Test func aBudgetRaisedAfterwardsHasThresholdsOfItsOwn() {
    var machine = TimerMachine(settings: TimerSettings())
    let records = [work("2026-11-27T00:00:00Z", "2026-11-27T10:30:00Z")]
    _ = machine.handle(.budgetReached(alerts(records)[0]), at: Instant(nanoseconds: 0))
    let raised = barConfig("[projects.acme]\nbudget = \"20h\"\n")
    #expect(alerts(records, state: machine.state, config: raised) == [])
    let more = [work("2026-11-27T00:00:00Z", "2026-11-27T16:00:00Z")]
    #expect(alerts(more, state: machine.state, config: raised).map(\.percent) == [80])
  }

  @Test func aNewMonthHasThresholdsOfItsOwn() {
    var machine = TimerMachine(settings: TimerSettings())
    let november = [work("2026-11-27T00:00:00Z", "2026-11-27T11:00:00Z")]
    _ = machine.handle(.budgetReached(alerts(november)[0]), at: Instant(nanoseconds: 0))
    let december = CivilTime.Date(year: 2026, month: 12, day: 2).dayNumber
    let records = november + [work("2026-12-01T00:00:00Z", "2026-12-01T08:00:00Z", serial: 2)]
    let due = BudgetAlert.due(
      fold(records, on: december), state: machine.state, config: budgetConfig, now: Instant(nanoseconds: 0))
    #expect(due.map(\.period) == ["2026-12"])
    #expect(due.map(\.percent) == [80])
  }

  @Test func theMarksSurviveTheStateFile() throws {
    var machine = TimerMachine(settings: TimerSettings())
    _ = machine.handle(
      .budgetReached(alerts([work("2026-11-27T00:00:00Z", "2026-11-27T11:00:00Z")])[0]), at: Instant(nanoseconds: 0))
    let document = StateDocument(timer: machine.state, written: reading(0))
    let read = try StateDocument(json: Array(document.json().utf8))
    #expect(read.timer.ledger.budgetMarks == machine.state.ledger.budgetMarks)
    // Without marks, the file is as it was.
    #expect(!StateDocument(timer: TimerState(), written: reading(0)).json().contains("budgets"))
  }
}

@Suite struct BarSessionBudgetTests {
  private static let config = barConfig(
    """
    [format]
    full = "{budget}"

    [ledger]
    show = "timer"

    [projects.acme]
    budget = "2h"
    """)

  private func acmeDocument() -> StateDocument {
    var state = TimerState()
    state.ledger.project = "acme"
    return StateDocument(timer: state, written: reading(0))
  }

  @Test func theBarFoldsAtStartAndWhenTheHistoryChangesOneFoldAtATime() {
    var bar = BarDriver(config: Self.config, document: acmeDocument())
    let started = bar.start(at: 1)
    let folds = started.filter { if case .fold = $0 { true } else { false } }
    #expect(folds.count == 1)
    #expect(BarDriver.frames(started) == ["\n"])
    // Changes while it folds: one more fold when it is done.
    #expect(bar.handle(.historyChanged, at: 2) == [])
    #expect(bar.handle(.historyChanged, at: 3) == [])
    guard case .fold(let request)? = folds.first else { return }
    var builder = HistoryFigures.Builder(config: Self.config, request: request)
    builder.add(work("1970-01-01T00:00:00Z", "1970-01-01T01:00:00Z"))
    let done = bar.handle(.figures(builder.finish()), at: 4)
    #expect(done.contains { if case .fold = $0 { true } else { false } })
    #expect(BarDriver.frames(done) == ["1:00 of 2h\n"])
    #expect(bar.transacted == [])
  }

  /// Syncthing replaces a history file by deleting it, then renaming its temporary file
  /// in: the delete's fold may read the folder without the file, and the rename comes
  /// while it runs. When the loop is late, the rename's change and the fold's figures
  /// wake it together, the change first (it was ready first): it is folded again.
  @Test func aHistoryChangeThatWakesTheBarWithAFoldsFiguresIsFoldedAgain() {
    var bar = BarDriver(config: Self.config, document: acmeDocument())
    let isFold = { (action: BarAction) in if case .fold = action { true } else { false } }
    guard case .fold(let request)? = bar.start(at: 1).first(where: isFold) else {
      Issue.record("no fold")
      return
    }
    let stale = HistoryFigures.Builder(config: Self.config, request: request).finish()
    #expect(bar.handle([.historyChanged, .figures(stale)], at: 2).contains(where: isFold))
    // In the other order too.
    #expect(bar.handle([.figures(stale), .historyChanged], at: 3).contains(where: isFold))
    #expect(bar.handle(.figures(stale), at: 4).filter(isFold).isEmpty)
  }

  @Test func aStateWhoseTodayChangedIsFoldedAgainButNotAnotherState() {
    var bar = BarDriver(config: Self.config, document: acmeDocument())
    let started = bar.start(at: 1)
    guard case .fold(let request)? = started.first(where: { if case .fold = $0 { true } else { false } }) else {
      Issue.record("no fold")
      return
    }
    _ = bar.handle(.figures(HistoryFigures.Builder(config: Self.config, request: request).finish()), at: 2)
    let isFold = { (action: BarAction) in if case .fold = action { true } else { false } }
    // Another copy paused nothing that counts: no fold.
    var same = acmeDocument()
    same.timer.ledger.tags = ["call"]
    #expect(!bar.handle(.stateRead(same, fileExists: true), at: 3).contains(where: isFold))
    // Today's totals counted again (an edit, `track`): folded again, from them.
    var counted = acmeDocument()
    counted.timer.ledger.today.add(600, project: "acme", today: 0)
    let actions = bar.handle(.stateRead(counted, fileExists: true), at: 4)
    #expect(actions.contains { if case .fold(let asked) = $0 { asked.base == counted.timer.ledger.today } else { false } })
  }

  @Test func aBudgetReachedIsToldOnceThroughTheStateAndNotAgainAfterARestart() {
    var bar = BarDriver(config: Self.config, document: acmeDocument())
    let started = bar.start(at: 1)
    guard case .fold(let request)? = started.first(where: { if case .fold = $0 { true } else { false } }) else {
      Issue.record("no fold")
      return
    }
    var builder = HistoryFigures.Builder(config: Self.config, request: request)
    builder.add(work("1970-01-01T00:00:00Z", "1970-01-01T01:40:00Z"))
    let figures = builder.finish()
    _ = bar.handle(.figures(figures), at: 2)
    #expect(bar.transacted.count == 1)
    #expect(bar.document?.timer.ledger.budgetMarks.count == 1)
    _ = bar.handle(.timer, at: 3)
    #expect(bar.transacted.count == 1)
    // Another bar, or this one restarted, reads the state with the mark: nothing to tell.
    var other = BarDriver(config: Self.config, document: bar.document)
    _ = other.start(at: 4)
    _ = other.handle(.figures(figures), at: 5)
    #expect(other.transacted == [])
  }
}
