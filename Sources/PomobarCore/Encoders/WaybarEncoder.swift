/// Waybar's `custom` module with `"return-type": "json"`: one object per line
/// (waybar-custom(5)).
///
/// `alt` is the phase, so `format-icons` can pick an icon per phase; `class` becomes CSS
/// classes (`focus`, `paused`, `urgent`, ...); `percentage` (time left, 0-100) selects from
/// a list of icons. Waybar reads `text` and `tooltip` as Pango markup unless the module
/// sets `"escape": true`, so `&`, `<` and `>` are escaped here: a module must leave
/// `escape` unset, or the entities show as written.
public struct WaybarEncoder: BarEncoder {
  public init() {}

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    let object: JSONValue = [
      "text": .string(Self.escapeMarkup(view.fullText)),
      "alt": .string(view.phase.rawValue),
      "tooltip": .string(Self.escapeMarkup(view.tooltip)),
      "class": .array(view.classes.map { .string($0) }),
      "percentage": .integer(Int64(view.percentage)),
    ]
    return JSON.serialize(object) + "\n"
  }

  /// `&`, `<`, `>` as Pango entities (`&amp;` first, so entities aren't escaped twice).
  static func escapeMarkup(_ text: String) -> String {
    guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
