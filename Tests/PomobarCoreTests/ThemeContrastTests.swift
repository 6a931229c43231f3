import Foundation
import Testing

@testable import PomobarCore

/// Every built-in theme keeps WCAG AA on the bar: each phase's colour, as `pomobar status
/// --format json` reports it for a config that picks the theme, against the theme's own
/// background and the seed backgrounds; the track, as i3bar draws it in a `{bar}`.
@Suite struct ThemeContrastTests {
  /// One timer state per colour the bar can show.
  static let states: [(name: String, state: TimerState)] = [
    ("idle", TimerState()),
    ("focus", TimerState(phase: .running(.focus, deadline: .seconds(900), total: .seconds(1500)))),
    ("short break", TimerState(phase: .running(.shortBreak, deadline: .seconds(200), total: .seconds(300)))),
    ("long break", TimerState(phase: .running(.longBreak, deadline: .seconds(600), total: .seconds(900)))),
    ("paused", TimerState(phase: .paused(.focus, remaining: .seconds(600), total: .seconds(1500)))),
    ("done", TimerState(phase: .focusDone, urgency: .init())),
  ]

  static let cases: [(theme: String, mode: ThemeMode)] = Theme.builtIn.flatMap { theme in
    ThemeMode.allCases.map { (theme.name, $0) }
  }

  static func config(_ text: String) throws -> Config {
    try ConfigLoader.load(Array(text.utf8), file: "config.toml").get()
  }

  static func json(_ view: ViewModel) throws -> [String: Any] {
    var encoder = makeEncoder(.json)
    let data = Data(encoder.frame(view).utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test(arguments: cases)
  func everyPhaseIsReadableOnTheThemesBackgroundsAndTheSeeds(theme: String, mode: ThemeMode) throws {
    let palette = try #require(Theme.named(theme)).palette(mode)
    for background in [palette.background, mode.seedBackground] {
      // Stating the background, as a user whose bar has it would.
      let config = try Self.config(
        "[theme]\nname = \"\(theme)\"\nmode = \"\(mode.rawValue)\"\nbackground = \"\(background)\"\n")
      for (name, state) in Self.states {
        let view = ViewModel(state: state, config: config, now: .seconds(0))
        let color = try #require(try Self.json(view)["color"] as? String)
        let ratio = try #require(Colors.contrast(color, background))
        #expect(
          ratio >= 4.5,
          "\(theme) \(mode.rawValue): \(name) \(color) on \(background) is \(Colors.ratioText(ratio))")
      }
    }
  }

  @Test(arguments: cases)
  func theTrackIsAVisibleMark(theme: String, mode: ThemeMode) throws {
    let palette = try #require(Theme.named(theme)).palette(mode)
    for background in [palette.background, mode.seedBackground] {
      let config = try Self.config(
        "[theme]\nname = \"\(theme)\"\nmode = \"\(mode.rawValue)\"\nbackground = \"\(background)\"\n"
          + "[format]\nfull = \"{bar}\"\n")
      let state = TimerState(phase: .running(.focus, deadline: .seconds(700), total: .seconds(1500)))
      var encoder = makeEncoder(.i3bar)
      let frame = encoder.frame(ViewModel(state: state, config: config, now: .seconds(0)))
      // The elapsed cells' span: <span foreground="#rrggbb">█...</span> after the partial cell.
      let track = try #require(frame.components(separatedBy: "background=\\\"").dropFirst().first?.prefix(7))
      let ratio = try #require(Colors.contrast(String(track), background))
      #expect(
        ratio >= 3, "\(theme) \(mode.rawValue): track \(track) on \(background) is \(Colors.ratioText(ratio))"
      )
    }
  }

  @Test func theDefaultThemeIsTheDefaultPalette() throws {
    #expect(Theme.named("tomato")?.dark == Palette())
    #expect(try Self.config("[theme]\nname = \"tomato\"\n") == Config())
  }

  @Test func theContrastFormulaMatchesWCAGReferenceValues() throws {
    #expect(Colors.contrast("#000000", "#FFFFFF") == 21)
    #expect(Colors.contrast("#777777", "#777777") == 1)
    // WebAIM's checker: #767676 on white is 4.54:1, the lightest grey that passes AA.
    #expect(Colors.ratioText(try #require(Colors.contrast("#767676", "#FFFFFF"))) == "4.54:1")
    #expect(Colors.ratioText(try #require(Colors.contrast("#777777", "#FFFFFF"))) == "4.47:1")
    #expect(Colors.ratioText(try #require(Colors.contrast("#E54D2E", "#1C1917"))) == "4.52:1")
  }

  @Test func lightModeUsesTheAdjustedTomato() throws {
    let config = try Self.config("[theme]\nmode = \"light\"\n")
    let state = TimerState(phase: .running(.focus, deadline: .seconds(900), total: .seconds(1500)))
    #expect(ViewModel(state: state, config: config, now: .seconds(0)).color == "#D3391A")
  }

  @Test func aStatedLightBackgroundChoosesLightMode() throws {
    let config = try Self.config("[theme]\nbackground = \"#FFFFFF\"\n")
    #expect(config.display.theme.mode == .light)
    #expect(config.display.colors.focus == "#D3391A")
    #expect(config.display.colors.background == "#FFFFFF")
  }

  @Test func overridesWinAndTheOldColorsTableStillWorks() throws {
    let config = try Self.config(
      "[theme]\nname = \"nord\"\nfocus = \"#ffffff\"\n[colors]\nfocus = \"#000000\"\nidle = \"#abc\"\n")
    #expect(config.display.colors.focus == "#FFFFFF")
    #expect(config.display.colors.idle == "#AABBCC")
    #expect(config.display.colors.shortBreak == Theme.named("nord")?.dark.shortBreak)
  }

  @Test func aCustomColourThatFailsIsAWarningNamingTheRatioAndItsPlace() {
    let load = ConfigLoader.load(
      Array("[theme]\nmode = \"light\"\nfocus = \"#E54D2E\"\ntrack = \"#EEEEEE\"\n".utf8), file: "config.toml"
    )
    #expect(load.errors.isEmpty)
    #expect(
      load.warnings.map(\.description) == [
        "config.toml:3:9: 'focus' #E54D2E has a contrast of 3.66:1 against the background #FFF8F0; WCAG AA asks for 4.50:1 for text",
        "config.toml:4:9: 'track' #EEEEEE has a contrast of 1.10:1 against the background #FFF8F0; WCAG AA asks for 3.00:1 for a mark",
      ])
  }

  @Test func aStatedBackgroundThatTheThemeFailsOnIsWarnedAtTheBackground() {
    let load = ConfigLoader.load(Array("[theme]\nbackground = \"#808080\"\n".utf8), file: "config.toml")
    #expect(load.errors.isEmpty)
    #expect(!load.warnings.isEmpty)
    #expect(load.warnings.allSatisfy { $0.position == .init(line: 2, column: 14) })
  }

  @Test func anUnknownThemeIsAnErrorWithASuggestion() {
    let load = ConfigLoader.load(Array("[theme]\nname = \"gruvbx\"\n".utf8), file: "config.toml")
    #expect(
      load.errors.first?.description.hasPrefix(
        "config.toml:2:8: unknown theme \"gruvbx\" (did you mean 'gruvbox'?)") == true)
    #expect(load.config.display.theme.name == "tomato")
  }
}
