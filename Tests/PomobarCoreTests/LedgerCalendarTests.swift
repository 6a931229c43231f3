import Testing

@testable import PomobarCore

/// A record from ISO 8601 times; `seconds` defaults to the whole interval.
func ledgerRecord(
  _ kind: LedgerRecord.Kind, _ start: String, _ end: String, seconds: Int64? = nil, project: String? = nil,
  outcome: LedgerRecord.Outcome? = nil, id: String = "r"
) -> LedgerRecord {
  let from = WallTime(iso8601: start)!
  let to = WallTime(iso8601: end)!
  return LedgerRecord(
    id: id, kind: kind, start: from, end: to, seconds: seconds ?? (to.utc - from.utc), project: project,
    outcome: outcome ?? (kind == .work ? nil : .completed))
}

func date(_ text: String) -> CivilTime.Date { CivilTime.Date(text)! }

/// The days an interval is split into, as `YYYY-MM-DD: seconds`.
func pieces(_ calendar: LedgerCalendar, _ start: String, _ end: String) -> [String] {
  var out: [String] = []
  calendar.split(from: WallTime(iso8601: start)!, to: WallTime(iso8601: end)!) { day, seconds in
    out.append("\(CivilTime.date(fromDays: day)): \(seconds)")
  }
  return out
}

@Suite struct LedgerCalendarTests {
  @Test func anIntervalAcrossMidnightIsSplitAtIt() {
    #expect(
      pieces(LedgerCalendar(), "2026-11-23T23:00:00+01:00", "2026-11-24T01:30:00+01:00")
        == ["2026-11-23: 3600", "2026-11-24: 5400"])
  }

  @Test func workAfterMidnightCountsInTheDayBeforeUntilTheDayStarts() {
    let owl = LedgerCalendar(dayStart: 4 * 3600)
    #expect(owl.day(of: WallTime(iso8601: "2026-11-24T02:00:00+01:00")!) == date("2026-11-23"))
    #expect(owl.day(of: WallTime(iso8601: "2026-11-24T04:00:00+01:00")!) == date("2026-11-24"))
    #expect(
      pieces(owl, "2026-11-24T03:00:00+01:00", "2026-11-24T05:00:00+01:00")
        == ["2026-11-23: 3600", "2026-11-24: 3600"])
  }

  @Test func aWholeSpringForwardDayIs23HoursInThatDay() {
    // Europe/Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST.
    #expect(
      pieces(LedgerCalendar(), "2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00")
        == ["2026-03-29: 82800"])
  }

  @Test func aWholeFallBackDayIs25HoursInThatDayAndNoneInTheNext() {
    // Europe/Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET.
    #expect(
      pieces(LedgerCalendar(), "2026-10-25T00:00:00+02:00", "2026-10-26T00:00:00+01:00")
        == ["2026-10-25: 90000"])
  }

  @Test func aNightAcrossTheFallBackChangeSplitsAtItsOwnMidnight() {
    // 22:00 CEST to 05:00 CET is 8 hours: 2 before midnight, 6 after.
    #expect(
      pieces(LedgerCalendar(), "2026-10-24T22:00:00+02:00", "2026-10-25T05:00:00+01:00")
        == ["2026-10-24: 7200", "2026-10-25: 21600"])
  }

  @Test func theDayStartMovesWithTheClockOnADaylightSavingDay() {
    let owl = LedgerCalendar(dayStart: 4 * 3600)
    // 04:00 to 04:00 across the spring change: one 23-hour day.
    #expect(pieces(owl, "2026-03-29T04:00:00+02:00", "2026-03-30T04:00:00+02:00") == ["2026-03-29: 86400"])
    #expect(pieces(owl, "2026-03-28T04:00:00+01:00", "2026-03-29T04:00:00+02:00") == ["2026-03-28: 82800"])
  }

  @Test func workInEachTimeZoneStaysOnItsOwnLocalDay() {
    let calendar = LedgerCalendar()
    // 23:30 in Berlin is 2026-11-23 there, though it is 2026-11-23T22:30Z.
    #expect(calendar.day(of: WallTime(iso8601: "2026-11-23T23:30:00+01:00")!) == date("2026-11-23"))
    // 20:00 in New York is 2026-11-24T01:00Z, still the 23rd there.
    #expect(calendar.day(of: WallTime(iso8601: "2026-11-23T20:00:00-05:00")!) == date("2026-11-23"))
  }

  @Test func everySecondOfAMovingIntervalLandsInOneDay() {
    // A flight west: 20:00 in Berlin to 20:00 in New York, six hours.
    let split = pieces(LedgerCalendar(), "2026-11-10T20:00:00+01:00", "2026-11-10T20:00:00-05:00")
    #expect(split == ["2026-11-10: 21600"])
  }

  @Test func weeksStartOnTheConfiguredDay() {
    #expect(LedgerCalendar().firstDayOfWeek(date("2026-11-26")) == date("2026-11-23"))
    #expect(LedgerCalendar(weekStart: 6).firstDayOfWeek(date("2026-11-26")) == date("2026-11-22"))
    #expect(LedgerCalendar(weekStart: 6).firstDayOfWeek(date("2026-11-22")) == date("2026-11-22"))
  }
}

@Suite struct ReportRangeTests {
  let today = date("2026-11-25")  // a Wednesday

  func period(_ range: ReportRange, weekStart: Int = 0) -> String {
    let period = range.period(today: today, calendar: LedgerCalendar(weekStart: weekStart))
    return "\(period.first.map(\.description) ?? "-") \(period.last)"
  }

  @Test func eachRangeWordCoversItsDays() {
    #expect(period(.today) == "2026-11-25 2026-11-25")
    #expect(period(.yesterday) == "2026-11-24 2026-11-24")
    #expect(period(.week) == "2026-11-23 2026-11-29")
    #expect(period(.week, weekStart: 6) == "2026-11-22 2026-11-28")
    #expect(period(.lastWeek) == "2026-11-16 2026-11-22")
    #expect(period(.month) == "2026-11-01 2026-11-30")
    #expect(period(.lastMonth) == "2026-10-01 2026-10-31")
    #expect(period(.year) == "2026-01-01 2026-12-31")
    #expect(period(.all) == "- 2026-11-25")
    #expect(
      ReportRange.lastMonth.period(today: date("2026-01-10"), calendar: LedgerCalendar()).first
        == date("2025-12-01"))
  }

  @Test func fromAndToTakeDatesAndWords() throws {
    #expect(try ReportRange.between("2026-11-01", "today", today: today) == .days(date("2026-11-01"), today))
    #expect(try ReportRange.between("yesterday", "today", today: today) == .days(date("2026-11-24"), today))
  }

  @Test func aBadDateSaysWhatIsWrongAndTheAcceptedForms() {
    #expect(throws: ReportRangeError.self) { try ReportRange.between("2026-02-30", "today", today: today) }
    do {
      _ = try ReportRange.between("soon", "today", today: today)
    } catch {
      #expect(error.message.contains("--from: cannot read 'soon'"))
      #expect(error.message.contains("2026-11-23, or today or yesterday"))
    }
    #expect(throws: ReportRangeError.self) { try ReportRange.between("today", "yesterday", today: today) }
  }

  @Test func rangeWordsReadBack() {
    for name in ReportRange.names { #expect(ReportRange(name: name) != nil) }
    #expect(ReportRange(name: "fortnight") == nil)
  }
}
