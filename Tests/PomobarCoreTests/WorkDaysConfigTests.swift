import TOML
import Testing

@testable import PomobarCore

/// `[ledger]` with `body` under it, loaded.
private func ledger(_ body: String) -> ConfigLoad {
  ConfigLoader.load(Array(("[ledger]\n" + body).utf8), file: "config.toml")
}

@Suite struct WorkDaysConfigTests {
  @Test func workDaysAreMondayToFridayByDefault() {
    let settings = LedgerSettings()
    #expect(settings.workDays == [true, true, true, true, true, false, false])
    #expect(!settings.hasTargets)
  }

  @Test func workDaysTakeNamesShortNamesAndRanges() throws {
    #expect(
      try ledger("work-days = [\"mon-thu\", \"Sat\"]").get().ledger.workDays == [
        true, true, true, true, false, true, false,
      ])
    #expect(
      try ledger("work-days = \"sunday-tue\"").get().ledger.workDays == [
        true, true, false, false, false, false, true,
      ])
    #expect(
      try ledger("work-days = [\"friday\"]").get().ledger.workDays == [
        false, false, false, false, true, false, false,
      ])
  }

  @Test func aWrongDayIsNamedWithTheFormThatWorks() {
    let load = ledger("work-days = [\"mon\", \"frday\"]")
    #expect(
      load.errors.map(\.description) == [
        "config.toml:2:21: 'work-days': \"frday\" is not a day (did you mean 'friday'?); "
          + "write days like \"monday\", \"mon\" or \"mon-fri\""
      ])
    // The key keeps its default.
    #expect(load.config.ledger.workDays == LedgerSettings().workDays)
    #expect(
      ledger("work-days = []").errors.first?.message
        == "'work-days' needs at least one day, like [\"mon-fri\"]")
    #expect(
      ledger("work-days = 5").errors.first?.message
        == "'work-days' must be a list of days like [\"mon-fri\"], not an integer")
  }

  @Test func weekdayGoalsAreATableOfDays() throws {
    let inline = try ledger("daily-goal = \"8h\"\nweekday-goals = { fri = \"6h\" }").get().ledger
    #expect(inline.weekdayGoals[4] == .seconds(6 * 3600))
    #expect(inline.goal(onWeekday: 4) == Int64(6 * 3600))
    #expect(inline.goal(onWeekday: 0) == Int64(8 * 3600))
    let table = try ConfigLoader.load(
      Array("[ledger]\ndaily-goal = \"8h\"\n[ledger.weekday-goals]\nfriday = \"5h\"\n".utf8), file: "c"
    ).get()
    #expect(table.ledger.weekdayGoals[4] == .seconds(5 * 3600))
    #expect(
      ledger("weekday-goals = { fridy = \"6h\" }").errors.first?.description
        == "config.toml:2:19: 'weekday-goals': 'fridy' is not a day (did you mean 'friday'?); write days like friday = \"6h\""
    )
  }

  @Test func aGoalForADayThatIsNotAWorkDayIsAMistake() {
    let load = ledger("weekday-goals = { saturday = \"2h\" }")
    #expect(
      load.errors.map(\.description) == [
        "config.toml:2:19: 'saturday' has a goal in weekday-goals but is not one of work-days; "
          + "add it to work-days or remove its goal"
      ])
    #expect(load.config.ledger.weekdayGoals[5] == nil)
    // Written before or after work-days, the check is the same.
    #expect(ledger("weekday-goals = { saturday = \"2h\" }\nwork-days = \"mon-sat\"").errors.isEmpty)
  }

  @Test func aWeeklyGoalIsSharedAmongTheWorkDaysWithoutTheirOwn() throws {
    let settings = try ledger("weekly-goal = \"38h\"\nweekday-goals = { friday = \"6h\" }").get().ledger
    #expect(settings.goal(onWeekday: 0) == Int64(8 * 3600))
    #expect(settings.goal(onWeekday: 4) == Int64(6 * 3600))
    #expect(settings.target(on: date("2026-11-28")) == 0)  // a Saturday
    let both = ledger("daily-goal = \"8h\"\nweekly-goal = \"40h\"")
    #expect(
      both.errors.map(\.description) == [
        "config.toml:3:15: 'weekly-goal' is not used: daily-goal already gives every work day its goal; "
          + "keep one (a weekly goal is shared among the work days)"
      ])
    #expect(both.config.ledger.weeklyGoal == nil)
  }

  @Test func daysOffTakeDatesAndRanges() throws {
    let settings = try ledger("daily-goal = \"8h\"\ndays-off = [\"2026-12-24\", \"2026-12-30..2027-01-01\"]")
      .get()
      .ledger
    #expect(settings.daysOff.map(\.description) == ["2026-12-24", "2026-12-30", "2026-12-31", "2027-01-01"])
    #expect(!settings.isWorkDay(date("2026-12-24")))  // a Thursday, off
    #expect(settings.target(on: date("2026-12-24")) == 0)
    #expect(settings.target(on: date("2026-12-23")) == 8 * 3600)
    #expect(
      ledger("days-off = [\"24.12.2026\"]").errors.first?.description
        == "config.toml:2:13: 'days-off': \"24.12.2026\" is not a date; write dates like \"2026-12-24\", "
        + "or a range like \"2026-12-24..2027-01-01\"")
  }

  @Test func aDaysOffFileSkipsCommentsAndNamesEachBadLine() {
    let text = "# holidays\n2026-12-24  # Christmas Eve\n\n  2026-12-32\n2026-12-28..2026-12-29\n"
    let parsed = DaysOff.parse(Array(text.utf8), file: "days-off")
    #expect(parsed.dates.map(\.description) == ["2026-12-24", "2026-12-28", "2026-12-29"])
    #expect(
      parsed.errors.map(\.description) == [
        "days-off:4:3: \"2026-12-32\" is not a day off; write dates like \"2026-12-24\", or a range like "
          + "\"2026-12-24..2027-01-01\""
      ])
  }

  @Test func checkConfigPrintsTheSettingsBackAsTheyRead() throws {
    let config = try ledger(
      """
      work-days = "mon-thu"
      weekly-goal = "30h"
      weekday-goals = { thursday = "6h" }
      days-off = ["2026-12-24"]
      days-off-file = "holidays"
      """
    ).get()
    let printed = ConfigPrinter.toml(config)
    #expect(printed.contains("work-days = [\"monday\", \"tuesday\", \"wednesday\", \"thursday\"]\n"))
    #expect(printed.contains("weekday-goals = { thursday = \"6h\" }\n"))
    #expect(try ConfigLoader.load(Array(printed.utf8), file: "printed").get() == config)
  }
}
