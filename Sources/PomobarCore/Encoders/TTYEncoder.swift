/// One line for a person at a terminal, redrawn in place: the text in the phase's colour,
/// then, when the keys are read, a dim reminder of them.
///
/// Each frame returns to column 0 and clears the line (`CR`, `ESC [2K`) and ends without a
/// newline, so successive frames overwrite each other. Colour is 24-bit SGR
/// (`ESC [38;2;R;G;Bm`). When `urgent` turns on the frame rings the bell once, so a phase
/// ending is heard even with the terminal in the background.
public struct TTYEncoder: BarEncoder {
  /// The keys the interactive mode reads, with what `+`/`-` change a phase by: `[timer]
  /// step`, e.g. `  (space: start/pause · s: skip · x: stop · +/-: ±1 min · q: quit)`.
  public static func keyHint(step: Duration) -> String {
    "  (space: start/pause · s: skip · x: stop · +/-: ±\(amount(step)) · q: quit)"
  }

  /// `step` exactly: `1 min` or `1 h 30 min` for whole minutes, else seconds (`90 s`), as
  /// the note's rounded form would promise a minute for a step of 90 s.
  static func amount(_ step: Duration) -> String {
    let seconds = step.floorSeconds
    return seconds % 60 == 0 ? DurationFormat.human(step) : "\(seconds) s"
  }

  /// Whether keys are read (`pomobar` run on a terminal): only then is the key help
  /// shown, as `status` and a `run` whose stdin is not a terminal would promise keys that
  /// nothing reads.
  public var interactive: Bool
  private var wasUrgent = false

  public init(interactive: Bool) {
    self.interactive = interactive
  }

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    var out = "\r\u{1B}[2K\u{1B}[1m"
    if let color = HexColor(view.color) {
      out += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
    }
    out += view.fullText.singleLine
    out += "\u{1B}[0m"
    if interactive { out += "\u{1B}[2m" + Self.keyHint(step: view.step) + "\u{1B}[0m" }
    if view.urgent && !wasUrgent { out += "\u{07}" }
    wasUrgent = view.urgent
    return out
  }
}
