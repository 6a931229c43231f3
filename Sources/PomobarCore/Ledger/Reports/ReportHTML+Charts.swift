/// The HTML report's charts, inline SVG: the stacked bar per day (also `report --svg`
/// alone), the heatmap, the focus outcomes and each day's timeline. Each is `role="img"`
/// with a `<title>`; the numbers are also in a table beside it.
extension ReportHTMLEncoder {
  /// The work per day (per month past two months), stacked by project, with a legend.
  /// `standalone`: a whole SVG file with its own style sheet (`report --svg`).
  public func dayChart(_ report: Report, standalone: Bool) -> String {
    ReportOutput.collect { dayChart(report, standalone: standalone, to: &$0) }
  }

  /// The chart into `output`, a bar at a time.
  public func dayChart(_ report: Report, standalone: Bool, to out: inout ReportOutput) {
    let rows = ReportRows.make(report)
    let (left, top, plotWidth, plotHeight) = (44.0, 12.0, 660.0, 200.0)
    let legendRows = (report.projects.filter { $0.seconds > 0 }.count + 3) / 4
    let height = top + plotHeight + 28 + Double(legendRows) * 20 + 8
    let longest = rows.rows.map(\.work).max() ?? 0
    let step = Self.tickStep(longest)
    let ceiling = max(step, (longest + step - 1) / step * step)
    let unit = rows.byMonth ? "month" : "day"
    out += "<svg"
    // A file of its own has a size (note apps that embed it read width and height).
    if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"\(Int(height))\"" }
    out += " class=\"chart\" viewBox=\"0 0 720 \(Int(height))\" role=\"img\">"
    out += "<title>Work per \(unit), stacked by project: "
    out += "\(ReportFormat.hours(report.work, decimal: decimal)) in all</title>\n"
    if standalone { out += "<style>\n\(styleSheet(chartOnly: true))</style>\n" }
    // Grid lines and hours on the left.
    var tick: Int64 = 0
    while tick <= ceiling {
      let y = top + plotHeight - plotHeight * Double(tick) / Double(ceiling)
      out +=
        "<line class=\"grid\" x1=\"\(left)\" x2=\"\(left + plotWidth)\" y1=\"\(Self.f(y))\" y2=\"\(Self.f(y))\"/>"
      out +=
        "<text class=\"axis\" x=\"\(left - 6)\" y=\"\(Self.f(y + 4))\" text-anchor=\"end\">\(tick / 3600)h</text>\n"
      tick += step
    }
    let column = plotWidth / Double(max(1, rows.rows.count))
    let barWidth = max(1, column * 0.72)
    for (number, row) in rows.rows.enumerated() {
      let x = left + column * Double(number) + (column - barWidth) / 2
      var sum: Int64 = 0
      for (index, seconds) in row.projects.enumerated() where seconds > 0 {
        let y0 = top + plotHeight - plotHeight * Double(sum) / Double(ceiling)
        sum += seconds
        let y1 = top + plotHeight - plotHeight * Double(sum) / Double(ceiling)
        let project = report.projects[index]
        let path = rowKey(report, rows, number).path + ["projects", .key(project.name ?? "")]
        out +=
          "<rect class=\"f\(index)\" x=\"\(Self.f(x))\" y=\"\(Self.f(y1))\" width=\"\(Self.f(barWidth))\" "
        out += "height=\"\(Self.f(y0 - y1))\"\(standalone ? "" : dataAttributes(seconds, path))><title>"
        out +=
          "\(HTMLText.escape(project.label)): \(ReportFormat.hours(seconds, decimal: decimal))</title></rect>"
      }
      let every = rows.rows.count > 31 ? 7 : 1
      if number % every == 0 {
        let label =
          rows.byMonth
          ? ReportCalendarEncoder.months[monthOf(rows.rows[number].label) - 1]
          : String(report.days[number].date.day)
        out += "<text class=\"axis\" x=\"\(Self.f(left + column * (Double(number) + 0.5)))\" "
        out += "y=\"\(Self.f(top + plotHeight + 16))\" text-anchor=\"middle\">\(label)</text>"
      }
      out += "\n"
    }
    // The legend: four projects a line.
    var shown = 0
    for (index, project) in report.projects.enumerated() where project.seconds > 0 {
      let x = left + Double(shown % 4) * 165
      let y = top + plotHeight + 30 + Double(shown / 4) * 20
      out +=
        "<rect class=\"f\(index)\" x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" width=\"12\" height=\"12\" rx=\"2\"/>"
      out += "<text class=\"legend-text\" x=\"\(Self.f(x + 17))\" y=\"\(Self.f(y + 10))\">"
      out += "\(HTMLText.escape(Self.shortened(project.label, 22)))</text>\n"
      shown += 1
    }
    out += "</svg>\n"
  }

  /// Hours between grid lines: at most five lines up to `longest` seconds.
  static func tickStep(_ longest: Int64) -> Int64 {
    let hours: [Int64] = [1, 2, 4, 6, 8, 12, 24, 48, 100, 200, 500, 1000, 2000, 5000]
    let step = hours.first { longest <= $0 * 3600 * 5 } ?? 10_000
    return step * 3600
  }

  /// The month of a `YYYY-MM` label.
  func monthOf(_ label: String) -> Int { min(12, max(1, Int(label.dropFirst(5).prefix(2)) ?? 1)) }

  /// At most `limit` characters, an ellipsis for the rest (the legend has room for so much).
  static func shortened(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// Two decimals at most: short coordinates.
  static func f(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
  }

  // MARK: - Heatmap

  /// Each day's work as a cell of a week column, GitHub-style, in the levels of
  /// `report --calendar` (none, under 1 h, 1-2 h, 2-4 h, 4 h and more).
  func heatmapSection(_ report: Report) -> String {
    guard let firstDay = report.days.first?.date, let lastDay = report.days.last?.date else { return "" }
    let calendar = LedgerCalendar(weekStart: weekStart)
    let firstColumn = calendar.firstDayOfWeek(firstDay).dayNumber
    let columns = Int((lastDay.dayNumber - firstColumn) / 7) + 1
    let (left, top, cell) = (34.0, 20.0, 15.0)
    let width = left + Double(columns) * cell + 4
    var out = "<section aria-labelledby=\"h-heatmap\">\n<h2 id=\"h-heatmap\">Calendar</h2>\n<figure>\n"
    out += "<svg class=\"heatmap\" viewBox=\"0 0 \(Self.f(max(width, 200))) \(Self.f(top + 7 * cell + 4))\" "
    out += "style=\"max-width:\(Self.f(max(width, 200) * 1.4))px\" role=\"img\">"
    out += "<title>Work per day as a calendar, darker for more</title>\n"
    for row in [0, 2, 4] {
      out += "<text class=\"axis\" x=\"0\" y=\"\(Self.f(top + Double(row) * cell + 11))\">"
      out += "\(ReportFormat.weekdayNames[(weekStart + row) % 7])</text>"
    }
    var lastMonth = 0
    for (index, day) in report.days.enumerated() {
      let offset = day.date.dayNumber - firstColumn
      let (column, row) = (Double(offset / 7), Double(offset % 7))
      if day.date.month != lastMonth && (day.date.day <= 7 || index == 0) {
        lastMonth = day.date.month
        out += "<text class=\"axis\" x=\"\(Self.f(left + column * cell))\" y=\"12\">"
        out += "\(ReportCalendarEncoder.months[day.date.month - 1])</text>"
      }
      out +=
        "<rect class=\"h\(ReportCalendarEncoder.level(day.work))\" x=\"\(Self.f(left + column * cell))\" "
      out += "y=\"\(Self.f(top + row * cell))\" width=\"12\" height=\"12\" rx=\"2\""
      out += dataAttributes(day.work, ["days", .index(index), "work"]) + "><title>"
      out +=
        "\(ReportFormat.weekday(day.date)) \(day.date): \(ReportFormat.hours(day.work, decimal: decimal))"
      out += "</title></rect>\n"
    }
    out += "</svg>\n<figcaption class=\"legend\">Less "
    for level in 0..<5 { out += Self.swatch("h\(level)") }
    out += " More: none, under 1 h, 1 to 2 h, 2 to 4 h, 4 h and more</figcaption>\n</figure>\n"
    if report.days.count > ReportRows.maximumDays {
      // The months' table is beside the bars; the days are here, for a screen reader.
      out +=
        "<table class=\"visually-hidden\">\n<caption>Work per day</caption>\n<thead><tr><th scope=\"col\">Day</th>"
      out += "<th scope=\"col\">Work</th></tr></thead>\n<tbody>\n"
      for (index, day) in report.days.enumerated() {
        out += "<tr><th scope=\"row\">\(date(day.date, weekday: true))</th>"
        out += "<td>\(hours(day.work, ["days", .index(index), "work"]))</td></tr>\n"
      }
      out += "</tbody>\n</table>\n"
    }
    return out + "</section>\n"
  }

  // MARK: - Focus outcomes

  /// The focus sessions as one bar, split by outcome.
  func outcomeChart(_ report: Report) -> String {
    let sessions = report.sessions
    let parts = [sessions.completed, sessions.skipped, sessions.stopped, sessions.voided]
    let names = ["completed", "skipped", "stopped", "voided"]
    var out = "<svg class=\"outcomes\" viewBox=\"0 0 720 28\" role=\"img\">"
    out += "<title>Focus sessions by outcome: "
    out += zip(parts, names).map { "\($0) \($1)" }.joined(separator: ", ") + "</title>\n"
    var x = 0.0
    for (index, part) in parts.enumerated() where part > 0 {
      let width = 720 * Double(part) / Double(max(1, sessions.total))
      out +=
        "<rect class=\"o\(index)\" x=\"\(Self.f(x))\" y=\"4\" width=\"\(Self.f(width))\" height=\"20\"><title>"
      out += "\(part) \(names[index])</title></rect>"
      x += width
    }
    return out + "</svg>\n"
  }

  // MARK: - Timeline

  /// Each day on its own clock: the work clock's intervals in the projects' colours, and the
  /// focus sessions as a line beneath (faint when not completed).
  func timelineSection(_ report: Report, _ timeline: ReportTimeline) -> String {
    let slots = Dictionary(
      report.projects.enumerated().map { ($1.name ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    let (left, top, plotWidth, rowHeight) = (112.0, 18.0, 600.0, 24.0)
    let dayStart = timeline.calendar.dayStart
    // The hours drawn: those with time in them, widened to whole three hours (the whole
    // day when nothing happened).
    let pieces = report.days.flatMap { timeline.pieces(on: $0.date) }
    let earliest = (pieces.map(\.from).min() ?? 0) / 10_800 * 3
    let latest = min(24, max(earliest + 6, ((pieces.map(\.to).max() ?? 86_400) + 10_799) / 10_800 * 3))
    let span = Double((latest - earliest) * 3600)
    func x(_ seconds: Int64) -> Double { left + plotWidth * Double(seconds - earliest * 3600) / span }
    let height = top + Double(report.days.count) * rowHeight + 4
    var out = "<section aria-labelledby=\"h-timeline\">\n<h2 id=\"h-timeline\">Each day</h2>\n<figure>\n"
    out += "<svg class=\"timeline\" viewBox=\"0 0 720 \(Self.f(height))\" role=\"img\">"
    out += "<title>When work happened each day, focus sessions beneath</title>\n"
    for hour in stride(from: earliest, through: latest, by: 3) {
      let at = Self.f(x(hour * 3600))
      out += "<line class=\"grid\" x1=\"\(at)\" x2=\"\(at)\" y1=\"\(top - 4)\" y2=\"\(Self.f(height))\"/>"
      let clock = (dayStart / 3600 + hour) % 24
      out +=
        "<text class=\"axis\" x=\"\(at)\" y=\"10\" text-anchor=\"middle\">\(DurationFormat.pad2(clock))</text>"
    }
    out += "\n"
    var table = ""
    for (index, day) in report.days.enumerated() {
      let y = top + Double(index) * rowHeight
      out += "<text class=\"axis\" x=\"0\" y=\"\(Self.f(y + 12))\">"
      out += "\(ReportFormat.weekday(day.date)) \(day.date)</text>"
      out += "<rect class=\"track\" x=\"\(left)\" y=\"\(Self.f(y))\" width=\"\(plotWidth)\" height=\"14\"/>"
      for piece in timeline.pieces(on: day.date) {
        let (x, width) = (x(piece.from), max(0.5, x(piece.to) - x(piece.from)))
        let name = piece.project.map(HTMLText.escape) ?? "no project"
        let span = clock(piece.from, dayStart) + "–" + clock(piece.to, dayStart)
        switch piece.kind {
        case .work, .shortBreak, .longBreak:
          let fill = slots[piece.project ?? ""].map { "f\($0)" } ?? "fx"
          out +=
            "<rect class=\"\(fill)\" x=\"\(Self.f(x))\" y=\"\(Self.f(y))\" width=\"\(Self.f(width))\" height=\"14\">"
          out += "<title>\(span) work, \(name)</title></rect>"
        case .focus:
          let faint = piece.outcome == .completed || piece.outcome == nil ? "fo" : "fo faint"
          out +=
            "<rect class=\"\(faint)\" x=\"\(Self.f(x))\" y=\"\(Self.f(y + 16))\" width=\"\(Self.f(width))\" height=\"4\">"
          out += "<title>\(span) focus, \(name), \(piece.outcome?.rawValue ?? "running")</title></rect>"
        }
        table += "<tr><th scope=\"row\">\(date(day.date, weekday: true))</th>"
        table += "<td><span class=\"clock\">\(clock(piece.from, dayStart))</span></td>"
        table += "<td><span class=\"clock\">\(clock(piece.to, dayStart))</span></td>"
        table +=
          "<td>\(piece.kind == .work ? "work" : "focus, " + (piece.outcome?.rawValue ?? "running"))</td>"
        table += "<td>\(piece.project.map(HTMLText.isolated) ?? "(no project)")</td></tr>\n"
      }
      out += "\n"
    }
    out +=
      "</svg>\n<figcaption class=\"legend\">Bars: the work clock, in the project's colour; the line beneath: "
    out += "focus sessions (faint: skipped, stopped or voided).</figcaption>\n</figure>\n"
    if !table.isEmpty {
      out +=
        "<table class=\"visually-hidden\">\n<caption>Work intervals and focus sessions of each day</caption>\n"
      out += "<thead><tr><th scope=\"col\">Day</th><th scope=\"col\">From</th><th scope=\"col\">To</th>"
      out +=
        "<th scope=\"col\">What</th><th scope=\"col\">Project</th></tr></thead>\n<tbody>\n\(table)</tbody>\n</table>\n"
    }
    return out + "</section>\n"
  }

  /// `09:30`: a moment of the ledger day on its clock (`24:00` for its end).
  func clock(_ seconds: Int64, _ dayStart: Int64) -> String {
    ClockTime.text(seconds == 86_400 && dayStart == 0 ? 86_400 : (seconds + dayStart) % 86_400)
  }
}
