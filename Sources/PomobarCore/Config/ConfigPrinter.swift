import TOML

/// Writes a `Config` back as TOML: what `pomobar check-config` prints.
///
/// Every key appears with its effective value, so the output doubles as a list of the
/// defaults, and it parses back to the same config.
public enum ConfigPrinter {
  public static func toml(_ config: Config) -> String {
    let t = config.timer
    let d = config.display
    var out = ""
    func table(_ name: String, _ entries: [(String, String)]) {
      out += "[\(name)]\n"
      for (key, value) in entries { out += "\(key) = \(value)\n" }
      out += "\n"
    }
    table(
      "timer",
      [
        ("focus", duration(t.focus)), ("short-break", duration(t.shortBreak)),
        ("long-break", duration(t.longBreak)), ("long-break-every", "\(t.longBreakEvery)"),
        ("auto-advance", quote(t.autoAdvance.rawValue)), ("step", duration(t.step)),
      ])
    table(
      "suspend",
      [
        ("focus", quote(t.suspendFocus.rawValue)), ("break", quote(t.suspendBreak.rawValue)),
        ("reset-after", t.resetAfter.map(duration) ?? "false"),
      ])
    let ringName = RingGlyphs.named.first { $0.glyphs == d.ring }?.name
    table(
      "display",
      [
        ("ring", ringName.map(quote) ?? "[" + d.ring.map(quote).joined(separator: ", ") + "]"),
        ("name", quote(d.name)), ("instance", quote(d.instance)),
        ("urgent-for", d.urgentFor.map(duration) ?? "false"),
        ("hide-when-idle", "\(d.hideWhenIdle)"), ("update", quote(d.update.rawValue)),
        ("bar-width", "\(d.barWidth)"),
      ])
    let theme = d.theme
    table(
      "theme",
      [("name", quote(theme.name)), ("mode", quote(theme.mode.rawValue))]
        + (theme.background.map { [("background", quote($0))] } ?? [])
        + ThemeRole.allCases.compactMap { role in theme.overrides[role].map { (role.rawValue, quote($0)) } })
    // The colours in use, with their contrast on the background: comments, so the output
    // still parses back to the same config.
    out.removeLast()
    out += "# In use, on \(d.colors.background):\n"
    for role in ThemeRole.overridable {
      let color = d.colors[role]
      let ratio = Colors.contrast(color, d.colors.background).map(Colors.ratioText) ?? "?"
      out += "#   \(role.rawValue) = \(quote(color))  # \(ratio)\n"
    }
    out += "\n"
    let legacy = ThemeRole.allCases.compactMap { role in theme.legacy[role].map { (role.rawValue, quote($0)) }
    }
    if !legacy.isEmpty { table("colors", legacy) }
    let f = config.format
    table(
      "format",
      FormatKind.allCases.compactMap { kind in f.base[kind].map { (kind.rawValue, quote($0.source)) } })
    for slot in FormatSlot.allCases {
      let texts = f.phases[slot.index]
      let entries = FormatKind.allCases.compactMap { kind in
        texts[kind].map { (kind.rawValue, quote($0.source)) }
      }
      if !entries.isEmpty { table("format." + slot.rawValue, entries) }
    }
    let k = config.clicks
    table(
      "clicks",
      [
        ("left", action(k.left)), ("middle", action(k.middle)), ("right", action(k.right)),
        ("scroll-up", action(k.scrollUp)), ("scroll-down", action(k.scrollDown)),
      ])
    table(
      "hooks",
      HookEvent.allCases.compactMap { event in
        guard let commands = config.hooks[event], !commands.isEmpty else { return nil }
        let value =
          commands.count == 1
          ? quote(commands[0]) : "[" + commands.map(quote).joined(separator: ", ") + "]"
        return (event.rawValue, value)
      } + [("timeout", duration(config.hookTimeout))])
    let n = config.notifications
    table(
      "notifications",
      [
        ("enabled", "\(n.enabled)"),
        ("command", quote(ShellWords.join(n.command))), ("urgency", quote(n.urgency.rawValue)),
        ("icon", quote(n.icon ?? "")), ("timeout", n.timeout.map(duration) ?? "false"),
        ("actions", "\(n.actions)"), ("focus-done-title", quote(n.focusDoneTitle.template)),
        ("focus-done-body", quote(n.focusDoneBody.template)),
        ("break-done-title", quote(n.breakDoneTitle.template)),
        ("break-done-body", quote(n.breakDoneBody.template)),
      ])
    let s = config.sound
    table(
      "sound",
      [
        ("enabled", "\(s.enabled)"), ("volume", "\(s.volume)"),
        ("command", quote(s.command.map(ShellWords.join) ?? "")), ("timeout", duration(s.timeout)),
      ]
        + SoundSettings.events.compactMap { event in
          s.sounds[event].map { (event.rawValue, quote($0)) }
        })
    table("focus-mode", [("dnd", quote(config.focusMode.dnd.rawValue))])
    let l = config.ledger
    table(
      "ledger",
      [
        ("daily-goal", l.dailyGoal.map(duration) ?? nil), ("day-starts-at", quote(timeOfDay(l.dayStart))),
        ("week-starts", quote(LedgerSettings.weekdays[l.weekStart])),
        ("focus-starts-work", "\(l.focusStartsWork)"), ("away-stops-work", "\(l.awayStopsWork)"),
        ("show", quote(l.show.rawValue)),
      ].compactMap { key, value in value.map { (key, $0) } })
    table(
      "wrap",
      [
        ("command", config.wrap.command.map(quote)), ("position", config.wrap.position.configText),
      ].compactMap { key, value in value.map { (key, $0) } })
    for name in config.projects.keys.sorted() {
      let project = config.project(name)
      table(
        "projects." + TOML.quoteKey(name),
        [
          ("color", quote(project.color)), ("goal", project.goal.map(duration)),
          ("weekly-goal", project.weeklyGoal.map(duration)),
        ].compactMap { key, value in value.map { (key, $0) } })
    }
    return String(out.dropLast())
  }

  static func duration(_ value: Duration) -> String { quote(DurationFormat.format(value)) }

  static func action(_ action: Action) -> String {
    switch action {
    case .extend(let amount?), .shorten(let amount?):
      return quote("\(action.name) \(DurationFormat.format(amount))")
    case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .extend(nil), .shorten(nil),
      .startBreak, .none, .workStart, .workStop, .workToggle, .project, .projectNext,
      .projectPrevious, .interrupt, .void, .away, .back:
      return quote(action.name)
    }
  }

  static func quote(_ text: String) -> String { TOML.quote(text) }

  /// `04:00` for 14,400 seconds after midnight.
  static func timeOfDay(_ seconds: Int) -> String {
    let hours = seconds / 3600
    let minutes = seconds % 3600 / 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }
}
