import Testing

@testable import PomobarCore

/// Work of `hours` from 09:00 on each of `days` (`YYYY-MM-DD`).
private func work(_ days: [String], hours: Int = 8, project: String? = nil) -> [LedgerRecord] {
  days.map { day in
    let end = 9 + hours < 10 ? "0\(9 + hours)" : "\(9 + hours)"
    return ledgerRecord(.work, "\(day)T09:00:00+01:00", "\(day)T\(end):00:00+01:00", project: project)
  }
}

/// The weekdays (Monday to Friday) from `first` to `last`.
private func weekdays(_ first: String, _ last: String) -> [String] {
  (date(first).dayNumber...date(last).dayNumber).map(CivilTime.date(fromDays:)).filter { $0.weekday < 5 }
    .map(\.description)
}

private func goal(_ hours: Int) -> LedgerSettings {
  var settings = LedgerSettings()
  settings.dailyGoal = .seconds(hours * 3600)
  return settings
}

@Suite struct WorkDaysReportTests {
  /// The measured case: a Monday-to-Friday history met its goal on no day at all, as
  /// weekends counted and broke every streak.
  @Test func goalsAndStreaksCountOnlyWorkDays() {
    let records = work(weekdays("2026-11-02", "2026-11-27"))
    // Seen on Sunday the 29th: four weeks of work days, every one met.
    let report = makeReport(
      records, first: "2026-11-02", last: "2026-11-29", today: "2026-11-29", settings: goal(8))
    #expect(report.goalDaysMet == 20)
    #expect(report.goalDays == 20)
    #expect(report.streak == Report.Streak(current: 20, longest: 20))
    let text = ReportTextEncoder().encode(report)
    #expect(text.contains("daily goal 8:00: met on 20 of 20 work days"))
  }

  @Test func aWorkDayMissedBreaksTheStreakAndAWeekendWithWorkAddsToIt() {
    // Mon 23 and Tue 24 met, Sat 21 worked too; Fri 20 missed (1 hour).
    let records = work(["2026-11-21", "2026-11-23", "2026-11-24"]) + work(["2026-11-20"], hours: 1)
    let report = makeReport(records, first: "2026-11-20", last: "2026-11-25", settings: goal(8))
    #expect(report.streak.current == 3)
    #expect(report.goalDays == 4)  // Fri, Mon, Tue, Wed (today); Sat and Sun are not work days
    #expect(report.goalDaysMet == 2)
  }

  @Test func aDayOffNeitherMeetsNorBreaksAStreak() {
    var settings = goal(8)
    settings.daysOff = [date("2026-11-24")]
    let records = work(["2026-11-20", "2026-11-23", "2026-11-25"])
    let report = makeReport(
      records, first: "2026-11-23", last: "2026-11-25", today: "2026-11-25", settings: settings)
    #expect(report.streak.current == 3)
    #expect(report.goalDays == 2)
    #expect(report.days.map(\.target) == [8 * 3600, 0, 8 * 3600])
  }

  @Test func withoutAGoalAStreakSkipsWeekendsWithoutAFocus() {
    let focus = { (day: String) in
      ledgerRecord(.focus, "\(day)T09:00:00+01:00", "\(day)T09:25:00+01:00", outcome: .completed)
    }
    let records = ["2026-11-19", "2026-11-20", "2026-11-23", "2026-11-24"].map(focus)
    let report = makeReport(records, first: "2026-11-19", last: "2026-11-25")
    #expect(report.streak == Report.Streak(current: 4, longest: 4))
    #expect(report.balance == nil)
  }

  @Test func theBalanceIsWorkAgainstThePastDaysTargetsAndWhatTodayHasMet() {
    // Mon 8h, Tue 9h, Wed (today) 2h so far: due 16h + 2h.
    let records = work(["2026-11-23"]) + work(["2026-11-24"], hours: 9) + work(["2026-11-25"], hours: 2)
    let report = makeReport(records, first: "2026-11-23", last: "2026-11-29", settings: goal(8))
    #expect(report.balance == Report.Balance(worked: 19 * 3600, due: 18 * 3600, workDays: 3))
    #expect(
      ReportTextEncoder().encode(report).contains("Balance         +1:00   19:00 of 18:00 due on 3 work days")
    )
    // Seen the next day, Wednesday's shortfall is due.
    let later = makeReport(
      records, first: "2026-11-23", last: "2026-11-29", today: "2026-11-26", settings: goal(8))
    #expect(later.balance?.seconds == -5 * 3600)
    #expect(
      ReportJSONEncoder.encode(later).contains(
        "\"balance\":{\"seconds\":-18000,\"worked\":68400,\"due\":86400,\"work_days\":4}"))
    // One project's report has no balance: goals are for all the work.
    #expect(
      makeReport(records, first: "2026-11-23", last: "2026-11-29", settings: goal(8), project: "api").balance
        == nil)
  }

  @Test func aWeekendsWorkIsAheadOfTheBalance() {
    let report = makeReport(
      work(["2026-11-21"], hours: 3), first: "2026-11-21", last: "2026-11-22", today: "2026-11-23",
      settings: goal(8))
    #expect(report.balance == Report.Balance(worked: 3 * 3600, due: 0, workDays: 0))
    let day = makeReport([], first: "2026-11-21", last: "2026-11-21", today: "2026-11-23", settings: goal(8))
    #expect(ReportTextEncoder().encode(day).contains("Work             0:00   not a work day"))
  }
}
