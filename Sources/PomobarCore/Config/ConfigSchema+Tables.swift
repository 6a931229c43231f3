import TOML

/// The rows of `ConfigSchema`, a table each: what `config.example.toml` is made of.
extension ConfigSchema {
  static let timer = ConfigTable(
    name: "timer",
    keys: [
      ConfigKey("timer", "focus", \.timer.focus, .phaseLength),
      ConfigKey("timer", "short-break", \.timer.shortBreak, .phaseLength),
      ConfigKey("timer", "long-break", \.timer.longBreak, .phaseLength),
      ConfigKey(
        "timer", "long-break-every", \.timer.longBreakEvery, .integer(1...100),
        doc: "A long break follows every Nth focus session (1 to 100)."),
      ConfigKey(
        "timer", "auto-advance", \.timer.autoAdvance, .choice,
        doc: """
          What happens when a phase runs out on its own:
            "none"      focus end waits for you to start the break; break end returns to idle
            "to-break"  focus end starts the break; break end returns to idle
            "to-focus"  focus end waits for you; break end starts the next focus
            "all"       the cycle runs on by itself
          """),
      ConfigKey(
        "timer", "step", \.timer.step, .phaseLength,
        doc: "How much `extend`/`shorten` (and scrolling on the block) change the running phase."),
      ConfigKey(
        "timer", "mode", \.timer.mode, .choice,
        doc: """
          "pomodoro": a focus counts down from `focus`. "flowtime": a focus counts up with no
          end; ending it (toggle, `pomobar ctl break` or `skip`) starts a break that follows
          from how long it ran, and `stop` ends it with no break. No long breaks in flowtime.
          A change applies from the next focus: a running one keeps its mode.
          """),
      ConfigKey(
        "timer", "break-ratio", \.timer.flowtime.ratio, .integer(1...60),
        doc: """
          Flowtime: minutes of focus per minute of break (5: 50 min earn 10), to the nearest
          minute, at least 1 min and at most `break-max`.
          """),
      ConfigKey("timer", "break-max", \.timer.flowtime.longest, .phaseLength),
      ConfigKey(
        "timer", "break-steps", \.timer.flowtime.steps, .breakSteps,
        example: .commented("[[\"25m\", \"5m\"], [\"50m\", \"8m\"], [\"90m\", \"10m\"], [\"3h\", \"15m\"]]"),
        doc: """
          Flowtime: a table instead of the ratio. A focus of up to FOCUS earns BREAK (the
          first row that fits); a longer focus than every row earns the last row's break.
          """),
    ])

  static let suspend = ConfigTable(
    name: "suspend",
    keys: [
      ConfigKey(
        "suspend", "focus", \.timer.suspendFocus, .choice,
        doc: """
          Time spent suspended (lid closed) or powered off during a running phase:
            "pause"  the phase is paused at what remained when the machine went to sleep
            "count"  the time counts; the phase may have ended meanwhile
            "void"   (focus only) the focus session is abandoned
          """),
      ConfigKey("suspend", "break", \.timer.suspendBreak, .breakPolicy),
      ConfigKey(
        "suspend", "reset-after", \.timer.resetAfter, .durationOrFalse,
        doc: "A gap longer than this resets the cycle to focus 1 (false: never)."),
    ])

  static let idle = ConfigTable(
    name: "idle",
    keys: [
      ConfigKey(
        "idle", "after", \.idle.after, .durationOrFalse,
        doc: """
          No key or pointer input for this long is away, as `pomobar ctl away` from the
          moment input stopped, and input again is `pomobar ctl back`: a running bar asks
          the X server (SYNC's IDLETIME) or the Wayland compositor (ext-idle-notify-v1,
          org_kde_kwin_idle) itself, with no other program. false: not watched.
          """),
      ConfigKey(
        "idle", "ask-after", \.ledger.away.askAfter, .durationOrFalse,
        doc: """
          Back from at least this long away (the idle watch, or `pomobar ctl away`/`back`)
          while the work clock ran, pomobar asks what the time was: a notification with
          Keep as work / Discard / Was a break, a mark on the bar, and `pomobar ctl away-was
          work|discard|break`. false: never asked, the time away stays out of the clock.
          """),
      ConfigKey(
        "idle", "unanswered", \.ledger.away.unanswered, .choice,
        doc: """
          What a time away nobody answered becomes: "discard" (left out, as without the
          question), "work" or "break".
          """),
      ConfigKey(
        "idle", "answer-within", \.ledger.away.answerWithin, .durationOrFalse,
        doc: """
          How long the question waits before `unanswered` answers it (false: until the next
          time away).
          """),
    ])

  static let breaks = ConfigTable(
    name: "breaks",
    keys: [
      ConfigKey(
        "breaks", "remind-after", \.timer.breaks.remindAfter, .phaseLengthOrFalse,
        doc: """
          Break care: after this much work without a break (a running focus, or the work
          clock running outside a Pomodoro break), a notification "Time for a break" with
          Take a break (ctl break) and Snooze (ctl snooze), the waybar class `overdue`, the
          urgent flag and the hook event `overdue`, once. false: no reminder; e.g. "90m".
          """),
      ConfigKey(
        "breaks", "snooze", \.timer.breaks.snooze, .phaseLength,
        doc: "How far `pomobar ctl snooze` (and the notification's Snooze button) puts the reminder off."),
      ConfigKey(
        "breaks", "min-break", \.timer.breaks.minimum, .phaseLength,
        doc: """
          A stop of work this long is a break: the timer and the work clock stopped, time
          away, a suspend, a Pomodoro break. A Pomodoro break that runs out counts whatever
          its length.
          """),
      ConfigKey(
        "breaks", "title", \.timer.breaks.title, .text,
        doc: """
          The reminder's texts, with the placeholders of [notifications]' texts: {duration}
          (the work without a break, "1 h 30 min"), {next} (the break Take a break starts),
          {completed}, {project}, {task}.
          """),
      ConfigKey("breaks", "body", \.timer.breaks.body, .text),
    ])

  static let display = ConfigTable(
    name: "display",
    keys: [
      ConfigKey(
        "display", "ring", \.display.ring, .ring,
        doc: """
          The ring that empties as the phase runs: "braille" (9 steps, any font with Braille,
          e.g. DejaVu Sans), "nerd" (9 steps, needs a Nerd Font), "pie" (5 steps: ○◔◑◕●),
          "bar" (9 steps: ▁▂▃▄▅▆▇█), or your own array from empty to full, e.g. ["○", "●"].
          """),
      ConfigKey(
        "display", "name", \.display.name, .string,
        doc: "The block's name and instance in the i3bar protocol; clicks for others are ignored."),
      ConfigKey("display", "instance", \.display.instance, .string),
      ConfigKey(
        "display", "urgent-for", \.display.urgentFor, .phaseLengthOrFalse,
        doc: """
          How long the urgent flag (set when a phase runs out on its own) stays: false keeps it
          until your next action; a duration like "30s" clears it by itself after that long.
          """),
      ConfigKey(
        "display", "hide-when-idle", \.display.hideWhenIdle, .boolean,
        doc: """
          Show nothing while the timer is idle: an empty block in i3bar and swaybar, an empty
          text in waybar (which then hides the module), an empty line elsewhere. A config
          problem (⚠) and a running work clock still show.
          """),
      ConfigKey(
        "display", "update", \.display.update, .choice,
        doc: """
          "second", or "minute": {time} shows whole minutes left, rounded up ("25m"), and a bar
          wakes once a minute instead of every second.
          """),
      ConfigKey(
        "display", "bar-width", \.display.barWidth, .integer(1...100),
        doc: "Cells of the {bar} progress bar; each cell has eight steps (▏▎▍▌▋▊▉█)."),
    ])

  static let theme = ConfigTable(
    name: "theme",
    keys: [
      ConfigKey(
        "theme", "name", \.display.theme.name, .themeName,
        doc: """
          A built-in theme: "tomato", "classic-red", "ocean-blue", "forest-green",
          "midnight-dark", "sunset-orange", "catppuccin", "gruvbox", "nord", "dracula"
          (`pomobar themes` shows them all, with their contrast ratios).
          """,
        then: { reader, node in reader.themePosition = reader.themePosition ?? node.position }),
      ConfigKey(
        "theme", "mode", \.display.theme.mode, .choice,
        doc: """
          The bar's background: "dark" or "light". Left out, it follows `background` if that is
          given, else "dark".
          """,
        then: { reader, _ in reader.modeWritten = true },
        carry: { reader, fallback in
          reader.config.display.theme.mode = fallback.display.theme.mode
          reader.modeWritten = true
        }),
      ConfigKey(
        "theme", "background", \.display.theme.background, ConfigValue.color.optional,
        example: .commented(ConfigPrinter.quote(Palette().background)),
        doc: """
          Your bar's real background, "#rrggbb": `pomobar check-config` warns about every colour
          that is hard to read on it (below 4.5:1 for text, 3:1 for the track). Default: the
          theme's own background for the mode.
          """,
        then: { reader, node in
          reader.followBackground()
          reader.themePosition = node.position
        },
        carry: { reader, fallback in
          reader.config.display.theme.background = fallback.display.theme.background
          reader.followBackground()
        }),
    ]
      + ThemeRole.overridable.enumerated().map { index, role in
        ConfigKey(
          "theme", role.rawValue, \.display.theme.overrides[role], ConfigValue.color.optional,
          example: .commented(ConfigPrinter.quote(Palette()[role])),
          doc: index > 0
            ? ""
            : """
            Any colour of the theme can be changed (a custom theme starts from a built-in one):
            focus, short-break, long-break, paused, idle, done (a focus that ran out) and track
            (the elapsed part of {bar}). Default: the theme's.
            """,
          then: { reader, node in reader.colorPositions[role] = node.position })
      })

  static let colors = ConfigTable(
    name: "colors",
    preface: """
      [colors] is the older place of the colour overrides, still read: focus, short-break,
      long-break, idle, paused. A colour set in [theme] wins over the same one here.
      """,
    commented: true,
    keys: [ThemeRole.focus, .shortBreak, .longBreak, .paused, .idle].map { role in
      ConfigKey(
        "colors", role.rawValue, \.display.theme.legacy[role], ConfigValue.color.optional,
        example: role == .focus ? .commented(ConfigPrinter.quote(Palette()[role])) : .hidden,
        then: { reader, node in
          if reader.config.display.theme.overrides[role] == nil {
            reader.colorPositions[role] = node.position
          }
        })
    })

  static let format = ConfigTable(
    name: "format",
    doc: """
      What the bar shows, with placeholders: {ring}, {bar}, {time} (mm:ss, h:mm:ss past an
      hour), {minutes} (rounded up: 25m), {phase} (Focus, Short break paused, Ready, ...),
      {position} and {cycle} ({position}/{cycle} is 3/4), {dots} (●●○○), {ends} (the clock
      time a running phase ends), {completed} (focus sessions completed), {percent} (of the
      phase left), {project} and {today} (the work clock's project and today's work, while
      the clock runs), {left} (1:20 to go, done, +0:10 over, day off) and {balance} (+3:10
      this week), with a goal in [ledger], {week} (this week's work, 12:40), {budget} (the
      project's budget, 31:20 of 40h), {unbilled} (1,240.00 EUR unbilled), {task} (the
      focus's task: pomobar ctl task) and {task-progress} (its focus time against its
      estimate, 1:15 of 2h); the figures count every machine's work in the history. {{ and }} are braces. A placeholder that is empty (no project, no end time
      while paused) takes a neighbouring space with it. A note of why the timer changed on
      its own, ⚠ and the work clock still follow the text.
      """,
    keys: [
      ConfigKey("format", "full", \.format.base[.full], ConfigValue.template.optional),
      ConfigKey(
        "format", "short", \.format.base[.short], ConfigValue.template.optional,
        doc: "The compact form, for a crowded bar (i3bar's short_text)."),
      ConfigKey(
        "format", "tooltip", \.format.base[.tooltip], ConfigValue.template.optional,
        example: .commented("\"{phase} {position}/{cycle}: {time} left\""),
        doc: """
          The tooltip (waybar); default: the built-in lines (phase and place, time left, when it
          ends, sessions completed, today's projects). "\\n" starts a new line. A note of why the
          timer changed and a config problem are always added.
          """),
    ])

  /// `[format.PHASE]`: the same keys as `[format]`, for one phase.
  static let formatPhases = FormatSlot.allCases.map { slot in
    ConfigTable(
      name: "format." + slot.rawValue,
      preface: slot != .focusDone
        ? ""
        : """
        Per-phase texts: [format.idle], [format.focus], [format.short-break],
        [format.long-break], [format.paused] (any paused phase; wins over the phase's own) and
        [format.focus-done], each with full, short and tooltip; a key left out comes from
        [format]. A focus that is done has these defaults:
        """,
      keys: FormatKind.allCases.map { kind in
        ConfigKey(
          "format." + slot.rawValue, kind.rawValue, \.format.phases[slot.index][kind],
          ConfigValue.template.optional)
      })
  }

  static let clicks = ConfigTable(
    name: "clicks",
    doc: """
      What each mouse button does on the block in i3bar, swaybar, polybar and i3blocks (waybar
      runs the on-click commands of its own config instead). One of: start, pause,
      resume, toggle, skip, stop, reset, extend, shorten, break, none, pick-task (the task
      picker of [tasks]); extend and shorten take an amount: "extend 5m".
        toggle: idle → start focus; running → pause; paused → resume; focus done → start break
      """,
    keys: ClickMap.buttons.compactMap { button in
      button.clickKey.map { ConfigKey("clicks", $0, \.clicks[button], .action) }
    })

  static let focusMode = ConfigTable(
    name: "focus-mode",
    keys: [
      ConfigKey(
        "focus-mode", "dnd", \.focusMode.dnd, .choice,
        doc: """
          Do-not-disturb during focus: "off", "dunst", "mako", "swaync", or "auto" (the first of
          them whose control program answers). At focus start pomobar remembers whether it was
          on and switches it on; at every focus end it puts back what it remembered, before its
          own notification is sent. mako needs a mode in ~/.config/mako/config:
            [mode=do-not-disturb]
            invisible=1
          """)
    ])

  static let ledger = ConfigTable(
    name: "ledger",
    doc: """
      The work ledger: the work clock (`pomobar ctl work start|stop|toggle`), projects
      (`pomobar ctl project NAME`) and the history under $XDG_DATA_HOME/pomobar/history.
      """,
    keys: [
      ConfigKey(
        "ledger", "daily-goal", \.ledger.dailyGoal, ConfigValue.goal.optional, example: .commented("\"6h\""),
        doc: """
          Work time a work day should reach: reports count goals and streaks over work days,
          and the bar's {left} and {balance} count down to it (none by default):
          """),
      ConfigKey(
        "ledger", "work-days", \.ledger.workDays, .workDays,
        doc: """
          The days you work: names like "monday" or "mon", ranges like "mon-fri". Only work
          days have a goal; another day adds to a streak when it meets one anyway, and never
          breaks it.
          """),
      ConfigKey(
        "ledger", "weekday-goals", \.ledger.weekdayGoals, .weekdayGoals,
        example: .commented("{ friday = \"6h\" }"),
        doc: "A goal for some work days instead of daily-goal (none by default):",
        then: { reader, node in reader.noteWeekdayGoals(node) }),
      ConfigKey(
        "ledger", "weekly-goal", \.ledger.weeklyGoal, ConfigValue.goal.optional,
        example: .commented("\"40h\""),
        doc: """
          Work time a week should reach, instead of daily-goal: shared evenly among the work
          days without a weekday goal, so a day off lowers the week's (none by default):
          """,
        then: { reader, node in reader.targetPositions["weekly-goal"] = node.position }),
      ConfigKey(
        "ledger", "days-off", \.ledger.daysOff, .daysOff,
        example: .commented("[\"2026-12-24\", \"2026-12-28..2026-12-31\"]"),
        doc: "Dates without a goal (holidays, leave): days and ranges, both ends included."),
      ConfigKey(
        "ledger", "days-off-file", \.ledger.daysOffFile, .optionalPath,
        example: .commented("\"~/.config/pomobar/days-off\""),
        doc: """
          A file of more days off: one date or range a line, # comments; a path relative to
          this file's folder. Read with the config, and again when it changes.
          """),
      ConfigKey(
        "ledger", "day-starts-at", \.ledger.dayStart, .timeOfDay,
        doc: "When a day starts: work before this time counts in the day before (night owls)."),
      ConfigKey(
        "ledger", "week-starts", \.ledger.weekStart, .weekday,
        doc: "The first day of a week in reports: \"monday\" ... \"sunday\"."),
      ConfigKey(
        "ledger", "focus-starts-work", \.ledger.focusStartsWork, .boolean,
        doc: """
          Starting a focus starts the work clock if it is stopped; stopping the work clock never
          touches the Pomodoro timer.
          """),
      ConfigKey(
        "ledger", "away-stops-work", \.ledger.awayStopsWork, .boolean,
        doc: """
          `pomobar ctl away` (from swayidle, xss-lock, xidlehook) stops the work clock's counting
          until `pomobar ctl back`.
          """),
      ConfigKey(
        "ledger", "show", \.ledger.show, .choice,
        doc: """
          What the bar shows: "auto" (the timer, and the work clock beside it while it runs),
          "timer" (never the work clock), "work" (the work clock while it runs; the timer only
          while a phase runs or waits).
          """),
    ])

  static let wrap = ConfigTable(
    name: "wrap",
    doc: """
      Keep the status command you already run (i3status, i3status-rust, py3status,
      bumblebee-status) and see pomobar in the same i3bar or swaybar: pomobar runs the
      command, reads its i3bar stream and writes one stream with its own block among the
      command's, passing clicks on the command's blocks back to it. Same as
      `pomobar --wrap COMMAND...` (which takes precedence); used only with the i3bar format.
      """,
    keys: [
      ConfigKey(
        "wrap", "command", \.wrap.command, .wrapCommand, example: .commented("\"i3status\""),
        doc: """
          A shell command line, run with `sh -c` as i3bar runs a status_command; none by
          default. Read when pomobar starts.
          """),
      ConfigKey(
        "wrap", "position", \.wrap.position, .wrapPosition,
        doc: """
          Where pomobar's block goes: "first" (left of the command's blocks), "last" (right of
          them), or a number N (after the command's first N blocks). Applies on reload.
          """),
    ])
}

extension ConfigValue where T == String {
  /// `[theme] name`: a built-in theme.
  static var themeName: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        let name = try r.string(node, key)
        let names = Theme.builtIn.map(\.name)
        guard names.contains(name) else {
          throw r.error(
            node.position,
            "unknown theme \(Shown.quoted(name))\(Spelling.hint(for: name, in: names)); one of \(names.joined(separator: ", "))"
          )
        }
        return name
      },
      print: ConfigPrinter.quote)
  }
}
