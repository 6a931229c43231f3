import Testing

@testable import PomobarCore

@Suite struct DurationFormatTests {
  @Test(arguments: [
    ("25m", 1500), ("1h30m", 5400), ("90s", 90), ("1h 5m 3s", 3903), ("25", 1500), ("0s", 0),
    ("168h", 604_800),
    // The spellings people type (issue 25): unit words, spaces, a last number without its
    // unit (the next smaller one), decimals that make whole seconds, any case.
    ("5min", 300), ("5 min", 300), ("5mins", 300), ("90 min", 5400), ("5 minutes", 300), ("1 minute", 60),
    ("1h30", 5400), ("1h 30", 5400), ("1h30m", 5400), ("1h 30m", 5400), ("1 h 30 min", 5400),
    ("2m30", 150), ("1.5h", 5400), ("0.5 hours", 1800), ("1.5", 90), ("2 hours", 7200), ("1hr", 3600),
    ("2 hrs 15 mins", 8100), ("45 sec", 45), ("10 seconds", 10), ("25M", 1500), ("1H30M", 5400),
    (" 25m ", 1500), ("\t5m", 300),
  ])
  func parsesWhatPeopleWrite(_ text: String, _ seconds: Int64) {
    #expect(DurationFormat.parse(text) == .seconds(seconds))
  }

  @Test(arguments: [
    "", " ", "m", "5x", "-5m", "5m1h", "5m5m", "169h", "99999999999999999999s", "0.3s", "1:30", "1,5h",
    "1 30",
    "90s30", "1.h", ".5h", "1..5h", "5 mns", "soon", "m5", "1h30m15s5", "5 minuten", "1.0000000001h", "5m−",
  ])
  func rejectsEverythingElse(_ text: String) {
    #expect(DurationFormat.parse(text) == nil)
  }

  @Test func aWellFormedDurationPastAWeekReadsAsTooLongNotUnreadable() {
    #expect(DurationFormat.read("168h") == .duration(.seconds(604_800)))
    #expect(DurationFormat.read("169h") == .tooLong)
    #expect(DurationFormat.read("99999999999999999999s") == .tooLong)
    #expect(DurationFormat.read("5 minutes") == .duration(.seconds(300)))
    guard case .unreadable(let refusal) = DurationFormat.read("-5m") else {
      Issue.record("-5m read")
      return
    }
    #expect(refusal == DurationFormat.Refusal(offset: 0, reason: "a duration is not negative", fix: nil))
  }

  @Test(
    "What stays refused says where, what, and the text that works where one can be told",
    arguments: [
      ("5m1h", 2, "units go from hours to seconds, each once", "1h5m"),
      ("5m 5m", 3, "units go from hours to seconds, each once", "10m"),
      ("1:30", 1, "a clock time is not a duration", "1h30m (or 1m30s)"),
      ("1,5h", 1, "the decimal point is '.'", "1.5h"),
      ("25 mns", 3, "'mns' is not a unit", "25 mins"),
      ("2 hourz", 2, "'hourz' is not a unit", "2 hour"),
      ("0.3s", 0, "it is not a whole number of seconds", nil),
      ("1 30", 2, "each number needs its unit", nil),
      ("90s30", 3, "the number after the seconds has no unit", nil),
      ("m5", 0, "the number comes first", nil),
      ("5%", 1, "'%' cannot be in a duration", nil),
      ("", 0, "it is empty", nil),
    ] as [(String, Int, String, String?)])
  func refusalsNameTheFix(text: String, offset: Int, reason: String, fix: String?) {
    guard case .unreadable(let refusal) = DurationFormat.read(text) else {
      Issue.record("'\(text)' read as \(DurationFormat.read(text))")
      return
    }
    #expect(refusal.offset == offset, "\(text)")
    #expect(refusal.reason == reason, "\(text)")
    #expect(refusal.fix == fix, "\(text)")
    if let fix {
      // The fix is a duration (`1h30m (or 1m30s)`: each of its two).
      for part in fix.split(separator: " (or ") {
        #expect(DurationFormat.parse(String(part.filter { $0 != ")" })) != nil, "\(text): \(fix)")
      }
    }
  }

  @Test("Random texts never crash, refusals point inside the text, and what reads formats back")
  func fuzz() {
    var random = SeededRandom(seed: 0x4455_5241)
    let pieces = [
      "1", "5", "30", "90", "0", "1.5", ".", ",", ":", "-", "h", "m", "s", "min", "mins", "hour", "hours",
      "sec",
      "x", "mn", " ", "\t", "é", "日", "\u{0}", "99999999999999999999", "1.0000000001", "H", "Min", "+",
    ]
    var accepted = 0
    for _ in 0..<20_000 {
      let count = Int(random.next() % 6)
      let text = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      switch DurationFormat.read(text) {
      case .duration(let value):
        accepted += 1
        #expect(value >= .zero && value <= DurationFormat.maximum, "\(text)")
        #expect(DurationFormat.parse(DurationFormat.format(value)) == value, "\(text)")
      case .tooLong:
        break
      case .unreadable(let refusal):
        #expect((0...text.unicodeScalars.count).contains(refusal.offset), "\(text): \(refusal)")
        if let fix = refusal.fix, !fix.contains(" (or ") {
          #expect(DurationFormat.parse(fix) != nil, "\(text): \(fix)")
        }
      }
    }
    #expect(accepted > 500, "the fuzz reached the accepting paths only \(accepted) times")
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
    #expect(DurationFormat.clock(seconds: 36_000) == "10:00:00")
    #expect(DurationFormat.clock(seconds: 360_005) == "100:00:05")
    #expect(DurationFormat.hoursMinutes(133) == "2:13")
  }

  /// A negative time is the positive one with a minus, rounded alike: not `-1:0-29`, what
  /// the remainder of a negative count used to write.
  @Test func negativeHoursAreTheClockWithAMinus() {
    #expect(DurationFormat.hoursMinutes(-89) == "-1:29")
    #expect(DurationFormat.hoursMinutes(-5) == "-0:05")
    #expect(ReportFormat.hours(-5370, decimal: false) == "-1:30")
    #expect(ReportFormat.hours(5370, decimal: false) == "1:30")
    #expect(ReportFormat.hours(-5400, decimal: true) == "-1.50")
    #expect(ReportFormat.hours(-36, decimal: true) == "-0.01")
  }

  /// The digits written straight into a string read as interpolation writes them, for
  /// every lead up to three digits, every minute and second, padded or not.
  @Test func everyClockIsWrittenAsInterpolationWritesIt() {
    func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    for lead in Int64(0)...130 {
      for padLead in [false, true] {
        let head = padLead ? pad(lead) : "\(lead)"
        for middle in Int64(0)..<60 {
          #expect(DurationFormat.colons(lead, middle, nil, padLead: padLead) == head + ":" + pad(middle))
          for last: Int64 in [0, 7, 10, 59] {
            #expect(
              DurationFormat.colons(lead, middle, last, padLead: padLead) == head + ":" + pad(middle) + ":"
                + pad(last))
          }
        }
      }
    }
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
