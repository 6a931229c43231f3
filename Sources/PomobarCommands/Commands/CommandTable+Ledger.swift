import PomobarCore

/// The commands of the history: report, log, track, export, import, history, project.
extension CommandTable {
  static let rangeOptions: [OptionSpec] = [.from, .to]

  /// What RANGE is, and what the command covers `without` one (`this week`).
  static func rangeHelp(without: String) -> String {
    """
    RANGE: one of \(LedgerRange.names.joined(separator: ", ")), in local
    days, weeks from Monday (without one: \(without)); or --from YYYY-MM-DD --to YYYY-MM-DD.
    """
  }

  static let report = CommandSpec(
    name: "report",
    synopsis: [
      .init(line: "report [RANGE] [--json] [--chart]", summary: "work and focus time from the history")
    ],
    usage: [
      "report [RANGE | --from DATE --to DATE] [--project NAME] [--tag TAG]... [--by task]",
      "       [--json | --html | --svg | --pdf FILE] [--decimal] [--chart] [--calendar [YEAR]]",
      "report [RANGE] --timesheet [--client NAME]... [--json | --html | --pdf FILE]",
    ],
    options: [
      OptionSpec.from.documented(
        ["days from DATE to DATE, both included: 2026-11-23,", "today or yesterday"], term: "--from DATE --to DATE"),
      .to,
      OptionSpec.project.documented(["only that project's time (an unknown name is an error)"], term: "--project NAME"),
      .tag,
      OptionSpec.by.documented(["each task's work, focus time and sessions (ctl task)"], term: "--by task"),
      OptionSpec.json.documented(["one JSON object for scripts (times in seconds)"]),
      OptionSpec.html.documented([
        "one self-contained web page: charts, heatmap, tables,", "each day's timeline (up to a month)",
      ]),
      OptionSpec.svg.documented(["the page's chart alone, a standalone SVG"]),
      OptionSpec.pdf.documented(
        ["the page printed to FILE (A4) by headless Chromium", "(chromium, chromium-browser or google-chrome)"],
        term: "--pdf FILE"),
      OptionSpec.timesheet.documented([
        "a page per client to send: each billed entry, raw and",
        "rounded time, amount, invoice; subtotals, rates, total",
      ]),
      OptionSpec.client.documented(["the timesheet of that client (again for more)"], term: "--client NAME"),
      OptionSpec.decimal.documented(["hours as 1.75 instead of 1:45"]),
      OptionSpec.chart.documented(["add a bar per day, stacked by project, with a legend"]),
      OptionSpec.calendar.documented(
        ["a heatmap of a year's focus time (default: this year)"], term: "--calendar [YEAR]"),
      .config,
    ],
    operand: .words(ReportRange.names),
    help: [
      .text(
        """
        Work and focus time from the history ($XDG_DATA_HOME/pomobar/history), on local days.
        RANGE: \(ReportRange.names[0]) (default), \(ReportRange.names.dropFirst().joined(separator: ", ")).
        """),
      .options,
      .text(
        """
        Work is the work clock's time; on a day without it, focus time counts as work.
        Tags: each tag's work time and share, after the projects, when any record has tags.
        Days start at [ledger] day-starts-at, weeks on [ledger] week-starts. Goals and streaks
        count work days ([ledger] work-days, days-off); with a goal, Balance is the work
        against it. With a rate in the config ([projects.NAME] rate, [billing]), Billing
        shows billable time raw and rounded, the rates, the amounts and the rule applied;
        --timesheet lists each billed entry, a page per client (see docs/billing.md).
        Colour only on a terminal without NO_COLOR.
        """),
    ],
    make: { words throws(UsageError) in
      var request = ReportRequest(
        from: words[.from], to: words[.to], project: words[.project].map(ProjectName.normalised),
        json: words.flag(.json), decimal: words.flag(.decimal), chart: words.flag(.chart),
        calendar: words.flag(.calendar), calendarYear: words[.calendar].flatMap { Int($0) },
        configPath: words[.config])
      request.html = words.flag(.html)
      request.svg = words.flag(.svg)
      request.pdf = words[.pdf]
      request.timesheet = words.flag(.timesheet)
      request.clients = words.all(.client).map(ProjectName.normalised)
      let outputs = [OptionSpec.html, .svg, .json, .chart, .calendar, .pdf].filter(words.flag).map(\.key)
      if request.html || request.svg || request.pdf != nil, outputs.count > 1 {
        throw words.usage("one output at a time (got \(outputs.joined(separator: " and ")))")
      }
      if request.timesheet, let other = [OptionSpec.svg, .chart, .calendar].first(where: words.flag) {
        throw words.usage("--timesheet is a page of its own, not with \(other.key)")
      }
      if !request.clients.isEmpty, !request.timesheet { throw words.usage("--client goes with --timesheet") }
      if request.pdf?.isEmpty == true { throw words.usage("--pdf needs a file name") }
      // The page is what --pdf prints.
      if request.pdf != nil { request.html = true }
      if let year = request.calendarYear,
        let refusal = HistoryTime.refusal(CivilTime.Date(year: year, month: 1, day: 1))
      {
        throw words.usage("--calendar: \(refusal)")
      }
      request.tags = try words.tags(.tag)
      if let by = words[.by] {
        guard by == "task" else { throw words.usage(OneOf.unknown("--by", by, in: ["task"])) }
        request.byTask = true
      }
      for word in words.arguments {
        guard ReportRange(name: word) != nil else {
          throw words.usage(OneOf.unknown("range", word, in: ReportRange.names, or: ", or --from DATE --to DATE"))
        }
        if let range = request.range {
          throw words.usage("one range at a time (got '\(range)' and '\(word)')")
        }
        request.range = word
      }
      if (request.from == nil) != (request.to == nil) { throw words.usage("--from and --to go together") }
      if request.from != nil, let range = request.range {
        throw words.usage("either '\(range)' or --from/--to, not both")
      }
      return .report(request)
    })

  static let log = CommandSpec(
    name: "log",
    synopsis: [.init(line: "log [RANGE]", summary: "the history, one record per line")],
    usage: ["log [RANGE] [--tag TAG]..."],
    options: rangeOptions + [.tag],
    operand: .words(LedgerRange.names),
    help: [
      .text(
        """
        The records, one per line: short id, local day and times, kind, time counted
        (h:mm:ss), project and its tags (+billable), outcome and note. `history remove` and
        `amend` take the short id. --tag TAG (again for more) only the records with all of
        those tags.
        \(rangeHelp(without: "this week"))
        """)
    ],
    make: { words throws(UsageError) in
      try words.expect(0...1)
      return .ledger(.log(try words.range(without: "week"), tags: try words.tags(.tag)))
    })

  static let track = CommandSpec(
    name: "track",
    synopsis: [.init(line: "track [DAY] FROM-TO [PROJECT]", summary: "add forgotten work time")],
    usage: ["track [DAY] FROM-TO|FROM TO [PROJECT] [+TAG...] [--note TEXT] [--adjust]"],
    options: [.note, .adjust],
    operand: .words(TrackWords.dayNames),
    tagWords: true,
    help: [
      .text(
        """
        Adds forgotten work time, in local time:
          track 9:00-10:30 api            track yesterday 14:00 15:00 web frontend
          track 9-11 api                  track last friday 9:00-12:00
          track 14:00 now api             track 23.11.2026 9:00 10:00 +billable
          track yesterday 23:00-01:00 api (one record, past midnight; also 23:00-01:00+1)
        DAY is today (the default), yesterday, a weekday (monday or mon: the latest, today
        included), last friday (the one before today), 2026-11-23, 23.11.2026 or 23.11.
        (the latest 23 November). FROM and TO are 9:00, 14:30, 9, 9am or 5:30pm, as one
        word 9:00-11:00 or two; TO may be 24:00, now (today), or on the next day: a TO
        before FROM is, and 01:00+1 says so (as history edit writes it). The words after
        them are the project (several words make one name, spaces collapsed), except
        +tags. The range is at most a day and not in the future. Work time is one
        timeline: an interval that overlaps a work record (or the running work clock) is
        refused, naming it (status 1); --adjust adds only the time around what is there,
        in pieces or not at all, and says so.
        """)
    ],
    make: { words throws(UsageError) in
      guard !words.arguments.isEmpty else {
        throw words.usage(
          "give a start and an end time: track [DAY] FROM-TO [PROJECT], like track 9:00-10:30 api")
      }
      return .ledger(.track(words.arguments, note: words[.note], adjust: words.flag(.adjust)))
    })

  static let export = CommandSpec(
    name: "export",
    synopsis: [
      .init(
        line: "export [RANGE] --format FORMAT",
        summary: ExchangeFormat.names.joined(separator: ", ") + " to stdout")
    ],
    usage: [
      "export [RANGE] --format \(ExchangeFormat.names.joined(separator: "|"))",
      "       [--kind \(ExportKind.names.joined(separator: "|"))] [--focus]",
    ],
    options: [
      .exportFormat,
      OptionSpec.kind.documented([
          "only the records to add up (not with ics): work, what report",
          "counts as work (the work clock's records, and focus sessions on",
        "a day without it); focus; break (breaks taken); all (without",
        "--kind, unless the format says otherwise above)",
      ]),
      OptionSpec.focus.documented(["ics: focus sessions as events too"]),
    ]
      + rangeOptions,
    operand: .words(LedgerRange.names),
    help: [
      .text("Writes the history to stdout in order of start, streamed."),
      .items(ExchangeFormat.allCases.map { HelpItem(term: $0.rawValue, doc: $0.help) }, column: 20),
      .options,
      .text(rangeHelp(without: "all")),
    ],
    make: { words throws(UsageError) in
      try words.expect(0...1)
      guard let name = words[.exportFormat] else {
        throw words.usage("which --format? One of: \(ExchangeFormat.names.joined(separator: ", "))")
      }
      let format: ExchangeFormat = try words.oneOf("format", name)
      if words.flag(.focus) && format != .ics { throw words.usage("--focus goes with --format ics") }
      var kind = format.defaultKind
      if let given = words[.kind] {
        let known: ExportKind = try words.oneOf("kind", given)
        guard format != .ics else {
          throw words.usage(
            "--kind does not go with --format ics: its events are the work (--focus adds focus)")
        }
        kind = known
      }
      return .ledger(.export(try words.range(without: "all"), format, focus: words.flag(.focus), kind: kind))
    })

  static let importFile = CommandSpec(
    name: "import",
    synopsis: [
      .init(
        line: "import FILE [--from FORMAT] [--project-tags LIST] [--dry-run]",
        summary: "records from an export, each once; again: merged")
    ],
    usage: [
      "import FILE [--from \(ExchangeFormat.readable.map(\.rawValue).joined(separator: "|"))]"
        + " [--project-tags LIST] [--dry-run]"
    ],
    options: [
      .importFormat,
      OptionSpec.projectTags.documented([
        "timewarrior's tags that are projects: names, `*` and `?` patterns, commas between"
      ]),
      OptionSpec.dryRun.documented([
        "write nothing; say what would be added, changed and skipped, and the work read per project and tag"
      ]),
    ],
    operand: .file,
    help: [
      .text(
        """
        Adds the records of FILE that are not in the history yet: pomobar's CSV and JSON
        exports, `timew export` output, or Watson's frames file; the format is guessed from
        the content unless --from gives it. Invalid entries are listed (FILE:LINE or
        element N) and skipped; the status is then 1. What pomobar's own export says was
        billed is billed again, on the same invoices (a restore keeps them).
        """),
      .text(
        """
        Importing again merges: a record already imported from timewarrior or Watson takes
        what changed there since (its time, project, tags, note) and keeps what you changed
        here; where both changed a field, yours is kept and the import says so. An
        interval lengthened, shortened or moved there is the same record. A record you
        removed here stays removed. Each change is listed by its id.
        """),
      .text(
        """
        timewarrior has no projects: a `project:NAME` tag is the project; else the one tag
        that names a project of the config or the history; else the one tag --project-tags
        names (commas between names, `*` and `?` as in file names: 'acme,globex,client-*'),
        remembered for the next import from timewarrior (--project-tags '' forgets); else
        none. The other tags stay tags.
        """),
      .options,
    ],
    make: { words throws(UsageError) in
      try words.expect(1...1)
      let format = try words[.importFormat].map { name throws(UsageError) -> ExchangeFormat in
        try words.oneOf("format", name)
      }
      return .ledger(
        .importFile(
          ImportRequest(
            path: words.arguments[0], format: format, projectTags: words[.projectTags].map(ProjectTags.patterns),
            dryRun: words.flag(.dryRun))))
    })

  /// What `history amend` changes, one option each: a new one is a row here and a field
  /// of `AmendRequest`, filled in `history`'s `make`.
  static let amendOptions: [OptionSpec] = [.start, .end, .amendProject, .note, .tags]

  static let history = CommandSpec(
    name: "history",
    synopsis: [
      .init(line: "history amend|split|join|edit ...", summary: "correct a record's times, project or note"),
      .init(line: "history remove|reset|undo ...", summary: "remove records, or undo a change"),
    ],
    usage: [
      "history amend ID [--start TIME] [--end TIME] [--project NAME] [--note TEXT] [--tags TAGS]",
      "history split ID TIME", "history join ID ID", "history edit [RANGE]", "history remove ID",
      "history reset [--before YYYY-MM-DD] [--yes]", "history undo [ID]",
    ],
    options: amendOptions + rangeOptions + [.before, .yes],
    subcommands: HistoryVerb.allCases.map(\.subcommand),
    help: [
      .text(
        """
        ID is the short id `pomobar log` shows (or any unique prefix of 4 digits or more, or
        the full id). TIME is a local time on the record's start day (9:05, 9:05:30) or a
        day and time ("2026-11-23 09:05").
        """),
      .text(
        """
        `amend` changes a record's start, end, project, note or tags ("" clears a project,
        a note or the tags; --tags '+billable +"client call"' sets all of them); the time it counted follows its span, what did not count (pauses, time away)
        stays uncounted. `split` cuts a work record in two at TIME, each counting its share.
        `join` makes two work records of one project with nothing between them one, from
        the first's start to the second's end: the time between them counts.
        """),
      .text(
        """
        `edit` opens $VISUAL or $EDITOR (else vi) on the records of RANGE, one line each;
        a changed time, project or note amends the record, a deleted line removes it, a line
        without an id adds work time. A line that cannot be applied is named FILE:LINE:COL
        and the editor opens again (without a terminal the command fails and keeps the
        file).
        \(rangeHelp(without: "this week"))
        """),
      .text(
        """
        Work records never overlap each other, nor do focus sessions and breaks: a change
        that would is refused, naming the record in the way. Every change says what it
        changed, old → new.
        """),
      .text(
        """
        `reset` removes every record (or those that started before the day); it asks
        first, and without a terminal needs --yes. A change rewrites nothing: it is one more
        line in this machine's history/edits.MACHINE.jsonl, so a synced folder never
        conflicts. `undo` reverts the latest change made on this machine (an edit, or what
        track or import added), everything one command did at once; `undo ID` reverts that
        one, on any machine, and the id it prints undoes the undo.
        """),
    ],
    make: { words throws(UsageError) in
      switch try words.subcommand() as HistoryVerb {
      case .amend:
        try words.expect(2...2)
        let request = AmendRequest(
          start: words[.start], end: words[.end], project: words[.amendProject], note: words[.note],
          tags: words[.tags])
        guard !request.isEmpty else {
          throw words.usage("amend what? Give --start TIME, --end TIME, --project NAME, --note TEXT or --tags TAGS")
        }
        return .ledger(.historyAmend(words.arguments[1], request))
      case .split:
        guard words.arguments.count == 3 else {
          throw words.usage("split where? history split ID TIME, like 12:00")
        }
        return .ledger(.historySplit(words.arguments[1], at: words.arguments[2]))
      case .join:
        guard words.arguments.count == 3 else { throw words.usage("join which? history join ID ID") }
        return .ledger(.historyJoin(words.arguments[1], words.arguments[2]))
      case .edit:
        try words.expect(1...2)
        return .ledger(.historyEdit(try words.droppingFirstArgument().range(without: "week")))
      case .remove:
        try words.expect(2...2)
        return .ledger(.historyRemove(words.arguments[1]))
      case .reset:
        try words.expect(1...1)
        let before = try words[.before].map { text throws(UsageError) in try words.date(text) }
        return .ledger(.historyReset(before: before, yes: words.flag(.yes)))
      case .undo:
        try words.expect(1...2)
        return .ledger(.historyUndo(words.arguments.count == 2 ? words.arguments[1] : nil))
      }
    })

  static let project = CommandSpec(
    name: "project",
    synopsis: [.init(line: "project rename|delete ...", summary: "rename a project, or delete its records")],
    usage: ["project rename OLD NEW", "project delete NAME [--yes]"],
    options: [.yes],
    subcommands: ProjectVerb.allCases.map(\.subcommand),
    help: [
      .text(
        """
        `rename` changes the project of every record of OLD; `delete` removes every record
        of NAME, asking first (without a terminal it needs --yes). Both apply to the records
        made before them, on every machine, and `pomobar history undo` takes them back.
        `delete` also takes NAME out of `pomobar projects` and the `project next` cycle (a
        name without records goes without asking); one the config names stays until its
        [projects."NAME"] table is removed, as the command says.
        """)
    ],
    make: { words throws(UsageError) in
      switch try words.subcommand() as ProjectVerb {
      case .rename:
        try words.expect(3...3)
        return .ledger(.projectRename(words.arguments[1], words.arguments[2]))
      case .delete:
        try words.expect(2...2)
        return .ledger(.projectDelete(words.arguments[1], yes: words.flag(.yes)))
      }
    })

  static let bill = CommandSpec(
    name: "bill",
    synopsis: [.init(line: "bill RANGE --client NAME [--invoice ID]", summary: "mark a range's work billed")],
    usage: ["bill RANGE --client NAME|--project NAME... [--invoice ID] [--dry-run]"],
    options: [
      OptionSpec.client.documented(["the client's projects"], term: "--client NAME"),
      OptionSpec.project.documented(
        ["only this project (again for more); with --client, one of its"], term: "--project NAME"),
      OptionSpec.invoice.documented(
        ["the invoice the work is billed on, kept with the mark"], term: "--invoice ID"),
      OptionSpec.dryRun.documented(["write nothing; list what would be billed"]),
    ] + rangeOptions,
    operand: .words(LedgerRange.names),
    help: [
      .text(
        """
        Marks the work of RANGE billed (the work clock's records, and focus sessions on a
        day without it, as report counts work) of the client's projects ([projects.NAME]
        client) or of --project, listed with their count and total time.
        A record billed before stays on its bill and is named with it. The mark is one
        more line in this machine's history/edits.MACHINE.jsonl: it syncs like every
        edit, `pomobar history undo` takes it back, and `report` splits billed and
        unbilled time. Changing a billed record later (history amend, split, join, edit,
        remove, undo, reset; project rename or delete; import again) is done, with a
        warning naming its invoice.
        RANGE: one of \(LedgerRange.names.joined(separator: ", ")), in local
        days, weeks from Monday; or --from YYYY-MM-DD --to YYYY-MM-DD (a bill names one).
        """),
      .options,
    ],
    make: { words throws(UsageError) in
      try words.expect(0...1)
      guard !words.arguments.isEmpty || words[.from] != nil || words[.to] != nil else {
        throw words.usage("which range? Like bill last-month --client acme, or --from DATE --to DATE")
      }
      let projects = words.all(.project).map(ProjectName.normalised)
      guard words[.client] != nil || !projects.isEmpty else {
        throw words.usage("whose work? Give --client NAME or --project NAME")
      }
      if let invoice = words[.invoice], let problem = BillCommand.invoiceProblem(invoice) {
        throw words.usage(problem)
      }
      return .ledger(
        .bill(
          BillRequest(
            range: try words.range(without: "all"), client: words[.client].map(ProjectName.normalised),
            projects: projects, invoice: words[.invoice], dryRun: words.flag(.dryRun))))
    })
}

/// The verbs of `pomobar history`, in the order its help lists them.
enum HistoryVerb: String, CaseIterable {
  case amend, split, join, edit, remove, reset, undo

  /// What the verb takes: its options, and the word after it for the completions.
  var subcommand: CommandSpec.Subcommand {
    switch self {
    case .amend: return .init(name: rawValue, options: CommandTable.amendOptions)
    case .edit: return .init(name: rawValue, options: CommandTable.rangeOptions, operand: .words(LedgerRange.names))
    case .reset: return .init(name: rawValue, options: [.before, .yes])
    case .split, .join, .remove, .undo: return .init(name: rawValue)
    }
  }
}

/// The verbs of `pomobar project`.
enum ProjectVerb: String, CaseIterable {
  case rename, delete

  var subcommand: CommandSpec.Subcommand {
    switch self {
    case .rename: return .init(name: rawValue, operand: .project)
    case .delete: return .init(name: rawValue, options: [.yes], operand: .project)
    }
  }
}

extension ParsedWords {
  /// The verb named first, after refusing the options it does not take.
  func subcommand<Verb: CaseIterable & RawRepresentable>() throws(UsageError) -> Verb where Verb.RawValue == String {
    guard let name = arguments.first else {
      throw usage("which action? One of: \(OneOf.names(of: Verb.self).joined(separator: ", "))")
    }
    guard let verb = Verb(rawValue: name), let subcommand = subcommands.first(where: { $0.name == name }) else {
      throw usage(OneOf.unknown("action", name, in: Verb.self, suggesting: false))
    }
    try only(subcommand.options)
    return verb
  }

  func date(_ text: String) throws(UsageError) -> CivilTime.Date {
    guard let date = CivilTime.Date(text) else {
      throw usage("'\(Shown.plain(text))' is not a date like 2026-11-23")
    }
    if let refusal = HistoryTime.refusal(date) { throw usage(refusal) }
    return date
  }

  /// A range name (the first argument) or `--from`/`--to`; the range named `without`
  /// when neither is given.
  func range(without: String) throws(UsageError) -> RangeArgument {
    let from = try self[.from].map { text throws(UsageError) in try date(text) }
    let to = try self[.to].map { text throws(UsageError) in try date(text) }
    if let name = arguments.first {
      guard LedgerRange.names.contains(name) else {
        throw usage(OneOf.unknown("range", name, in: LedgerRange.names, or: ", or --from DATE --to DATE"))
      }
      guard from == nil && to == nil else { throw usage("give a range name or --from/--to, not both") }
      return .named(name)
    }
    if let from, let to, to < from { throw usage("--to \(to) is before --from \(from)") }
    return from == nil && to == nil ? .named(without) : .dates(from, to)
  }
}

/// The options of the ledger's commands, each declared once.
extension OptionSpec {
  static let from = OptionSpec(names: ["--from"], arity: .value, placeholder: "DATE", kind: .text)
  static let to = OptionSpec(names: ["--to"], arity: .value, placeholder: "DATE", kind: .text)
  /// `report --project NAME`: only that project's time.
  static let project = OptionSpec(
    names: ["--project", "-p"], arity: .value, placeholder: "NAME", kind: .project)
  /// The `--tag` option of `report` and `log` (`+TAG` too), repeatable.
  static let tag = OptionSpec(
    names: ["--tag", "-t"], arity: .value, placeholder: "TAG", kind: .tag, term: "--tag TAG",
    doc: ["only records with this tag (repeated: with every one)"])
  static let json = OptionSpec(names: ["--json"], arity: .flag)
  static let by = OptionSpec(names: ["--by"], arity: .value, placeholder: "WHAT", kind: .words(["task"]))
  static let html = OptionSpec(names: ["--html"], arity: .flag)
  static let svg = OptionSpec(names: ["--svg"], arity: .flag)
  static let pdf = OptionSpec(names: ["--pdf"], arity: .value, placeholder: "FILE", kind: .file)
  static let timesheet = OptionSpec(names: ["--timesheet"], arity: .flag)
  static let decimal = OptionSpec(names: ["--decimal"], arity: .flag)
  static let chart = OptionSpec(names: ["--chart"], arity: .flag)
  static let calendar = OptionSpec(
    names: ["--calendar"], arity: .optionalValue({ $0.utf8.count == 4 && Int($0) != nil }), placeholder: "YEAR",
    kind: .text)
  static let note = OptionSpec(names: ["--note"], arity: .value, placeholder: "TEXT", kind: .text)
  static let adjust = OptionSpec(names: ["--adjust"], arity: .flag)
  static let exportFormat = OptionSpec(
    names: ["--format"], arity: .value, placeholder: "FORMAT", kind: .words(ExchangeFormat.names))
  static let kind = OptionSpec(
    names: ["--kind"], arity: .value, placeholder: "KIND", kind: .words(ExportKind.names))
  static let focus = OptionSpec(names: ["--focus"], arity: .flag)
  /// `import --from FORMAT`.
  static let importFormat = OptionSpec(
    names: ["--from"], arity: .value, placeholder: "FORMAT",
    kind: .words(ExchangeFormat.readable.map(\.rawValue)))
  static let projectTags = OptionSpec(names: ["--project-tags"], arity: .value, placeholder: "LIST", kind: .text)
  static let dryRun = OptionSpec(names: ["--dry-run"], arity: .flag)
  static let start = OptionSpec(names: ["--start"], arity: .value, placeholder: "TIME", kind: .text)
  static let end = OptionSpec(names: ["--end"], arity: .value, placeholder: "TIME", kind: .text)
  /// `history amend --project NAME`: the record's new project.
  static let amendProject = OptionSpec(names: ["--project"], arity: .value, placeholder: "NAME", kind: .project)
  static let tags = OptionSpec(names: ["--tags"], arity: .value, placeholder: "TAGS", kind: .text)
  static let before = OptionSpec(names: ["--before"], arity: .value, placeholder: "DATE", kind: .text)
  static let yes = OptionSpec(names: ["--yes"], arity: .flag)
  static let client = OptionSpec(names: ["--client"], arity: .value, placeholder: "NAME", kind: .text)
  static let invoice = OptionSpec(names: ["--invoice"], arity: .value, placeholder: "ID", kind: .text)
}
