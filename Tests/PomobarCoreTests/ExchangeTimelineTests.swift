import Foundation
import Testing

@testable import PomobarCore

/// What reports add up from records: work per project, focus, and each break kind.
struct ExchangeTotals: Equatable, CustomStringConvertible {
  var work: [String: Int64] = [:]
  var focus: Int64 = 0
  var breaks: [String: Int64] = [:]
  /// Work per tag: what `report`'s tags section adds up.
  var tags: [String: Int64] = [:]

  init(_ records: [LedgerRecord]) {
    for record in records {
      switch record.kind {
      case .work:
        work[record.project ?? "", default: 0] += record.seconds
        for tag in record.tags { tags[tag, default: 0] += record.seconds }
      case .focus: focus += record.seconds
      case .shortBreak, .longBreak: breaks[record.kind.rawValue, default: 0] += record.seconds
      }
    }
  }

  var description: String { "work \(work), focus \(focus), breaks \(breaks), tags \(tags)" }
}

@Suite struct ExchangeTimelineTests {
  static func at(_ hour: Int, _ minute: Int) -> WallTime {
    WallTime(utc: 1_767_571_200 + Int64(hour * 3600 + minute * 60), offset: 0)  // 2026-01-05
  }

  static func record(
    _ id: String, _ kind: LedgerRecord.Kind, _ from: (Int, Int), _ to: (Int, Int), _ project: String?,
    seconds: Int64? = nil, note: String? = nil
  ) -> LedgerRecord {
    let start = at(from.0, from.1)
    let end = at(to.0, to.1)
    return LedgerRecord(
      id: id, kind: kind, start: start, end: end, seconds: seconds ?? (end.utc - start.utc), project: project,
      outcome: kind == .work ? nil : .completed, note: note)
  }

  /// A morning as pomobar records it: work, a focus and a break inside it, a paused focus,
  /// and projects named like kinds.
  static let morning: [LedgerRecord] = [
    record("m.1", .work, (9, 0), (11, 0), "api"),
    record("m.2", .focus, (9, 10), (9, 35), "api", note: "deep"),
    record("m.3", .shortBreak, (9, 35), (9, 40), "api"),
    record("m.4", .work, (13, 0), (14, 0), "focus"),
    record("m.5", .focus, (13, 5), (13, 35), "focus", seconds: 1200),
    record("m.6", .work, (14, 0), (15, 0), "work"),
    record("m.7", .longBreak, (15, 0), (15, 15), nil),
  ]

  static func timewarriorIntervals(_ text: String) -> [(start: String, end: String, tags: [String])] {
    var out: [(String, String, [String])] = []
    JSONArrayScanner.forEachElement(Array(text.utf8)) { element in
      guard case .success(let range) = element, let value = try? JSON.parse(Array(text.utf8)[range]),
        let start = value["start"]?.stringValue, let end = value["end"]?.stringValue
      else { return true }
      out.append((start, end, value["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []))
      return true
    }
    return out
  }

  /// `timew import` refused the whole export with "You cannot overlap intervals" as soon as
  /// a focus lay inside a work interval: every piece must start where the last ended.
  @Test func aTimewarriorExportHasNoOverlaps() {
    let intervals = Self.timewarriorIntervals(ExchangeFixtures.export(.timewarrior, Self.morning))
    #expect(intervals.count == 9)
    for (before, after) in zip(intervals, intervals.dropFirst()) {
      #expect(before.end <= after.start, "\(before) overlaps \(after)")
    }
  }

  /// `timew summary TAG` adds up the pieces with that tag: they must give the report's totals.
  @Test func aTimewarriorExportsTagTotalsAreTheReports() {
    var byTag: [String: Int64] = [:]
    for interval in Self.timewarriorIntervals(ExchangeFixtures.export(.timewarrior, Self.morning)) {
      let seconds = ImportDecoder.utc(timewarrior: interval.end)! - ImportDecoder.utc(timewarrior: interval.start)!
      for tag in interval.tags { byTag[tag, default: 0] += seconds }
    }
    let totals = ExchangeTotals(Self.morning)
    #expect(byTag["work"] == totals.work.values.reduce(0, +))
    #expect(byTag["focus"] == totals.focus)
    #expect(byTag["api"] == totals.work["api"])
    #expect(byTag["project:focus"] == totals.work["focus"])
    #expect(byTag["project:work"] == totals.work["work"])
    #expect(byTag["short-break"] == 300 && byTag["long-break"] == 900)
  }

  /// A project named `focus` turned work into focus through a timewarrior round trip.
  @Test(arguments: [ExchangeFormat.timewarrior, .watson])
  func aProjectNamedLikeAKindKeepsItsKind(format: ExchangeFormat) {
    let records = [Self.record("k.1", .work, (9, 0), (10, 0), "focus"), Self.record("k.2", .work, (10, 0), (11, 0), "work")]
    let back = ExchangeFixtures.decode(ExchangeFixtures.export(format, records), format, offset: 0)
    #expect(back.problems.isEmpty)
    #expect(back.records.map(\.kind) == [.work, .work])
    #expect(back.records.map(\.project) == ["focus", "work"])
    #expect(back.records.map(\.sameIntervalKey) == records.map(\.sameIntervalKey))
  }

  @Test func aRoundTripThroughEitherToolKeepsTheReportsTotals() {
    for format in [ExchangeFormat.timewarrior, .watson] {
      let back = ExchangeFixtures.decode(ExchangeFixtures.export(format, Self.morning), format, offset: 0)
      #expect(back.problems.isEmpty)
      var expected = ExchangeTotals(Self.morning)
      if format == .timewarrior { expected.breaks["long-break"] = 900 }
      #expect(ExchangeTotals(back.records) == expected, "\(format)")
    }
  }

  /// Lines as timewarrior 1.4.3 writes them in `data/YYYY-MM.data` (checked against the real
  /// binary: `timew track … 'a b' 'project:a b' work`, `timew annotate @1 'say "hi" Grüße'`,
  /// and so on, then the file): timewarrior finds an interval it changes or deletes by
  /// its line, so `timew tag` and `timew lengthen` refused a line written otherwise
  /// (`# long-break` for its `# "long-break"`).
  @Test func timewarriorDataLinesAreTimewarriorsOwn() {
    var admin = Self.record("d.4", .work, (11, 0), (11, 15), nil)
    admin.tags = ["admin", "focus"]
    let records = [
      Self.record("d.1", .work, (8, 0), (8, 25), "a b", note: "say \"hi\" Grüße"),
      Self.record("d.2", .work, (9, 0), (9, 30), "x\"y"),
      Self.record("d.3", .longBreak, (10, 0), (10, 15), nil),
      admin,
      Self.record("d.5", .shortBreak, (11, 0), (11, 15), nil),
    ]
    #expect(
      ExchangeFixtures.export(.timewarriorData, records) == """
        inc 20260105T080000Z - 20260105T082500Z # "a b" "project:a b" work # "say \\"hi\\" Grüße"
        inc 20260105T090000Z - 20260105T093000Z # "project:x\\"y" work "x\\"y"
        inc 20260105T100000Z - 20260105T101500Z # "long-break"
        inc 20260105T110000Z - 20260105T111500Z # admin project: "short-break" tag:focus work

        """)
  }

  /// A backslash in a note made `timew import` refuse the whole file (timewarrior reads it
  /// back as an escape, and checks every interval it adds reads back the same); a line
  /// break or a control character left `timew export` printing what is not JSON. The note
  /// goes as timewarrior keeps it: the text, with those as look-alikes or spaces.
  @Test func notesGoAsTimewarriorKeepsThem() {
    let note = "C:\\temp\\new \"quoted\" line\nbreak\u{7}bell\ttab\u{85} Grüße U+00e9 U+12 +1"
    let records = [Self.record("n.1", .work, (8, 0), (9, 0), "api", note: note)]
    let kept = "C:⧵temp⧵new \"quoted\" line break bell tab  Grüße U＋00e9 U+12 +1"
    #expect(ExportEncoder.timewarriorText(note) == kept)
    #expect(
      ExchangeFixtures.export(.timewarriorData, records)
        == #"inc 20260105T080000Z - 20260105T090000Z # api project:api work # "#
        + #""C:⧵temp⧵new \"quoted\" line break bell tab  Grüße U＋00e9 U+12 +1""# + "\n")
    let json = ExchangeFixtures.export(.timewarrior, records)
    #expect(
      json.contains(#""annotation":"C:⧵temp⧵new \"quoted\" line break bell tab  Grüße U＋00e9 U+12 +1""#),
      "\(json)")
    // A tag is held to the same: it goes into the same lines.
    var tagged = records[0]
    tagged.tags = ["a\\b"]
    #expect(ExchangeFixtures.export(.timewarriorData, [tagged]).contains(" a⧵b "))
  }

  /// Records read from timewarrior went back to it no more: a fresh timewarrior database
  /// got none of the imported history. Every interval goes back, and every tag it had in
  /// timewarrior counts the same time there again (a session across midnight included).
  @Test func timewarriorsOwnIntervalsGoBackWithEveryTagsTime() {
    let text = """
      [
      {"id":4,"start":"20261123T080000Z","end":"20261123T090000Z","tags":["acme","billable","dev"]},
      {"id":3,"start":"20261123T090000Z","end":"20261123T091500Z","tags":["globex"],"annotation":"call"},
      {"id":2,"start":"20261123T230000Z","end":"20261124T010000Z","tags":["Umbrella Corp","billable"]},
      {"id":1,"start":"20261124T090000Z","end":"20261124T093000Z","tags":["internal","project:initech"]}
      ]
      """
    let original = Self.timewarriorIntervals(text)
    let records = ExchangeFixtures.decode(text, .timewarrior, offset: 0).records
      .sorted { $0.start.utc < $1.start.utc }
    let back = Self.timewarriorIntervals(ExchangeFixtures.export(.timewarrior, records))
    #expect(back.map(\.start) == original.map(\.start) && back.map(\.end) == original.map(\.end))
    func seconds(_ intervals: [(start: String, end: String, tags: [String])], _ tag: String) -> Int64 {
      intervals.filter { $0.tags.contains(tag) }.map {
        ImportDecoder.utc(timewarrior: $0.end)! - ImportDecoder.utc(timewarrior: $0.start)!
      }.reduce(0, +)
    }
    for tag in ["acme", "billable", "dev", "globex", "Umbrella Corp", "internal", "project:initech"] {
      #expect(seconds(back, tag) == seconds(original, tag), "\(tag)")
    }
    #expect(ExchangeFixtures.export(.timewarrior, records).contains(#""annotation":"call""#))
  }

  static let frames = """
    [
    [1767603600,1767607200,"api","5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",["focus","client"],1767607300],
    [1767607200,1767610800,"web","0a1b2c3d4e5f60718293a4b5c6d7e8f9",[],1767610900]
    ]
    """

  /// `watson merge` of a round trip doubled Watson's total: the frame ids must come back.
  @Test func watsonFramesComeBackWithTheirIds() {
    let read = ExchangeFixtures.decode(Self.frames, .watson, offset: 0)
    #expect(read.problems.isEmpty)
    var records = read.records
    records.sort { ($0.start.utc, $0.kind.rawValue) < ($1.start.utc, $1.kind.rawValue) }
    let again = ExchangeFixtures.decode(ExchangeFixtures.export(.watson, records), .watson, offset: 0).records
    #expect(again.map(\.id) == read.records.map(\.id))
    let text = ExchangeFixtures.export(.watson, records)
    #expect(text.contains(#"[1767603600,1767607200,"api","5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",["focus","client"],"#))
    #expect(text.contains(#"[1767607200,1767610800,"web","0a1b2c3d4e5f60718293a4b5c6d7e8f9",[],"#))
  }

  /// `watson merge` of a round trip asked about every frame (and, without a terminal,
  /// aborted): the export wrote the stop for `updated_at`. A frame goes back exactly as it
  /// came; one amended here gets the amend's time, newer than Watson's.
  @Test func watsonFramesGoBackAsTheyCame() {
    var records = ExchangeFixtures.decode(Self.frames, .watson, offset: 0).records
    records.sort { ($0.start.utc, $0.kind.rawValue) < ($1.start.utc, $1.kind.rawValue) }
    #expect(ExchangeFixtures.export(.watson, records) == Self.frames + "\n")
    let index = records.firstIndex { $0.project == "web" }!
    let amend = HistoryEdit.Operation.amend(target: records[index].id, record: records[index])
    guard case .amend(_, let amended) = amend.made(at: WallTime(utc: 1_767_700_000, offset: 0)) else {
      return
    }
    records[index] = amended
    #expect(ExchangeFixtures.export(.watson, records).contains(#"[],1767700000]"#))
  }

  /// After `watson edit`, a re-import added the edited frame beside the old one.
  @Test func anEditedWatsonFrameIsChangedNotAdded() {
    let before = ExchangeFixtures.decode(Self.frames, .watson, offset: 0).records
    let edited = Self.frames.replacingOccurrences(of: "1767607200,1767610800,\"web\"", with: "1767607200,1767614400,\"web\"")
    let after = ExchangeFixtures.decode(edited, .watson, offset: 0).records
    let plan = ImportPlan(importing: after, existing: before)
    #expect(plan.fresh.isEmpty)
    #expect(plan.amends.map(\.old.id) == ["watson.0a1b2c3d4e5f60718293a4b5c6d7e8f9"])
    #expect(plan.amends.first?.new.end.utc == 1_767_614_400)
    #expect(plan.present == 2)
  }

  /// Our own timewarrior export read back into the history it came from adds nothing: its
  /// pieces lie within the records already there.
  @Test func ourTimewarriorExportReadBackAddsNothing() {
    let back = ExchangeFixtures.decode(ExchangeFixtures.export(.timewarrior, Self.morning), .timewarrior, offset: 0)
    let plan = ImportPlan(importing: back.records, existing: Self.morning)
    #expect(plan.fresh.isEmpty, "\(plan.fresh.map(\.sameIntervalKey))")
    #expect(plan.overlapping == 0)
  }

  @Test func overlappingForeignRecordsAreCounted() {
    let existing = [Self.record("o.1", .work, (9, 0), (11, 0), "api")]
    let foreign = [
      Self.record("o.2", .work, (10, 0), (12, 0), "api"),  // overlaps the one there
      Self.record("o.3", .work, (13, 0), (14, 0), "web"),
      Self.record("o.4", .work, (13, 30), (13, 45), "api"),  // overlaps o.3
      Self.record("o.5", .work, (9, 30), (10, 0), "api"),  // within o.1: covered
    ]
    let plan = ImportPlan(importing: foreign, existing: existing)
    #expect(plan.fresh.map(\.id) == ["o.2", "o.3", "o.4"])
    #expect(plan.covered == 1)
    #expect(plan.overlapping == 3)
  }

  /// `export --kind`: the records whose `seconds` add up to what `report` counts, with a
  /// day that starts at 04:00 (a focus at 02:00 is the day before's, which had work).
  @Test func anExportKindAddsUpToTheReportsTotals() {
    var settings = LedgerSettings()
    settings.dayStart = 4 * 3600
    let records =
      Self.morning + [
        Self.record("k.1", .shortBreak, (11, 0), (11, 5), "api"),
        Self.record("k.2", .focus, (26, 0), (26, 25), nil),  // 02:00 the next night
        Self.record("k.3", .focus, (34, 0), (34, 25), "api"),  // 10:00 the next day, no work
      ]
    var skipped = Self.record("k.4", .longBreak, (35, 0), (35, 15), nil)
    skipped.outcome = .skipped
    let all = records + [skipped]
    let today = CivilTime.Date(year: 2026, month: 1, day: 7)
    let period = ReportRange.all.period(today: today, calendar: LedgerCalendar(settings), latest: today)
    var builder = ReportBuilder(period: period, today: today, settings: settings)
    for record in all { builder.add(record) }
    let report = builder.report()
    func sum(_ kind: ExportKind) -> Int64 {
      var selection = ExportSelection(kind, calendar: LedgerCalendar(settings))
      for record in all { selection.see(record) }
      return all.filter(selection.includes).map(\.seconds).reduce(0, +)
    }
    #expect(sum(.work) == report.work)
    #expect(sum(.work) == 2 * 3600 + 3600 + 3600 + 1500)
    #expect(sum(.focus) == report.focus)
    #expect(sum(.breaks) == report.breakSeconds)
    #expect(sum(.all) == all.map(\.seconds).reduce(0, +))
  }

  // MARK: - What importers refuse

  static func line(_ start: String, _ end: String, seconds: Int) -> String {
    #"{"id":"x.1","kind":"work","start":"\#(start)","end":"\#(end)","seconds":\#(seconds),"project":null,"# +
      #""outcome":null,"internal":0,"external":0,"gap":0,"note":null}"#
  }

  @Test func aJSONRecordCountingMoreThanItsIntervalIsRefused() {
    let text = "[" + Self.line("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", seconds: 1_000_000) + "]"
    let (records, problems) = ExchangeFixtures.decode(text, .json)
    #expect(records.isEmpty)
    #expect(problems.first?.message.contains("more than the 3600") == true, "\(problems)")
  }

  /// A record the history would write but not read back (a local year past 9999) made every
  /// later command warn about a line that is not a record.
  @Test(arguments: [
    ("9999-12-31T23:00:00-05:00", "9999-12-31T23:30:00-05:00"),
    ("1969-12-31T23:00:00Z", "1969-12-31T23:30:00Z"),
  ])
  func timesTheHistoryCannotHoldAreRefused(times: (String, String)) {
    let json = "[" + Self.line(times.0, times.1, seconds: 60) + "]"
    #expect(ExchangeFixtures.decode(json, .json).problems.count == 1)
    let csv = CSV.row(ExportEncoder.csvColumns) + CSV.row(["x.1", "work", times.0, times.1, "60"])
    #expect(ExchangeFixtures.decode(csv, .csv).problems.count == 1)
    let late = #"[[253402297000,253402300000,"api","5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",[],253402300000]]"#
    // 9999-12-31T23:16Z is a UTC time the history holds, but at +14:00 it is year 10000.
    #expect(ExchangeFixtures.decode(late, .watson, offset: 14 * 3600).problems.count == 1)
  }

  @Test func aCSVRowWithAQuoteNeverClosedIsRefused() {
    let csv = CSV.row(ExportEncoder.csvColumns) + "x.1,work,2026-01-05T09:00:00Z,2026-01-05T10:00:00Z,60,,\"api\r\n"
    let (records, problems) = ExchangeFixtures.decode(csv, .csv)
    #expect(records.isEmpty)
    #expect(problems == [ImportDecoder.Problem(place: "line 2", message: "a quoted field is never closed (no ending '\"')")])
  }

  @Test func aCSVRowThatIsNotUTF8IsRefused() {
    var bytes = Array((CSV.row(ExportEncoder.csvColumns) + "x.1,work,2026-01-05T09:00:00Z,2026-01-05T10:00:00Z,60,,").utf8)
    bytes += [0x61, 0xFF, 0x62, 0x0D, 0x0A]
    var problems: [ImportDecoder.Problem] = []
    ImportDecoder.decode(bytes, as: .csv, offsets: { _ in 0 }) { entry in
      if case .failure(let problem) = entry { problems.append(problem) }
    }
    #expect(problems == [ImportDecoder.Problem(place: "line 2", message: "not UTF-8 text")])
  }

  // MARK: - report all

  /// A record made minutes ago at UTC+14, reported at UTC-11, is on a day that has not
  /// begun here: `report all` counted 0 s of it.
  @Test func reportAllEndsOnTheHistorysLastDay() {
    let today = CivilTime.Date(year: 2026, month: 1, day: 5)
    let tomorrow = today.adding(days: 1)
    let calendar = LedgerCalendar(LedgerSettings())
    let period = ReportRange.all.period(today: today, calendar: calendar, latest: tomorrow)
    #expect(period.last == tomorrow)
    var builder = ReportBuilder(period: period, today: today, settings: LedgerSettings())
    let start = WallTime(utc: tomorrow.dayNumber * 86_400 + 3600 - 14 * 3600, offset: 14 * 3600)
    builder.add(
      LedgerRecord(id: "e.1", kind: .work, start: start, end: WallTime(utc: start.utc + 600, offset: 14 * 3600), seconds: 600))
    #expect(builder.report().work == 600)
    #expect(ReportRange.all.period(today: today, calendar: calendar, latest: today).last == today)
  }
}
