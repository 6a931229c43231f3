/// A `#rrggbb` colour split into its channels, for formats that spell colours their own way.
///
/// The view model's colours come from the config as text; encoders that embed them in
/// escape sequences or style tags check them here first, so a malformed colour is left out
/// rather than corrupting the line.
public struct HexColor: Equatable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  /// Parses `#rrggbb` (either case); nil for anything else.
  public init?(_ text: String) {
    let utf8 = Array(text.utf8)
    guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { return nil }
    var channels: [UInt8] = []
    for pair in stride(from: 1, to: 7, by: 2) {
      guard let high = Self.nibble(utf8[pair]), let low = Self.nibble(utf8[pair + 1]) else { return nil }
      channels.append(high << 4 | low)
    }
    red = channels[0]
    green = channels[1]
    blue = channels[2]
  }

  /// `#rrggbb` in lower case.
  var hex: String {
    var out = "#"
    for channel in [red, green, blue] {
      let digits = String(channel, radix: 16)
      out += channel < 16 ? "0" + digits : digits
    }
    return out
  }

  private static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
