import PomobarCore
import PomobarSystem

/// Every command of the command line, in the order the main help lists them.
///
/// A new command is one more `CommandSpec` here (its options, its help, and `make`,
/// which turns its parsed words into a `Command`); a new option is one more `OptionSpec`
/// in its command. See docs/development.md.
enum CommandTable {
  static let all: [CommandSpec] = Name.allCases.map(spec)

  /// The command `name`, made alone: every start looks its command up, and making the
  /// whole table for it (every command's options and synopses) was an eighth of a bar's start.
  static func named(_ name: String) -> CommandSpec? {
    Name.allCases.first { $0.rawValue == name }.map(spec)
  }

  /// Every command's name, in the order the main help lists them.
  enum Name: String, CaseIterable {
    case run, ctl, status, watch
    case idleWatch = "idle-watch"
    case report, projects, themes
    case checkConfig = "check-config"
    case log, track, export
    case importFile = "import"
    case history, project, bill, help
  }

  static func spec(_ name: Name) -> CommandSpec {
    switch name {
    case .run: run
    case .ctl: ctl
    case .status: status
    case .watch: watch
    case .idleWatch: idleWatch
    case .report: report
    case .projects: projects
    case .themes: themes
    case .checkConfig: checkConfig
    case .log: log
    case .track: track
    case .export: export
    case .importFile: importFile
    case .history: history
    case .project: project
    case .bill: bill
    case .help: help
    }
  }

  /// The main help's options: those of the bar commands and two that any command takes.
  static let mainOptions = [
    OptionSpec.format.documented([
      OutputFormat.allCases.map(\.rawValue).joined(separator: ", "),
      "(run: tty on a terminal, else i3bar; status: plain)",
    ]),
    OptionSpec.config.documented(["default: $XDG_CONFIG_HOME/pomobar/config.toml"]),
    OptionSpec(
      names: ["--help", "-h"], arity: .flag, doc: ["this help; `pomobar COMMAND --help` for a command's"]),
    OptionSpec(
      names: ["--version", "-V"], arity: .flag, doc: ["print the version and the commit it was built from"]),
  ]

  static let summary = "a Pomodoro timer for Linux status bars"

  /// The main help's paragraph after the usage.
  static let about = """
    On a terminal, `pomobar` shows a live timer: space starts and pauses, q quits.
    Every copy of pomobar (each bar, each monitor, each ctl) shares one timer.
    """

  /// The files the main help names, and the exit statuses.
  static let files = [
    (name: "State", path: "$XDG_STATE_HOME/pomobar/state.json", note: "(default ~/.local/state/pomobar)"),
    (name: "History", path: "$XDG_DATA_HOME/pomobar/history/", note: "(default ~/.local/share/pomobar)"),
  ]
  static let exitStatuses = [
    (ExitCode.success, "ok"), (ExitCode.failure, "failure"), (ExitCode.usage, "usage error"),
    (ExitCode.unavailable, "no display to watch (idle-watch)"),
    (ExitCode.config, "configuration error"),
  ]

  static let run = CommandSpec(
    name: "run",
    synopsis: [
      .init(line: "[run] [--format FORMAT] [--config FILE]", summary: "run as a bar's status command"),
      .init(line: "--wrap COMMAND...", summary: "i3status (or any status command) plus pomobar"),
    ],
    usage: ["[run] [--format FORMAT] [--config FILE] [--wrap COMMAND...]"],
    options: [
      .format, .config,
      OptionSpec.wrap.documented([
        "(i3bar and swaybar) run COMMAND with `sh -c`, as the bar",
        "would, and merge pomobar's block into its i3bar stream: keep",
        "i3status in the bar's one status_command. The rest of the line",
        "is the command (--wrap i3status -c FILE), so --wrap comes last.",
        "Its clicks go back to it; it is restarted if it dies. Also",
        "[wrap] command; where the block goes: [wrap] position =",
        "\"first\", \"last\" or N. Implies --format i3bar.",
      ]),
    ],
    help: [
      .text(
        """
        Streams the timer to a status bar, one frame per displayed second while a phase
        runs and none while nothing changes.
        """),
      .items(
        [
          HelpItem(term: "i3bar", doc: ["i3bar and swaybar (status_command); reads click events on stdin"]),
          HelpItem(term: "waybar", doc: ["a waybar custom module with \"return-type\": \"json\""]),
          HelpItem(
            term: "polybar",
            doc: [
              "a polybar custom/script with tail = true; clicks are action tags",
              "that run this binary's `ctl`, from the [clicks] table",
            ]),
          HelpItem(
            term: "i3blocks",
            doc: [
              "a persistent i3blocks block (interval=persist, format=json);",
              "i3blocks 1.4 sends it no clicks: prefer `pomobar status --format i3blocks`",
            ]),
          HelpItem(
            term: "yambar",
            doc: [
              "a yambar script module (continuous: no poll-interval); clicks are",
              "yambar's on-click commands",
            ]),
          HelpItem(term: "plain", doc: ["one line of text per change"]),
          HelpItem(
            term: "tty", doc: ["a live line for a terminal, driven by keys (the default on a terminal)"]),
          HelpItem(term: "tmux, json", doc: ["also accepted; mostly useful with `pomobar status`"]),
        ], column: 11),
      .text("Editing the config file, or SIGHUP, reloads it without losing the running timer."),
      .options,
    ],
    make: { words throws(UsageError) in
      let options = try words.options()
      try words.expect(0...0)
      if let wrap = options.wrap {
        guard wrap.contains(where: { $0 != " " && $0 != "\t" }) else {
          throw UsageError(message: "pomobar: --wrap needs a command, like --wrap i3status")
        }
        if let format = options.format, format != .i3bar {
          throw UsageError(
            message:
              "pomobar: --wrap merges i3bar streams; it cannot be used with --format \(format.rawValue)")
        }
      }
      return .run(options)
    })

  static let ctl = CommandSpec(
    name: "ctl",
    synopsis: [.init(line: "ctl ACTION [ARGUMENTS]", summary: "change the timer or the work clock")],
    usage: ["ctl ACTION [DURATION] [--at TIME | --ago DURATION]"],
    options: [.format, .config] + CtlArguments.momentOptions,
    operand: .words(CtlArguments.words),
    literalWords: ["--none"] + CtlArguments.TaskWord.allCases.map(\.rawValue),
    help: CtlArguments.help,
    make: { words throws(UsageError) in
      let options = try words.options()
      guard let name = words.arguments.first else {
        throw UsageError(
          message: "pomobar ctl: which action? One of: \(Action.names.joined(separator: ", "))",
          hint: CtlArguments.hint)
      }
      let arguments = Array(words.arguments.dropFirst())
      if name == Action.Compound.task.rawValue, try CtlArguments.task(arguments) == nil {
        _ = try CtlArguments.moment(words, for: .task(nil))  // refuses --at and --ago
        return .pickTask(options, keepProject: arguments.contains(CtlArguments.TaskWord.keepProject.rawValue))
      }
      let action = try CtlArguments.action(name, arguments)
      return .ctl(action, options, at: try CtlArguments.moment(words, for: action))
    })

  static let status = CommandSpec(
    name: "status",
    synopsis: [.init(line: "status [--format FORMAT]", summary: "print the timer once (tmux, scripts)")],
    usage: ["status [--format FORMAT]"],
    options: [.format, .config],
    help: [
      .text(
        """
        Prints the timer once and exits (default format: plain). A phase that ended while
        no copy was running is completed here, once, with its hooks and notification.
        --format json prints an object with these fields:
          phase (idle, focus, focus-done, short-break, long-break), paused, urgent,
          remaining and total (seconds), percentage, position, cycle_length,
          ends_at ("HH:MM" or null), note (or null), text, short_text, tooltip, color,
          work, project, overdue, away, task (the focus's task: ctl task; or null).
        --format tmux prints #[fg=...] styled text for status-right '#(pomobar status --format tmux)'.
        --format i3blocks prints a JSON block for an i3blocks block (interval=1, format=json);
        when i3blocks runs it for a click (BLOCK_BUTTON set, 1-5), the button's action from
        [clicks] is applied first, as a click in the bar.
        """)
    ],
    make: { words throws(UsageError) in
      let options = try words.options()
      try words.expect(0...0)
      return .status(options)
    })

  static let watch = CommandSpec(
    name: "watch",
    synopsis: [.init(line: "watch", summary: "one JSON line per change, for shells' widgets")],
    usage: ["watch [--config FILE]"],
    options: [.config],
    help: [
      .text(
        """
        Prints the timer as one JSON object per line: the current one at once, then one
        each time something but the time changes (an action of any copy, a phase ending,
        the config). Nothing while nothing changes: a running phase carries its deadline
        and a widget counts down by itself. Keys (version "v": 1): at, phase, paused,
        urgent, remaining, total, deadline, cycle {slot, of}, color, classes, work
        {running, since, day_start, project, color, today, total, tags}, project, tags,
        note, problem, elapsed, started, overdue, away {seconds, project, unanswered};
        times are Unix milliseconds. Like a bar, it ends phases at their deadline (with
        hooks and notifications). Reference: docs/watch.md.
        """),
      .options,
    ],
    make: { words throws(UsageError) in
      let options = try words.options()
      try words.expect(0...0)
      return .watch(options)
    })

  static let projects = CommandSpec(
    name: "projects",
    synopsis: [.init(line: "projects [--names]", summary: "projects: colour, today, this week, goals")],
    usage: ["projects [--names | --tag-names]"],
    options: [
      OptionSpec.names.documented(["only the names, one per line (for scripts and shell completion)"]),
      OptionSpec.tagNames.documented([
        "only the tags in use (the active ones, those of the last three months),", "one per line",
      ]),
      .format, .config,
    ],
    help: [
      .text(
        """
        Lists every project (those in the config, those used before, those with time this
        week) with its colour, today's and this week's work (the running clock included),
        and the progress of its `goal` (a day) and `weekly-goal`; marks the running one.
        """),
      .options,
    ],
    make: { words throws(UsageError) in
      let options = try words.options()
      try words.expect(0...0)
      switch (words.flag(.names), words.flag(.tagNames)) {
      case (true, true): throw words.usage("--names or --tag-names, not both")
      case (true, false): return .projects(options, only: .projects)
      case (false, true): return .projects(options, only: .tags)
      case (false, false): return .projects(options, only: nil)
      }
    })

  static let checkConfig = CommandSpec(
    name: "check-config",
    synopsis: [.init(line: "check-config [FILE]", summary: "validate a config, print the effective one")],
    usage: ["check-config [FILE]"],
    options: [
      .config, OptionSpec(names: OptionSpec.format.names, arity: .value, hidden: true),
      OptionSpec.example,
    ],
    operand: .file,
    help: [
      .text(
        """
        Checks FILE (default: $XDG_CONFIG_HOME/pomobar/config.toml) and prints the
        effective configuration, every key with its value. Every mistake prints as
        FILE:LINE:COLUMN: message, and the status is 78. (The other commands use every
        valid setting of a file with mistakes and warn.) A colour that is hard to read on
        the bar's background ([theme] background, else the theme's) is a warning, not a
        mistake: FILE:LINE:COLUMN: warning: ... with its contrast ratio.
        """)
    ],
    make: { words throws(UsageError) in
      // `--example` prints config.example.toml, made from the config schema.
      if words.flag(.example) {
        try words.expect(0...0)
        return .configExample
      }
      // --format is taken and not used, as before the table.
      let options = try words.options()
      try words.expect(0...1)
      return .checkConfig(words.arguments.first ?? options.configPath)
    })

  static let help = CommandSpec(
    name: "help",
    synopsis: [.init(line: "help [COMMAND]", summary: "")],
    usage: ["help [COMMAND]"],
    operand: .command,
    rawWords: true,
    help: nil,
    make: { words in .help(words.arguments.first) })
}

extension CommandTable {
  static let themes = CommandSpec(
    name: "themes",
    synopsis: [
      .init(
        line: "themes [NAME...] [--format ansi|svg|css]", summary: "preview the themes, with contrast ratios")
    ],
    usage: ["themes [NAME...] [--format ansi|svg|css] [--mode dark|light]"],
    options: [
      .themeFormat, .mode,
      OptionSpec(
        names: OptionSpec.config.names, arity: .value, placeholder: "FILE", kind: .file, term: "--config FILE",
        doc: ["the config --format css reads"]),
    ],
    operand: .words(Theme.builtIn.map(\.name)),
    help: [
      .text(
        """
        Shows every built-in theme (or those named): each phase's text as the bar draws it,
        on the theme's background for a dark and a light bar, with its WCAG contrast ratio
        (text at least 4.5:1, the track at least 3:1), then the {bar}'s track.
        """),
      .items(
        [
          HelpItem(
            term: "--format ansi",
            doc: ["on the terminal, in 24-bit colour (the default; plain into a pipe or with NO_COLOR)"]),
          HelpItem(
            term: "--format svg",
            doc: ["the same as an SVG picture: pomobar themes --format svg > themes.svg"]),
          HelpItem(
            term: "--format css",
            doc: [
              "waybar style.css rules for one theme (NAME, else [theme] name of",
              "the config) on a --mode bar (else [theme] mode of the config)",
            ]),
        ], column: 18),
      .options,
      .text(
        """
        Pick one in the config: [theme] name = "nord", mode = "dark" or "light".
        Themes: \(Theme.builtIn.map(\.name).joined(separator: ", ")).
        """),
    ],
    make: { words throws(UsageError) in
      typealias Request = ThemesCommand.Request
      var request = Request(configPath: words[.config])
      if let given = words[.themeFormat] {
        guard let format = Request.Format(rawValue: given) else {
          throw words.usage("--format takes ansi, svg or css")
        }
        request.format = format
        request.formatGiven = true
      }
      if let given = words[.mode] {
        guard let mode = ThemeMode(rawValue: given) else { throw words.usage("--mode takes dark or light") }
        request.mode = mode
      }
      let names = Theme.builtIn.map(\.name)
      for word in words.arguments {
        guard names.contains(word) else {
          throw words.usage(OneOf.unknown("theme", word, in: names))
        }
        request.names.append(word)
      }
      return .themes(request)
    })
}

/// The options of the commands above, each declared once: `make` looks a value up by
/// its declaration (`words[.wrap]`).
extension OptionSpec {
  static let format = OptionSpec(
    names: ["--format", "-f"], arity: .value, placeholder: "FORMAT",
    kind: .words(OutputFormat.allCases.map(\.rawValue)))
  static let config = OptionSpec(names: ["--config", "-c"], arity: .value, placeholder: "FILE", kind: .file)
  static let wrap = OptionSpec(names: ["--wrap"], arity: .restOfLine, placeholder: "COMMAND...", kind: .program)
  static let names = OptionSpec(names: ["--names"], arity: .flag)
  static let tagNames = OptionSpec(names: ["--tag-names"], arity: .flag)
  static let example = OptionSpec(names: ["--example"], arity: .flag, hidden: true)
  static let themeFormat = OptionSpec(
    names: ["--format", "-f"], arity: .value, placeholder: "FORMAT",
    kind: .words(ThemesCommand.Request.Format.allCases.map(\.rawValue)))
  static let mode = OptionSpec(
    names: ["--mode"], arity: .value, placeholder: "MODE", kind: .words(ThemeMode.allCases.map(\.rawValue)))
}
