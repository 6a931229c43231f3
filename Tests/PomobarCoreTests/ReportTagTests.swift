import Testing

@testable import PomobarCore

/// Tags in reports: the `--tag` filter and each tag's work time.
@Suite struct ReportTagTests {
  static func tagged(
    _ kind: LedgerRecord.Kind, _ start: String, _ end: String, _ project: String?, _ tags: [String]
  ) -> LedgerRecord {
    var record = ledgerRecord(kind, start, end, project: project)
    record.tags = tags
    return record
  }

  /// Monday: two hours of api, one billable and urgent; an hour of web, billable. Tuesday:
  /// no work clock, a tagged focus (its time is the day's work).
  static let records = [
    tagged(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", "api", ["billable", "urgent"]),
    tagged(.work, "2026-11-23T10:00:00+01:00", "2026-11-23T11:00:00+01:00", "api", []),
    tagged(.work, "2026-11-23T11:00:00+01:00", "2026-11-23T12:00:00+01:00", "web", ["billable"]),
    tagged(.focus, "2026-11-23T11:00:00+01:00", "2026-11-23T11:25:00+01:00", "web", ["research"]),
    tagged(.focus, "2026-11-24T09:00:00+01:00", "2026-11-24T09:25:00+01:00", "api", ["urgent"]),
  ]

  static func report(tags: [String] = []) -> Report {
    var builder = ReportBuilder(
      period: ReportPeriod(name: "days", first: date("2026-11-23"), last: date("2026-11-24")),
      today: date("2026-11-25"), settings: LedgerSettings())
    builder.tagFilter = tags
    for record in records { builder.add(record) }
    return builder.report()
  }

  @Test func eachTagHasItsWorkTimeAsAProjectWould() {
    let report = Self.report()
    #expect(
      report.tags == [
        Report.TagLine(name: "billable", seconds: 7200, percent: 59),
        Report.TagLine(name: "urgent", seconds: 3600 + 1500, percent: 41),
        Report.TagLine(name: "research", seconds: 1500, percent: 12),
      ], "a tagged focus counts on a day without work of that tag")
    // Each is what the filter counts as work.
    for line in report.tags { #expect(Self.report(tags: [line.name]).work == line.seconds, "\(line.name)") }
  }

  @Test func theFilterKeepsRecordsWithEveryTagGiven() {
    let billable = Self.report(tags: ["billable"])
    #expect(billable.work == 7200)
    #expect(billable.projects.map(\.label) == ["api", "web"])
    let both = Self.report(tags: ["billable", "urgent"])
    #expect(both.work == 3600 && both.tagFilter == ["billable", "urgent"])
    #expect(Self.report(tags: ["nosuch"]).work == 0)
  }

  @Test func theTextHasATagsSectionOnlyWhenThereAreTags() {
    let text = ReportTextEncoder().encode(Self.report(tags: ["billable"]))
    #expect(text.contains("Tags           +billable\n"), "\(text)")
    #expect(text.contains("\nTags\n  +billable  2:00  100 %\n  +urgent    1:00   50 %\n"), "\(text)")
    let untagged = makeReport(
      [ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00")],
      first: "2026-11-23", last: "2026-11-23")
    #expect(!ReportTextEncoder().encode(untagged).contains("Tags"))
  }

  @Test func theJSONHasTheFilterAndTheTags() {
    let json = ReportJSONEncoder.encode(Self.report(tags: ["urgent"]))
    #expect(
      json.contains(
        #""tag_filter":["urgent"],"tags":[{"name":"urgent","seconds":5100,"percent":100},"#
          + #"{"name":"billable","seconds":3600,"percent":71}]"#), "\(json)")
  }
}
