import Testing

@testable import PomobarCore

/// A report over `first...last` seen on `today`, from `records`.
func makeReport(
  _ records: [LedgerRecord], first: String, last: String, today: String = "2026-11-25",
  settings: LedgerSettings = LedgerSettings(), projects: [String: ProjectSettings] = [:],
  project: String? = nil
) -> Report {
  var builder = ReportBuilder(
    period: ReportPeriod(name: "days", first: date(first), last: date(last)), today: date(today),
    settings: settings, projects: projects, project: project)
  for record in records { builder.add(record) }
  return builder.report()
}

@Suite struct ReportBuilderTests {
  @Test func onlyThePartOfAnIntervalInsideTheRangeCounts() {
    let night = ledgerRecord(.work, "2026-11-23T22:00:00+01:00", "2026-11-24T02:00:00+01:00")
    #expect(makeReport([night], first: "2026-11-24", last: "2026-11-24").work == 7200)
    #expect(makeReport([night], first: "2026-11-23", last: "2026-11-24").work == 14400)
    // Paused for half of it: each day gets half of its part.
    var paused = night
    paused.seconds = 7200
    #expect(makeReport([paused], first: "2026-11-24", last: "2026-11-24").work == 3600)
  }

  @Test func dayStartsAtMovesNightWorkIntoTheDayBefore() {
    var owl = LedgerSettings()
    owl.dayStart = 4 * 3600
    let night = ledgerRecord(.work, "2026-11-24T01:00:00+01:00", "2026-11-24T03:00:00+01:00")
    #expect(makeReport([night], first: "2026-11-23", last: "2026-11-23", settings: owl).work == 7200)
    #expect(makeReport([night], first: "2026-11-24", last: "2026-11-24", settings: owl).work == 0)
  }

  @Test func aFallBackDayCounts25HoursAndTheNextNone() {
    let day = ledgerRecord(.work, "2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00")
    let report = makeReport([day], first: "2026-10-25", last: "2026-10-26")
    #expect(report.days.map(\.work) == [25 * 3600, 0])
  }

  @Test func aSpringForwardDayCounts23Hours() {
    let day = ledgerRecord(.work, "2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00")
    #expect(makeReport([day], first: "2026-03-29", last: "2026-03-29").work == 23 * 3600)
  }

  @Test func workBeforeAndAfterAMoveLandsOnItsOwnLocalDays() {
    // Late work in Berlin on the 10th, then evening work in New York on the 11th whose
    // UTC time is already the 12th.
    let berlin = ledgerRecord(.work, "2026-11-10T22:00:00+01:00", "2026-11-10T23:30:00+01:00")
    let newYork = ledgerRecord(.work, "2026-11-11T20:00:00-05:00", "2026-11-11T22:00:00-05:00")
    let report = makeReport([berlin, newYork], first: "2026-11-10", last: "2026-11-12")
    #expect(report.days.map(\.work) == [5400, 7200, 0])
  }

  @Test func focusCountsAsWorkOnlyOnDaysWithoutTheWorkClock() {
    let focus = ledgerRecord(.focus, "2026-11-23T09:00:00+01:00", "2026-11-23T09:25:00+01:00", project: "api")
    let work = ledgerRecord(.work, "2026-11-24T09:00:00+01:00", "2026-11-24T10:00:00+01:00", project: "api")
    let focusInWork = ledgerRecord(.focus, "2026-11-24T09:00:00+01:00", "2026-11-24T09:25:00+01:00")
    let report = makeReport([focus, work, focusInWork], first: "2026-11-23", last: "2026-11-24")
    #expect(report.days.map(\.work) == [1500, 3600])
    #expect(report.focus == 3000)
    #expect(report.projects.map(\.label) == ["api"])
    // The project's total is the days' work: the focus of the day without the work clock
    // too (it counted in the day and the total, not in the project).
    #expect(report.projects.map(\.seconds) == [1500 + 3600])
    #expect(report.days.map { $0.projects.reduce(0, +) } == [1500, 3600])
  }

  @Test func sessionsInterruptionsAndBreaksAreCounted() {
    var interrupted = ledgerRecord(.focus, "2026-11-23T09:00:00+01:00", "2026-11-23T09:25:00+01:00")
    interrupted.internalInterruptions = 2
    interrupted.externalInterruptions = 1
    let records = [
      interrupted,
      ledgerRecord(.focus, "2026-11-23T10:00:00+01:00", "2026-11-23T10:05:00+01:00", outcome: .skipped),
      ledgerRecord(.focus, "2026-11-23T11:00:00+01:00", "2026-11-23T11:10:00+01:00", outcome: .voided),
      ledgerRecord(.focus, "2026-11-23T12:00:00+01:00", "2026-11-23T12:10:00+01:00", outcome: .stopped),
      ledgerRecord(.shortBreak, "2026-11-23T09:25:00+01:00", "2026-11-23T09:30:00+01:00"),
      ledgerRecord(.longBreak, "2026-11-23T13:00:00+01:00", "2026-11-23T13:01:00+01:00", outcome: .skipped),
    ]
    let report = makeReport(records, first: "2026-11-23", last: "2026-11-23")
    #expect(report.sessions.completed == 1)
    #expect(report.sessions.skipped == 1)
    #expect(report.sessions.voided == 1)
    #expect(report.sessions.stopped == 1)
    #expect(report.internalInterruptions == 2)
    #expect(report.externalInterruptions == 1)
    #expect(report.breaks == 1)
    #expect(report.breakSeconds == 300, "the skipped break's minute is not break time taken")
  }

  @Test func sharesAlwaysAddUpTo100() {
    #expect(largestRemainderPercentages([1, 1, 1]) == [34, 33, 33])
    #expect(largestRemainderPercentages([0, 0]) == [0, 0])
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let parts = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
        Int64.random(in: 0...100_000, using: &generator)
      }
      guard parts.reduce(0, +) > 0 else { continue }
      #expect(largestRemainderPercentages(parts).reduce(0, +) == 100, "\(parts)")
    }
    let thirds = ["a", "b", "c"].map {
      ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", project: $0)
    }
    let report = makeReport(thirds, first: "2026-11-23", last: "2026-11-23")
    #expect(report.projects.map(\.percent).reduce(0, +) == 100)
  }

  @Test func timeWithoutAProjectIsItsOwnShareListedLastOnATie() {
    let records = [
      ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00"),
      ledgerRecord(.work, "2026-11-23T10:00:00+01:00", "2026-11-23T11:00:00+01:00", project: "api"),
    ]
    let report = makeReport(records, first: "2026-11-23", last: "2026-11-23")
    #expect(report.projects.map(\.label) == ["api", "(no project)"])
    #expect(report.projects.map(\.percent) == [50, 50])
  }

  @Test func aProjectFilterKeepsOnlyThatProject() {
    let records = [
      ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", project: "docs"),
      ledgerRecord(.work, "2026-11-23T10:00:00+01:00", "2026-11-23T11:30:00+01:00", project: "api"),
    ]
    let report = makeReport(records, first: "2026-11-23", last: "2026-11-23", project: "api")
    #expect(report.work == 5400)
    #expect(report.projects.map(\.label) == ["api"])
    #expect(report.projects.first?.percent == 100)
  }

  /// Two hours of work on each of `days` (days of November 2026).
  func workOn(_ days: [Int], hours: Int = 2, project: String? = nil) -> [LedgerRecord] {
    days.map { day in
      let text = day < 10 ? "0\(day)" : "\(day)"
      return ledgerRecord(
        .work, "2026-11-\(text)T09:00:00+01:00", "2026-11-\(text)T\(9 + hours):00:00+01:00", project: project)
    }
  }

  @Test func goalsCountTheDaysThatMetThem() {
    var settings = LedgerSettings()
    settings.dailyGoal = .seconds(3 * 3600)
    var api = ProjectSettings()
    api.goal = .seconds(2 * 3600)
    api.weeklyGoal = .seconds(10 * 3600)
    let records = workOn([23], hours: 4, project: "api") + workOn([24], hours: 2, project: "api")
    let report = makeReport(
      records, first: "2026-11-23", last: "2026-11-25", settings: settings,
      projects: ["api": api, "idle": api])
    #expect(report.dailyGoal == Int64(3 * 3600))
    #expect(report.goalDaysMet == 1)
    #expect(report.goalDays == 3)
    let line = report.projects.first { $0.name == "api" }!
    #expect(line.goalDaysMet == 2)
    #expect(line.weekSeconds == 6 * 3600)
    #expect(line.weeklyGoal == Int64(10 * 3600))
    // A project with a goal shows even before any time on it.
    #expect(report.projects.map(\.label) == ["api", "idle"])
    #expect(report.projects.map(\.percent) == [100, 0])
  }

  @Test func theStreakWithAGoalCountsDaysMeetingIt() {
    var settings = LedgerSettings()
    settings.dailyGoal = .seconds(2 * 3600)
    let records = workOn([10, 11, 12, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24])
    let report = makeReport(records, first: "2026-11-20", last: "2026-11-25", settings: settings)
    // Today (the 25th) has no work yet: the streak holds, from the 20th.
    #expect(report.streak.current == 5)
    // The month before the range counts: 14th to 18th.
    #expect(report.streak.longest == 5)
    let tooShort = makeReport(
      workOn([24], hours: 1), first: "2026-11-24", last: "2026-11-25", settings: settings)
    #expect(tooShort.streak == Report.Streak(current: 0, longest: 0))
  }

  @Test func theStreakWithoutAGoalCountsDaysWithACompletedFocus() {
    let focus = { (day: Int, outcome: LedgerRecord.Outcome) in
      ledgerRecord(
        .focus, "2026-11-\(day)T09:00:00+01:00", "2026-11-\(day)T09:25:00+01:00", outcome: outcome)
    }
    let records = [
      focus(21, .completed), focus(22, .completed), focus(23, .skipped), focus(24, .completed),
      focus(25, .completed),
    ]
    let report = makeReport(records, first: "2026-11-21", last: "2026-11-25")
    #expect(report.streak.current == 2)
    #expect(report.streak.longest == 2)
    // A past day that did not make it breaks the current streak.
    let later = makeReport(records, first: "2026-11-21", last: "2026-11-26", today: "2026-11-27")
    #expect(later.streak.current == 0)
  }

  @Test func daysAfterTodayAreNotShown() {
    let report = makeReport([], first: "2026-11-23", last: "2026-11-29", today: "2026-11-25")
    #expect(report.days.map(\.date) == [date("2026-11-23"), date("2026-11-24"), date("2026-11-25")])
    #expect(report.isMultiDay)
  }

  @Test func allStartsAtTheFirstDayOfTheHistory() {
    var builder = ReportBuilder(
      period: ReportRange.all.period(today: date("2026-11-25"), calendar: LedgerCalendar()),
      today: date("2026-11-25"), settings: LedgerSettings())
    #expect(builder.firstDayRead == nil)
    for record in workOn([20, 24]) { builder.add(record) }
    let report = builder.report()
    #expect(report.period.first == date("2026-11-20"))
    #expect(report.days.count == 6)
    #expect(report.work == 4 * 3600)
  }
}

/// The break line says how many breaks were taken and how long they were: a skipped
/// break is in neither.
@Suite struct ReportBreakLineTests {
  @Test func aSkippedBreakCountsNeitherAsABreakNorItsTime() {
    var skipped = ledgerRecord(.shortBreak, "2026-11-25T10:00:00+01:00", "2026-11-25T10:01:00+01:00")
    skipped.outcome = .skipped
    var taken = ledgerRecord(.shortBreak, "2026-11-25T10:30:00+01:00", "2026-11-25T10:35:00+01:00")
    taken.outcome = .completed
    let report = makeReport([skipped, taken], first: "2026-11-25", last: "2026-11-25")
    #expect(report.breaks == 1)
    #expect(report.breakSeconds == 300)
    #expect(makeReport([skipped], first: "2026-11-25", last: "2026-11-25").breakSeconds == 0)
  }
}

/// A report holds the days that have records, however far apart: one record in 9999 beside
/// one in 1970 made `report all --json` grow to 2.1 GiB (a line, a value and a JSON object
/// per day between them) and abort under a 1 GiB cap.
@Suite struct ReportSparseDaysTests {
  static let settings: LedgerSettings = {
    var settings = LedgerSettings()
    settings.dailyGoal = .seconds(3600)
    return settings
  }()

  static func farApart(until last: String) -> Report {
    var builder = ReportBuilder(
      period: ReportRange.all.period(
        today: date("2026-11-25"), calendar: LedgerCalendar(), latest: date(String(last.prefix(10)))),
      today: date("2026-11-25"), settings: settings)
    builder.add(ledgerRecord(.work, "1970-01-05T09:00:00Z", "1970-01-05T10:00:00Z", project: "api"))
    builder.add(ledgerRecord(.work, last, String(last.prefix(11)) + "11:00:00Z", project: "web"))
    return builder.report()
  }

  /// (2500 rather than 9999: a debug build walks the 193,000 days between in a second.)
  @Test func aReportKeepsOnlyTheDaysWithRecords() {
    let report = Self.farApart(until: "2500-06-01T09:00:00Z")
    #expect(report.days.count == Int(date("2500-06-01").dayNumber - date("1970-01-05").dayNumber) + 1)
    #expect(report.days.recorded.count == 2)
    #expect(report.work == 3 * 3600)
    #expect(report.days.first?.projects == [0, 3600] && report.days.last?.projects == [7200, 0])
    #expect(report.days[1].work == 0 && report.days[1].projects == [0, 0] && report.days[1].target == 3600)
    #expect(report.goalDaysMet == 2)
  }

  /// The JSON and the page are written a piece at a time, never whole: no piece is much
  /// longer than the chunk asked for, and together they are the text `encode` returns.
  @Test func theJSONAndThePageOfManyDaysAreWrittenInPieces() {
    let report = Self.farApart(until: "2100-01-01T09:00:00Z")
    let html = ReportHTMLEncoder(look: ReportHTMLLook(report, palette: Palette(), projects: [:]))
    let encoders: [(String, (inout ReportOutput) -> Void, String)] = [
      ("json", { ReportJSONEncoder.encode(report, to: &$0) }, ReportJSONEncoder.encode(report)),
      ("html", { html.encode(report, to: &$0) }, html.encode(report)),
    ]
    for (name, encode, whole) in encoders {
      var pieces: [String] = []
      var output = ReportOutput(chunk: 4096) { pieces.append($0) }
      encode(&output)
      output.flush()
      #expect(pieces.count > 100, "\(name)")
      let longest = pieces.map(\.utf8.count).max() ?? 0
      #expect(longest < 4096 + 2048, "\(name): \(longest)")
      #expect(pieces.joined() == whole, "\(name)")
    }
  }
}
