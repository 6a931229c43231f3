import PomobarCore
import PomobarSystem

/// `pomobar report --timesheet`: a page per client of the range's billed entries, as text,
/// `--json`, `--html` or `--pdf FILE`; and `--pdf` for the report's page too.
extension ReportCommand {
  static func timesheet(
    _ request: ReportRequest, _ context: Context, _ range: ReportRange, today: CivilTime.Date
  ) -> Int32 {
    guard BillingRules(context.config).isOn else {
      Console.error(
        "report: a timesheet needs a rate in the config ([projects.\"NAME\"] rate = \"95 EUR/h\"; "
          + "see docs/billing.md)")
      return ExitCode.failure
    }
    for client in request.clients where context.config.projects(ofClient: client).isEmpty {
      Console.error(
        "report: no project belongs to client '\(Shown.plain(client))': give one with "
          + "[projects.\"NAME\"] client = \"\(Shown.plain(client))\" in the config")
      return ExitCode.failure
    }
    let builder = read(
      context, range, today: today, project: request.project, tags: request.tags, keepingRecords: true)
    if let project = request.project,
      let unknown = KnownProjects.refusal(project, context, shown: builder.report())
    {
      Console.error("report: " + unknown)
      return ExitCode.failure
    }
    let sheet = builder.billing!.timesheet(
      period: builder.period, today: today, clients: request.clients.isEmpty ? nil : request.clients,
      marks: builder.billMarks)
    let encoder = TimesheetHTMLEncoder(decimal: request.decimal)
    if let file = request.pdf { return printPDF(to: file, context) { encoder.encode(sheet, to: &$0) } }
    var output = ReportOutput { Console.out($0) }
    if request.html {
      encoder.encode(sheet, to: &output)
    } else {
      output += request.json ? sheet.json : sheet.text(decimal: request.decimal)
    }
    output.flush()
    return ExitCode.success
  }

  /// The page `write` makes, printed to `file` by headless Chromium (`--pdf FILE`).
  static func printPDF(to file: String, _ context: Context, _ write: (inout ReportOutput) -> Void) -> Int32 {
    let page = Page()
    var output = ReportOutput(chunk: Int.max) { page.text += $0 }
    write(&output)
    output.flush()
    if let problem = PagePrinter.printPDF(
      page.text, to: file, folder: context.environment.stateDirectory, environment: context.environment)
    {
      Console.error("report --pdf: " + problem)
      return ExitCode.failure
    }
    return ExitCode.success
  }

  /// The page as it is written, for the printer.
  private final class Page {
    var text = ""
  }
}
