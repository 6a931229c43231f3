/// One JSON object per line for an i3blocks block with `format=json` (i3blocks(1)).
///
/// i3blocks 1.4 keeps `full_text`, `short_text`, `color` and `urgent` and drops
/// `background` and `border`, so only those four are written. Its JSON reader ends a string
/// at an escaped quote (`\"`), so each `"` in the text is written as `'` instead.
public struct I3blocksEncoder: BarEncoder {
  public init() {}

  public var clockFields: ClockFields? { [] }

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    let object: JSONValue = [
      "full_text": .string(Self.escape(view.fullText)),
      "short_text": .string(Self.escape(view.shortText)),
      "color": .string(view.color),
      "urgent": .bool(view.urgent),
    ]
    return JSON.serialize(object) + "\n"
  }

  /// `"` as `'`: i3blocks 1.4 would cut the text at `\"`.
  static func escape(_ text: String) -> String {
    text.replacingASCII { $0 == UInt8(ascii: "\"") ? "'" : nil }
  }
}
