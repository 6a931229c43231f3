import Foundation
import Testing

@testable import PomobarCore

@Suite struct ICalendarTests {
  static let work = LedgerRecord(
    id: "3d1219c7c4c5.kx2p9q.144", kind: .work, start: WallTime(utc: 1_792_888_200, offset: 7200),
    end: WallTime(utc: 1_792_896_600, offset: 3600), seconds: 7200, project: "api, v2; \\beta",
    note: "line one\nline two", tags: ["billable", "client call"])

  @Test func aWorkIntervalIsOneEventInUTCWithItsProjectTagsAndNote() {
    // 25 October 2026, 02:30 CEST to 03:50 CET: across Berlin's change back to winter time.
    let event = ICalendarEncoder(stamp: 1_795_500_000).event(Self.work)
    #expect(
      event == """
        BEGIN:VEVENT\r
        UID:\(ICalendarEncoder.uid(Self.work))\r
        DTSTAMP:20261124T060000Z\r
        DTSTART:20261025T003000Z\r
        DTEND:20261025T025000Z\r
        SUMMARY:api\\, v2\\; \\\\beta\r
        DESCRIPTION:+billable +client call\\nline one\\nline two\\ncounted 2:00\r
        CATEGORIES:billable,client call\r
        TRANSP:OPAQUE\r
        END:VEVENT\r

        """)
  }

  @Test func focusSessionsAreEventsOnlyWhenAskedAndBreaksNever() {
    let focus = LedgerRecord(
      id: "m.e.1", kind: .focus, start: WallTime(utc: 0, offset: 0), end: WallTime(utc: 1500, offset: 0),
      seconds: 1500, project: nil, outcome: .stopped, internalInterruptions: 1)
    let pause = LedgerRecord(
      id: "m.e.2", kind: .shortBreak, start: WallTime(utc: 1500, offset: 0),
      end: WallTime(utc: 1800, offset: 0),
      seconds: 300, outcome: .completed)
    #expect(ICalendarEncoder(stamp: 0).event(focus) == "")
    #expect(ICalendarEncoder(stamp: 0, focus: true).event(pause) == "")
    let event = ICalendarEncoder(stamp: 0, focus: true).event(focus)
    #expect(event.contains("\r\nSUMMARY:Focus\r\n"))
    #expect(event.contains("\r\nDESCRIPTION:stopped\\, interruptions: 1 internal\\, 0 external\r\n"))
  }

  @Test func aWorkIntervalWithoutAProjectIsCalledWork() {
    var record = Self.work
    record.project = nil
    #expect(ICalendarEncoder(stamp: 0).event(record).contains("\r\nSUMMARY:Work\r\n"))
  }

  @Test func uidsComeFromTheRecordsIdAloneAndDifferForNeighbours() {
    var moved = Self.work
    moved.start.utc += 60
    moved.project = "web"
    #expect(ICalendarEncoder.uid(moved) == ICalendarEncoder.uid(Self.work))
    var next = Self.work
    next.id = "3d1219c7c4c5.kx2p9q.145"
    let (a, b) = (ICalendarEncoder.uid(Self.work), ICalendarEncoder.uid(next))
    #expect(a != b && a.first != b.first, "neighbouring ids differ from the first digit: \(a) \(b)")
    #expect(a.count == 32 + "@pomobar".count)
  }

  @Test func textEscapesBackslashSemicolonCommaAndLineBreaksAndDropsControls() {
    #expect(ICalendarEncoder.text("a\\b;c,d\ne\r\nf\rg\u{1}h\ti") == "a\\\\b\\;c\\,d\\ne\\nf\\ng" + "h\ti")
  }

  @Test func longLinesFoldAt75OctetsWithoutCuttingACharacter() {
    let content = "SUMMARY:" + String(repeating: "ö", count: 40) + String(repeating: "🍅", count: 20) + "x"
    let folded = ICalendarEncoder.line(content)
    #expect(folded.hasSuffix("\r\n"))
    let lines = String(decoding: folded.utf8.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n")
    #expect(lines.count > 2)
    for (index, line) in lines.enumerated() {
      #expect(line.utf8.count <= 75, "line \(index) has \(line.utf8.count) octets")
      if index > 0 { #expect(line.hasPrefix(" ")) }
    }
    // Unfolding (RFC 5545 3.1: remove CRLF and the one space after it) gives the line back.
    #expect(lines.enumerated().map { $0 == 0 ? $1 : String($1.dropFirst()) }.joined() == content)
    #expect(
      ICalendarEncoder.line(String(repeating: "a", count: 75)) == String(repeating: "a", count: 75) + "\r\n")
    #expect(
      ICalendarEncoder.line(String(repeating: "a", count: 76))
        == String(repeating: "a", count: 75) + "\r\n a\r\n")
  }

  @Test func aCalendarIsNotImportedButNamedForWhatItIs() {
    let text = ExchangeFixtures.export(.ics)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(ExchangeFormat.guess(Array(text.utf8)) == .ics)
    let problems = ExchangeFixtures.decode(text, .ics).problems
    #expect(
      problems.map(\.message) == ["calendars are not read: import pomobar's csv or json export instead"])
  }
}
