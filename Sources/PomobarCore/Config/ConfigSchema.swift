import TOML

/// Every key of `config.toml`, once: the tables in the order `check-config` prints them
/// and `config.example.toml` documents them, each key with its doc, how it is read and
/// printed. Families of keys (a colour per theme role, a text per format kind and phase,
/// a command or a sound per hook event) are rows made in a loop.
enum ConfigSchema {
  static let tables: [ConfigTable] =
    [
      timer, suspend, idle, breaks, nudges, display, theme, colors, format,
    ] + formatPhases + [clicks, hooks, notifications, sound, focusMode, ledger, billing, tasks, wrap]

  /// The keys of each `[projects.NAME]` table.
  static let projectKeys: [ProjectKey] = [
    ProjectKey("color", \.color, ConfigValue.color.optional, example: "\"#3E63DD\""),
    ProjectKey("goal", \.goal, ConfigValue.goal.optional, example: "\"4h\""),
    ProjectKey("weekly-goal", \.weeklyGoal, ConfigValue.goal.optional, example: "\"20h\""),
    ProjectKey("client", \.client, ConfigValue.name.optional, example: "\"Globex\""),
    ProjectKey("rate", \.rate, ConfigValue.rate.optional, example: "\"95 EUR/h\""),
    ProjectKey("billable", \.billable, ConfigValue.boolean.optional, example: "true"),
    ProjectKey("budget", \.budget, ConfigValue.budget.optional, example: "\"40h\""),
    ProjectKey("budget-period", \.budgetPeriod, ConfigValue.choice.optional, example: "\"month\""),
    ProjectKey("focus", \.lengths.focus, ConfigValue.phaseLength.optional, example: "\"50m\""),
    ProjectKey("short-break", \.lengths.shortBreak, ConfigValue.phaseLength.optional, example: "\"10m\""),
    ProjectKey("long-break", \.lengths.longBreak, ConfigValue.phaseLength.optional, example: "\"30m\""),
  ]

  /// What `config.example.toml` says about `[projects.NAME]`, above its example table.
  static let projectsDoc = """
    One table per project, all keys optional: the colour of its dot (by default one of a
    dozen, chosen by the name and readable on the bar's background), goals per day and
    per week, the client it is done for (a name, spaces as in project names), its rate (as
    in [billing] tag-rates; by default its client's), whether its work is billable (by
    default: when a rate applies), a budget of hours ("40h") or money ("2000 EUR": what
    its work bills) per month or in total (budget-period = "month" or "total"), which
    {budget} shows and a notification tells of at 80 % and 100 %, and its own focus and
    break lengths over [timer]'s for a phase started while it is the project.
    """

  /// The opening comment of `config.example.toml`.
  static let preamble = """
    pomobar configuration: every key, with its default.

    Copy to ~/.config/pomobar/config.toml (or $XDG_CONFIG_HOME/pomobar/config.toml) and
    change what you like; a key left out keeps its default. Check a file with
      pomobar check-config ~/.config/pomobar/config.toml
    which prints FILE:LINE:COLUMN for every mistake and the effective settings otherwise.
    A mistake does not stop the rest of the file from applying: a broken key keeps its
    default (or, in a running bar, its last good value) and the bar shows ⚠.
    Running bars reload this file when it changes (a symlink into a dotfiles repo works
    too).

    Durations are strings like "25m", "1h30m", "90s", also "5 min", "1h30", "1.5h" or
    "2 hours", or a bare integer of minutes (a bare number that makes a break longer than
    12 hours, or anything else longer than a day, is refused: write its unit).
    """

  /// The row of `key` in `table`.
  static func row(_ table: String, _ key: String) -> ConfigKey? {
    self.table(table)?.keys.first { $0.key == key }
  }

  /// The table named `name` (`timer`, `format.focus`), made alone: a config names a few
  /// tables, and making all of them (and a dictionary of their keys) to read it was a
  /// sixth of a bar's start.
  static func table(_ name: String) -> ConfigTable? {
    switch name {
    case "timer": timer
    case "suspend": suspend
    case "idle": idle
    case "breaks": breaks
    case "nudges": nudges
    case "display": display
    case "theme": theme
    case "colors": colors
    case "format": format
    case "clicks": clicks
    case "hooks": hooks
    case "notifications": notifications
    case "sound": sound
    case "focus-mode": focusMode
    case "ledger": ledger
    case "billing": billing
    case "tasks": tasks
    case "wrap": wrap
    default: name.utf8.starts(with: "format.".utf8) ? formatPhases.first { $0.name == name } : nil
    }
  }
}
