/// Text made safe for HTML and SVG, as element content and as a quoted attribute value.
///
/// Every string a user typed (project names, tags, notes) goes through `escape`: `&`,
/// `<`, `>`, `"` and `'` become character references, so no name can close a tag or an
/// attribute. Control characters other than tab and line feed are not allowed in HTML
/// (WHATWG HTML, "control-character-in-input-stream") nor in XML 1.0: they become U+FFFD.
public enum HTMLText {
  public static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
        let isNonCharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
        out.unicodeScalars.append(isControl || isNonCharacter ? "\u{FFFD}" : scalar)
      }
    }
    return out
  }

  /// A user's string as text whose direction is its own (`<bdi>`): a Hebrew or Arabic
  /// project name does not reorder the numbers beside it.
  public static func isolated(_ text: String) -> String { "<bdi>" + escape(text) + "</bdi>" }

  /// A colour for CSS: `#rrggbb` as given, or `fallback` when it is not one (nothing else
  /// reaches a style sheet).
  static func color(_ text: String, fallback: String) -> String { HexColor(text) == nil ? fallback : text }
}
