import Testing

@testable import PomobarCore

/// `pomobar watch`'s lines: the documented keys in order, and a line only when something
/// but time changed.
@Suite struct WatchEncoderTests {
  /// A running focus as a view made at `at` seconds (wall clock = timer clock here), with
  /// its deadline at 1500 s.
  static func running(at seconds: Int64, paused: Bool = false) -> ViewModel {
    var view = EncoderFixtures.focusRunning
    view.remainingSeconds = 1500 - seconds
    view.paused = paused
    view.deadline = paused ? nil : .seconds(1500)
    view.madeAt = WallStamp(wall: seconds * 1_000_000_000, instant: .seconds(seconds))
    return view
  }

  @Test func theFirstLineIsTheWholeObjectInTheDocumentedOrder() {
    var encoder = WatchEncoder()
    #expect(
      encoder.frame(Self.running(at: 47))
        == ##"{"v":1,"at":47000,"phase":"focus","paused":false,"urgent":false,"remaining":1453,"total":1500,"##
        + ##""deadline":1500000,"cycle":{"slot":2,"of":4},"color":"#E54D2E","classes":["focus"],"work":null,"##
        + ##""project":null,"tags":[],"note":null,"problem":null,"elapsed":null,"started":null,"overdue":false,"away":null}"## + "\n")
    #expect(encoder.countsDownItself && encoder.header() == "")
  }

  /// Break care's reminder and a time away waiting for an answer are lines of their own:
  /// a widget shows them without asking `status`.
  @Test func overdueAndAWaitingAwayAreInTheLine() throws {
    var encoder = WatchEncoder()
    _ = encoder.frame(Self.running(at: 47))
    var view = Self.running(at: 48)
    view.overdue = true
    view.away = AwayView(seconds: 1380, project: "api", from: "10:00", to: "10:23", answerBy: nil, unanswered: .discard)
    let line = try JSON.parse(encoder.frame(view))
    #expect(line["overdue"] == true)
    #expect(line["away"] == ["seconds": 1380, "project": "api", "unanswered": "discard"])
    // Nothing else changes while it waits: no second line.
    view.madeAt = WallStamp(wall: 49_000_000_000, instant: .seconds(49))
    view.remainingSeconds = 1451
    #expect(encoder.frame(view) == "")
  }

  /// The timer's timeline is `CLOCK_BOOTTIME`; a widget compares with the wall clock.
  @Test func instantsAreWrittenAsTheWallClockReadsThem() throws {
    var encoder = WatchEncoder()
    var view = Self.running(at: 47)
    view.madeAt = WallStamp(wall: 1_764_000_000_123_456_789, instant: .seconds(47))
    let line = try JSON.parse(encoder.frame(view))
    #expect(line["at"] == .integer(1_764_000_000_123))
    #expect(line["deadline"] == .integer(1_764_000_000_123 + 1_453_000))
    // Read again a moment later, the wall clock a nanosecond off: the same line, not written.
    view.madeAt = WallStamp(wall: 1_764_000_000_623_456_790, instant: Instant(nanoseconds: 47_500_000_000))
    #expect(encoder.frame(view) == "")
  }

  @Test func aRunningPhaseWritesNothingMoreWhileOnlyTimePasses() {
    var encoder = WatchEncoder()
    #expect(!encoder.frame(Self.running(at: 47)).isEmpty)
    #expect(encoder.frame(Self.running(at: 48)) == "")
    #expect(encoder.frame(Self.running(at: 1000)) == "")
    // Pausing is news, and so is a paused phase's remaining time changing (no deadline
    // to count from).
    #expect(encoder.frame(Self.running(at: 1000, paused: true)).contains(#""paused":true"#))
    #expect(encoder.frame(Self.running(at: 1001, paused: true)).contains(#""remaining":499"#))
    #expect(encoder.frame(Self.running(at: 1001, paused: true)) == "")
  }

  @Test func theLastMinuteAndAMovedDeadlineAreNews() {
    var encoder = WatchEncoder()
    _ = encoder.frame(Self.running(at: 47))
    var extended = Self.running(at: 50)
    extended.deadline = .seconds(1560)
    #expect(encoder.frame(extended).contains(#""deadline":1560000"#))
    var ending = Self.running(at: 1441)
    ending.deadline = .seconds(1560)
    ending.remainingSeconds = 59
    #expect(encoder.frame(ending).contains(#""classes":["focus","ending"]"#))
  }

  /// A Flowtime focus `seconds` in, started at 100 s (wall clock = timer clock here): the
  /// view as `ViewModel+Clock` makes it, with no deadline (the one-day cap is no end).
  static func countingUp(at seconds: Int64, paused: Bool = false) -> ViewModel {
    var view = EncoderFixtures.flowtime
    view.elapsedSeconds = seconds - 100
    view.paused = paused
    view.countsFrom = paused ? nil : .seconds(100)
    view.madeAt = WallStamp(wall: seconds * 1_000_000_000, instant: .seconds(seconds))
    return view
  }

  @Test func aFocusThatCountsUpSaysWhenItStartedAndNoDeadline() {
    var encoder = WatchEncoder()
    #expect(
      encoder.frame(Self.countingUp(at: 854))
        == ##"{"v":1,"at":854000,"phase":"focus","paused":false,"urgent":false,"remaining":0,"total":0,"##
        + ##""deadline":null,"cycle":{"slot":2,"of":4},"color":"#E54D2E","##
        + ##""classes":["focus","flowtime","counting-up"],"work":null,"project":null,"tags":[],"note":null,"##
        + ##""problem":null,"elapsed":754,"started":100000,"overdue":false,"away":null}"## + "\n")
  }

  @Test func aFocusThatCountsUpWritesNothingMoreWhileOnlyTimePasses() throws {
    var encoder = WatchEncoder()
    #expect(!encoder.frame(Self.countingUp(at: 854)).isEmpty)
    #expect(encoder.frame(Self.countingUp(at: 855)) == "")
    #expect(encoder.frame(Self.countingUp(at: 80_000)) == "")
    // Paused, the count stops: its time so far is the news, and no instant to count from.
    let paused = try JSON.parse(encoder.frame(Self.countingUp(at: 900, paused: true)))
    #expect(paused["paused"] == true && paused["elapsed"] == 800 && paused["started"] == .null)
    #expect(encoder.frame(Self.countingUp(at: 900, paused: true)) == "")
    // Resumed 60 s later: counting from a minute later than before.
    var resumed = Self.countingUp(at: 960)
    (resumed.elapsedSeconds, resumed.countsFrom) = (800, .seconds(160))
    let line = try JSON.parse(encoder.frame(resumed))
    #expect(line["started"] == 160_000 && line["elapsed"] == 800 && line["deadline"] == .null)
  }

  @Test func aRunningWorkClockCountsByItselfAndItsProjectChangeIsNews() {
    var encoder = WatchEncoder()
    var view = EncoderFixtures.idle
    var work = WorkView(project: "api", color: "#3E63DD", seconds: 600, total: 900)
    work.tags = ["billable"]
    view.work = work
    view.project = "api"
    view.workSince = Instant(nanoseconds: 1_000_000)
    view.workDayStart = .seconds(0)
    view.madeAt = WallStamp(wall: 600_000_000_000, instant: .seconds(600))
    #expect(
      encoder.frame(view).contains(
        ##""work":{"running":true,"since":1,"day_start":0,"project":"api","color":"#3E63DD","today":600,"total":900,"##
          + ##""tags":["billable"]},"project":"api","tags":["billable"]"##))
    view.work?.seconds = 660
    view.work?.total = 960
    view.madeAt = WallStamp(wall: 660_000_000_000, instant: .seconds(660))
    #expect(encoder.frame(view) == "")
    // The ledger's next day: today's totals start again, which the reader cannot tell.
    view.workDayStart = .seconds(86_400)
    view.work?.seconds = 5
    #expect(
      encoder.frame(view).contains(##""day_start":86400000,"project":"api","color":"#3E63DD","today":5,"##))
    view.work?.project = "web"
    #expect(encoder.frame(view).contains(#""project":"web""#))
  }

  @Test func aProblemIsApartFromTheNote() throws {
    var encoder = WatchEncoder()
    var view = EncoderFixtures.paused
    let line = try JSON.parse(encoder.frame(view))
    #expect(line["note"] == "paused: suspended 42 min" && line["problem"] == .null)
    view.problem = "config.toml:3: unknown key 'wrok'"
    view.note = view.problem
    let broken = try JSON.parse(encoder.frame(view))
    #expect(broken["note"] == .null && broken["problem"] == "config.toml:3: unknown key 'wrok'")
  }

  @Test func viewsMadeAtDifferentMomentsStillCompareEqual() {
    var earlier = EncoderFixtures.idle
    var later = EncoderFixtures.idle
    earlier.madeAt = WallStamp(wall: 1, instant: .seconds(1))
    later.madeAt = WallStamp(wall: 2, instant: .seconds(2))
    #expect(earlier == later, "a bar writes a frame only when what it shows changed")
  }
}
