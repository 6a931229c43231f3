extension Unicode.Scalar {
  /// The columns this scalar takes in a terminal: 0 for controls, combining marks and
  /// other zero-width characters, 2 for the wide ranges (CJK, Hangul, fullwidth forms,
  /// emoji), 1 for everything else, ring glyphs and `●○` included.
  ///
  /// A few ranges rather than the whole East Asian Width table: the view's own text is
  /// narrow, and only names from the config (`[display] ring`) can bring anything else.
  /// Ambiguous-width characters count as one, as terminals draw them outside CJK locales.
  public var terminalColumns: Int {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F,  // controls
      0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
      0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,  // combining marks
      0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFEFF,  // zero-width and format
      0xFE00...0xFE0F, 0xE0100...0xE01EF:  // variation selectors
      return 0
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}

extension String {
  /// The columns the string takes in a terminal: the sum over its scalars, not its UTF-8
  /// bytes (`⣿` is three bytes and one column).
  public var terminalColumns: Int {
    unicodeScalars.reduce(0) { $0 + $1.terminalColumns }
  }

  /// The longest prefix that fits in `columns`, cut between scalars: a wide character that
  /// would straddle the limit is left out whole.
  func prefix(columns: Int) -> String {
    var used = 0
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      used += scalar.terminalColumns
      if used > columns { break }
      out.append(scalar)
    }
    return String(out)
  }
}
