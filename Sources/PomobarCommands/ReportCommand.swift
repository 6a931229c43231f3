import PomobarCore
import PomobarSystem

/// What `pomobar report` was asked for.
public struct ReportRequest: Equatable {
  /// A range word (`week`); nil: today, or `--from`/`--to`.
  var range: String? = nil
  var from: String? = nil
  var to: String? = nil
  var project: String? = nil
  /// `--tag TAG`, repeatable: only records with all of them.
  var tags: [String] = []
  var json = false
  var decimal = false
  var chart = false
  /// `--calendar [YEAR]`: `calendarYear` nil for this year.
  var calendar = false
  var calendarYear: Int? = nil
  /// `--html`: the page; `--svg`: its chart alone (ReportCommand+HTML).
  var html = false
  var svg = false
  /// `--by task`: each task's time too.
  var byTask = false
  var configPath: String? = nil

  static let hint = "Run 'pomobar report --help' for usage."
}

/// `pomobar report`: work and focus time over a range of days, from the history.
public enum ReportCommand {
  public static func run(_ request: ReportRequest) -> Int32 {
    let context = Context.reading(Options(configPath: request.configPath))
    context.warnConfig()  // a report with a broken key still reports
    let settings = context.config.ledger
    let calendar = LedgerCalendar(settings)
    let now = LocalZone.wallTime(wall: context.store.now().wall)
    let today = calendar.day(of: now)

    let range: ReportRange
    do {
      if request.calendar {
        let year = request.calendarYear ?? today.year
        range = .days(
          CivilTime.Date(year: year, month: 1, day: 1), CivilTime.Date(year: year, month: 12, day: 31))
      } else if let from = request.from, let to = request.to {
        range = try ReportRange.between(from, to, today: today)
      } else {
        range = request.range.flatMap { ReportRange(name: $0) } ?? .today
      }
    } catch {
      Console.usage("pomobar report: \(error.message)\n\(ReportRequest.hint)")
      return ExitCode.usage
    }

    var timeline = request.html ? Self.timeline(context, range, today: today, request) : nil
    let report = build(
      context, range, today: today, project: request.project, tags: request.tags, byTask: request.byTask
    ) {
      timeline?.add($0)
    }
    if let project = request.project, let unknown = KnownProjects.refusal(project, context, shown: report) {
      // A bill must not be made from a 0:00 that is a typo.
      Console.error("report: " + unknown)
      return ExitCode.failure
    }

    let color = Console.colors(context.environment)
    // Pages and JSON go out a piece at a time: a range of many days is never held whole.
    var output = ReportOutput { Console.out($0) }
    if request.html || request.svg {
      page(request, context, report, timeline: timeline, to: &output)
    } else if request.json {
      ReportJSONEncoder.encode(report, to: &output)
    } else if request.calendar {
      let encoder = ReportCalendarEncoder(
        color: color, weekStart: settings.weekStart, decimal: request.decimal)
      Console.out(encoder.encode(report, year: report.period.last.year))
    } else {
      var text = ReportTextEncoder(decimal: request.decimal).encode(report)
      if request.chart {
        let width = min(60, max(10, (FileDescriptor.standardOutput.terminalWidth ?? 80) - 30))
        text += "\n" + ReportChartEncoder(color: color, decimal: request.decimal, width: width).encode(report)
      }
      Console.out(text)
    }
    output.flush()
    return ExitCode.success
  }

  /// The report of `range` from the history, the running work clock included.
  static func build(
    _ context: Context, _ range: ReportRange, today: CivilTime.Date, project: String?, tags: [String] = [],
    byTask: Bool = false, each: (LedgerRecord) -> Void = { _ in }
  ) -> Report {
    let settings = context.config.ledger
    let calendar = LedgerCalendar(settings)
    let latest = range == .all ? latestDay(context, calendar) : nil
    var builder = ReportBuilder(
      period: range.period(today: today, calendar: calendar, latest: latest), today: today,
      settings: settings, projects: context.config.projects, project: project,
      background: context.config.display.colors.background)
    builder.tagFilter = tags
    builder.byTask = byTask
    let billing = BillingRules(context.config)
    if billing.isOn { builder.billing = BillingBuilder(rules: billing) }
    let fold = context.history.billFold()
    if fold.isBilling { builder.billMarks = fold }
    // History files are named by the UTC month a record started: a month of margin either
    // side covers offsets, day-starts-at and intervals across a month's end.
    let firstMonth = builder.firstDayRead.map { HistoryTime.month($0, adding: -1) }
    let lastMonth = HistoryTime.month(builder.period.last, adding: 1)
    context.history.forEachRecord(from: firstMonth, to: lastMonth) {
      builder.add($0)
      each($0)
    }
    for interval in openIntervals(context) {
      builder.add(interval)
      each(interval)
    }
    return builder.report()
  }

  /// The last ledger day any record touches: those of the history's last month, where the
  /// latest records are (files go by the UTC month a record started), and the open ones.
  static func latestDay(_ context: Context, _ calendar: LedgerCalendar) -> CivilTime.Date? {
    var latest: CivilTime.Date? = nil
    func see(_ record: LedgerRecord) {
      let day = max(calendar.day(of: record.start), calendar.day(of: record.end))
      if latest.map({ day > $0 }) ?? true { latest = day }
    }
    if let month = context.history.lastMonth() {
      context.history.forEachRecord(from: month, to: month) { see($0) }
    }
    for interval in openIntervals(context) { see(interval) }
    return latest
  }

  /// Intervals still open, ended at `now`: they count in every report while they run.
  ///
  /// The running work clock, kept in the shared state, up to now.
  static func openIntervals(_ context: Context) -> [LedgerRecord] {
    let reading = context.store.now()
    let state = context.store.view(at: reading).state
    return Ledger.openIntervals(state, now: reading)
  }
}
