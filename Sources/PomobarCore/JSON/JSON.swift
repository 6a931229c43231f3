/// Parsing and writing JSON with the standard library alone.
///
/// pomobar reads click events and its state file as JSON and writes JSON frames; a
/// Foundation-free parser keeps the binary small (Foundation alone costs megabytes of RSS).
public enum JSON {
  /// How deeply arrays and objects may nest; deeper documents are rejected, not recursed
  /// into, so no input can overflow the stack. Our own documents nest at most three deep.
  public static let maximumDepth = 64

  /// Parses one JSON text (RFC 8259, strictly: no comments, trailing commas, NaN or BOM).
  ///
  /// Integers that fit `Int64` become `.integer`, other numbers `.number`; numbers too large
  /// for a `Double` are rejected. Never traps, whatever the bytes.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    return try parser.parseDocument()
  }

  /// Parses one JSON text given as a string; see `parse(_:)` for bytes.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    try parse(text.utf8)
  }

  /// Serializes compactly (no spaces), with object keys in the order given.
  ///
  /// Escapes `"`, `\` and control characters (`\n`, `\t`, ... or `\u00XX`) and keeps other
  /// Unicode as UTF-8. Integers, and whole doubles up to 2^53, print without `.0`;
  /// non-finite doubles print as `null`, as JSON has no spelling for them.
  public static func serialize(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out)
    return out
  }

  /// A JSON string literal for `s`, quotes included.
  public static func quote(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count + 2)
    writeString(s, into: &out)
    return out
  }

  static func write(_ value: JSONValue, into out: inout String) {
    switch value {
    case .null:
      out += "null"
    case .bool(let flag):
      out += flag ? "true" : "false"
    case .integer(let number):
      out += String(number)
    case .number(let number):
      writeNumber(number, into: &out)
    case .string(let text):
      writeString(text, into: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += "," }
        write(element, into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, element)) in members.enumerated() {
        if index > 0 { out += "," }
        writeString(key, into: &out)
        out += ":"
        write(element, into: &out)
      }
      out += "}"
    }
  }

  private static func writeNumber(_ number: Double, into out: inout String) {
    guard number.isFinite else {
      out += "null"
      return
    }
    // Up to 2^53 a whole double is exactly an Int64 and prints the way people write it (Swift's
    // `description` would add ".0"); above, `description` switches to "1e+16", valid JSON.
    if number.rounded(.towardZero) == number, number.magnitude <= 0x1p53 {
      out += String(Int64(number))
    } else {
      out += number.description
    }
  }

  private static func writeString(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{00}"..."\u{1F}":
        out += "\\u00"
        out.unicodeScalars.append(hexDigit(scalar.value >> 4))
        out.unicodeScalars.append(hexDigit(scalar.value & 0xF))
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  private static func hexDigit(_ value: UInt32) -> Unicode.Scalar {
    Unicode.Scalar(UInt8(value < 10 ? 48 + value : 87 + value))  // 0-9, a-f
  }
}
