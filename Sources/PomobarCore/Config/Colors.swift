/// Colour strings: checking, normalising, and contrast.
public enum Colors {
  /// `#rrggbb` in upper case from `#rgb` or `#rrggbb` (any case); nil if not a colour.
  public static func normalize(_ text: String) -> String? {
    guard text.first == "#" else { return nil }
    let digits = Array(text.dropFirst().uppercased())
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    switch digits.count {
    case 3: return "#" + String(digits.flatMap { [$0, $0] })
    case 6: return "#" + String(digits)
    default: return nil
    }
  }

  /// The red, green and blue components of a `#rrggbb` colour.
  public static func components(_ color: String) -> (red: Int, green: Int, blue: Int)? {
    guard let normal = normalize(color),
      let value = Int(normal.dropFirst(), radix: 16)
    else { return nil }
    return ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
  }
}

extension Colors {
  /// The WCAG 2.x relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white); nil if
  /// not a colour.
  ///
  /// Each sRGB channel is linearised (`c / 12.92` up to 0.04045, else `((c + 0.055) /
  /// 1.055)^2.4`) and weighted 0.2126 red, 0.7152 green, 0.0722 blue (WCAG 2.2,
  /// "relative luminance").
  public static func luminance(_ color: String) -> Double? {
    guard let (red, green, blue) = components(color) else { return nil }
    func linear(_ channel: Int) -> Double {
      let c = Double(channel) / 255
      return c <= 0.04045 ? c / 12.92 : power2point4((c + 0.055) / 1.055)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// `x^2.4` for x in 0...1, as `x² · (x²)^(1/5)`: the core imports no maths library,
  /// and the fifth root converges by Newton's method from 1 (above the root) in a few steps.
  static func power2point4(_ x: Double) -> Double {
    let square = x * x
    guard square > 0 else { return 0 }
    var root = 1.0
    for _ in 0..<60 {
      let fourth = root * root * root * root
      let next = root - (fourth * root - square) / (5 * fourth)
      if abs(next - root) < 1e-15 { break }
      root = next
    }
    return square * root
  }

  /// The WCAG 2.x contrast ratio of two colours, 1 (none) to 21 (black on white):
  /// `(L1 + 0.05) / (L2 + 0.05)` with L1 the lighter; nil if either is not a colour.
  ///
  /// AA asks for 4.5 for text and 3 for other marks (`textContrast`, `markContrast`).
  public static func contrast(_ a: String, _ b: String) -> Double? {
    guard let la = luminance(a), let lb = luminance(b) else { return nil }
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
  }

  /// WCAG AA's least contrast for text (success criterion 1.4.3).
  public static let textContrast = 4.5
  /// WCAG AA's least contrast for marks that are not text (1.4.11): the ring's track.
  public static let markContrast = 3.0

  /// Whether a background is dark: closer in contrast to black than to white.
  public static func isDark(_ background: String) -> Bool {
    guard let l = luminance(background) else { return true }
    return (l + 0.05) / 0.05 < 1.05 / (l + 0.05)
  }

  /// A ratio as people read it: `4.52:1`, two decimals, cut rather than rounded so that a
  /// failing 4.499 never shows as a passing 4.50.
  public static func ratioText(_ ratio: Double) -> String {
    let hundredths = Int((ratio * 100).rounded(.down))
    let cents = hundredths % 100
    return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents):1"
  }
}
