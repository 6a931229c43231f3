/// One line for a person at a terminal, redrawn in place: the text in the phase's colour,
/// then, when the keys are read, a dim reminder of them.
///
/// Each frame returns to column 0 and clears the line (`CR`, `ESC [2K`) and ends without a
/// newline, so successive frames overwrite each other. Colour is 24-bit SGR
/// (`ESC [38;2;R;G;Bm`). When `urgent` turns on the frame rings the bell once, so a phase
/// ending is heard even with the terminal in the background.
///
/// A line that reached the terminal's last column would wrap, and every later frame would
/// then clear only the last row and leave a line behind: with a known `width` the frame
/// stays within `width - 1` columns, leaving out key help from the end first, then using
/// the short text, then cutting it.
public struct TTYEncoder: BarEncoder {
  /// Whether keys are read (`pomobar` run on a terminal): only then is the key help
  /// shown, as `status` and a `run` whose stdin is not a terminal would promise keys that
  /// nothing reads.
  public var interactive: Bool
  /// The terminal's width in columns; nil when unknown, which sets no limit.
  public var width: Int?
  private var wasUrgent = false

  public init(interactive: Bool, width: Int? = nil) {
    self.interactive = interactive
    self.width = width
  }

  /// The keys the interactive mode reads, with what `+`/`-` change a phase by: `[timer]
  /// step`, e.g. `  (space: start/pause · s: skip · x: stop · +/-: ±1 min · q: quit)`.
  public static func keyHint(step: Duration) -> String {
    help(keys(step: step)[...])
  }

  /// The key help's entries, most used first, so that a narrow terminal keeps those.
  static func keys(step: Duration) -> [String] {
    ["space: start/pause", "s: skip", "x: stop", "+/-: ±\(amount(step))", "q: quit"]
  }

  static func help(_ keys: ArraySlice<String>) -> String {
    keys.isEmpty ? "" : "  (" + keys.joined(separator: " · ") + ")"
  }

  /// `step` exactly: `1 min` or `1 h 30 min` for whole minutes, else seconds (`90 s`), as
  /// the note's rounded form would promise a minute for a step of 90 s.
  static func amount(_ step: Duration) -> String {
    let seconds = step.floorSeconds
    return seconds % 60 == 0 ? DurationFormat.human(step) : "\(seconds) s"
  }

  public func header() -> String { "" }

  public mutating func resize(width: Int?) { self.width = width }

  public mutating func frame(_ view: ViewModel) -> String {
    let keys = interactive ? Self.keys(step: view.step) : []
    let (text, help) = Self.fit(
      text: view.fullText.singleLine, short: view.shortText.singleLine, keys: keys, width: width)
    var out = "\r\u{1B}[2K\u{1B}[1m"
    if let color = HexColor(view.color) {
      out += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
    }
    out += text + "\u{1B}[0m"
    if !help.isEmpty { out += "\u{1B}[2m" + help + "\u{1B}[0m" }
    if view.urgent && !wasUrgent { out += "\u{07}" }
    wasUrgent = view.urgent
    return out
  }

  /// The text and key help that fit in `width - 1` columns (all of both when `width` is
  /// nil): the help loses entries from the end, then goes; then the text falls back to
  /// `short`, and last `short` is cut.
  static func fit(text: String, short: String, keys: [String], width: Int?)
    -> (text: String, help: String)
  {
    guard let width else { return (text, help(keys[...])) }
    let room = max(0, width - 1)
    let textColumns = text.terminalColumns
    if textColumns <= room {
      var shown = keys[...]
      while !shown.isEmpty && textColumns + help(shown).terminalColumns > room {
        shown = shown.dropLast()
      }
      return (text, help(shown))
    }
    return (short.terminalColumns <= room ? short : short.prefix(columns: room), "")
  }
}
