import PomobarCore
import Testing

@testable import PomobarCommands

/// The command line read into `Command` values, and its usage errors, without the binary.
@Suite("Parsing")
struct ParseTests {
  @Test("run and the bar commands: --format and --config, --wrap to the end of the line")
  func barCommands() {
    assertParse([], .run(Options()))
    assertParse(["--format", "waybar"], .run(Options(format: .waybar)))
    assertParse(["run", "-f", "i3bar", "-c", "x.toml"], .run(Options(format: .i3bar, configPath: "x.toml")))
    assertParse(["--wrap", "i3status", "-c", "FILE"], .run(Options(wrap: "i3status -c FILE")))
    assertParse(["--wrap", "i3status | filter"], .run(Options(wrap: "i3status | filter")))
    assertParse(["status", "--format=json"], .status(Options(format: .json)))
    assertParse(["watch", "--config", "c.toml"], .watch(Options(configPath: "c.toml")))
    assertUsageError(
      ["--format", "waybr"],
      "pomobar run: unknown format 'waybr' (did you mean 'waybar'?); one of: "
        + OutputFormat.allCases.map(\.rawValue).joined(separator: ", "),
      hint: "Run 'pomobar --help' for usage.")
    assertUsageError(
      ["--format", "plain", "--wrap", "i3status"],
      "pomobar: --wrap merges i3bar streams; it cannot be used with --format plain")
    assertUsageError(["--wrap", " "], "pomobar: --wrap needs a command, like --wrap i3status")
    assertUsageError(["status", "now"], "pomobar status: unexpected argument 'now'")
    assertUsageError(["status", "--bogus"], "pomobar status: unknown option '--bogus'")
    assertUsageError(["status", "--format"], "pomobar status: --format needs a value")
    assertUsageError(["stauts"], "pomobar: unknown command 'stauts' (did you mean 'status'?)")
  }

  @Test("help, version and the hidden words come before any command")
  func helpAndVersion() {
    assertParse(["--help"], .help(nil))
    assertParse(["-h"], .help(nil))
    assertParse(["run", "--help"], .help("run"))
    assertParse(["report", "-h"], .help("report"))
    assertParse(["help", "--format"], .help("--format"))
    assertParse(["help"], .help(nil))
    assertParse(["ctl", "start", "--version"], .version)
    assertParse(["-V"], .version)
    assertParse(["--dump-commands"], .dumpCommands)
    assertParse(["check-config", "--example"], .configExample)
    assertParse(["check-config", "a.toml"], .checkConfig("a.toml"))
    assertParse(["check-config", "-c", "b.toml"], .checkConfig("b.toml"))
    assertParse(["check-config"], .checkConfig(nil))
  }

  @Test("ctl: each kind of action, its arguments, and the moment")
  func ctl() {
    assertParse(["ctl", "start"], .ctl(.start, Options(), at: nil))
    assertParse(["ctl", "break"], .ctl(.startBreak, Options(), at: nil))
    assertParse(["ctl", "extend"], .ctl(.extend(nil), Options(), at: nil))
    assertParse(["ctl", "extend", "5", "min"], .ctl(.extend(.seconds(300)), Options(), at: nil))
    assertParse(["ctl", "shorten", "90s"], .ctl(.shorten(.seconds(90)), Options(), at: nil))
    assertParse(["ctl", "snooze", "1h"], .ctl(.snooze(.seconds(3600)), Options(), at: nil))
    assertParse(["ctl", "work", "start"], .ctl(.workStart, Options(), at: nil))
    assertParse(["ctl", "work-toggle"], .ctl(.workToggle, Options(), at: nil))
    assertParse(
      ["ctl", "project", "api", "+billable"], .ctl(.project("api", tags: ["billable"]), Options(), at: nil))
    assertParse(["ctl", "project", "web", "front"], .ctl(.project("web front"), Options(), at: nil))
    assertParse(["ctl", "project", "+billable"], .ctl(.tags(["billable"]), Options(), at: nil))
    assertParse(["ctl", "project", "--none"], .ctl(.project(nil), Options(), at: nil))
    assertParse(["ctl", "project", "next"], .ctl(.projectNext, Options(), at: nil))
    assertParse(["ctl", "project", "previous"], .ctl(.projectPrevious, Options(), at: nil))
    assertParse(
      ["ctl", "interrupt", "external", "phone", "call"],
      .ctl(.interrupt(external: true, note: "phone call"), Options(), at: nil))
    assertParse(["ctl", "interrupt"], .ctl(.interrupt(external: false, note: nil), Options(), at: nil))
    assertParse(["ctl", "void", "meeting"], .ctl(.void("meeting"), Options(), at: nil))
    assertParse(["ctl", "away-was", "discard"], .ctl(.awayWas(.discard), Options(), at: nil))
    assertParse(
      ["ctl", "away-was", "work", "web", "+billable"],
      .ctl(.awayWas(.work, project: AwayProject(name: "web", tags: ["billable"])), Options(), at: nil))
    assertParse(["ctl", "stop", "--ago", "5m"], .ctl(.stop, Options(), at: try! Moment.ago("5m").get()))
    assertParse(
      ["ctl", "work", "start", "--at", "9:00", "-f", "json"],
      .ctl(.workStart, Options(format: .json), at: try! Moment.at("9:00").get()))
  }

  @Test("ctl's usage errors name the action and point to ctl's help")
  func ctlErrors() {
    let hint = "Run 'pomobar ctl --help' for usage."
    let all = (Action.names + Action.compoundWords).joined(separator: ", ")
    assertUsageError(
      ["ctl"], "pomobar ctl: which action? One of: \(Action.names.joined(separator: ", "))", hint: hint)
    assertUsageError(
      ["ctl", "strat"], "pomobar ctl: unknown action 'strat' (did you mean 'start'?); one of: \(all)",
      hint: hint)
    assertUsageError(["ctl", "start", "now"], "pomobar ctl start: takes no argument (got 'now')", hint: hint)
    assertUsageError(
      ["ctl", "extend", "lots"], "pomobar ctl extend: \(problem(DurationFormat.checked("lots")))", hint: hint)
    assertUsageError(["ctl", "work"], "pomobar ctl work: say start, stop or toggle", hint: hint)
    assertUsageError(["ctl", "work", "begin"], "pomobar ctl work: say start, stop or toggle", hint: hint)
    assertUsageError(
      ["ctl", "work", "start", "9:00"],
      "pomobar ctl work start: a time goes after --at: pomobar ctl work start --at 9:00", hint: hint)
    assertUsageError(
      ["ctl", "pause", "9:00"], "pomobar ctl pause: takes no argument (got '9:00')", hint: hint)
    assertUsageError(
      ["ctl", "project"], "pomobar ctl project: which project? A name, --none, next or prev", hint: hint)
    assertUsageError(
      ["ctl", "project", "next", "+a"],
      "pomobar ctl project next: takes no tags; write them after a name (project api +billable)", hint: hint)
    assertUsageError(
      ["ctl", "interrupt", "externl", "call"],
      "pomobar ctl interrupt: unknown kind 'externl' (did you mean 'external'?); write internal or external before the note",
      hint: hint)
    assertUsageError(
      ["ctl", "void", String(repeating: "x", count: 201)],
      "pomobar ctl void: a note is at most 200 bytes (this one: 201)", hint: hint)
    assertUsageError(
      ["ctl", "away-was"], "pomobar ctl away-was: say work, discard, break: pomobar ctl away-was work",
      hint: hint)
    assertUsageError(
      ["ctl", "away-was", "brek"],
      "pomobar ctl away-was: say work, discard, break, not 'brek' (did you mean 'break'?): pomobar ctl away-was work",
      hint: hint)
    assertUsageError(
      ["ctl", "away-was", "break", "web"],
      "pomobar ctl away-was break: takes no project; work does: pomobar ctl away-was work web", hint: hint)
    assertUsageError(
      ["ctl", "pause", "--at", "9:00"], "pomobar ctl pause: --at goes with \(CtlArguments.timedActions)",
      hint: hint)
    assertUsageError(
      ["ctl", "stop", "--at", "9:00", "--ago", "5m"], "pomobar ctl: say --at or --ago, not both", hint: hint)
  }

  @Test("idle-watch, projects and themes")
  func smallCommands() {
    assertParse(["idle-watch"], .idleWatch(after: nil, configPath: nil))
    assertParse(
      ["idle-watch", "--after", "5m", "-c", "c"], .idleWatch(after: .seconds(300), configPath: "c"))
    assertUsageError(
      ["idle-watch", "--after", "0s"],
      "pomobar idle-watch: --after: '0s' is no time without input; give one like 5m")
    assertParse(["projects"], .projects(Options(), only: nil))
    assertParse(["projects", "--names"], .projects(Options(), only: .projects))
    assertParse(["projects", "--tag-names"], .projects(Options(), only: .tags))
    assertUsageError(
      ["projects", "--names", "--tag-names"], "pomobar projects: --names or --tag-names, not both")
    var themes = ThemesCommand.Request()
    assertParse(["themes"], .themes(themes))
    themes.names = ["nord"]
    themes.format = .svg
    themes.formatGiven = true
    themes.mode = .light
    assertParse(["themes", "nord", "--format", "svg", "--mode", "light"], .themes(themes))
    assertUsageError(["themes", "--format", "png"], "pomobar themes: --format takes ansi, svg or css")
    assertUsageError(["themes", "--mode", "dim"], "pomobar themes: --mode takes dark or light")
    let names = Theme.builtIn.map(\.name).joined(separator: ", ")
    assertUsageError(
      ["themes", "nrod"], "pomobar themes: unknown theme 'nrod' (did you mean 'nord'?); one of: \(names)")
  }

  @Test("report: a range or dates, one output, the tags")
  func report() {
    assertParse(["report"], .report(ReportRequest()))
    var request = ReportRequest(range: "month", json: true)
    request.tags = ["billable"]
    assertParse(["report", "month", "--json", "-t", "+billable"], .report(request))
    request = ReportRequest(from: "2026-11-01", to: "2026-11-23", calendar: true, calendarYear: 2025)
    assertParse(
      ["report", "--from", "2026-11-01", "--to", "2026-11-23", "--calendar", "2025"], .report(request))
    request = ReportRequest(project: "web front", html: true)
    request.html = true
    assertParse(["report", "--project", "web  front", "--html"], .report(request))
    assertUsageError(
      ["report", "--html", "--json"], "pomobar report: one output at a time (got --html and --json)")
    assertUsageError(
      ["report", "mnth"],
      "pomobar report: unknown range 'mnth' (did you mean 'month'?); one of: \(ReportRange.names.joined(separator: ", ")), or --from DATE --to DATE"
    )
    assertUsageError(
      ["report", "week", "month"], "pomobar report: one range at a time (got 'week' and 'month')")
    assertUsageError(["report", "--from", "2026-11-01"], "pomobar report: --from and --to go together")
    assertUsageError(
      ["report", "week", "--from", "2026-11-01", "--to", "2026-11-02"],
      "pomobar report: either 'week' or --from/--to, not both")
  }

  @Test("log, export and import: ranges, formats, kinds")
  func exchange() {
    assertParse(["log"], .ledger(.log(.named("week"))))
    assertParse(["log", "month", "--tag", "a"], .ledger(.log(.named("month"), tags: ["a"])))
    let first = CivilTime.Date(year: 2026, month: 11, day: 1)
    assertParse(["log", "--from", "2026-11-01"], .ledger(.log(.dates(first, nil))))
    assertUsageError(["log", "--from", "1.11."], "pomobar log: '1.11.' is not a date like 2026-11-23")
    assertUsageError(
      ["log", "--from", "2026-11-02", "--to", "2026-11-01"],
      "pomobar log: --to 2026-11-01 is before --from 2026-11-02")
    assertUsageError(
      ["log", "week", "--from", "2026-11-01"], "pomobar log: give a range name or --from/--to, not both")
    assertParse(["export", "--format", "csv"], .ledger(.export(.named("all"), .csv, focus: false)))
    assertParse(
      ["export", "month", "--format", "ics", "--focus"], .ledger(.export(.named("month"), .ics, focus: true)))
    assertParse(
      ["export", "--format", "json", "--kind", "work"],
      .ledger(.export(.named("all"), .json, focus: false, kind: .work)))
    let formats = ExchangeFormat.names.joined(separator: ", ")
    assertUsageError(["export"], "pomobar export: which --format? One of: \(formats)")
    assertUsageError(
      ["export", "--format", "cvs"],
      "pomobar export: unknown format 'cvs' (did you mean 'csv'?); one of: \(formats)")
    assertUsageError(
      ["export", "--format", "csv", "--focus"], "pomobar export: --focus goes with --format ics")
    assertUsageError(
      ["export", "--format", "csv", "--kind", "wrk"],
      "pomobar export: unknown kind 'wrk' (did you mean 'work'?); one of: \(ExportKind.names.joined(separator: ", "))"
    )
    assertUsageError(
      ["export", "--format", "ics", "--kind", "work"],
      "pomobar export: --kind does not go with --format ics: its events are the work (--focus adds focus)")
    assertUsageError(
      ["export", "mnth", "--format", "csv"],
      "pomobar export: unknown range 'mnth' (did you mean 'month'?); one of: \(LedgerRange.names.joined(separator: ", ")), or --from DATE --to DATE"
    )
    assertParse(["import", "f.csv"], .ledger(.importFile(ImportRequest(path: "f.csv"))))
    assertParse(
      ["import", "f.json", "--from", "timewarrior", "--project-tags", "a,b*", "--dry-run"],
      .ledger(
        .importFile(
          ImportRequest(path: "f.json", format: .timewarrior, projectTags: ["a", "b*"], dryRun: true))))
    assertUsageError(["import"], "pomobar import: missing arguments")
  }

  @Test("track keeps its words for the day it runs on")
  func track() {
    assertParse(
      ["track", "9-11", "api", "--note", "n"], .ledger(.track(["9-11", "api"], note: "n", adjust: false)))
    assertParse(
      ["track", "yesterday", "9:00", "10:00", "--adjust"],
      .ledger(.track(["yesterday", "9:00", "10:00"], note: nil, adjust: true)))
    assertUsageError(
      ["track"],
      "pomobar track: give a start and an end time: track [DAY] FROM-TO [PROJECT], like track 9:00-10:30 api")
  }

  @Test("history and project: each verb, its arguments and the options it takes")
  func historyAndProject() {
    assertParse(
      ["history", "amend", "1a2b", "--start", "9:00", "--note", ""],
      .ledger(.historyAmend("1a2b", AmendRequest(start: "9:00", note: ""))))
    assertParse(["history", "split", "1a2b", "12:00"], .ledger(.historySplit("1a2b", at: "12:00")))
    assertParse(["history", "join", "1a2b", "3c4d"], .ledger(.historyJoin("1a2b", "3c4d")))
    assertParse(["history", "edit"], .ledger(.historyEdit(.named("week"))))
    assertParse(["history", "edit", "month"], .ledger(.historyEdit(.named("month"))))
    assertParse(["history", "remove", "1a2b"], .ledger(.historyRemove("1a2b")))
    assertParse(["history", "reset", "--yes"], .ledger(.historyReset(before: nil, yes: true)))
    assertParse(
      ["history", "reset", "--before", "2026-11-01"],
      .ledger(.historyReset(before: CivilTime.Date(year: 2026, month: 11, day: 1), yes: false)))
    assertParse(["history", "undo"], .ledger(.historyUndo(nil)))
    assertParse(["history", "undo", "77aa"], .ledger(.historyUndo("77aa")))
    let verbs = "amend, split, join, edit, remove, reset, undo"
    assertUsageError(["history"], "pomobar history: which action? One of: \(verbs)")
    assertUsageError(["history", "amnd"], "pomobar history: unknown action 'amnd'; one of: \(verbs)")
    assertUsageError(
      ["history", "amend", "1a2b"],
      "pomobar history: amend what? Give --start TIME, --end TIME, --project NAME, --note TEXT or --tags TAGS"
    )
    assertUsageError(["history", "remove", "1a2b", "--yes"], "pomobar history: unknown option '--yes'")
    assertUsageError(
      ["history", "split", "1a2b"], "pomobar history: split where? history split ID TIME, like 12:00")
    assertUsageError(["history", "undo", "a", "b"], "pomobar history: unexpected argument 'b'")
    assertParse(["project", "rename", "a", "b"], .ledger(.projectRename("a", "b")))
    assertParse(["project", "delete", "a", "--yes"], .ledger(.projectDelete("a", yes: true)))
    assertUsageError(["project", "rename", "a", "--yes"], "pomobar project: unknown option '--yes'")
    assertUsageError(["project", "move"], "pomobar project: unknown action 'move'; one of: rename, delete")
  }
}

/// The message of a failed duration.
private func problem(_ result: Result<Duration, DurationFormat.Problem>) -> String {
  guard case .failure(let problem) = result else { return "" }
  return problem.message
}

/// `ctl task TEXT`, `ctl task --clear`, and `ctl task` alone for the picker.
@Suite struct TaskParseTests {
  @Test func theTextIsTheTask() {
    assertParse(
      ["ctl", "task", "write", "the  report"], .ctl(.task(TaskRef(title: "write the report")), Options(), at: nil))
    assertParse(
      ["ctl", "task", "--keep-project", "write"],
      .ctl(.task(TaskRef(title: "write"), keepProject: true), Options(), at: nil))
    assertParse(["ctl", "task", "--clear"], .ctl(.task(nil), Options(), at: nil))
    assertParse(["ctl", "task"], .pickTask(Options(), keepProject: false))
    assertParse(["ctl", "task", "--keep-project"], .pickTask(Options(), keepProject: true))
  }

  @Test func whatCannotBeATaskIsRefused() {
    let hint = "Run 'pomobar ctl --help' for usage."
    assertUsageError(["ctl", "task", "a\nb"], "pomobar ctl task: \(TaskRef.Problem.control("U+000A"))", hint: hint)
    assertUsageError(["ctl", "task", "--clear", "x"], "pomobar ctl task --clear: takes nothing else", hint: hint)
    assertUsageError(
      ["ctl", "task", "x", "--at", "9:00"],
      "pomobar ctl task: --at goes with start, stop, away, work start|stop|toggle and project", hint: hint)
    assertUsageError(
      ["ctl", "task", "--ago", "5m"],
      "pomobar ctl task: --ago goes with start, stop, away, work start|stop|toggle and project", hint: hint)
    #expect(Action.task(TaskRef(title: "a b"), keepProject: true).ctlWords == ["task", "--keep-project", "a b"])
    #expect(Action.task(nil).ctlWords == ["task", "--clear"])
  }
}

/// `log` says a record's task after its outcome; `report --by task`.
@Suite struct TaskLedgerCommandTests {
  @Test func logSaysTheTask() {
    let start = WallTime(utc: 1_795_420_800, offset: 0)
    var record = LedgerRecord(
      id: "m.1", kind: .focus, start: start, end: WallTime(utc: 1_795_422_300, offset: 0), seconds: 1500,
      project: "api", outcome: .completed, note: "call")
    #expect(!LogCommand.line(record, idWidth: 7).contains("task"))
    record.task = TaskRef(title: "write the report")
    #expect(LogCommand.line(record, idWidth: 7).hasSuffix("api  completed  task: write the report  · call\n"))
  }

  @Test func reportByTask() {
    guard case .report(let request) = try? Arguments.parse(["report", "week", "--by", "task"]) else {
      Issue.record("not a report")
      return
    }
    #expect(request.byTask)
    assertUsageError(
      ["report", "--by", "tsk"], "pomobar report: unknown --by 'tsk' (did you mean 'task'?); one of: task",
      hint: "Run 'pomobar report --help' for usage.")
  }
}
