import Foundation
import Testing

@testable import PomobarCore

/// Each encoder's frames for every built-in theme and mode: a focus 60 % gone with a
/// two-tone `{bar}` (where the bar can colour it), a paused break, and a hidden idle timer,
/// as the config makes them. Pins the theme tables and the bar's markup byte for byte.
@Suite struct ThemeGoldenTests {
  static func config(_ theme: Theme, _ mode: ThemeMode, hidden: Bool = false) -> Config {
    let text = """
      [theme]
      name = "\(theme.name)"
      mode = "\(mode.rawValue)"
      [display]
      bar-width = 8
      hide-when-idle = \(hidden)
      [format]
      full = "{ring} {phase} {bar} {time} <{position}/{cycle}> & #1"
      short = "{bar}"
      """
    return ConfigLoader.load(Array(text.utf8), file: "config.toml").config
  }

  static let running = TimerState(
    phase: .running(.focus, deadline: .seconds(600), total: .seconds(1500)), slot: 2, completed: 1)
  static let paused = TimerState(
    phase: .paused(.longBreak, remaining: .seconds(100), total: .seconds(900)), slot: 4)

  @Test(arguments: OutputFormat.allCases)
  func everyThemeInEveryEncoder(format: OutputFormat) throws {
    var out = ""
    for theme in Theme.builtIn {
      for mode in ThemeMode.allCases {
        let config = Self.config(theme, mode)
        for state in [Self.running, Self.paused] {
          var encoder = makeEncoder(format)
          out += encoder.frame(ViewModel(state: state, config: config, now: .seconds(0)))
          if format == .tty { out += "\n" }
        }
      }
    }
    var encoder = makeEncoder(format)
    out += encoder.frame(
      ViewModel(
        state: TimerState(), config: Self.config(Theme.builtIn[0], .dark, hidden: true), now: .seconds(0)))
    try expectGolden(out, "\(format.rawValue)/themes.txt")
  }

  /// `contrib/waybar/themes/NAME-MODE.css` is what `pomobar themes --format css NAME --mode
  /// MODE` writes, for every theme and mode: a changed theme must ship its CSS.
  @Test func theShippedWaybarStylesAreTheThemesOwn() throws {
    let root = URLPath.packageRoot(from: #filePath)
    for theme in Theme.builtIn {
      for mode in ThemeMode.allCases {
        let path = "\(root)/contrib/waybar/themes/\(theme.name)-\(mode.rawValue).css"
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        #expect(shipped == ThemePreview.css(theme, mode), "\(path) is out of date")
      }
    }
  }
}
