import Testing

@testable import PomobarCore

private func load(_ text: String) throws -> Config {
  try ConfigLoader.load(Array(text.utf8), file: "config.toml").get()
}

private func firstError(_ text: String) -> String {
  ConfigLoader.load(Array(text.utf8), file: "config.toml").errors.first?.description ?? "no error"
}

private let focus = TimerState(
  phase: .running(.focus, deadline: .seconds(1453), total: .seconds(1500)), slot: 3, completed: 2)

@Suite struct FormatTemplateTests {
  @Test func parsesLiteralsPlaceholdersAndEscapedBraces() throws {
    let template = try FormatTemplate("{{x}} {ring}{time}}}")
    #expect(template.parts == [.literal("{x} "), .placeholder(.ring), .placeholder(.time), .literal("}")])
  }

  @Test func everyPlaceholderRenders() throws {
    let config = try load(
      """
      [format]
      full = "{ring}|{bar}|{time}|{minutes}|{phase}|{position}/{cycle}|{dots}|{ends}|{completed}|{percent}"
      """)
    let view = ViewModel(state: focus, config: config, now: .seconds(0), localSecondOfDay: 3600 * 14)
    #expect(view.fullText == "⣿|█████████▊|24:13|25m|Focus|3/4|●●●○|14:24|2|97")
  }

  @Test func anEmptyPlaceholderTakesOneSpaceWithIt() throws {
    let config = try load(
      """
      [format]
      full = "{ring} {project} {time} {ends}"
      short = "{project} {time}"
      """)
    let view = ViewModel(state: focus, config: config, now: .seconds(0))
    #expect(view.fullText == "⣿ 24:13")
    #expect(view.shortText == "24:13")
  }

  @Test func projectAndTodayComeFromTheWorkClockEvenWhenItIsNotShownBeside() throws {
    let config = try load(
      """
      [ledger]
      show = "timer"
      [format]
      full = "{time} {project} {today}"
      """)
    var state = focus
    state.ledger.work = WorkClock(since: .seconds(0), project: "a<&b")
    let today = LedgerDay(day: 0, start: .seconds(-3600))
    let view = ViewModel(state: state, config: config, now: .seconds(120), today: today)
    #expect(view.fullText == "22:13 a<&b 0:02")
    #expect(view.work == nil)  // no block or text of its own: `show = "timer"`
  }

  @Test func thePerPhaseTablesWinPausedFirst() throws {
    let config = try load(
      """
      [format]
      full = "base {time}"
      [format.focus]
      full = "focus {time}"
      [format.paused]
      full = "paused {phase}"
      """)
    #expect(ViewModel(state: focus, config: config, now: .seconds(0)).fullText == "focus 24:13")
    let pausedFocus = TimerState(phase: .paused(.focus, remaining: .seconds(60), total: .seconds(1500)))
    #expect(ViewModel(state: pausedFocus, config: config, now: .seconds(0)).fullText == "paused Focus paused")
    let shortBreak = TimerState(phase: .running(.shortBreak, deadline: .seconds(60), total: .seconds(300)))
    #expect(ViewModel(state: shortBreak, config: config, now: .seconds(0)).fullText == "base 01:00")
    // A focus that is done keeps its own default.
    let done = TimerState(phase: .focusDone)
    #expect(ViewModel(state: done, config: config, now: .seconds(0)).fullText == "✓ Focus done ●○○○")
  }

  @Test func aTooltipFormatReplacesTheLinesButKeepsNotesAndProblems() throws {
    let config = try load("[format]\ntooltip = \"{phase}\\n{time} left\"\n")
    var state = focus
    state.note = TimerNote(.counted, by: .suspend, .seconds(600))
    let view = ViewModel(state: state, config: config, now: .seconds(0), problem: "config error: x")
    #expect(view.tooltip == "Focus\n24:13 left\ncounted: suspended 10 min\nconfig error: x")
  }

  @Test(arguments: [
    (
      "[format]\nfull = \"{ring} {tiem}\"\n",
      "config.toml:2:17: 'full': unknown placeholder {tiem} (did you mean 'time'?)"
    ),
    ("[format]\nfull = \"{ring} {time\"\n", "config.toml:2:16: 'full': '{' is not closed"),
    ("[format]\nfull = \"a } b\"\n", "config.toml:2:11: 'full': '}' without a '{'"),
    // Escapes in a basic string are several characters of the file, one of the value.
    ("[format]\nfull = \"\\t\\u00E9 {x}\"\n", "config.toml:2:19: 'full': unknown placeholder {x}"),
    // A literal string has no escapes; a multi-line one counts its lines.
    ("[format.focus]\nshort = '\\t {y}'\n", "config.toml:2:14: 'short': unknown placeholder {y}"),
    (
      "[format]\ntooltip = \"\"\"\nline one\n  {nope}\"\"\"\n",
      "config.toml:4:4: 'tooltip': unknown placeholder {nope}"
    ),
    (
      "[format.focsu]\nfull = \"x\"\n",
      "config.toml:1:9: unknown key 'focsu' in [format] (did you mean 'focus'?)"
    ),
    (
      "[format.focus]\nfulll = \"x\"\n",
      "config.toml:2:1: unknown key 'fulll' in [format.focus] (did you mean 'full'?)"
    ),
  ])
  func mistakesPointIntoTheString(text: String, expected: String) {
    let message = firstError(text)
    #expect(message.hasPrefix(expected), "\(message)")
  }

  @Test func aBrokenFormatKeepsItsLastGoodValue() throws {
    var fallback = Config()
    fallback.format.phases[FormatSlot.focus.index].full = try FormatTemplate("old {time}")
    let load = ConfigLoader.load(
      Array("[format.focus]\nfull = \"{bad}\"\n".utf8), file: "config.toml", fallback: fallback)
    #expect(load.errors.count == 1)
    #expect(load.config.format.phases[FormatSlot.focus.index].full?.source == "old {time}")
  }

  @Test func thePrintedFormatsAndThemeParseBackToTheSame() throws {
    let config = try load(
      """
      [display]
      update = "minute"
      bar-width = 12
      hide-when-idle = true
      [theme]
      name = "dracula"
      background = "#ffffff"
      done = "#123456"
      [colors]
      idle = "#654321"
      [format]
      full = "{{{bar}}} \\"q\\""
      tooltip = "a\\nb"
      [format.paused]
      short = "{ring}"
      """)
    #expect(try load(ConfigPrinter.toml(config)) == config)
    #expect(config.display.theme.mode == .light)
  }

  @Test func hideWhenIdleEmptiesTheTextsButNeverAProblem() throws {
    let config = try load("[display]\nhide-when-idle = true\n")
    let idle = ViewModel(state: TimerState(), config: config, now: .seconds(0))
    #expect(idle.fullText == "" && idle.shortText == "")
    #expect(!idle.tooltip.isEmpty)
    let troubled = ViewModel(state: TimerState(), config: config, now: .seconds(0), problem: "config error")
    #expect(troubled.fullText == "⣿ Ready 25:00 ○○○○ ⚠")
    #expect(ViewModel(state: focus, config: config, now: .seconds(0)).fullText == "⣿ Focus 24:13 ●●●○")
  }

  @Test func minuteUpdatesShowWholeMinutesRoundedUp() throws {
    let config = try load("[display]\nupdate = \"minute\"\n")
    let view = ViewModel(state: focus, config: config, now: .seconds(0))
    #expect(view.fullText == "⣿ Focus 25m ●●●○")
    let later = ViewModel(state: focus, config: config, now: .seconds(1453 - 3600 * 0 - 60))
    #expect(later.time == "1m")
    let long = TimerState(phase: .running(.focus, deadline: .seconds(3901), total: .seconds(4000)))
    #expect(ViewModel(state: long, config: config, now: .seconds(0)).time == "1h6m")
  }
}

@Suite struct BarViewTests {
  @Test func aTenCellBarHasEightyStepsAndEmptiesFromTheRight() {
    var seen: [String] = []
    for left in stride(from: Int64(1500), through: 1, by: -1) {
      let bar = BarView(fraction: Double(left) / 1500, width: 10, track: "#000000").plain
      if seen.last != bar { seen.append(bar) }
    }
    #expect(seen.count == 80)
    #expect(seen.first == "██████████")
    #expect(seen[1] == "█████████▉")
    #expect(seen.last == "▏░░░░░░░░░")
    #expect(BarView(fraction: 0, width: 10, track: "#000000").plain == "░░░░░░░░░░")
    #expect(BarView(fraction: 0.5, width: 3, track: "#000000").plain == "█▌░")
  }

  @Test func pangoColoursTheBarAndEscapesEverythingElse() throws {
    let config = try load(
      """
      [ledger]
      show = "timer"
      [format]
      full = "<{project}> {bar} & {time}"
      short = "{bar}"
      """)
    var state = TimerState(phase: .running(.focus, deadline: .seconds(750), total: .seconds(1500)))
    state.ledger.work = WorkClock(since: .seconds(0), project: "a<&b>\"")
    let view = ViewModel(
      state: state, config: config, now: .seconds(100), today: LedgerDay(day: 0, start: .seconds(0)))
    var i3bar = makeEncoder(.i3bar)
    let frame = i3bar.frame(view)
    #expect(frame.contains(#""markup":"pango""#))
    #expect(
      frame.contains(
        ##"&lt;a&lt;&amp;b&gt;\"&gt; <span foreground=\"#E54D2E\">████</span><span foreground=\"#E54D2E\" background=\"#6E6361\">▍</span><span foreground=\"#6E6361\">█████</span> &amp; 10:50"##
      ), "\(frame)")
    var waybar = makeEncoder(.waybar)
    #expect(waybar.frame(view).contains(##"<span foreground=\"#6E6361\">█████</span> &amp; 10:50"##))
    var polybar = makeEncoder(.polybar)
    #expect(polybar.frame(view).contains("████%{B#6E6361}▍%{B-}%{F#6E6361}█████%{F#e54d2e} & 10:50"))
    var tmux = makeEncoder(.tmux)
    #expect(
      tmux.frame(view).contains("████#[bg=#6E6361]▍#[bg=default]#[fg=#6E6361]█████#[fg=#e54d2e] & 10:50"))
    var plain = makeEncoder(.plain)
    #expect(plain.frame(view) == "<a<&b>\"> ████▍░░░░░ & 10:50\n")
  }

  @Test func withoutABarI3barKeepsMarkupOff() {
    var i3bar = makeEncoder(.i3bar)
    let view = ViewModel(state: focus, config: Config(), now: .seconds(0))
    #expect(i3bar.frame(view).contains(#""markup":"none""#))
  }
}
