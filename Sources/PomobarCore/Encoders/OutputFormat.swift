/// The output formats `--format` accepts, one per kind of consumer.
///
/// The raw value is the name on the command line; `makeEncoder(_:)` gives each its encoder.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// JSON blocks for i3bar and swaybar (swaybar-protocol(7)), with click events on stdin.
  case i3bar
  /// One JSON object per line for a waybar `custom` module (waybar-custom(5)).
  case waybar
  /// One line with polybar colour and click-action tags, for a `custom/script` with `tail = true`.
  case polybar
  /// One JSON object per line for an i3blocks block with `format=json` (i3blocks(1)).
  case i3blocks
  /// The text alone, one line per update: scripts, pipes.
  case plain
  /// One line redrawn in place, with colour, fitted to the terminal's width, and key hints
  /// when keys are read: for a person at a terminal.
  case tty
  /// One line with tmux style tags, for `status-right '#(pomobar status --format tmux)'`.
  case tmux
  /// One JSON object with every field, for scripts (`pomobar status --format json`).
  case json
  /// Tag transactions for yambar's `script` module (yambar-modules-script(5)), continuous.
  case yambar

  /// One line for `--help`, saying what the format is for.
  ///
  /// Deliberately not `CustomStringConvertible`: interpolating a format prints its name.
  public var description: String {
    switch self {
    case .i3bar: return "JSON blocks for i3bar and swaybar (status_command), with clicks"
    case .waybar: return "JSON lines for a waybar custom module (\"return-type\": \"json\")"
    case .polybar: return "a line with polybar colour and click tags (custom/script, tail = true)"
    case .i3blocks: return "JSON lines for an i3blocks block (format=json)"
    case .plain: return "the text alone, one line per update (scripts, pipes)"
    case .tty: return "a coloured line redrawn in place, for a terminal"
    case .tmux: return "a line with tmux colour tags, for status-right '#(...)'"
    case .json: return "one JSON object with every field, for scripts"
    case .yambar: return "tag lines for a yambar script module (continuous, no poll-interval)"
    }
  }
}
