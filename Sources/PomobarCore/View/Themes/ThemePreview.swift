/// `pomobar themes`: every theme's phases drawn as the bar shows them, with their contrast
/// ratios, for a terminal (24-bit colour), as SVG, or as waybar CSS.
///
/// The texts come from real view models of a config that picks the theme, so the preview
/// shows what the bar would.
public enum ThemePreview {
  /// One row of a preview: a phase's text and colour.
  public struct Sample: Equatable, Sendable {
    public var label: String
    public var text: String
    public var color: String
  }

  /// The rows for a theme and mode: each phase's text in its colour as the bar shows it.
  public static func samples(_ theme: Theme, _ mode: ThemeMode) -> [Sample] {
    var config = Config()
    config.display.theme.name = theme.name
    config.display.theme.mode = mode
    config.display.resolveColors()
    let states: [(String, TimerState)] = [
      (
        "focus", TimerState(phase: .running(.focus, deadline: .seconds(1122), total: .seconds(1500)), slot: 2)
      ),
      (
        "short break",
        TimerState(phase: .running(.shortBreak, deadline: .seconds(250), total: .seconds(300)), slot: 2)
      ),
      (
        "long break",
        TimerState(phase: .running(.longBreak, deadline: .seconds(700), total: .seconds(900)), slot: 4)
      ),
      (
        "paused", TimerState(phase: .paused(.focus, remaining: .seconds(600), total: .seconds(1500)), slot: 3)
      ),
      ("idle", TimerState(slot: 3)),
      ("done", TimerState(phase: .focusDone, slot: 4, urgency: .init())),
    ]
    return states.map { label, state in
      let view = ViewModel(state: state, config: config, now: .seconds(0))
      return Sample(label: label, text: view.fullText, color: view.color)
    }
  }

  /// The bar a focus 4/10 gone shows in the theme: time left in the focus colour, elapsed
  /// cells in the track colour.
  static func bar(_ palette: Palette) -> BarView {
    BarView(fraction: 0.6, width: 10, track: palette.track)
  }

  // MARK: Terminal

  /// Each theme as a block: its name, then per phase the text on the theme's background for
  /// a dark and a light bar, each with its contrast ratio; last the track.
  ///
  /// Without `color` (a pipe, `NO_COLOR`), the same table in plain text: names, samples
  /// and ratios.
  public static func ansi(_ themes: [Theme], color: Bool = true) -> String {
    let swatch = { (text: String, fg: String, bg: String) in color ? Self.swatch(text, fg: fg, bg: bg) : text }
    var out = ""
    let cell = 30
    for theme in themes {
      out += (color ? "\u{1B}[1m\(theme.name)\u{1B}[0m" : theme.name) + "  \(theme.summary)\n"
      out += "  " + pad("", 12) + pad("dark", cell + 10) + "light\n"
      let rows = ThemeMode.allCases.map { samples(theme, $0) }
      for index in rows[0].indices {
        out += "  " + pad(rows[0][index].label, 12)
        for (mode, samples) in zip(ThemeMode.allCases, rows) {
          let palette = theme.palette(mode)
          let sample = samples[index]
          out += swatch(" " + pad(sample.text, cell - 1), sample.color, palette.background)
          out += " " + pad(ratio(sample.color, palette.background), 9)
        }
        out += "\n"
      }
      out += "  " + pad("track", 12)
      for mode in ThemeMode.allCases {
        let palette = theme.palette(mode)
        let bar = bar(palette)
        out +=
          swatch(" " + bar.filled + bar.partial, palette.focus, palette.background)
          + swatch(bar.elapsed + pad("", cell - 11), palette.track, palette.background)
        out += " " + pad(ratio(palette.track, palette.background), 9)
      }
      out += "\n\n"
    }
    return out
  }

  static func swatch(_ text: String, fg: String, bg: String) -> String {
    guard let f = HexColor(fg), let b = HexColor(bg) else { return text }
    return "\u{1B}[38;2;\(f.red);\(f.green);\(f.blue);48;2;\(b.red);\(b.green);\(b.blue)m\(text)\u{1B}[0m"
  }

  static func ratio(_ a: String, _ b: String) -> String {
    Colors.contrast(a, b).map(Colors.ratioText) ?? "?"
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.terminalColumns))
  }

  // MARK: SVG

  /// The same as an SVG picture: a row of two bars (dark, light) per phase for each theme.
  public static func svg(_ themes: [Theme]) -> String {
    let row = 24
    let cellWidth = 330
    let labelWidth = 110
    let ratioWidth = 70
    let width = labelWidth + 2 * (cellWidth + ratioWidth) + 20
    let perTheme = row * 9
    let height = perTheme * themes.count + 10
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      font-family="DejaVu Sans Mono, monospace" font-size="14">
      <rect width="100%" height="100%" fill="#FFFFFF"/>

      """
    for (number, theme) in themes.enumerated() {
      var y = number * perTheme + 20
      out += "<text x=\"10\" y=\"\(y)\" font-weight=\"bold\">\(xml(theme.name))</text>"
      out += "<text x=\"\(labelWidth + 40)\" y=\"\(y)\" fill=\"#555555\">\(xml(theme.summary))</text>\n"
      let rows = ThemeMode.allCases.map { samples(theme, $0) }
      for index in rows[0].indices {
        y += row
        out += "<text x=\"10\" y=\"\(y)\" fill=\"#333333\">\(xml(rows[0][index].label))</text>"
        for (column, mode) in ThemeMode.allCases.enumerated() {
          let palette = theme.palette(mode)
          let sample = rows[column][index]
          let x = labelWidth + column * (cellWidth + ratioWidth)
          out +=
            "<rect x=\"\(x)\" y=\"\(y - 17)\" width=\"\(cellWidth)\" height=\"\(row)\" fill=\"\(palette.background)\"/>"
          out += "<text x=\"\(x + 8)\" y=\"\(y)\" fill=\"\(sample.color)\">\(xml(sample.text))</text>"
          out +=
            "<text x=\"\(x + cellWidth + 6)\" y=\"\(y)\" fill=\"#333333\">\(ratio(sample.color, palette.background))</text>"
        }
        out += "\n"
      }
      y += row
      out += "<text x=\"10\" y=\"\(y)\" fill=\"#333333\">track</text>"
      for (column, mode) in ThemeMode.allCases.enumerated() {
        let palette = theme.palette(mode)
        let bar = bar(palette)
        let x = labelWidth + column * (cellWidth + ratioWidth)
        out +=
          "<rect x=\"\(x)\" y=\"\(y - 17)\" width=\"\(cellWidth)\" height=\"\(row)\" fill=\"\(palette.background)\"/>"
        out +=
          "<text x=\"\(x + 8)\" y=\"\(y)\"><tspan fill=\"\(palette.focus)\">\(bar.filled + bar.partial)</tspan>"
        out += "<tspan fill=\"\(palette.track)\">\(bar.elapsed)</tspan></text>"
        out +=
          "<text x=\"\(x + cellWidth + 6)\" y=\"\(y)\" fill=\"#333333\">\(ratio(palette.track, palette.background))</text>"
      }
      out += "\n"
    }
    return out + "</svg>\n"
  }

  static func xml(_ text: String) -> String {
    text.replacingASCII { byte in
      switch byte {
      case UInt8(ascii: "&"): return "&amp;"
      case UInt8(ascii: "<"): return "&lt;"
      case UInt8(ascii: ">"): return "&gt;"
      case UInt8(ascii: "\""): return "&quot;"
      default: return nil
      }
    }
  }

  // MARK: waybar CSS

  /// A waybar `style.css` part for the `custom/pomobar` module in `theme` on a `mode` bar:
  /// a colour per phase class, and for `urgent` the done colour as the background.
  public static func css(_ theme: Theme, _ mode: ThemeMode) -> String {
    let p = theme.palette(mode)
    func rule(_ selectors: [String], _ body: String, _ comment: String) -> String {
      selectors.map { "#custom-pomobar" + $0 }.joined(separator: ",\n") + " {\n" + body
        + "  /* \(comment) */\n}\n\n"
    }
    func color(_ value: String) -> String { "  color: \(value);" }
    let bg = p.background
    return "/* pomobar for waybar, theme \(theme.name) on a \(mode.rawValue) bar (\(bg)): append to\n"
      + " * ~/.config/waybar/style.css. Made by `pomobar themes --format css \(theme.name) --mode \(mode.rawValue)`.\n"
      + " * Classes: idle, focus, focus-done, short-break, long-break, paused, urgent. */\n\n"
      + rule([""], "  padding: 0 10px;\n" + color(p.idle), "idle: \(ratio(p.idle, bg))")
      + rule([".focus"], color(p.focus), "focus: \(ratio(p.focus, bg))")
      + rule([".focus-done"], color(p.done), "done: \(ratio(p.done, bg))")
      + rule([".short-break"], color(p.shortBreak), "short break: \(ratio(p.shortBreak, bg))")
      + rule([".long-break"], color(p.longBreak), "long break: \(ratio(p.longBreak, bg))")
      + rule([".paused"], color(p.paused), "paused: \(ratio(p.paused, bg))")
      + rule(
        [".urgent"], color(bg) + "\n  background-color: \(p.done);",
        "a phase ended on its own: \(ratio(bg, p.done))")
  }
}
