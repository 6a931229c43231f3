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
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// A JSON string literal for `s`, quotes included.
  public static func quote(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 2)
    writeString(s, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Writes UTF-8 bytes: the encoders run this every second, so it copies bytes in bulk
  /// rather than appending one Unicode scalar at a time to a `String`.
  static func write(_ value: JSONValue, into out: inout [UInt8]) {
    switch value {
    case .null:
      out += "null".utf8
    case .bool(let flag):
      out += (flag ? "true" : "false").utf8
    case .integer(let number):
      out += String(number).utf8
    case .number(let number):
      writeNumber(number, into: &out)
    case .string(let text):
      writeString(text, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, element)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func writeNumber(_ number: Double, into out: inout [UInt8]) {
    guard number.isFinite else {
      out += "null".utf8
      return
    }
    // Up to 2^53 a whole double is exactly an Int64 and prints the way people write it (Swift's
    // `description` would add ".0"); above, `description` switches to "1e+16", valid JSON.
    if number.rounded(.towardZero) == number, number.magnitude <= 0x1p53 {
      out += String(Int64(number)).utf8
    } else {
      out += number.description.utf8
    }
  }

  /// Bytes already JSON (a frame's fixed keys and punctuation), copied as they are.
  static func write(raw text: StaticString, into out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  /// `text` as a JSON string literal, quotes included.
  static func writeString(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      // Most strings need no escape: copied whole, not byte by byte.
      var start = 0
      for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        writeEscape(byte, into: &out)
        start = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The escape for a byte that JSON does not allow as is in a string.
  private static func writeEscape(_ byte: UInt8, into out: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): out += #"\""#.utf8
    case UInt8(ascii: "\\"): out += #"\\"#.utf8
    case UInt8(ascii: "\n"): out += #"\n"#.utf8
    case UInt8(ascii: "\r"): out += #"\r"#.utf8
    case UInt8(ascii: "\t"): out += #"\t"#.utf8
    case 0x08: out += #"\b"#.utf8
    case 0x0C: out += #"\f"#.utf8
    default:
      out += #"\u00"#.utf8
      out.append(hexDigit(byte >> 4))
      out.append(hexDigit(byte & 0xF))
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 48 + value : 87 + value  // 0-9, a-f
  }
}
