/// One line for a person at a terminal, redrawn in place: the text in the phase's colour,
/// then a dim reminder of the keys.
///
/// Each frame returns to column 0 and clears the line (`CR`, `ESC [2K`) and ends without a
/// newline, so successive frames overwrite each other. Colour is 24-bit SGR
/// (`ESC [38;2;R;G;Bm`). When `urgent` turns on the frame rings the bell once, so a phase
/// ending is heard even with the terminal in the background.
public struct TTYEncoder: BarEncoder {
  /// The keys the interactive mode reads.
  public static let keyHint = "  (space: start/pause · s: skip · x: stop · +/-: ±1 min · q: quit)"

  private var wasUrgent = false

  public init() {}

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    var out = "\r\u{1B}[2K\u{1B}[1m"
    if let color = HexColor(view.color) {
      out += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
    }
    out += view.fullText.singleLine
    out += "\u{1B}[0m\u{1B}[2m" + Self.keyHint + "\u{1B}[0m"
    if view.urgent && !wasUrgent { out += "\u{07}" }
    wasUrgent = view.urgent
    return out
  }
}
