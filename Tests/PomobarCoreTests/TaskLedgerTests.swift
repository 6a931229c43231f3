import Testing

@testable import PomobarCore

/// The task in the ledger's outputs: `report --by task`, the exports, an import of
/// pomobar's own JSON; and every output as it was without tasks.
@Suite struct TaskLedgerTests {
  static let report = TaskRef(title: "write the report")
  static let login = TaskRef(title: "fix login", id: "a3f", source: "taskwarrior")

  static func with(_ task: TaskRef?, _ record: LedgerRecord) -> LedgerRecord {
    var record = record
    record.task = task
    return record
  }

  /// Monday: work 9-11 on the report (a focus inside it, completed), 11-12 without a task;
  /// Tuesday: no work clock, a focus on the login (its time is the day's work).
  static let records = [
    with(report, ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T11:00:00+01:00", project: "api")),
    with(
      report,
      ledgerRecord(.focus, "2026-11-23T09:00:00+01:00", "2026-11-23T09:25:00+01:00", project: "api", outcome: .completed)),
    ledgerRecord(.work, "2026-11-23T11:00:00+01:00", "2026-11-23T12:00:00+01:00", project: "api"),
    with(
      login,
      ledgerRecord(.focus, "2026-11-24T09:00:00+01:00", "2026-11-24T09:25:00+01:00", project: "api", outcome: .stopped)),
  ]

  static func built(byTask: Bool) -> Report {
    var builder = ReportBuilder(
      period: ReportPeriod(name: "days", first: date("2026-11-23"), last: date("2026-11-24")),
      today: date("2026-11-25"), settings: LedgerSettings())
    builder.byTask = byTask
    for record in records { builder.add(record) }
    return builder.report()
  }

  @Test func byTaskSumsEachTasksWorkFocusAndSessions() {
    #expect(
      Self.built(byTask: true).tasks == [
        Report.TaskLine(title: "write the report", work: 7200, focus: 1500, completed: 1),
        Report.TaskLine(title: "fix login", work: 1500, focus: 1500, completed: 0),
      ])
    #expect(Self.built(byTask: false).tasks == nil)
    var without = Self.built(byTask: true)
    without.tasks = nil
    #expect(without == Self.built(byTask: false), "the rest of the report is the same")
  }

  @Test func byTaskShowsInTheTextTheJSONAndThePage() {
    let report = Self.built(byTask: true)
    let text = ReportTextEncoder().encode(report)
    #expect(text.contains("\nTasks\n  write the report  work 2:00  focus 0:25  1 completed\n"))
    #expect(text.contains("  fix login         work 0:25  focus 0:25  0 completed\n"))
    let json = ReportJSONEncoder.encode(report)
    #expect(
      json.hasSuffix(
        #","tasks":[{"title":"write the report","work":7200,"focus":1500,"completed":1},"#
          + #"{"title":"fix login","work":1500,"focus":1500,"completed":0}]}"# + "\n"))
    let plain = Self.built(byTask: false)
    #expect(!ReportTextEncoder().encode(plain).contains("Tasks"))
    #expect(!ReportJSONEncoder.encode(plain).contains("tasks"))
  }

  @Test func csvGainsATaskColumnAtTheEndOnlyWhenAsked() {
    var encoder = ExportEncoder(format: .csv)
    let plain = encoder.header() + encoder.element(Self.records[0])
    #expect(!plain.contains("task"))
    var tasks = ExportEncoder(format: .csv)
    tasks.tasks = true
    let header = tasks.header()
    #expect(header == CSV.row(ExportEncoder.csvColumns + ["task"]))
    let row = encoder.element(Self.records[0])
    #expect(tasks.element(Self.records[0]) == String(row.dropLast()) + ",write the report\r\n")
    #expect(tasks.element(Self.records[2]).hasSuffix(",\r\n"), "a row without a task: an empty last field")
  }

  @Test func timewarriorAnnotatesAndWatsonTagsTheTask() {
    var noted = Self.records[1]
    noted.note = "draft"
    let timewarrior = ExchangeFixtures.export(.timewarrior, [Self.records[0], noted])
    #expect(timewarrior.contains(#""annotation":"write the report — draft"}"#), "the focus: its task and note")
    #expect(timewarrior.contains(#""annotation":"write the report"}"#), "the work after it: its task")
    let watson = ExchangeFixtures.export(.watson, [Self.records[3]])
    #expect(watson.contains(#"["focus","task:fix login"]"#))
    let none = ExchangeFixtures.export(.watson, [Self.records[2]])
    #expect(!none.contains("task"))
  }

  @Test func pomobarsOwnJSONReadsTheTaskBack() {
    let exported = ExchangeFixtures.export(.json, [Self.records[3]])
    let read = ExchangeFixtures.decode(exported, .json)
    #expect(read.problems.isEmpty)
    #expect(read.records.map(\.task) == [Self.login])
  }
}
