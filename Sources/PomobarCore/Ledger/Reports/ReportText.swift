/// The report as a person reads it: totals, projects with their shares and goals, streaks,
/// and for more than a day, the days one by one (months, past two months' worth).
public struct ReportTextEncoder: Sendable {
  /// Hours as `1.75` rather than `1:45` (`--decimal`).
  public var decimal: Bool

  public init(decimal: Bool = false) { self.decimal = decimal }

  public func encode(_ report: Report) -> String {
    let hours = { (seconds: Int64) in ReportFormat.hours(seconds, decimal: decimal) }
    var out = "pomobar report: " + ReportFormat.title(report) + "\n\n"

    var work = hours(report.work)
    let workNote = goalNote(report)
    let sessions = report.sessions
    var rows: [(String, String, String)] = [
      ("Work", work, workNote),
      (
        "Focus", hours(report.focus),
        "\(sessions.completed) completed, \(sessions.skipped) skipped, \(sessions.stopped) stopped, "
          + "\(sessions.voided) voided"
      ),
      (
        "Interruptions", "\(report.internalInterruptions + report.externalInterruptions)",
        "\(report.internalInterruptions) internal, \(report.externalInterruptions) external"
      ),
      ("Breaks", "\(report.breaks)", hours(report.breakSeconds) + " in all"),
      (
        "Streak", ReportFormat.days(report.streak.current),
        "longest " + ReportFormat.days(report.streak.longest)
      ),
    ]
    if let balance = report.balance {
      rows.insert(
        (
          "Balance", (balance.seconds < 0 ? "-" : "+") + hours(abs(balance.seconds)),
          "\(hours(balance.worked)) of \(hours(balance.due)) due on "
            + ReportFormat.workDays(balance.workDays)
        ), at: 1)
    }
    if let billed = report.billed {
      rows.insert(("Billed", hours(billed), hours(report.work - billed) + " unbilled"), at: 1)
    }
    if let project = report.project { rows.insert(("Project", project, ""), at: 0) }
    if !report.tagFilter.isEmpty {
      rows.insert(("Tags", TagName.words(report.tagFilter), ""), at: report.project == nil ? 0 : 1)
    }
    let valueWidth = rows.map { $0.1.terminalColumns }.max() ?? 0
    for (label, value, note) in rows {
      work = ReportFormat.padRight(label, 15) + ReportFormat.padLeft(value, valueWidth)
      out += (note.isEmpty ? work : work + "   " + note) + "\n"
    }

    if !report.projects.isEmpty {
      out += "\nProjects\n"
      let nameWidth = report.projects.map { $0.label.terminalColumns }.max() ?? 0
      let timeWidth = report.projects.map { hours($0.seconds).count }.max() ?? 0
      for project in report.projects {
        var line =
          "  " + ReportFormat.padRight(project.label, nameWidth) + "  "
          + ReportFormat.padLeft(hours(project.seconds), timeWidth) + "  "
          + ReportFormat.padLeft("\(project.percent)", 3) + " %"
        var goals: [String] = []
        if let goal = project.goal {
          goals.append(
            report.isMultiDay
              ? "goal \(hours(goal)) a day: met on \(project.goalDaysMet) of "
                + ReportFormat.workDays(report.goalDays)
              : "goal \(hours(goal)): \(ReportFormat.progress(project.seconds, goal))")
        }
        if let weekly = project.weeklyGoal {
          goals.append("this week \(hours(project.weekSeconds)) of \(hours(weekly))")
        }
        if !goals.isEmpty { line += "   " + goals.joined(separator: " · ") }
        out += line + "\n"
      }
    }

    out += tagsSection(report, hours)
    out += tasksSection(report, hours)
    if let billing = report.billing { out += billing.text(hours) }

    if report.isMultiDay {
      let rows = ReportRows.make(report)
      out += "\n" + ReportFormat.padRight(rows.byMonth ? "Months" : "Days", 18)
      let cells = rows.rows.map { row in
        (row.label, hours(row.work), hours(row.focus), "\(row.completed)", row.goalMet)
      }
      let workWidth = max(4, cells.map { $0.1.count }.max() ?? 0)
      let focusWidth = max(5, cells.map { $0.2.count }.max() ?? 0)
      out +=
        ReportFormat.padLeft("work", workWidth) + "  " + ReportFormat.padLeft("focus", focusWidth)
        + "  done\n"
      for (label, work, focus, done, met) in cells {
        out +=
          "  " + ReportFormat.padRight(label, 16) + ReportFormat.padLeft(work, workWidth) + "  "
          + ReportFormat.padLeft(focus, focusWidth) + "  " + ReportFormat.padLeft(done, 4)
          + (met ? "  ✓" : "") + "\n"
      }
    }
    return out
  }

  /// What the work line says of the daily goals: on how many work days they were met, or
  /// for one day how far along its goal is.
  func goalNote(_ report: Report) -> String {
    let hours = { (seconds: Int64) in ReportFormat.hours(seconds, decimal: decimal) }
    guard report.dailyGoal != nil || report.balance != nil else { return "" }
    let goal = report.dailyGoal.map { "daily goal \(hours($0))" } ?? "daily goals"
    if report.isMultiDay {
      return "\(goal): met on \(report.goalDaysMet) of " + ReportFormat.workDays(report.goalDays)
    }
    guard let day = report.days.first, day.target > 0 else { return "not a work day" }
    return "daily goal \(hours(day.target)): \(ReportFormat.progress(report.work, day.target))"
  }

  /// `Tags` and a line per tag with its time and share of the work, after the projects;
  /// nothing when no record in the range has tags.
  func tagsSection(_ report: Report, _ hours: (Int64) -> String) -> String {
    guard !report.tags.isEmpty else { return "" }
    let labels = report.tags.map { "+" + $0.name }
    let nameWidth = labels.map(\.terminalColumns).max() ?? 0
    let timeWidth = report.tags.map { hours($0.seconds).count }.max() ?? 0
    var out = "\nTags\n"
    for (tag, label) in zip(report.tags, labels) {
      out +=
        "  " + ReportFormat.padRight(label, nameWidth) + "  "
        + ReportFormat.padLeft(hours(tag.seconds), timeWidth) + "  "
        + ReportFormat.padLeft("\(tag.percent)", 3) + " %\n"
    }
    return out
  }
}

extension ReportTextEncoder {
  /// `report --by task`: `Tasks` and a line per task with its work, focus time and
  /// completed sessions, after the tags; `(none)` when no record in the range has a task.
  func tasksSection(_ report: Report, _ hours: (Int64) -> String) -> String {
    guard let tasks = report.tasks else { return "" }
    guard !tasks.isEmpty else { return "\nTasks\n  (none)\n" }
    let nameWidth = tasks.map(\.title.terminalColumns).max() ?? 0
    let workWidth = tasks.map { hours($0.work).count }.max() ?? 0
    let focusWidth = tasks.map { hours($0.focus).count }.max() ?? 0
    var out = "\nTasks\n"
    for task in tasks {
      out +=
        "  " + ReportFormat.padRight(task.title, nameWidth) + "  work " + ReportFormat.padLeft(hours(task.work), workWidth)
        + "  focus " + ReportFormat.padLeft(hours(task.focus), focusWidth) + "  "
        + "\(task.completed) completed\n"
    }
    return out
  }
}

/// The rows of a breakdown: a range's days, or its months past `maximumDays` days.
struct ReportRows {
  struct Row {
    var label: String
    var work: Int64 = 0
    var focus: Int64 = 0
    var completed = 0
    /// Work per project, in the order of `Report.projects`.
    var projects: [Int64]
    /// The daily goal was met (days only).
    var goalMet = false
  }

  /// Past two months, days would not fit a screen: months instead.
  static let maximumDays = 62

  var rows: [Row]
  var byMonth: Bool

  static func make(_ report: Report) -> ReportRows {
    let byMonth = report.days.count > maximumDays
    var rows: [Row] = []
    var month = (0, 0)
    for day in report.days {
      if !byMonth || (day.date.year, day.date.month) != month {
        month = (day.date.year, day.date.month)
        let label =
          byMonth
          ? String(day.date.description.prefix(7))
          : ReportFormat.weekday(day.date) + " " + day.date.description
        rows.append(Row(label: label, projects: day.projects.map { _ in 0 }))
      }
      rows[rows.count - 1].work += day.work
      rows[rows.count - 1].focus += day.focus
      rows[rows.count - 1].completed += day.completed
      for (index, seconds) in day.projects.enumerated() { rows[rows.count - 1].projects[index] += seconds }
      if !byMonth { rows[rows.count - 1].goalMet = day.target > 0 && day.work >= day.target }
    }
    return ReportRows(rows: rows, byMonth: byMonth)
  }
}

/// How reports write times, days and progress.
enum ReportFormat {
  /// `6:05` (hours and minutes, to the nearest minute), or `6.08` with `decimal`; a
  /// negative time is the same with a minus (`-6:05`), rounded the same way.
  static func hours(_ seconds: Int64, decimal: Bool) -> String {
    guard seconds >= 0 else { return "-" + hours(-seconds, decimal: decimal) }
    if decimal {
      let hundredths = (seconds * 100 + 1800) / 3600
      let fraction = hundredths % 100
      return "\(hundredths / 100)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
    return DurationFormat.hoursMinutes((seconds + 30) / 60)
  }

  /// `69 %`, or `met` once the goal is reached.
  static func progress(_ seconds: Int64, _ goal: Int64) -> String {
    guard goal > 0, seconds < goal else { return "met" }
    return "\(seconds * 100 / goal) %"
  }

  static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

  static func workDays(_ count: Int) -> String { count == 1 ? "1 work day" : "\(count) work days" }

  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  static func weekday(_ date: CivilTime.Date) -> String { weekdayNames[date.weekday] }

  /// `today, Mon 2026-11-23` or `week, Mon 2026-11-23 to Sun 2026-11-29`.
  static func title(_ report: Report) -> String { title(report.period) }

  static func title(_ period: ReportPeriod) -> String {
    let last = period.last
    let name = period.name == "days" ? "" : period.name + ", "
    guard let first = period.first, first != last else {
      return name + weekday(last) + " " + last.description
    }
    return name + weekday(first) + " \(first) to " + weekday(last) + " \(last)"
  }

  static func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.terminalColumns))
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.terminalColumns)) + text
  }
}
