/// The report for scripts (`pomobar report --json`): one JSON object on one line.
///
/// Times are whole seconds, always (`--decimal` changes only the text): a script divides
/// as it likes, and integers never drift in rounding. Names are stable; fields may be added.
///
/// - `range`: `name` (`today` … `all`, or `days` for `--from`/`--to`), `from`, `to`
///   (`YYYY-MM-DD`, both included; `from` of `all` is the history's first day), `today`;
/// - `project`: the `--project` filter or null;
/// - `work`, `focus`: seconds; where a bill applies to the history (`pomobar bill`),
///   `billed` and `unbilled` after `work`, the seconds of it a bill marks and the rest;
///   `sessions`: `completed`, `skipped`, `stopped`, `voided`;
///   `interruptions`: `internal`, `external`; `breaks`: `taken`, `seconds`;
/// - `goal`: `daily` (seconds or null), `days_met`, `days` (work days);
/// - `balance`: `seconds`, `worked`, `due`, `work_days`, or null without goals;
/// - `streak`: `current`, `longest` (days);
/// - `projects`: `name` (null for time without a project), `seconds`, `percent` (whole
///   numbers adding up to 100), `color`, `goal`, `goal_days_met`, `weekly_goal`,
///   `week_seconds`;
/// - `days`: `date`, `work`, `focus`, `completed`, `target` (work due, 0 on a day that is
///   not a work day), `projects` (an object of name to seconds, `""` for no project, only
///   those with time that day);
/// - `tag_filter`: the `--tag` tags (an array, empty for none); `tags`: `name`, `seconds`,
///   `percent` (of the work; tags overlap, so these need not add up to 100);
/// - `billing`, only when billing is configured: see `BillingReport.json`;
/// - `tasks`, only with `--by task`: `title`, `work`, `focus` (seconds), `completed`
///   (focus sessions), the most work first.
public enum ReportJSONEncoder {
  public static func encode(_ report: Report) -> String {
    ReportOutput.collect { encode(report, to: &$0) }
  }

  /// The same text into `output`, the days written as they are made: a range of many days
  /// (a record in 9999 beside one in 1970) is never held whole.
  public static func encode(_ report: Report, to out: inout ReportOutput) {
    let optional = { (value: Int64?) in value.map(JSONValue.integer) ?? .null }
    let projects = report.projects.map { project -> JSONValue in
      .object([
        ("name", project.name.map(JSONValue.string) ?? .null), ("seconds", .integer(project.seconds)),
        ("percent", .integer(Int64(project.percent))), ("color", .string(project.color)),
        ("goal", optional(project.goal)), ("goal_days_met", .integer(Int64(project.goalDaysMet))),
        ("weekly_goal", optional(project.weeklyGoal)), ("week_seconds", .integer(project.weekSeconds)),
      ])
    }
    let sessions = report.sessions
    let billed: [(String, JSONValue)] =
      report.billed.map { [("billed", .integer($0)), ("unbilled", .integer(report.work - $0))] } ?? []
    let head = JSONValue.object([
      (
        "range",
        .object([
          ("name", .string(report.period.name)),
          ("from", .string((report.period.first ?? report.period.last).description)),
          ("to", .string(report.period.last.description)), ("today", .string(report.today.description)),
        ])
      ),
      ("project", report.project.map(JSONValue.string) ?? .null),
      ("work", .integer(report.work)),
    ] + billed + [
      ("focus", .integer(report.focus)),
      (
        "sessions",
        .object([
          ("completed", .integer(Int64(sessions.completed))), ("skipped", .integer(Int64(sessions.skipped))),
          ("stopped", .integer(Int64(sessions.stopped))), ("voided", .integer(Int64(sessions.voided))),
        ])
      ),
      (
        "interruptions",
        .object([
          ("internal", .integer(Int64(report.internalInterruptions))),
          ("external", .integer(Int64(report.externalInterruptions))),
        ])
      ),
      (
        "breaks",
        .object([("taken", .integer(Int64(report.breaks))), ("seconds", .integer(report.breakSeconds))])
      ),
      (
        "goal",
        .object([
          ("daily", optional(report.dailyGoal)), ("days_met", .integer(Int64(report.goalDaysMet))),
          ("days", .integer(Int64(report.goalDays))),
        ])
      ),
      ("balance", Self.balance(report.balance)),
      (
        "streak",
        .object([
          ("current", .integer(Int64(report.streak.current))),
          ("longest", .integer(Int64(report.streak.longest))),
        ])
      ),
      ("projects", .array(projects)),
    ])
    let tail = JSONValue.object([
      ("tag_filter", .array(report.tagFilter.map(JSONValue.string))), ("tags", .array(tags(report))),
    ])
    // The object's members before `days`, its days one by one, the members after.
    out += String(JSON.serialize(head).dropLast()) + ",\"days\":["
    for (index, day) in report.days.enumerated() {
      if index > 0 { out += "," }
      // As `JSON.serialize` writes the object, without making it a value first: a report
      // of everything may have millions of days.
      out += "{\"date\":\"\(day.date)\",\"work\":\(day.work),\"focus\":\(day.focus)"
      out += ",\"completed\":\(day.completed),\"target\":\(day.target),\"projects\":{"
      var first = true
      for (index, seconds) in day.projects.enumerated() where seconds > 0 {
        out += (first ? "" : ",") + JSON.quote(report.projects[index].name ?? "") + ":\(seconds)"
        first = false
      }
      out += "}}"
    }
    out += "]," + JSON.serialize(tail).dropFirst().dropLast()
    if let billing = report.billing { out += ",\"billing\":" + billing.json }
    if let tasks = report.tasks { out += ",\"tasks\":" + JSON.serialize(.array(tasks.map(task))) }
    out += "}\n"
  }

  /// `balance`: `seconds` (ahead, or negative: behind), `worked`, `due`, `work_days`; null
  /// without goals.
  static func balance(_ balance: Report.Balance?) -> JSONValue {
    guard let balance else { return .null }
    return .object([
      ("seconds", .integer(balance.seconds)), ("worked", .integer(balance.worked)),
      ("due", .integer(balance.due)), ("work_days", .integer(Int64(balance.workDays))),
    ])
  }

  static func task(_ task: Report.TaskLine) -> JSONValue {
    .object([
      ("title", .string(task.title)), ("work", .integer(task.work)), ("focus", .integer(task.focus)),
      ("completed", .integer(Int64(task.completed))),
    ])
  }

  static func tags(_ report: Report) -> [JSONValue] {
    report.tags.map { tag in
      .object([
        ("name", .string(tag.name)), ("seconds", .integer(tag.seconds)),
        ("percent", .integer(Int64(tag.percent))),
      ])
    }
  }
}
