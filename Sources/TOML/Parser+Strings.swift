/// Strings: basic (`"…"`), literal (`'…'`) and their multi-line forms (`"""…"""`, `'''…'''`).
///
/// Each function starts at the opening delimiter and leaves the cursor after the closing one.
/// Text without escapes is copied straight out of the input; escapes and multi-line strings
/// are assembled in a byte buffer. Control characters other than tab are rejected everywhere,
/// and CRLF inside multi-line strings becomes LF so values do not depend on the file's endings.
extension Parser {
  /// Parses a single-line basic string, decoding escapes.
  mutating func parseBasicString() throws(TOMLError) -> String {
    let open = position(at: index)
    index += 1
    let contentStart = index
    while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
      !Parser.isForbiddenControl(byte)
    {
      index += 1
    }
    if peek == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: bytes[contentStart..<(index - 1)], as: UTF8.self)
    }
    var buffer = Array(bytes[contentStart..<index])
    while true {
      guard let byte = peek, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw TOMLError(
          position: open, message: "unterminated string: expected '\"' before the end of the line")
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: buffer, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try appendEscape(to: &buffer)
      default:
        try checkStringByte(byte)
        buffer.append(byte)
        index += 1
      }
    }
  }

  /// Parses a single-line literal string: everything up to the next `'`, no escapes.
  mutating func parseLiteralString() throws(TOMLError) -> String {
    let open = position(at: index)
    index += 1
    let contentStart = index
    while true {
      guard let byte = peek, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw TOMLError(
          position: open, message: "unterminated string: expected \"'\" before the end of the line")
      }
      if byte == UInt8(ascii: "'") {
        index += 1
        return String(decoding: bytes[contentStart..<(index - 1)], as: UTF8.self)
      }
      try checkStringByte(byte)
      index += 1
    }
  }

  /// Parses a multi-line basic string: escapes, line-ending backslashes, a dropped first newline.
  mutating func parseMultilineBasicString() throws(TOMLError) -> String {
    try parseMultiline(delimiter: UInt8(ascii: "\""), escapes: true)
  }

  /// Parses a multi-line literal string: taken as written, except a dropped first newline.
  mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
    try parseMultiline(delimiter: UInt8(ascii: "'"), escapes: false)
  }

  /// Parses a multi-line string closed by three `delimiter`s.
  ///
  /// Up to two extra delimiters right before the closing three belong to the content, so
  /// `""""x"""""` is `"x""`. With `escapes`, backslash escapes are decoded and a backslash at
  /// the end of a line removes it and all whitespace and newlines that follow.
  mutating func parseMultiline(delimiter: UInt8, escapes: Bool) throws(TOMLError) -> String {
    let open = position(at: index)
    var closing: String { String(repeating: Character(Unicode.Scalar(delimiter)), count: 3) }
    index += 3
    if atNewline {
      try consumeNewline()
    }
    var buffer: [UInt8] = []
    while true {
      let runStart = index
      while let byte = peek, byte != delimiter, byte != UInt8(ascii: "\\") || !escapes,
        !Parser.isForbiddenControl(byte) || byte == UInt8(ascii: "\n")
      {
        if byte == UInt8(ascii: "\n") {
          index += 1
          line += 1
          lineStart = index
        } else {
          index += 1
        }
      }
      buffer.append(contentsOf: bytes[runStart..<index])
      guard let byte = peek else {
        throw TOMLError(
          position: open,
          message: "unterminated multi-line string: expected a closing \(closing)")
      }
      if byte == delimiter {
        var quotes = 0
        while quotes < 5 && self.byte(at: index + quotes) == delimiter {
          quotes += 1
        }
        if quotes >= 3 {
          buffer.append(contentsOf: repeatElement(delimiter, count: quotes - 3))
          index += quotes
          return String(decoding: buffer, as: UTF8.self)
        }
        buffer.append(contentsOf: repeatElement(delimiter, count: quotes))
        index += quotes
      } else if byte == UInt8(ascii: "\\") {
        if isLineEndingBackslash() {
          try skipLineEndingBackslash()
        } else {
          try appendEscape(to: &buffer)
        }
      } else if byte == UInt8(ascii: "\r") {
        try consumeNewline()
        buffer.append(UInt8(ascii: "\n"))
      } else {
        try checkStringByte(byte)
        buffer.append(byte)
        index += 1
      }
    }
  }

  /// Whether the backslash at the cursor is followed only by whitespace up to a newline.
  func isLineEndingBackslash() -> Bool {
    var cursor = index + 1
    while let byte = byte(at: cursor), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
      cursor += 1
    }
    let byte = byte(at: cursor)
    return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Skips a line-ending backslash and all whitespace and newlines after it.
  mutating func skipLineEndingBackslash() throws(TOMLError) {
    index += 1
    while true {
      skipWhitespace()
      guard atNewline else { return }
      try consumeNewline()
    }
  }

  /// Throws for a byte that may not appear raw in a string: controls other than tab, a bare CR.
  mutating func checkStringByte(_ byte: UInt8) throws(TOMLError) {
    guard Parser.isForbiddenControl(byte) else { return }
    if byte == UInt8(ascii: "\r") {
      throw error("carriage return (CR) must be followed by a line feed (LF)", at: index)
    }
    let name = Parser.unicodeName(UInt32(byte))
    throw error(
      "control character \(name) is not allowed in a string; write it as \\u\(name.dropFirst(2))",
      at: index)
  }

  /// Decodes the escape sequence at the cursor (a backslash) and appends its UTF-8 bytes.
  mutating func appendEscape(to buffer: inout [UInt8]) throws(TOMLError) {
    let start = index
    guard let letter = byte(at: index + 1) else {
      throw error("unterminated string: expected an escape after '\\'", at: start)
    }
    index += 2
    switch letter {
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "u"): try appendUnicodeEscape(to: &buffer, digits: 4, start: start)
    case UInt8(ascii: "U"): try appendUnicodeEscape(to: &buffer, digits: 8, start: start)
    case 0x21..<0x7F:
      throw error("invalid escape '\\\(Character(Unicode.Scalar(letter)))' in string", at: start)
    default:
      throw error("invalid escape in string: '\\' followed by \(describe(at: start + 1))", at: start)
    }
  }

  /// Decodes the hex digits of `\uXXXX` or `\UXXXXXXXX`; the cursor is on the first digit.
  mutating func appendUnicodeEscape(
    to buffer: inout [UInt8], digits: Int, start: Int
  ) throws(TOMLError) {
    let letter = digits == 4 ? "u" : "U"
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let byte = byte(at: index + offset), Parser.isDigit(byte, radix: 16) else {
        throw error(
          "invalid unicode escape: '\\\(letter)' needs exactly \(digits) hexadecimal digits", at: start)
      }
      value = value << 4 | UInt32(Parser.digitValue(byte))
    }
    guard let scalar = Unicode.Scalar(value) else {
      let text = String(decoding: bytes[start..<(index + digits)], as: UTF8.self)
      throw error(
        "invalid unicode escape '\(text)': not a Unicode scalar value (surrogate or above 10FFFF)",
        at: start)
    }
    index += digits
    buffer.append(contentsOf: scalar.utf8)
  }
}
