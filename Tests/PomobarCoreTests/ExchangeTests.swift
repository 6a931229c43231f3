import Foundation
import Testing

@testable import PomobarCore

/// Records covering each kind, outcome, a missing project, tags (one with a space, one
/// named like a kind), and text every format must quote.
enum ExchangeFixtures {
  static let records: [LedgerRecord] = [
    LedgerRecord(
      id: "3d1219c7c4c5.kx2p9q.142", kind: .focus, start: WallTime(utc: 1_795_420_800, offset: 3600),
      end: WallTime(utc: 1_795_422_300, offset: 3600), seconds: 1500, project: "api", outcome: .completed,
      internalInterruptions: 1, externalInterruptions: 2, tags: ["billable"]),
    LedgerRecord(
      id: "3d1219c7c4c5.kx2p9q.143", kind: .shortBreak, start: WallTime(utc: 1_795_422_300, offset: 3600),
      end: WallTime(utc: 1_795_422_600, offset: 3600), seconds: 300, project: "api", outcome: .skipped),
    LedgerRecord(
      id: "3d1219c7c4c5.kx2p9q.144", kind: .work, start: WallTime(utc: 1_795_419_000, offset: 3600),
      end: WallTime(utc: 1_795_434_300, offset: 3600), seconds: 14_100, project: "client \"Ö\", new",
      gap: 1200, note: "line one\nline two, with a comma", tags: ["billable", "client call", "focus"]),
    LedgerRecord(
      id: "a0b1c2d3e4f5.kx2q00.7", kind: .longBreak, start: WallTime(utc: 1_795_500_000, offset: -18_000),
      end: WallTime(utc: 1_795_500_900, offset: -18_000), seconds: 900, outcome: .voided, note: "fire drill"),
  ]

  /// The export of `records`, given in order of start for the tools' formats, as the
  /// history gives them.
  static func export(_ format: ExchangeFormat, _ records: [LedgerRecord] = records) -> String {
    var ordered = records
    if format != .csv && format != .json { ordered.sort { $0.start.utc < $1.start.utc } }
    let total = ExportEncoder.intervalCount { body in ordered.forEach(body) }
    var encoder = ExportEncoder(
      format: format, total: total, calendar: ICalendarEncoder(stamp: 1_795_500_000, focus: true))
    let head = encoder.header()
    let body = ordered.map { encoder.element($0) }.joined()
    return head + body + encoder.footer()
  }

  static func decode(
    _ text: String, _ format: ExchangeFormat, offset: Int32 = 3600, projects: ProjectTags = ProjectTags()
  ) -> (
    records: [LedgerRecord], problems: [ImportDecoder.Problem]
  ) {
    var records: [LedgerRecord] = []
    var problems: [ImportDecoder.Problem] = []
    let offsets: ImportDecoder.Offsets = { _ in offset }
    ImportDecoder.decode(Array(text.utf8), as: format, offsets: offsets, projects: projects) { entry in
      switch entry {
      case .success(let record): records.append(record)
      case .failure(let problem): problems.append(problem)
      }
    }
    return (records, problems)
  }
}

@Suite struct ExchangeTests {
  @Test(arguments: ExchangeFormat.allCases)
  func anExportIsTheGoldenFile(format: ExchangeFormat) throws {
    let name =
      format == .csv || format == .ics ? "history.\(format.rawValue)" : "history.\(format.rawValue).json"
    try expectGolden(ExchangeFixtures.export(format), "exports/\(name)")
  }

  /// The formats `import` reads (timewarrior's data lines are written only).
  static let readable: [ExchangeFormat] = [.csv, .json, .timewarrior, .watson]

  @Test(arguments: readable)
  func anEmptyExportIsStillAValidFile(format: ExchangeFormat) {
    let text = ExchangeFixtures.export(format, [])
    #expect(text == (format == .csv ? CSV.row(ExportEncoder.csvColumns) : "[\n]\n"))
    #expect(ExchangeFixtures.decode(text, format).problems.isEmpty)
  }

  @Test(arguments: [ExchangeFormat.csv, .json])
  func ourOwnFormatsReadBackAsTheSameRecords(format: ExchangeFormat) {
    let (records, problems) = ExchangeFixtures.decode(ExchangeFixtures.export(format), format, offset: 3600)
    #expect(problems.isEmpty, "\(problems)")
    #expect(records == ExchangeFixtures.records, "our own formats keep every field and the id")
  }

  /// The tools get one timeline (a focus inside work is one piece with both), so what
  /// reads back are pieces; what reports add up stays: work per project, focus, breaks.
  @Test(arguments: [ExchangeFormat.timewarrior, .watson])
  func aToolsExportReadsBackWithTheSameTotals(format: ExchangeFormat) {
    let (records, problems) = ExchangeFixtures.decode(ExchangeFixtures.export(format), format, offset: 3600)
    #expect(problems.isEmpty, "\(problems)")
    #expect(ExchangeTotals(records) == ExchangeTotals(ExchangeFixtures.records))
  }

  @Test(arguments: ExchangeFormat.allCases)
  func theFormatOfAnExportIsGuessedFromItsContent(format: ExchangeFormat) {
    #expect(ExchangeFormat.guess(Array(ExchangeFixtures.export(format).utf8)) == format)
  }

  @Test func csvQuotesOnlyWhatNeedsIt() {
    #expect(CSV.row(["a", "b c", "d,e", "f\"g", "h\ni"]) == "a,b c,\"d,e\",\"f\"\"g\",\"h\ni\"\r\n")
    var rows: [CSV.Row] = []
    CSV.forEachRow(Array("a,\"b\r\nc\",\"\"\"\"\n\nd,\n".utf8)) { rows.append($0) }
    #expect(rows == [CSV.Row(line: 1, fields: ["a", "b\r\nc", "\""]), CSV.Row(line: 4, fields: ["d", ""])])
  }

  @Test func hoursAreDecimalAndRounded() {
    #expect(ExportEncoder.hours(6300) == "1.75")
    #expect(ExportEncoder.hours(1500) == "0.42")
    #expect(ExportEncoder.hours(0) == "0.00")
  }

  /// The shape `timew export` prints (src/Interval.cpp `Interval::json`, helper.cpp
  /// `jsonFromIntervals`): ids from the latest back, UTC times, a sorted tag set.
  @Test func aTimewarriorExportImportsWithKindProjectAndNote() {
    let text = """
      [
      {"id":3,"start":"20261123T080000Z","end":"20261123T082500Z","tags":["api","focus"]},
      {"id":2,"start":"20261123T090000Z","end":"20261123T103000Z","tags":["client","meeting","urgent"],"annotation":"call with \\"Bob\\""},
      {"id":1,"start":"20261123T110000Z"}
      ]

      """
    let (records, problems) = ExchangeFixtures.decode(
      text, .timewarrior, projects: ProjectTags(known: ["api"], patterns: ["client"]))
    #expect(records.count == 2)
    #expect(records[0].kind == .focus && records[0].project == "api" && records[0].seconds == 1500)
    #expect(records[0].start == WallTime(utc: 1_795_420_800, offset: 3600))
    #expect(records[1].kind == .work && records[1].project == "client")
    #expect(records[1].note == "call with \"Bob\"")
    #expect(records[1].tags == ["meeting", "urgent"], "the tag named as a project is the project, the rest are tags")
    #expect(problems.map(\.place) == ["element 2"], "the running interval is reported, not imported")
    #expect(problems.first?.message.contains("still running") == true)
    #expect(ExchangeFormat.guess(Array(text.utf8)) == .timewarrior)
  }

  /// Watson's `frames` file as `Frames.dump` and `make_json_writer` (indent=1) write it.
  @Test func aWatsonFramesFileImportsWithProjectAndTags() {
    let text = """
      [
       [
        1795420800,
        1795422300,
        "api",
        "5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a",
        [
         "focus"
        ],
        1795422301
       ],
       [
        1795423000,
        1795426600,
        "writing",
        "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
        [
         "draft",
         "book"
        ],
        1795426600
       ]
      ]
      """
    let (records, problems) = ExchangeFixtures.decode(text, .watson)
    #expect(problems.isEmpty)
    #expect(records.map(\.project) == ["api", "api", "writing"])
    #expect(records.map(\.kind) == [.work, .focus, .work], "every frame is work; a focus tag adds a focus")
    #expect(records.map(\.id) == [
      "watson.5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a", "watson.5e8f2b0c6a8e4d1f9b7c3a2e1d0f4b6a.focus",
      "watson.0a1b2c3d4e5f60718293a4b5c6d7e8f9",
    ])
    #expect(records[2].note == nil)
    #expect(records[2].tags == ["draft", "book"])
    #expect(ExchangeFormat.guess(Array(text.utf8)) == .watson)
  }

  @Test func importedIdsDependOnlyOnTheInterval() {
    let text = #"[{"id":9,"start":"20261123T080000Z","end":"20261123T082500Z","tags":["api"]}]"#
    let once = ExchangeFixtures.decode(text, .timewarrior, offset: 0).records
    let again = ExchangeFixtures.decode(
      text.replacingOccurrences(of: "9", with: "1"), .timewarrior, offset: 7200
    )
    .records
    #expect(once.map(\.id) == again.map(\.id))
    #expect(once.first?.id.hasPrefix("import.timewarrior.") == true)
  }

  @Test func aBrokenEntryIsReportedWithItsPlaceAndTheOthersStillRead() {
    let csv =
      CSV.row(ExportEncoder.csvColumns) + "x,nap,2026-11-23T09:00:00Z,2026-11-23T09:25:00Z,1500\r\n"
      + ExportEncoder.csvRow(ExchangeFixtures.records[0])
    let (records, problems) = ExchangeFixtures.decode(csv, .csv)
    #expect(records == [ExchangeFixtures.records[0]])
    #expect(problems == [ImportDecoder.Problem(place: "line 2", message: "no known 'kind'")])
  }
}
