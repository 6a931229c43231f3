import PomobarCore
import PomobarSystem

/// Usage texts and the version.
enum Help {
  static let version = "0.1.0"

  static let main = """
    pomobar \(version): a Pomodoro timer for Linux status bars

    Usage:
      pomobar [run] [--format FORMAT] [--config FILE]   run as a bar's status command
      pomobar --wrap COMMAND...                          i3status (or any status command) plus pomobar
      pomobar ctl ACTION [ARGUMENTS]                     change the timer or the work clock
      pomobar status [--format FORMAT]                   print the timer once (tmux, scripts)
      pomobar report [RANGE] [--json] [--chart]          work and focus time from the history
      pomobar projects [--names]                         projects: colour, today, this week, goals
      pomobar themes [NAME...] [--format ansi|svg|css]   preview the themes, with contrast ratios
      pomobar check-config [FILE]                        validate a config, print the effective one
      pomobar log [RANGE]                                the history, one record per line
      pomobar track [DAY] FROM TO [PROJECT]              add forgotten work time
      pomobar export [RANGE] --format FORMAT             csv, json, timewarrior, watson to stdout
      pomobar import FILE [--from FORMAT]                records from an export, each once
      pomobar history remove|amend|reset ...             correct or clear the history
      pomobar project rename|delete ...                  rename a project, or delete its records
      pomobar help [COMMAND]

    On a terminal, `pomobar` shows a live timer: space starts and pauses, q quits.
    Every copy of pomobar (each bar, each monitor, each ctl) shares one timer.

    Options:
      -f, --format FORMAT   \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))
                            (run: tty on a terminal, else i3bar; status: plain)
      -c, --config FILE     default: $XDG_CONFIG_HOME/pomobar/config.toml
      -h, --help            this help; `pomobar COMMAND --help` for a command's
      -V, --version         print the version and the commit it was built from

    State: $XDG_STATE_HOME/pomobar/state.json (default ~/.local/state/pomobar).
    History: $XDG_DATA_HOME/pomobar/history/ (default ~/.local/share/pomobar).
    Exit status: 0 ok, 1 failure, 64 usage error, 78 configuration error.
    """

  static let topics: [String: String] = [
    "run": """
    Usage: pomobar [run] [--format FORMAT] [--config FILE] [--wrap COMMAND...]

    Streams the timer to a status bar, one frame per displayed second while a phase
    runs and none while nothing changes.
      i3bar    i3bar and swaybar (status_command); reads click events on stdin
      waybar   a waybar custom module with "return-type": "json"
      polybar  a polybar custom/script with tail = true; clicks are action tags
               that run this binary's `ctl`, from the [clicks] table
      i3blocks a persistent i3blocks block (interval=persist, format=json);
               i3blocks 1.4 sends it no clicks: prefer `pomobar status --format i3blocks`
      plain    one line of text per change
      tty      a live line for a terminal, driven by keys (the default on a terminal)
      tmux, json   also accepted; mostly useful with `pomobar status`
    Editing the config file, or SIGHUP, reloads it without losing the running timer.
      --wrap COMMAND...   (i3bar and swaybar) run COMMAND with `sh -c`, as the bar
                       would, and merge pomobar's block into its i3bar stream: keep
                       i3status in the bar's one status_command. The rest of the line
                       is the command (--wrap i3status -c FILE), so --wrap comes last.
                       Its clicks go back to it; it is restarted if it dies. Also
                       [wrap] command; where the block goes: [wrap] position =
                       "first", "last" or N. Implies --format i3bar.
    """,
    "ctl": """
    Usage: pomobar ctl ACTION [DURATION]

    Changes the shared timer and exits; every running bar shows the result.
    Actions:
      start     start focus (from idle, focus done, or a break); resume when paused
      pause     pause the running phase
      resume    resume a paused phase
      toggle    the natural next step: start, pause, resume, or start the break
      skip      move on to the next phase now
      stop      back to idle, keeping the place in the cycle
      reset     back to idle, clearing the cycle
      extend [DURATION]    add time (default: [timer] step, 1m)
      shorten [DURATION]   take time off, never below zero
      break     start the break now
    The work clock and projects (every finished interval goes to the history):
      work start|stop|toggle     the stopwatch of work time, apart from the Pomodoros
      project NAME               make NAME the active project (made on first use): closes
                                 the previous project's interval, starts a stopped clock;
                                 one line, at most 100 characters and 200 bytes
      project --none|next|prev   no project; the next or previous known one
      interrupt [internal|external] [NOTE]   mark an interruption of the running focus
      void [REASON]              abandon the running focus (NOTE, REASON: at most 200 bytes)
      away, back                 you left and came back (swayidle, xss-lock): away time
                                 follows [suspend]'s policy and stops the work clock
    DURATION is like 5m, 90s or 1h30m. With --format, prints the new state.
    Click actions ([clicks]) take these names too: work-start, work-stop, work-toggle,
    project-next, project-prev, project-none, interrupt, void, away, back.
    """,
    "status": """
    Usage: pomobar status [--format FORMAT]

    Prints the timer once and exits (default format: plain). A phase that ended while
    no copy was running is completed here, once, with its hooks and notification.
    --format json prints an object with these fields:
      phase (idle, focus, focus-done, short-break, long-break), paused, urgent,
      remaining and total (seconds), percentage, position, cycle_length,
      ends_at ("HH:MM" or null), note (or null), text, short_text, tooltip, color.
    --format tmux prints #[fg=...] styled text for status-right '#(pomobar status --format tmux)'.
    --format i3blocks prints a JSON block for an i3blocks block (interval=1, format=json);
    when i3blocks runs it for a click (BLOCK_BUTTON set, 1-5), the button's action from
    [clicks] is applied first, as a click in the bar.
    """,
    "projects": """
    Usage: pomobar projects [--names]

    Lists every project (those in the config, those used before, those with time this
    week) with its colour, today's and this week's work (the running clock included),
    and the progress of its `goal` (a day) and `weekly-goal`; marks the running one.
      --names   only the names, one per line (for scripts and shell completion)
    """,
    "report": """
    Usage: pomobar report [RANGE | --from DATE --to DATE] [--project NAME]
                          [--json] [--decimal] [--chart] [--calendar [YEAR]]

    Work and focus time from the history ($XDG_DATA_HOME/pomobar/history), on local days.
    RANGE: today (default), yesterday, week, last-week, month, last-month, year, all.
      --from DATE --to DATE   days from DATE to DATE, both included: 2026-11-23,
                              today or yesterday
      --project NAME          only that project's time
      --json                  one JSON object for scripts (times in seconds)
      --decimal               hours as 1.75 instead of 1:45
      --chart                 add a bar per day, stacked by project, with a legend
      --calendar [YEAR]       a heatmap of a year's focus time (default: this year)
    Work is the work clock's time; on a day without it, focus time counts as work.
    Days start at [ledger] day-starts-at, weeks on [ledger] week-starts. Colour only on a
    terminal without NO_COLOR.
    """,
    "themes": """
    Usage: pomobar themes [NAME...] [--format ansi|svg|css] [--mode dark|light]

    Shows every built-in theme (or those named): each phase's text as the bar draws it,
    on the theme's background for a dark and a light bar, with its WCAG contrast ratio
    (text at least 4.5:1, the track at least 3:1), then the {bar}'s track.
      --format ansi   on the terminal, in 24-bit colour (the default)
      --format svg    the same as an SVG picture: pomobar themes --format svg > themes.svg
      --format css    waybar style.css rules for one theme (NAME, else [theme] name of
                      the config) on a --mode bar (else [theme] mode of the config)
      --config FILE   the config --format css reads
    Pick one in the config: [theme] name = "nord", mode = "dark" or "light".
    Themes: \(Theme.builtIn.map(\.name).joined(separator: ", ")).
    """,
    "check-config": """
    Usage: pomobar check-config [FILE]

    Checks FILE (default: $XDG_CONFIG_HOME/pomobar/config.toml) and prints the
    effective configuration, every key with its value. Every mistake prints as
    FILE:LINE:COLUMN: message, and the status is 78. (The other commands use every
    valid setting of a file with mistakes and warn.) A colour that is hard to read on
    the bar's background ([theme] background, else the theme's) is a warning, not a
    mistake: FILE:LINE:COLUMN: warning: ... with its contrast ratio.
    """,
  ]

  static func print(_ topic: String?) -> Int32 {
    if let topic, let text = LedgerHelp.topics[topic] {
      Console.out(text + "\n")
      return ExitCode.success
    }
    guard let topic, topic != "help" else {
      Console.out(main + "\n")
      return ExitCode.success
    }
    guard let text = topics[topic] else {
      let names = (Array(topics.keys) + Array(LedgerHelp.topics.keys)).sorted()
      Console.error("no help for '\(Shown.plain(topic))'\(Spelling.hint(for: topic, in: names))")
      Console.usage("Run 'pomobar --help' for usage.")
      return ExitCode.usage
    }
    Console.out(text + "\n")
    return ExitCode.success
  }

  /// `pomobar 0.1.0 (commit abc1234)`: the version, and the commit from the build.
  static func printVersion() -> Int32 {
    Console.out("pomobar \(version) (commit \(BuildInfo.commit))\n")
    return ExitCode.success
  }
}
