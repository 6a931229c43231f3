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

  public var clockFields: ClockFields? { [.percentage, .ending] }

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    let object: JSONValue = [
      "text": .string(
        view.bar.map { $0.pango(view.fullText, spans: $0.pangoSpans(color: view.color)) }
          ?? Self.escapeMarkup(view.fullText)),
      "alt": .string(view.phase.rawValue),
      "tooltip": .string(Self.escapeMarkup(view.tooltip)),
      "class": .array(view.classes.map { .string($0) }),
      "percentage": .integer(Int64(view.percentage)),
    ]
    return JSON.serialize(object) + "\n"
  }

  /// `&`, `<`, `>` as Pango entities (waybar-custom(5) reads `text` and `tooltip` as markup).
  static func escapeMarkup(_ text: String) -> String {
    text.replacingASCII { byte in
      switch byte {
      case UInt8(ascii: "&"): return "&amp;"
      case UInt8(ascii: "<"): return "&lt;"
      case UInt8(ascii: ">"): return "&gt;"
      default: return nil
      }
    }
  }
}
