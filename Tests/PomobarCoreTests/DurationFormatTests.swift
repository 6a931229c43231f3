import Testing

@testable import PomobarCore

@Suite struct DurationFormatTests {
  @Test(arguments: [
    ("25m", 1500), ("1h30m", 5400), ("90s", 90), ("1h 5m 3s", 3903), ("25", 1500), ("0s", 0),
    ("168h", 604_800),
  ])
  func parsesWhatPeopleWrite(_ text: String, _ seconds: Int64) {
    #expect(DurationFormat.parse(text) == .seconds(seconds))
  }

  @Test(arguments: ["", "m", "5x", "1h30", "-5m", "5m1h", "5m5m", "169h", "99999999999999999999s", "1.5m"])
  func rejectsEverythingElse(_ text: String) {
    #expect(DurationFormat.parse(text) == nil)
  }

  @Test func aWellFormedDurationPastAWeekReadsAsTooLongNotUnreadable() {
    #expect(DurationFormat.read("168h") == .duration(.seconds(604_800)))
    #expect(DurationFormat.read("169h") == .tooLong)
    #expect(DurationFormat.read("99999999999999999999s") == .tooLong)
    #expect(DurationFormat.read("5 minutes") == .unreadable)
    #expect(DurationFormat.read("-5m") == .unreadable)
  }

  @Test func formatsCompactlyAndParsesBack() {
    for seconds: Int64 in [0, 1, 59, 60, 90, 1500, 3600, 5403] {
      let text = DurationFormat.format(.seconds(seconds))
      #expect(DurationFormat.parse(text) == .seconds(seconds), "\(text)")
    }
    #expect(DurationFormat.format(.seconds(5400)) == "1h30m")
  }

  @Test func clockShowsMinutesAndSecondsThenHours() {
    #expect(DurationFormat.clock(seconds: 0) == "00:00")
    #expect(DurationFormat.clock(seconds: 1499) == "24:59")
    #expect(DurationFormat.clock(seconds: 3600) == "1:00:00")
    #expect(DurationFormat.clock(seconds: -5) == "00:00")
  }

  @Test func countdownRoundsUpSoTheLastSecondShowsOne() {
    #expect(Duration.nanoseconds(1).ceilSeconds == 1)
    #expect(Duration.seconds(2).ceilSeconds == 2)
    #expect(Duration.nanoseconds(2_000_000_001).ceilSeconds == 3)
    #expect(Duration.nanoseconds(-1).ceilSeconds == 0)
  }

  @Test func humanSpansReadNaturally() {
    #expect(DurationFormat.human(.seconds(42)) == "42 s")
    #expect(DurationFormat.human(.seconds(42 * 60)) == "42 min")
    #expect(DurationFormat.human(.seconds(3900)) == "1 h 5 min")
    #expect(DurationFormat.human(.seconds(7200)) == "2 h")
  }
}
