import PomobarCore

/// The commands of the history: report, log, track, export, import, history, project.
extension CommandTable {
  static let ledger = [log, track, export, importFile, history, project]

  static let rangeOptions = [
    OptionSpec(names: ["--from"], arity: .value, placeholder: "DATE", kind: .text),
    OptionSpec(names: ["--to"], arity: .value, placeholder: "DATE", kind: .text),
  ]

  static let rangeHelp = """
    RANGE: \(LedgerRange.names.joined(separator: ", ")) (the default),
    in local days, weeks from Monday; or --from YYYY-MM-DD --to YYYY-MM-DD.
    """

  static let report = CommandSpec(
    name: "report",
    synopsis: [
      .init(line: "report [RANGE] [--json] [--chart]", summary: "work and focus time from the history")
    ],
    usage: [
      "report [RANGE | --from DATE --to DATE] [--project NAME] [--tag TAG]...",
      "       [--json] [--decimal] [--chart] [--calendar [YEAR]]",
    ],
    options: [
      OptionSpec(
        names: ["--from"], arity: .value, placeholder: "DATE", kind: .text, term: "--from DATE --to DATE",
        doc: ["days from DATE to DATE, both included: 2026-11-23,", "today or yesterday"]),
      OptionSpec(names: ["--to"], arity: .value, placeholder: "DATE", kind: .text),
      OptionSpec(
        names: ["--project", "-p"], arity: .value, placeholder: "NAME", kind: .project,
        term: "--project NAME",
        doc: ["only that project's time"]),
      ParsedWords.tagOption,
      OptionSpec(names: ["--json"], arity: .flag, doc: ["one JSON object for scripts (times in seconds)"]),
      OptionSpec(names: ["--decimal"], arity: .flag, doc: ["hours as 1.75 instead of 1:45"]),
      OptionSpec(
        names: ["--chart"], arity: .flag, doc: ["add a bar per day, stacked by project, with a legend"]),
      OptionSpec(
        names: ["--calendar"], arity: .optionalValue({ $0.utf8.count == 4 && Int($0) != nil }),
        placeholder: "YEAR", kind: .text, term: "--calendar [YEAR]",
        doc: ["a heatmap of a year's focus time (default: this year)"]),
      config,
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
        Days start at [ledger] day-starts-at, weeks on [ledger] week-starts. Colour only on a
        terminal without NO_COLOR.
        """),
    ],
    make: { words throws(UsageError) in
      var request = ReportRequest(
        from: words["--from"], to: words["--to"], project: words["--project"]?.trimmedOfSpaces,
        json: words.flag("--json"), decimal: words.flag("--decimal"), chart: words.flag("--chart"),
        calendar: words.flag("--calendar"), calendarYear: words["--calendar"].flatMap { Int($0) },
        configPath: words["--config"])
      request.tags = try words.tags("--tag")
      for word in words.arguments {
        guard ReportRange(name: word) != nil else {
          throw words.usage(
            "unknown range '\(Shown.plain(word))'\(Spelling.hint(for: word, in: ReportRange.names)); "
              + "one of: \(ReportRange.names.joined(separator: ", ")), or --from DATE --to DATE")
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
    options: rangeOptions + [ParsedWords.tagOption],
    operand: .words(LedgerRange.names),
    help: [
      .text(
        """
        The records, one per line: short id, local day and times, kind, time counted
        (h:mm:ss), project and its tags (+billable), outcome and note. `history remove` and
        `amend` take the short id. Without a RANGE, this week's (`log all` for every record);
        --tag TAG (again for more) only the records with all of those tags.
        \(rangeHelp)
        """)
    ],
    make: { words throws(UsageError) in
      try words.expect(0...1)
      let given = !words.arguments.isEmpty || words["--from"] != nil || words["--to"] != nil
      return .ledger(.log(given ? try words.range() : .named("week"), tags: try words.tags("--tag")))
    })

  static let track = CommandSpec(
    name: "track",
    synopsis: [.init(line: "track [DAY] FROM TO [PROJECT]", summary: "add forgotten work time")],
    usage: ["track [DAY] FROM TO [PROJECT] [--note TEXT] [--adjust]"],
    options: [
      OptionSpec(names: ["--note"], arity: .value, placeholder: "TEXT", kind: .text),
      OptionSpec(names: ["--adjust"], arity: .flag),
    ],
    operand: .words(["today", "yesterday"]),
    help: [
      .text(
        """
        Adds forgotten work time, in local time: `track 9:00 10:30 api`,
        `track yesterday 14:00 15:00`, `track 2026-11-20 9:00 12:00`. DAY is today (the
        default), yesterday or YYYY-MM-DD. The end must be after the start, on the same day,
        and not in the future. Work time is one timeline: an interval that overlaps a work
        record (or the running work clock) is refused, naming it (status 1); --adjust adds
        only the time around what is there, in pieces or not at all, and says so.
        """)
    ],
    make: { words throws(UsageError) in
      try words.expect(2...4)
      var rest = words.arguments[...]
      var day: String? = nil
      if let first = rest.first, first == "today" || first == "yesterday" || first.contains("-") {
        guard first.contains("-") == false || CivilTime.Date(first) != nil else {
          throw words.usage("'\(Shown.plain(first))' is not a day like 2026-11-23, today or yesterday")
        }
        day = first
        rest = rest.dropFirst()
      }
      guard rest.count >= 2 else { throw words.usage("give a start and an end time, like 9:00 10:30") }
      guard rest.count <= 3 else { throw words.usage("unexpected argument '\(Shown.plain(rest.last!))'") }
      let from = rest.removeFirst()
      let to = rest.removeFirst()
      return .ledger(
        .track(
          day: day, from: from, to: to, project: rest.first, note: words["--note"],
          adjust: words.flag("--adjust")))
    })

  static let export = CommandSpec(
    name: "export",
    synopsis: [
      .init(line: "export [RANGE] --format FORMAT", summary: "csv, json, timewarrior, watson to stdout")
    ],
    usage: ["export [RANGE] --format \(ExchangeFormat.names.joined(separator: "|"))"],
    options: [
      OptionSpec(
        names: ["--format"], arity: .value, placeholder: "FORMAT", kind: .words(ExchangeFormat.names))
    ]
      + rangeOptions,
    operand: .words(LedgerRange.names),
    help: [
      .text("Writes the history to stdout in order of start, streamed."),
      .items(
        [
          HelpItem(
            term: "csv",
            doc: [
              "a header and one row per record (RFC 4180, UTF-8): id, kind, start,",
              "end (local ISO 8601), seconds, hours, project, outcome, internal,",
              "external, gap, note",
            ]),
          HelpItem(term: "json", doc: ["an array of the history's own record objects"]),
          HelpItem(term: "timewarrior", doc: ["the array `timew export` prints, for `timew import`"]),
          HelpItem(term: "watson", doc: ["a frames file for `watson merge` (no project: \"(no project)\")"]),
        ], column: 15),
      .text(rangeHelp),
    ],
    make: { words throws(UsageError) in
      try words.expect(0...1)
      guard let name = words["--format"] else {
        throw words.usage("which --format? One of: \(ExchangeFormat.names.joined(separator: ", "))")
      }
      return .ledger(.export(try words.range(), try words.exchangeFormat(name)))
    })

  static let importFile = CommandSpec(
    name: "import",
    synopsis: [.init(line: "import FILE [--from FORMAT]", summary: "records from an export, each once")],
    usage: ["import FILE [--from csv|json|timewarrior|watson]"],
    options: [
      OptionSpec(
        names: ["--from"], arity: .value, placeholder: "FORMAT",
        kind: .words(ExchangeFormat.names.filter { $0 != ExchangeFormat.timewarriorData.rawValue }))
    ],
    operand: .file,
    help: [
      .text(
        """
        Adds the records of FILE that are not in the history yet: pomobar's CSV and JSON
        exports, `timew export` output, or Watson's frames file; the format is guessed from
        the content unless --from gives it. Importing a file twice adds nothing. Invalid
        entries are listed (FILE:LINE or element N) and skipped; the status is then 1.
        """)
    ],
    make: { words throws(UsageError) in
      try words.expect(1...1)
      let format = try words["--from"].map { name throws(UsageError) in try words.exchangeFormat(name) }
      return .ledger(.importFile(words.arguments[0], format))
    })

  static let history = CommandSpec(
    name: "history",
    synopsis: [.init(line: "history remove|amend|reset ...", summary: "correct or clear the history")],
    usage: [
      "history remove ID", "history amend ID --project NAME", "history reset [--before YYYY-MM-DD] [--yes]",
      "history undo [ID]",
    ],
    options: [
      OptionSpec(names: ["--project"], arity: .value, placeholder: "NAME", kind: .project),
      OptionSpec(names: ["--before"], arity: .value, placeholder: "DATE", kind: .text),
      OptionSpec(names: ["--yes"], arity: .flag),
    ],
    subcommands: [
      .init(name: "remove"), .init(name: "amend", options: ["--project"]),
      .init(name: "reset", options: ["--before", "--yes"]), .init(name: "undo"),
    ],
    help: [
      .text(
        """
        ID is the short id `pomobar log` shows (or any unique prefix of 4 digits or more, or
        the full id). `reset` removes every record (or those that started before the day);
        it asks first, and without a terminal needs --yes. An edit rewrites nothing: it is
        one more line in this machine's history/edits.MACHINE.jsonl, so a synced folder never
        conflicts and `undo` can take it back. `undo` reverts the latest change made on this
        machine (an edit, or what track or import added); `undo ID` reverts that one, on any
        machine, and the id it prints undoes the undo.
        """)
    ],
    make: { words throws(UsageError) in
      let action = try words.subcommand()
      switch action {
      case "remove":
        try words.expect(2...2)
        return .ledger(.historyRemove(words.arguments[1]))
      case "amend":
        try words.expect(2...2)
        guard let project = words["--project"] else { throw words.usage("amend what? Give --project NAME") }
        return .ledger(.historyAmend(words.arguments[1], project: project))
      case "reset":
        try words.expect(1...1)
        let before = try words["--before"].map { text throws(UsageError) in try words.date(text) }
        return .ledger(.historyReset(before: before, yes: words.flag("--yes")))
      default:
        try words.expect(1...2)
        return .ledger(.historyUndo(words.arguments.count == 2 ? words.arguments[1] : nil))
      }
    })

  static let project = CommandSpec(
    name: "project",
    synopsis: [.init(line: "project rename|delete ...", summary: "rename a project, or delete its records")],
    usage: ["project rename OLD NEW", "project delete NAME [--yes]"],
    options: [OptionSpec(names: ["--yes"], arity: .flag)],
    subcommands: [
      .init(name: "rename", operand: .project), .init(name: "delete", options: ["--yes"], operand: .project),
    ],
    help: [
      .text(
        """
        `rename` changes the project of every record of OLD; `delete` removes every record
        of NAME, asking first (without a terminal it needs --yes). Both apply to the records
        made before them, on every machine, and `pomobar history undo` takes them back.
        """)
    ],
    make: { words throws(UsageError) in
      if try words.subcommand() == "rename" {
        try words.expect(3...3)
        return .ledger(.projectRename(words.arguments[1], words.arguments[2]))
      }
      try words.expect(2...2)
      return .ledger(.projectDelete(words.arguments[1], yes: words.flag("--yes")))
    })
}

extension ParsedWords {
  /// The subcommand named first, after refusing the options it does not take.
  func subcommand() throws(UsageError) -> String {
    let names = subcommands.map(\.name)
    guard let name = arguments.first else {
      throw usage("which action? One of: \(names.joined(separator: ", "))")
    }
    guard let subcommand = subcommands.first(where: { $0.name == name }) else {
      throw usage("unknown action '\(Shown.plain(name))'; one of: \(names.joined(separator: ", "))")
    }
    try only(subcommand.options)
    return name
  }

  func exchangeFormat(_ name: String) throws(UsageError) -> ExchangeFormat {
    guard let format = ExchangeFormat(rawValue: name) else {
      let names = ExchangeFormat.names
      throw usage(
        "unknown format '\(Shown.plain(name))'\(Spelling.hint(for: name, in: names)); one of: \(names.joined(separator: ", "))"
      )
    }
    return format
  }

  func date(_ text: String) throws(UsageError) -> CivilTime.Date {
    guard let date = CivilTime.Date(text) else {
      throw usage("'\(Shown.plain(text))' is not a date like 2026-11-23")
    }
    return date
  }

  /// A range name (the first argument) or `--from`/`--to`; all the history when neither.
  func range() throws(UsageError) -> RangeArgument {
    let from = try self["--from"].map { text throws(UsageError) in try date(text) }
    let to = try self["--to"].map { text throws(UsageError) in try date(text) }
    if let name = arguments.first {
      guard LedgerRange.names.contains(name) else {
        throw usage(
          "unknown range '\(Shown.plain(name))'\(Spelling.hint(for: name, in: LedgerRange.names)); one of: "
            + LedgerRange.names.joined(separator: ", ") + ", or --from DATE --to DATE")
      }
      guard from == nil && to == nil else { throw usage("give a range name or --from/--to, not both") }
      return .named(name)
    }
    if let from, let to, to < from { throw usage("--to \(to) is before --from \(from)") }
    return from == nil && to == nil ? .named("all") : .dates(from, to)
  }
}
