import PomobarCore
import Testing

/// The rules of correcting records by hand: a new span, a split, a join, and the one
/// timeline each keeps.
@Suite("Corrections")
struct CorrectionTests {
  /// 2026-11-23 00:00 UTC; the records are in UTC+1.
  static let day: Int64 = CivilTime.Date(year: 2026, month: 11, day: 23).dayNumber * 86_400
  static func at(_ hour: Double) -> WallTime { WallTime(utc: day + Int64(hour * 3600) - 3600, offset: 3600) }

  static func work(
    _ id: String, _ from: Double, _ to: Double, _ project: String? = "api", seconds: Int64? = nil,
    gap: Int64 = 0,
    note: String? = nil
  ) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: at(from), end: at(to), seconds: seconds ?? Int64((to - from) * 3600),
      project: project, gap: gap, note: note)
  }

  static let now = at(20)

  /// What `body` was refused with; nil when it was not.
  static func refusal(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let refusal as Correction.Refusal {
      return refusal.text
    } catch {
      return "\(error)"
    }
  }

  @Test func aNewSpanKeepsWhatDidNotCount() {
    // 9:00-11:00 that counted 1:30 (30 min paused): from 8:30 it counts 2:00.
    let record = Self.work("a", 9, 11, seconds: 5400, gap: 600)
    let longer = Correction.respanned(record, start: Self.at(8.5), end: Self.at(11))
    #expect(longer.seconds == 7200 && longer.gap == 600 && longer.start == Self.at(8.5))
    // Cut to 9:00-9:20, it cannot count more than its span nor less than nothing.
    let shorter = Correction.respanned(record, start: Self.at(9), end: Self.at(9 + 1.0 / 3))
    #expect(shorter.seconds == 0 && shorter.gap == 600)
    let tiny = Correction.respanned(record, start: Self.at(9), end: Self.at(9.1))
    #expect(tiny.seconds == 0 && tiny.gap == 360)
  }

  @Test func aCorrectionThatBreaksTheTimelineIsRefusedNamingTheRecordInTheWay() {
    let other = Self.work("m.e.2", 10, 11)
    let moved = Self.work("m.e.1", 9, 10.5)
    let text = Self.refusal { try Correction.check(moved, among: [other], now: Self.now) }
    #expect(text == "it would overlap \(other.shortID.prefix(7)) (api, 10:00–11:00)")
    // Touching is not overlapping; a focus inside work time is on another timeline.
    #expect(
      Self.refusal { try Correction.check(Self.work("m.e.1", 9, 10), among: [other], now: Self.now) } == nil)
    var focus = other
    focus.kind = .focus
    #expect(Self.refusal { try Correction.check(moved, among: [focus], now: Self.now) } == nil)
    // Another day's record is named with its day.
    var yesterday = other
    yesterday.start = WallTime(utc: other.start.utc - 86_400, offset: 3600)
    #expect(Correction.described(yesterday, beside: moved).contains("2026-11-22 10:00–11:00"))
  }

  @Test func anEndBeforeTheStartOrInTheFutureIsRefused() {
    let backwards = Self.refusal { try Correction.check(Self.work("a", 11, 10), among: [], now: Self.now) }
    #expect(backwards == "it would end (10:00) before it starts (11:00)")
    let empty = Self.refusal { try Correction.check(Self.work("a", 10, 10), among: [], now: Self.now) }
    #expect(empty?.contains("`history remove` removes a record") == true)
    let future = Self.refusal { try Correction.check(Self.work("a", 19, 21), among: [], now: Self.now) }
    #expect(future == "it would end in the future (21:00; it is 20:00)")
  }

  @Test func aSplitGivesEachHalfItsShareAndANewIDToTheSecond() throws {
    let record = Self.work("m.e.1", 9, 12, seconds: 9000, gap: 1800, note: "n")
    let (first, second) = try Correction.split(
      record, at: Self.at(10), secondID: "m.added.x.0", added: Self.now, addedNanoseconds: 5)
    #expect(first.id == "m.e.1" && first.end == Self.at(10) && first.start == record.start)
    #expect(second.id == "m.added.x.0" && second.start == Self.at(10) && second.end == record.end)
    #expect(first.seconds == 3000 && second.seconds == 6000, "a third of the span, a third of the time")
    #expect(first.gap + second.gap == 1800)
    #expect(
      second.project == "api" && second.note == "n" && second.at == Self.now && second.atNanoseconds == 5)
    #expect(first.at == nil)
  }

  @Test func aSplitOutsideTheRecordOrOfAFocusIsRefused() {
    let record = Self.work("m.e.1", 9, 12)
    for moment in [Self.at(9), Self.at(12), Self.at(13)] {
      let text = Self.refusal {
        _ = try Correction.split(record, at: moment, secondID: "x", added: Self.now, addedNanoseconds: 0)
      }
      #expect(text?.contains("is not inside \(record.shortID.prefix(7)) (09:00–12:00)") == true, "\(moment)")
    }
    var focus = record
    focus.kind = .focus
    let text = Self.refusal {
      _ = try Correction.split(focus, at: Self.at(10), secondID: "x", added: Self.now, addedNanoseconds: 0)
    }
    #expect(text?.contains("only work records split") == true)
  }

  @Test func aJoinSpansBothAndCountsTheTimeBetween() throws {
    let first = Self.work("a", 9, 10, note: "one")
    let second = Self.work("b", 10.5, 12, seconds: 4000, gap: 20, note: "two")
    let joined = try Correction.join(second, first, between: [])
    #expect(joined.id == "a" && joined.start == first.start && joined.end == second.end)
    #expect(joined.seconds == 3600 + 1800 + 4000 && joined.gap == 20)
    #expect(joined.note == "one; two")
    #expect(try Correction.join(first, Self.work("b", 10, 11, note: "one"), between: []).note == "one")
  }

  @Test func aJoinOfOtherProjectsOrAcrossARecordIsRefused() {
    let first = Self.work("a", 9, 10)
    let web = Self.work("b", 11, 12, "web")
    #expect(
      Self.refusal { _ = try Correction.join(first, web, between: []) }?.contains("of 'api' and") == true)
    let later = Self.work("b", 11, 12)
    let inBetween = Self.work("c", 10.25, 10.5, "web")
    let text = Self.refusal { _ = try Correction.join(first, later, between: [inBetween]) }
    #expect(text == "\(inBetween.shortID.prefix(7)) (web, 10:15–10:30) lies between them")
    #expect(Self.refusal { _ = try Correction.join(first, first, between: []) } != nil)
    #expect(
      Self.refusal { _ = try Correction.join(first, Self.work("b", 9.5, 11), between: []) }?.contains(
        "overlap") == true)
  }

  @Test func whatChangedReadsOldToNew() {
    let old = Self.work("a", 9, 10, note: "x")
    var new = Correction.respanned(old, start: Self.at(9.25), end: Self.at(10))
    new.project = nil
    new.note = nil
    #expect(
      Correction.changes(from: old, to: new)
        == "start 09:00 → 09:15, counted 1:00:00 → 0:45:00, project 'api' → no project, note \"x\" → (none)")
  }

  static let times: [(String, Int64)] = [
    ("9:05", 32_700), ("09:05:30", 32_730), ("2026-11-24 09:05", 119_100), ("2026-11-24T00:00", 86_400),
  ]

  @Test(arguments: times)
  func timesAreAClockTimeOnTheDayOrAFullDateAndTime(text: String, seconds: Int64) {
    let day = CivilTime.Date(year: 2026, month: 11, day: 23)
    #expect(EditTime.local(text, on: day) == Self.day + seconds)
  }

  @Test(arguments: ["9", "9:5:", "25:00", "9:60", "2026-11-31 09:00", "tomorrow", "9:00 10:00", ""])
  func otherTimesAreNot(text: String) {
    #expect(EditTime.local(text, on: CivilTime.Date(year: 2026, month: 11, day: 23)) == nil)
  }
}
