import Testing

@testable import PomobarCore

/// What the history can hold, kept by every writer: notes of at most 8 KiB, times from 1970
/// to 9999, and lines a reader takes (issue 25, section 5).
@Suite("History limits")
struct HistoryLimitsTests {
  static func work(
    _ id: String = "track.0123456789abcdef", start: String = "2026-11-23T09:00:00+01:00",
    end: String = "2026-11-23T10:00:00+01:00", note: String? = nil
  ) -> LedgerRecord {
    let start = WallTime(iso8601: start)!
    let end = WallTime(iso8601: end)!
    return LedgerRecord(
      id: id, kind: .work, start: start, end: end, seconds: end.utc - start.utc, project: "api", note: note)
  }

  // MARK: - Notes

  @Test func aNoteIsAtMost8KiBAndSaysSoPastIt() {
    let longest = String(repeating: "é", count: NoteText.maxBytes / 2)
    #expect(NoteText.check(longest) == .success(longest))
    #expect(NoteText.check(longest + "x") == .failure(.tooLong(bytes: 8193)))
    #expect(
      "\(NoteText.Problem.tooLong(bytes: 70000))" == "a note is at most 8192 bytes (this one: 70000 bytes)")
    #expect(Self.work(note: longest).historyProblem == nil)
    #expect(
      Self.work(note: longest + "x").historyProblem == "a note is at most 8192 bytes (this one: 8193 bytes)")
  }

  /// The bound: a record with the longest note, project and tags any door lets in, each
  /// of their bytes written as the longest JSON escape, the longest id a writer makes and
  /// a creation time with nanoseconds, fits on a line a reader takes, also wrapped in the
  /// amend edit that changes it; and both read back as they were.
  @Test func theLongestRecordAndItsAmendFitOnALineAndReadBack() throws {
    // A control character is written as \u0001 (6 bytes); a quote as \" (2).
    let note = String(repeating: "\u{01}", count: NoteText.maxBytes)
    let project = String(repeating: "\"", count: ProjectName.maxCharacters)
    let tags = (0..<TagName.maxCount).map { index in
      String(repeating: "\"", count: TagName.maxCharacters - 2) + String(index + 10)
    }
    #expect(ProjectName.check(project) == .success(project))
    #expect(TagName.check(tags) == .success(tags))
    let ids = [
      "watson." + String(repeating: "f", count: 32) + ".short-break",
      "ffffffffffff." + String(Int64.max, radix: 36) + "." + String(Int64.max),
    ]
    for id in ids {
      var record = Self.work(
        id, start: "9999-12-31T22:00:00+01:00", end: "9999-12-31T23:00:00+01:00", note: note)
      record.project = project
      record.tags = tags
      record.at = WallTime(iso8601: "9999-12-31T23:00:00-10:00")
      record.atNanoseconds = 123_456_789
      #expect(record.historyProblem == nil)
      let edit = HistoryEdit(
        id: HistoryEdit.longestID, at: record.end, nanoseconds: 999_999_999,
        .amend(target: record.id, record: record))
      let line = edit.jsonLine
      #expect(line.utf8.count - 1 <= LedgerRecord.lineLimit, "\(line.utf8.count) bytes")
      #expect(line.utf8.count - 1 == HistoryEdit.longestAmendLineBytes(record))
      #expect(try HistoryEdit(jsonLine: Array(line.utf8.dropLast())) == edit)
      #expect(try LedgerRecord(jsonLine: String(record.jsonLine.dropLast())) == record)
    }
  }

  @Test func aLineTooLongForAReaderIsSaidWhateverMakesItSo() {
    let record = Self.work("import." + String(repeating: "x", count: LedgerRecord.lineLimit))
    #expect(record.historyProblem?.hasPrefix("its line in the history would be ") == true, "\(record)")
  }

  // MARK: - Times

  @Test(arguments: [
    ("0001-01-01T09:00:00Z", "0001-01-01T10:00:00Z"), ("1969-12-31T23:00:00Z", "1970-01-01T00:30:00Z"),
    ("1970-01-01T00:30:00+02:00", "1970-01-01T01:30:00+02:00"),
    ("9999-12-31T22:00:00-05:00", "9999-12-31T23:00:00-05:00"),
  ])
  func timesOutside1970To9999AreRefusedUTCAndLocal(times: (String, String)) {
    let problem = Self.work(start: times.0, end: times.1).historyProblem
    #expect(problem?.contains("is outside 1970-01-01 to 9999-12-31, the times the history holds") == true)
  }

  @Test func daysOutsideAreRefusedAndTheEdgesKept() {
    #expect(HistoryTime.refusal(CivilTime.Date(year: 1970, month: 1, day: 1)) == nil)
    #expect(HistoryTime.refusal(CivilTime.Date(year: 9999, month: 12, day: 31)) == nil)
    #expect(
      HistoryTime.refusal(CivilTime.Date(year: 1, month: 1, day: 1))
        == "0001-01-01 is outside 1970-01-01 to 9999-12-31, the days the history holds")
    #expect(HistoryTime.refusal(CivilTime.Date(year: 1969, month: 12, day: 31)) != nil)
  }

  /// Files are named `YYYY-MM`: a month past 9999-12 (`10000-01`) sorted before every
  /// file, so a report or a range ending in December 9999 read nothing.
  @Test func historyMonthsStayWithinTheRange() {
    let last = CivilTime.Date(year: 9999, month: 12, day: 31)
    #expect(HistoryTime.month(last, adding: 1) == "9999-12")
    #expect(HistoryTime.month(CivilTime.Date(year: 1970, month: 1, day: 1), adding: -1) == "1970-01")
    #expect(HistoryTime.month(CivilTime.Date(year: 2026, month: 12, day: 5), adding: 1) == "2027-01")
    #expect(LedgerRange(first: last, last: last).months.last == "9999-12")
  }

  @Test func trackRefusesADayOutsideTheRange() {
    let today = CivilTime.Date(year: 2026, month: 11, day: 25)
    for words in [["0001-01-01", "9-10", "api"], ["1.1.1969", "9-10"]] {
      guard case .failure(let problem) = TrackWords.parse(words, today: today, now: 15 * 3600) else {
        Issue.record("\(words) was taken")
        continue
      }
      #expect(problem.message.hasSuffix("is outside 1970-01-01 to 9999-12-31, the days the history holds"))
    }
  }

  @Test func reportAndExportRangesRefuseDaysOutside() {
    let today = CivilTime.Date(year: 2026, month: 11, day: 25)
    #expect(throws: ReportRangeError.self) { try ReportRange.between("0001-01-01", "today", today: today) }
    #expect(throws: ReportRangeError.self) {
      try ReportRange.between("2026-01-01", "10000-01-01", today: today)
    }
    #expect((try? ReportRange.between("1970-01-01", "9999-12-31", today: today)) != nil)
  }

  /// `ctl --at 'yesterday 18:00'` on a clock set to early 1970 names a time in 1969.
  @Test func aBackdatedMomentBefore1970IsRefused() {
    let reading = ClockReading(
      wall: 6 * 3600 * 1_000_000_000, boottime: 100_000 * 1_000_000_000, monotonic: 100_000 * 1_000_000_000,
      bootID: "a")
    let ledger = Ledger(zone: { _ in 0 }, now: reading, dayStart: 0)
    guard case .success(let moment) = Moment.at("yesterday 18:00") else { return #expect(Bool(false)) }
    let refused = ledger.instant(of: moment, since: nil)
    guard case .failure(let refusal) = refused else { return #expect(Bool(false), "\(refused)") }
    #expect(refusal.isUsage)
    #expect(
      refusal.message(time: { "\($0)" }, record: { $0.id })
        == "1969-12-31T18:00:00Z is outside 1970-01-01 to 9999-12-31, the times the history holds")
  }

  // MARK: - Imports and history edit

  @Test func anImportedNoteTooLongIsRefusedNamedAndTheRestImported() {
    let annotation = String(repeating: "x", count: 70_000)
    let json =
      #"[{"id":1,"start":"20261120T080000Z","end":"20261120T090000Z","tags":["acme"],"annotation":""#
      + annotation + #""},{"id":2,"start":"20261121T080000Z","end":"20261121T090000Z","tags":["acme"]}]"#
    let (records, problems) = ExchangeFixtures.decode(json, .timewarrior)
    #expect(records.count == 1)
    #expect(
      problems == [
        ImportDecoder.Problem(
          place: "element 0", message: "a note is at most 8192 bytes (this one: 70000 bytes)")
      ])
  }

  @Test func aJSONRecordWithAnIDTooLongForALineIsRefused() {
    let id = String(repeating: "i", count: LedgerRecord.lineLimit)
    let json =
      #"[{"id":""# + id + #"","kind":"work","start":"2026-01-05T09:00:00Z","end":"2026-01-05T10:00:00Z","#
      + #""seconds":3600,"project":null,"outcome":null,"internal":0,"external":0,"gap":0,"note":null}]"#
    let problems = ExchangeFixtures.decode(json, .json).problems
    #expect(problems.first?.message.hasPrefix("its line in the history would be") == true, "\(problems)")
  }

  @Test func historyEditRefusesALongNoteOrADayOutsideAtItsLine() throws {
    let note = String(repeating: "n", count: NoteText.maxBytes + 1)
    let text = HistoryTextTests.text() + "2026-11-23  13:00-14:00  work  api  \"\(note)\"\n"
    guard case .failure(let problem) = HistoryTextTests.plan(text) else { return #expect(Bool(false)) }
    #expect(problem.message == "a note is at most 8192 bytes (this one: 8193 bytes)")
    #expect(problem.line == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
    let early = HistoryTextTests.text() + "0001-01-01  13:00-14:00  work  api\n"
    guard case .failure(let refused) = HistoryTextTests.plan(early) else { return #expect(Bool(false)) }
    #expect(refused.message.contains("is outside 1970-01-01 to 9999-12-31"), "\(refused)")
  }
}
