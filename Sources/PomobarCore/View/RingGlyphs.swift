/// Glyph sets that draw the remaining fraction of a phase.
public enum RingGlyphs {
  /// Eight Braille dots around a cell, removed clockwise from 12 o'clock: nine steps that
  /// render in any font with Braille (DejaVu Sans has it), with no Nerd Font needed.
  public static let braille = ["⠀", "⠁", "⠃", "⠇", "⡇", "⣇", "⣧", "⣷", "⣿"]
  /// Nerd Font (Material Design) circle slices: a filled ring in eight steps.
  public static let nerd = [
    "\u{F0130}", "\u{F0A9E}", "\u{F0A9F}", "\u{F0AA0}", "\u{F0AA1}", "\u{F0AA2}", "\u{F0AA3}",
    "\u{F0AA4}", "\u{F0AA5}",
  ]
  /// Unicode geometric shapes: only five steps, but in every font.
  public static let pie = ["○", "◔", "◑", "◕", "●"]
  /// Block elements: a rising bar in nine steps.
  public static let bar = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The named sets accepted by `ring = "NAME"` in the config.
  public static let named: [(name: String, glyphs: [String])] = [
    ("braille", braille), ("nerd", nerd), ("pie", pie), ("bar", bar),
  ]

  /// The glyph for `fraction` (0...1) of the phase remaining.
  ///
  /// Full at the start; any time left shows at least the first non-empty step, so the
  /// empty glyph appears only when nothing is left.
  public static func glyph(_ glyphs: [String], fraction: Double) -> String {
    guard let empty = glyphs.first, glyphs.count > 1 else { return glyphs.first ?? "" }
    guard fraction > 0 else { return empty }
    let steps = Double(glyphs.count - 1)
    let index = Int((min(1, fraction) * steps).rounded(.up))
    return glyphs[max(1, min(glyphs.count - 1, index))]
  }
}
