import PomobarCore

/// `pomobar report --html` and `--svg`: the report as a page, or its chart alone.
extension ReportCommand {
  /// The page (or the SVG) of `report`, in the theme's colours, into `output`.
  static func page(
    _ request: ReportRequest, _ context: Context, _ report: Report, timeline: ReportTimeline?,
    to output: inout ReportOutput
  ) {
    let config = context.config
    let encoder = ReportHTMLEncoder(
      look: ReportHTMLLook(report, palette: config.display.colors, projects: config.projects),
      decimal: request.decimal, weekStart: config.ledger.weekStart)
    if request.svg {
      output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      encoder.dayChart(report, standalone: true, to: &output)
    } else {
      encoder.encode(report, timeline: timeline, to: &output)
    }
  }

  /// An empty timeline of the range's days when it is a month or shorter (the page draws
  /// each day then); nil otherwise, and for `all`.
  static func timeline(
    _ context: Context, _ range: ReportRange, today: CivilTime.Date, _ request: ReportRequest
  )
    -> ReportTimeline?
  {
    guard range != .all else { return nil }
    let calendar = LedgerCalendar(context.config.ledger)
    let period = range.period(today: today, calendar: calendar, latest: nil)
    guard let first = period.first else { return nil }
    return ReportTimeline(
      first: first, last: period.last, calendar: calendar, project: request.project, tags: request.tags)
  }
}
