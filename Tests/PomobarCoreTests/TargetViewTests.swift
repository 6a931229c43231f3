import Testing

@testable import PomobarCore

/// `{left}` and `{balance}` at several moments of a week with an 8-hour goal, Monday to
/// Friday (2026-11-23 is a Monday).
@Suite struct TargetViewTests {
  static let monday = date("2026-11-23").dayNumber

  static var eightHours: LedgerSettings {
    var settings = LedgerSettings()
    settings.dailyGoal = .seconds(8 * 3600)
    return settings
  }

  /// `recent` counted on `day`: the work of the seven days before it, by hours.
  static func recent(_ day: Int64, hours: [Double]) -> RecentWork {
    RecentWork(day: day, seconds: hours.map { Int64($0 * 3600) })
  }

  static func view(
    _ day: Int64, worked: Double, recent: [Double] = Array(repeating: 0, count: 7),
    settings: LedgerSettings = eightHours
  ) -> TargetView {
    TargetView(
      settings: settings, today: day, worked: Int64(worked * 3600), recent: Self.recent(day, hours: recent))
  }

  @Test func mondayMorningHasTheWholeDayToGoAndAnEvenWeek() {
    let view = Self.view(Self.monday, worked: 0, recent: [8, 8, 8, 8, 8, 0, 0])
    #expect(view.left == "8:00 to go")
    // Last week's days are not this week's.
    #expect(view.balance == "+0:00 this week")
  }

  @Test func theBalanceCountsEarlierWorkDaysAndTodaysOvertimeOnly() {
    // Thursday: Mon 9h, Tue 8h, Wed 6h; 6h40 so far today.
    let thursday = Self.monday + 3
    let view = Self.view(thursday, worked: 6 + 2.0 / 3, recent: [0, 0, 0, 0, 9, 8, 6])
    #expect(view.left == "1:20 to go")
    #expect(view.balance == "-1:00 this week")
    let over = Self.view(thursday, worked: 8.25, recent: [0, 0, 0, 0, 9, 8, 6])
    #expect(over.left == "+0:15 over")
    #expect(over.balance == "-0:45 this week")
    #expect(Self.view(thursday, worked: 8, recent: [0, 0, 0, 0, 9, 8, 6]).left == "done")
    // The balance is to the nearest minute, and never "-0:00".
    #expect(
      Self.view(thursday, worked: 9 - 20.0 / 3600, recent: [0, 0, 0, 0, 9, 8, 7]).balance == "+1:00 this week"
    )
    #expect(
      Self.view(thursday, worked: 0, recent: [0, 0, 0, 0, 8, 8, 8 - 20.0 / 3600]).balance == "+0:00 this week"
    )
    // The last half minute still shows a minute to go.
    #expect(Self.view(thursday, worked: 8 - 30.0 / 3600).left == "0:01 to go")
  }

  @Test func aWeekendIsADayOffAndItsWorkIsAhead() {
    let saturday = Self.monday + 5
    let view = Self.view(saturday, worked: 2, recent: [0, 0, 8, 8, 8, 8, 9])
    #expect(view.left == "day off")
    #expect(view.balance == "+3:00 this week")
  }

  @Test func aDayOffHasNothingDueAndLowersTheWeek() {
    var settings = Self.eightHours
    settings.daysOff = [date("2026-11-24")]
    let wednesday = Self.monday + 2
    #expect(Self.view(Self.monday + 1, worked: 0, settings: settings).left == "day off")
    let view = Self.view(wednesday, worked: 1, recent: [0, 0, 0, 0, 0, 8, 0], settings: settings)
    #expect(view.balance == "+0:00 this week")
  }

  @Test func aWeeklyGoalIsDueAsItsShareOnEachWorkDay() {
    var settings = LedgerSettings()
    settings.weeklyGoal = .seconds(40 * 3600)
    settings.weekdayGoals[4] = .seconds(4 * 3600)
    let friday = Self.monday + 4
    // Monday to Thursday share 36 hours: 9 a day.
    let view = Self.view(friday, worked: 1, recent: [0, 0, 0, 9, 9, 9, 9], settings: settings)
    #expect(view.left == "3:00 to go")
    #expect(view.balance == "+0:00 this week")
  }

  @Test func aWorkDayWithoutAGoalOfItsOwnShowsNothingLeft() {
    var settings = LedgerSettings()
    settings.weekdayGoals[4] = .seconds(6 * 3600)
    #expect(Self.view(Self.monday, worked: 1, settings: settings).left == "")
    #expect(Self.view(Self.monday + 4, worked: 1, settings: settings).left == "5:00 to go")
    #expect(Self.view(Self.monday + 5, worked: 1, settings: settings).left == "day off")
  }

  @Test func withoutAGoalNothingShowsAndBeforeTheCountOnlyTheBalanceIsMissing() {
    let none = TargetView(settings: LedgerSettings(), today: Self.monday, worked: 3600, recent: nil)
    #expect(none == TargetView(settings: LedgerSettings(), today: Self.monday, worked: 0, recent: nil))
    #expect(none.left.isEmpty && none.balance.isEmpty)
    // Counted yesterday: the balance waits for today's count.
    let stale = TargetView(
      settings: Self.eightHours, today: Self.monday + 1, worked: 3600, recent: RecentWork(day: Self.monday))
    #expect(stale.left == "7:00 to go")
    #expect(stale.balance.isEmpty)
  }

  @Test func theBarsTextShowsThemWithTheRunningClock() throws {
    let config = try ConfigLoader.load(
      Array("[ledger]\ndaily-goal = \"8h\"\n[format]\nfull = \"{time} {left} ({balance})\"\n".utf8), file: "c"
    ).get()
    let tuesday = Self.monday + 1
    let start = Instant.seconds(tuesday * 86_400)
    var state = TimerState()
    state.ledger.today = DayTotals(day: tuesday, seconds: [.init(project: "api", seconds: 3 * 3600)])
    state.ledger.work = WorkClock(since: start + .seconds(10 * 3600), project: "api")
    state.ledger.recent = Self.recent(tuesday, hours: [0, 0, 0, 0, 0, 0, 9])
    let view = ViewModel(
      state: state, config: config, now: start + .seconds(11 * 3600),
      today: LedgerDay(day: tuesday, start: start))
    #expect(view.fullText == "25:00 4:00 to go (+1:00 this week) · ● api 4:00")
  }

  @Test func recentWorkSpreadsAnIntervalOverItsDays() {
    var recent = RecentWork(day: Self.monday)
    // Saturday 22:00 to Sunday 02:00 (UTC), and one from the week before the seven days.
    recent.add(
      workOf: ledgerRecord(.work, "2026-11-21T22:00:00+00:00", "2026-11-22T02:00:00+00:00"),
      calendar: LedgerCalendar())
    recent.add(
      workOf: ledgerRecord(.work, "2026-11-15T09:00:00+00:00", "2026-11-15T10:00:00+00:00"),
      calendar: LedgerCalendar())
    #expect(recent.seconds == [0, 0, 0, 0, 0, 7200, 7200])
    #expect(recent.work(on: Self.monday - 1) == 7200)
    #expect(recent.work(on: Self.monday) == nil)
  }

  @Test func theBarWakesWhenTheNextDayBegins() {
    let reading = ClockReading(
      wall: (Self.monday * 86_400 + 23 * 3600) * 1_000_000_000,
      boottime: (Self.monday * 86_400 + 23 * 3600) * 1_000_000_000, monotonic: 0, bootID: "b")
    var texts = Config()
    texts.ledger = Self.eightHours
    texts.format.base.full = FormatTemplate(builtIn: "{left}")
    let plan = TickPlan.of(TimerState(), now: reading, zone: { _ in 0 }, dayStart: 0, texts: texts)
    #expect(plan?.next(after: reading.instant) == .seconds((Self.monday + 1) * 86_400))
    #expect(TickPlan.of(TimerState(), now: reading, zone: { _ in 0 }, dayStart: 0) == nil)
  }
}
