/// One line for tmux's status line, run as `status-right '#(pomobar status --format tmux)'`.
///
/// tmux expands formats in the output of `#()` (format.c, `format_job_get`), and `##` is
/// its spelling of a literal `#` (tmux(1), FORMATS), so each `#` is written `##`. Colour is a
/// `#[fg=#rrggbb]` style tag, reset by `#[default]`. tmux shows the first line only, so the
/// frame is one line.
public struct TmuxEncoder: BarEncoder {
  public init() {}

  public var clockFields: ClockFields? { [] }

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    guard let color = HexColor(view.color) else { return Self.escape(view.fullText.singleLine) + "\n" }
    let line = view.fullText.singleLine
    let text = view.bar.map { $0.tmux(line, color: color) } ?? Self.escape(line)
    return "#[fg=\(color.hex)]" + text + "#[default]\n"
  }

  /// `#` doubled, so tmux shows it rather than starting a format or style.
  static func escape(_ text: String) -> String {
    text.replacingASCII { $0 == UInt8(ascii: "#") ? "##" : nil }
  }
}
