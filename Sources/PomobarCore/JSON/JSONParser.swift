/// A recursive-descent RFC 8259 parser over a byte array, behind `JSON.parse`.
///
/// Every read is bounds-checked against `bytes.count` before it happens and nesting is capped
/// at `JSON.maximumDepth`, so malformed or hostile input ends in a `JSONError`, never a trap.
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// One value, surrounded by optional whitespace, and nothing else.
  mutating func parseDocument() throws(JSONError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else {
      throw error("unexpected \(describe(bytes[index])) after the value")
    }
    return value
  }

  private mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
    guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describe(byte)), expected a value")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
    guard depth <= JSON.maximumDepth else { throw error("nesting deeper than \(JSON.maximumDepth) levels") }
    index += 1  // {
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard let byte = peek() else { throw error("unexpected end of input in object") }
      guard byte == UInt8(ascii: "\"") else {
        throw error(
          byte == UInt8(ascii: "}")
            ? "trailing comma in object" : "expected a string key, found \(describe(byte))")
      }
      let key = try parseString()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      case nil:
        throw error("unexpected end of input in object")
      case let other?:
        throw error("expected ',' or '}' in object, found \(describe(other))")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
    guard depth <= JSON.maximumDepth else { throw error("nesting deeper than \(JSON.maximumDepth) levels") }
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek() == UInt8(ascii: "]") { throw error("trailing comma in array") }
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      case nil:
        throw error("unexpected end of input in array")
      case let other?:
        throw error("expected ',' or ']' in array, found \(describe(other))")
      }
    }
  }

  /// A string starting at the opening quote; decodes escapes and checks the UTF-8.
  private mutating func parseString() throws(JSONError) -> String {
    let start = index
    index += 1  // "
    var utf8: [UInt8] = []
    while true {
      guard let byte = peek() else { throw JSONError(offset: start, message: "unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw JSONError(offset: start, message: "string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        try parseEscape(into: &utf8)
      case 0x00..<0x20:
        throw error("control character \(describe(byte)) in string must be escaped")
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  /// The escape after a backslash: one of `"\/bfnrt`, or `\uXXXX` (a surrogate pair for
  /// characters beyond the BMP, RFC 8259 §7; a lone surrogate is an error).
  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONError) {
    let escapeStart = index - 1
    guard let byte = peek() else { throw error("unterminated string") }
    index += 1
    let simple: UInt8
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      try parseUnicodeEscape(startingAt: escapeStart, into: &utf8)
      return
    default:
      let shown =
        byte >= 0x20 && byte < 0x7F
        ? "'\\\(Character(Unicode.Scalar(byte)))'" : "before \(describe(byte))"
      throw JSONError(offset: escapeStart, message: "invalid escape \(shown)")
    }
    utf8.append(simple)
  }

  private mutating func parseUnicodeEscape(
    startingAt escapeStart: Int, into utf8: inout [UInt8]
  ) throws(JSONError) {
    var value = try parseHex4()
    if (0xD800...0xDBFF).contains(value) {
      guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
        throw JSONError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
      }
      index += 2
      let low = try parseHex4()
      guard (0xDC00...0xDFFF).contains(low) else {
        throw JSONError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
      }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(value) {
      throw JSONError(offset: escapeStart, message: "unpaired surrogate in \\u escape")
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw JSONError(offset: escapeStart, message: "invalid \\u escape")
    }
    utf8.append(contentsOf: scalar.utf8)
  }

  private mutating func parseHex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw error("unterminated \\u escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected a hex digit in \\u escape, found \(describe(byte))")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, checked here; the standard
  /// library then converts the validated text.
  private mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    switch peek() {
    case UInt8(ascii: "0"):
      index += 1
      if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed in numbers") }
    case let digit? where isDigit(digit):
      skipDigits()
    case let other?:
      throw error("expected a digit, found \(describe(other))")
    case nil:
      throw error("unexpected end of input in number")
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      index += 1
      try requireDigit(after: "'.'")
      skipDigits()
      isInteger = false
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      try requireDigit(after: "the exponent")
      skipDigits()
      isInteger = false
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let number = Double(text), number.isFinite else {
      throw JSONError(offset: start, message: "number \(text.prefix(40)) is out of range")
    }
    return .number(number)
  }

  private mutating func requireDigit(after what: String) throws(JSONError) {
    guard let byte = peek() else { throw error("unexpected end of input, expected a digit after \(what)") }
    guard isDigit(byte) else { throw error("expected a digit after \(what), found \(describe(byte))") }
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONError) -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      index + count <= bytes.count && bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { throw error("invalid literal, expected '\(word)'") }
    index += count
    return value
  }

  /// RFC 8259 §2: whitespace is space, tab, line feed and carriage return only.
  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    {
      index += 1
    }
  }

  private func peek(offset: Int = 0) -> UInt8? {
    let position = index + offset
    return position < bytes.count ? bytes[position] : nil
  }

  private func error(_ message: String) -> JSONError {
    JSONError(offset: index, message: message)
  }

  /// `'x'` for printable ASCII, `byte 0x1b` otherwise: never echoes raw control bytes.
  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    let hex = String(byte, radix: 16)
    return "byte 0x\(hex.count < 2 ? "0" + hex : hex)"
  }
}
