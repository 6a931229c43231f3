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
