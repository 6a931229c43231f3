/// The `{bar}` placeholder: a progress bar of eighth blocks (`▏▎▍▌▋▊▉█`), full at the start
/// and emptying from the right, so a 10-cell bar has 80 steps (one every 19 s of a
/// 25-minute focus).
///
/// Bars that can colour parts of a block (i3bar and swaybar with Pango markup, waybar,
/// polybar, tmux) draw the time left in the phase's colour and the elapsed cells as `█` in
/// the track colour, with the partly filled cell on a track-coloured background, so the
/// bar keeps its length; in plain text the elapsed cells are `░`.
public struct BarView: Equatable, Sendable {
  /// The bar as it stands in the text: `███▌░░░░░░`.
  public var plain: String
  /// Whole cells of time left, `███`.
  public var filled: String
  /// The partly filled cell (`▌`), or empty.
  public var partial: String
  /// Cells elapsed, as `█` for drawing in the track colour.
  public var elapsed: String
  /// The track colour for the elapsed part, `#rrggbb`.
  public var track: String

  /// Partial cells from one eighth to seven.
  public static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The bar for `fraction` (0...1) left, `width` cells wide. Any time left shows at least
  /// one eighth; only nothing left is an empty bar.
  public init(fraction: Double, width: Int, track: String) {
    let width = max(1, width)
    let steps = width * 8
    var left = Int((min(1, max(0, fraction)) * Double(steps)).rounded(.up))
    if fraction > 0 { left = max(1, left) }
    let full = left / 8
    let rest = left % 8
    let empty = width - full - (rest > 0 ? 1 : 0)
    filled = String(repeating: "█", count: full)
    partial = rest > 0 ? Self.eighths[rest - 1] : ""
    elapsed = String(repeating: "█", count: empty)
    plain = filled + partial + String(repeating: "░", count: empty)
    self.track = track
  }
}
