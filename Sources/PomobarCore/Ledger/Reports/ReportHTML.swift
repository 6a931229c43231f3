/// The report as one self-contained web page (`pomobar report --html`): totals, a stacked
/// bar per day and project, a heatmap for a month to a year, project and tag shares, goals
/// and balance, focus outcomes and interruptions, and a timeline of each day of a range
/// of up to a month.
///
/// Nothing is fetched: the style sheet and the charts (SVG) are inline, with no script,
/// so the file opens from a mail attachment and prints on A4 (a print style sheet). Every
/// chart is an `role="img"` SVG with a `<title>`, with the same numbers as real text in a
/// table beside it. Every number shown is the `Report` value's, the one `--json` writes,
/// and carries it in `data-json` (its path in the `--json` object, as a JSON array) and
/// `data-value` (seconds or a count), so a script can check the page against the JSON.
/// Every user string is escaped (`HTMLText`).
public struct ReportHTMLEncoder: HTMLNumbers, Sendable {
  public var look: ReportHTMLLook
  /// Hours as `1.75` rather than `1:45` (`--decimal`).
  public var decimal: Bool
  /// `[ledger] week-starts`: the heatmap's first row.
  public var weekStart: Int

  public init(look: ReportHTMLLook, decimal: Bool = false, weekStart: Int = 0) {
    self.look = look
    self.decimal = decimal
    self.weekStart = weekStart
  }

  /// The page of `report`; `timeline` (for a range of up to a month) adds each day's.
  public func encode(_ report: Report, timeline: ReportTimeline? = nil) -> String {
    ReportOutput.collect { encode(report, timeline: timeline, to: &$0) }
  }

  /// The page into `output`, a row at a time: the rows of a range of many months are
  /// never held whole.
  public func encode(_ report: Report, timeline: ReportTimeline? = nil, to out: inout ReportOutput) {
    let title = "pomobar report: " + ReportFormat.title(report)
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<meta name=\"generator\" content=\"pomobar\">\n"
    out +=
      "<title>\(HTMLText.escape(title))</title>\n<style>\n\(styleSheet())</style>\n</head>\n<body>\n<main>\n"
    out += header(report)
    out += totals(report)
    daysSection(report, to: &out)
    // A heatmap for a month or a year; past a year its cells would be too small to read.
    if (28...366).contains(report.days.count) { out += heatmapSection(report) }
    out += projectsSection(report)
    out += billingSection(report)
    out += focusSection(report)
    if let timeline, !report.days.isEmpty { out += timelineSection(report, timeline) }
    out += "<footer><p>Made by pomobar on \(date(report.today)). Times are "
    out += decimal ? "hours with decimals." : "hours and minutes (h:mm)."
    out += " Work is the work clock's time; on a day without it, focus time counts as work.</p></footer>\n"
    out += "</main>\n</body>\n</html>\n"
  }

  // MARK: - Sections

  func header(_ report: Report) -> String {
    var out = "<header>\n<h1>Work report</h1>\n<p class=\"period\">"
    if report.period.name != "days" {
      out +=
        HTMLText.escape(report.period.name.prefix(1).uppercased() + report.period.name.dropFirst()) + ": "
    }
    let last = report.period.last
    if let first = report.period.first, first != last {
      out += date(first, weekday: true) + " to " + date(last, weekday: true)
    } else {
      out += date(last, weekday: true)
    }
    out += "</p>\n"
    if let project = report.project { out += "<p>Project: \(HTMLText.isolated(project))</p>\n" }
    if !report.tagFilter.isEmpty {
      out +=
        "<p>Tags: " + report.tagFilter.map { HTMLText.isolated("+" + $0) }.joined(separator: " ") + "</p>\n"
    }
    return out + "</header>\n"
  }

  func totals(_ report: Report) -> String {
    let sessions = report.sessions
    var cards: [(String, String, String)] = [
      ("Work", hours(report.work, ["work"]), goalNote(report)),
      (
        "Focus", hours(report.focus, ["focus"]),
        count(sessions.completed, ["sessions", "completed"]) + " completed sessions"
      ),
      (
        "Interruptions",
        count(report.internalInterruptions, ["interruptions", "internal"]) + "<small> internal</small>",
        count(report.externalInterruptions, ["interruptions", "external"]) + " external"
      ),
      (
        "Breaks", count(report.breaks, ["breaks", "taken"]),
        hours(report.breakSeconds, ["breaks", "seconds"]) + " in all"
      ),
      (
        "Streak", count(report.streak.current, ["streak", "current"]) + "<small> days</small>",
        "longest " + count(report.streak.longest, ["streak", "longest"]) + " days"
      ),
    ]
    if let billed = report.billed {
      // As the text's `Billed` line: once a bill applies to the history.
      cards.insert(
        ("Billed", hours(billed, ["billed"]), hours(report.work - billed, ["unbilled"]) + " unbilled"), at: 1)
    }
    if let balance = report.balance {
      cards.insert(
        (
          "Balance", signedHours(balance.seconds, ["balance", "seconds"]),
          hours(balance.worked, ["balance", "worked"]) + " of " + hours(balance.due, ["balance", "due"])
            + " due on " + count(balance.workDays, ["balance", "work_days"]) + " work days"
        ), at: 1)
    }
    var out =
      "<section aria-labelledby=\"h-totals\">\n<h2 id=\"h-totals\">Totals</h2>\n<div class=\"cards\">\n"
    for (label, value, note) in cards {
      out += "<div class=\"card\"><h3>\(label)</h3><p class=\"big\">\(value)</p>"
      if !note.isEmpty { out += "<p>\(note)</p>" }
      out += "</div>\n"
    }
    return out + "</div>\n</section>\n"
  }

  /// The work goal: days met, when a goal is set (the one every work day has, or goals
  /// that differ by weekday).
  func goalNote(_ report: Report) -> String {
    guard report.dailyGoal != nil || report.goalDays > 0 && report.balance != nil else { return "" }
    let goal =
      report.dailyGoal.map { "goal " + hours($0, ["goal", "daily"]) + " a day, met on " } ?? "goal met on "
    return goal + count(report.goalDaysMet, ["goal", "days_met"]) + " of "
      + count(report.goalDays, ["goal", "days"]) + " work days"
  }

  func daysSection(_ report: Report, to out: inout ReportOutput) {
    let rows = ReportRows.make(report)
    let unit = rows.byMonth ? "month" : "day"
    out += "<section aria-labelledby=\"h-days\">\n<h2 id=\"h-days\">Work per \(unit)</h2>\n"
    out += "<figure>\n"
    dayChart(report, standalone: false, to: &out)
    out += "</figure>\n"
    out +=
      "<div class=\"scroll\"><table class=\"days\">\n<caption>Work per \(unit) and project</caption>\n<thead><tr>"
    out += "<th scope=\"col\">\(rows.byMonth ? "Month" : "Day")</th><th scope=\"col\">Work</th>"
    out += "<th scope=\"col\">Focus</th><th scope=\"col\">Completed</th>"
    for (index, project) in report.projects.enumerated() where project.seconds > 0 {
      out += "<th scope=\"col\">\(Self.swatch("f\(index)"))\(HTMLText.isolated(project.label))</th>"
    }
    out += "</tr></thead>\n<tbody>\n"
    for (number, row) in rows.rows.enumerated() {
      let key = rowKey(report, rows, number)
      out += "<tr><th scope=\"row\">\(key.label)</th>"
      out +=
        "<td>\(hours(row.work, key.path + ["work"]))</td><td>\(hours(row.focus, key.path + ["focus"]))</td>"
      out += "<td>\(count(row.completed, key.path + ["completed"]))</td>"
      for (index, project) in report.projects.enumerated() where project.seconds > 0 {
        out += "<td>\(hours(row.projects[index], key.path + ["projects", .key(project.name ?? "")]))</td>"
      }
      out += "</tr>\n"
    }
    out += "</tbody>\n</table></div>\n</section>\n"
  }

  /// Row `number`'s label and its place in `--json`: `["days", N]`, or for a month (ranges
  /// past two months) `["months", "YYYY-MM"]`, the sum of that month's days.
  func rowKey(_ report: Report, _ rows: ReportRows, _ number: Int) -> (label: String, path: [JSONPath]) {
    guard rows.byMonth else {
      return (date(report.days[number].date, weekday: true), [.key("days"), .index(number)])
    }
    let month = rows.rows[number].label
    return ("<time datetime=\"\(month)\">\(month)</time>", [.key("months"), .key(month)])
  }

  func projectsSection(_ report: Report) -> String {
    guard !report.projects.isEmpty || !report.tags.isEmpty || report.tasks?.isEmpty == false else {
      return ""
    }
    var out = "<section aria-labelledby=\"h-projects\">\n<h2 id=\"h-projects\">Projects</h2>\n"
    if !report.projects.isEmpty {
      out +=
        "<div class=\"scroll\"><table>\n<caption>Work per project</caption>\n<thead><tr><th scope=\"col\">Project</th>"
      let goals = report.projects.contains { $0.goal != nil }
      let weekly = report.projects.contains { $0.weeklyGoal != nil }
      out += "<th scope=\"col\">Work</th><th scope=\"col\">Share</th>"
      if goals { out += "<th scope=\"col\">Goal</th>" }
      if weekly { out += "<th scope=\"col\">This week</th>" }
      out += "</tr></thead>\n<tbody>\n"
      for (index, project) in report.projects.enumerated() {
        let path: [JSONPath] = [.key("projects"), .index(index)]
        out += "<tr><th scope=\"row\">\(Self.swatch("f\(index)"))\(HTMLText.isolated(project.label))</th>"
        out += "<td>\(hours(project.seconds, path + ["seconds"]))</td>"
        out += "<td class=\"share\">" + shareBar(project.percent, className: "f\(index)")
        out += percent(project.percent, path + ["percent"]) + "</td>"
        if goals {
          out += "<td>"
          if let goal = project.goal {
            out +=
              hours(goal, path + ["goal"]) + " a day, met on "
              + count(project.goalDaysMet, path + ["goal_days_met"]) + " of "
              + count(report.goalDays, ["goal", "days"])
              + " work days"
          }
          out += "</td>"
        }
        if weekly {
          out += "<td>"
          if let weekly = project.weeklyGoal {
            out +=
              hours(project.weekSeconds, path + ["week_seconds"]) + " of "
              + hours(weekly, path + ["weekly_goal"])
          }
          out += "</td>"
        }
        out += "</tr>\n"
      }
      out += "</tbody>\n</table></div>\n"
    }
    if !report.tags.isEmpty {
      out +=
        "<div class=\"scroll\"><table>\n<caption>Work per tag (a record can carry several tags)</caption>\n"
      out +=
        "<thead><tr><th scope=\"col\">Tag</th><th scope=\"col\">Work</th><th scope=\"col\">Share</th></tr></thead>\n<tbody>\n"
      for (index, tag) in report.tags.enumerated() {
        let path: [JSONPath] = [.key("tags"), .index(index)]
        out +=
          "<tr><th scope=\"row\">\(HTMLText.isolated("+" + tag.name))</th><td>\(hours(tag.seconds, path + ["seconds"]))</td>"
        out +=
          "<td class=\"share\">" + shareBar(tag.percent, className: "fo")
          + percent(tag.percent, path + ["percent"])
        out += "</td></tr>\n"
      }
      out += "</tbody>\n</table></div>\n"
    }
    if let tasks = report.tasks, !tasks.isEmpty {
      out += "<div class=\"scroll\"><table>\n<caption>Time per task</caption>\n"
      out +=
        "<thead><tr><th scope=\"col\">Task</th><th scope=\"col\">Work</th><th scope=\"col\">Focus</th>"
        + "<th scope=\"col\">Completed</th></tr></thead>\n<tbody>\n"
      for (index, task) in tasks.enumerated() {
        let path: [JSONPath] = [.key("tasks"), .index(index)]
        out +=
          "<tr><th scope=\"row\">\(HTMLText.isolated(task.title))</th><td>\(hours(task.work, path + ["work"]))</td>"
          + "<td>\(hours(task.focus, path + ["focus"]))</td><td>\(task.completed)</td></tr>\n"
      }
      out += "</tbody>\n</table></div>\n"
    }
    return out + "</section>\n"
  }

  func focusSection(_ report: Report) -> String {
    let sessions = report.sessions
    var out =
      "<section aria-labelledby=\"h-focus\">\n<h2 id=\"h-focus\">Focus sessions and interruptions</h2>\n"
    if sessions.total > 0 { out += "<figure>\n" + outcomeChart(report) + "</figure>\n" }
    out +=
      "<div class=\"scroll\"><table class=\"narrow\">\n<caption>Focus sessions by outcome</caption>\n<tbody>\n"
    let outcomes: [(String, Int, String)] = [
      ("Completed", sessions.completed, "completed"), ("Skipped", sessions.skipped, "skipped"),
      ("Stopped", sessions.stopped, "stopped"), ("Voided", sessions.voided, "voided"),
    ]
    for (index, (label, value, key)) in outcomes.enumerated() {
      out += "<tr><th scope=\"row\">\(Self.swatch("o\(index)"))\(label)</th>"
      out += "<td>\(count(value, ["sessions", .key(key)]))</td></tr>\n"
    }
    out += "<tr><th scope=\"row\">Internal interruptions</th>"
    out += "<td>\(count(report.internalInterruptions, ["interruptions", "internal"]))</td></tr>\n"
    out += "<tr><th scope=\"row\">External interruptions</th>"
    out += "<td>\(count(report.externalInterruptions, ["interruptions", "external"]))</td></tr>\n"
    return out + "</tbody>\n</table></div>\n</section>\n"
  }

  // MARK: - Numbers (`HTMLNumbers`: number, hours, count, date)

  func signedHours(_ seconds: Int64, _ path: [JSONPath]) -> String {
    number(
      seconds, path, shown: (seconds < 0 ? "−" : "+") + ReportFormat.hours(abs(seconds), decimal: decimal))
  }

  func percent(_ value: Int, _ path: [JSONPath]) -> String { number(Int64(value), path, shown: "\(value) %") }

  /// A bar of `percent` in the fill `className` (SVG: an empty element would be dropped by
  /// HTML tidiers and some mail readers).
  func shareBar(_ percent: Int, className: String) -> String {
    "<svg class=\"bar\" viewBox=\"0 0 100 6\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
      + "<rect class=\"track\" width=\"100\" height=\"6\"/>"
      + "<rect class=\"\(className)\" width=\"\(min(100, max(0, percent)))\" height=\"6\"/></svg>"
  }

  /// A small square of the fill `className`, beside a name or in a legend.
  static func swatch(_ className: String) -> String {
    "<svg class=\"swatch\" viewBox=\"0 0 10 10\" aria-hidden=\"true\"><rect class=\"\(className)\" width=\"10\" height=\"10\" rx=\"2\"/></svg>"
  }
}
