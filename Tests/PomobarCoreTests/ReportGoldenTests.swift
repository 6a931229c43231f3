import Testing

@testable import PomobarCore

/// A week of work on three projects, with goals, seen on its Friday; and a year of focus.
enum ReportFixtures {
  static var settings: LedgerSettings {
    var settings = LedgerSettings()
    settings.dailyGoal = .seconds(4 * 3600)
    return settings
  }

  static var projects: [String: ProjectSettings] {
    var api = ProjectSettings()
    api.color = "#E54D2E"
    api.goal = .seconds(2 * 3600)
    var docs = ProjectSettings()
    docs.color = "#46A758"
    docs.weeklyGoal = .seconds(8 * 3600)
    return ["api": api, "docs": docs]
  }

  static var weekRecords: [LedgerRecord] {
    var records: [LedgerRecord] = []
    let plan: [(day: Int, api: Int, docs: Int, none: Int)] = [
      (23, 180, 60, 30), (24, 90, 120, 0), (25, 240, 45, 15), (26, 30, 0, 0), (27, 100, 100, 20),
    ]
    for (day, api, docs, none) in plan {
      var minute = 8 * 60
      for (project, minutes) in [("api", api), ("docs", docs), ("", none)] where minutes > 0 {
        let start = WallTime(
          utc: date("2026-11-\(day)").dayNumber * 86_400 + Int64(minute * 60 - 3600), offset: 3600)
        let end = WallTime(utc: start.utc + Int64(minutes * 60), offset: 3600)
        records.append(
          LedgerRecord(
            id: "w\(day)\(project)", kind: .work, start: start, end: end, seconds: Int64(minutes * 60),
            project: project.isEmpty ? nil : project))
        minute += minutes
      }
      for session in 0..<(api / 30) {
        let start = WallTime(
          utc: date("2026-11-\(day)").dayNumber * 86_400 + Int64(8 * 3600 + session * 1800 - 3600),
          offset: 3600)
        var focus = LedgerRecord(
          id: "f\(day).\(session)", kind: .focus, start: start,
          end: WallTime(utc: start.utc + 1500, offset: 3600),
          seconds: 1500, project: "api", outcome: session == 2 ? .skipped : .completed)
        if session == 1 { focus.externalInterruptions = 1 }
        records.append(focus)
      }
    }
    return records
  }

  static var week: Report {
    var builder = ReportBuilder(
      period: ReportRange.week.period(today: date("2026-11-27"), calendar: LedgerCalendar()),
      today: date("2026-11-27"), settings: settings, projects: projects)
    for record in weekRecords { builder.add(record) }
    return builder.report()
  }

  /// Focus on some days of 2026, more on some than on others.
  static var year: Report {
    var builder = ReportBuilder(
      period: ReportPeriod(name: "days", first: date("2026-01-01"), last: date("2026-12-31")),
      today: date("2026-11-27"), settings: LedgerSettings())
    var day = date("2026-01-01").dayNumber
    var serial = 0
    while day <= date("2026-11-27").dayNumber {
      let sessions = Int((day * 7) % 11)
      for session in 0..<(day % 3 == 0 ? 0 : sessions) {
        let start = WallTime(utc: day * 86_400 + Int64(8 * 3600 + session * 1800), offset: 0)
        builder.add(
          LedgerRecord(
            id: "y\(serial)", kind: .focus, start: start, end: WallTime(utc: start.utc + 1500, offset: 0),
            seconds: 1500, outcome: .completed))
        serial += 1
      }
      day += 1
    }
    return builder.report()
  }
}

@Suite struct ReportGoldenTests {
  @Test func theTextReportOfAWeek() throws {
    try expectGolden(ReportTextEncoder().encode(ReportFixtures.week), "reports/week.txt")
  }

  @Test func theTextReportInDecimalHours() throws {
    try expectGolden(ReportTextEncoder(decimal: true).encode(ReportFixtures.week), "reports/week-decimal.txt")
  }

  @Test func theJSONReportOfAWeek() throws {
    try expectGolden(ReportJSONEncoder.encode(ReportFixtures.week), "reports/week.json")
  }

  @Test func theChartWithoutColourUsesAFillPerProject() throws {
    try expectGolden(ReportChartEncoder(color: false).encode(ReportFixtures.week), "reports/week-chart.txt")
  }

  @Test func theChartInColourPaintsEachProjectInItsColour() {
    let chart = ReportChartEncoder(color: true).encode(ReportFixtures.week)
    #expect(chart.contains("\u{1B}[38;2;229;77;46m█"))  // api, #E54D2E
    #expect(chart.contains("\u{1B}[38;2;70;167;88m█"))  // docs, #46A758
    #expect(!chart.contains("▓"))
  }

  @Test func theCalendarOfAYearWithoutColour() throws {
    try expectGolden(
      ReportCalendarEncoder(color: false).encode(ReportFixtures.year, year: 2026), "reports/calendar-2026.txt"
    )
  }

  @Test func theCalendarLevelsAreFixedHours() {
    #expect(ReportCalendarEncoder.level(0) == 0)
    #expect(ReportCalendarEncoder.level(1500) == 1)
    #expect(ReportCalendarEncoder.level(3600) == 2)
    #expect(ReportCalendarEncoder.level(3 * 3600) == 3)
    #expect(ReportCalendarEncoder.level(9 * 3600) == 4)
  }

  @Test func theWeekAddsUp() {
    let week = ReportFixtures.week
    #expect(week.projects.map(\.percent).reduce(0, +) == 100)
    #expect(week.days.map(\.work).reduce(0, +) == week.work)
  }
}
