/// The value level of the grammar: dispatch on the first character, arrays and inline tables.
///
/// Arrays and inline tables recurse into `parseValue`, so every call carries a nesting depth
/// and refuses to go past `TOML.maximumNestingDepth`: a file of a million `[` must produce an
/// error, not a stack overflow.
extension Parser {
  /// Parses the value at the cursor. `depth` is how deeply the value itself is nested
  /// (the root table is depth 0, a value in it depth 1).
  mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLNode {
    let start = index
    let position = position(at: start)
    guard let first = peek else {
      throw error("expected a value, found end of input", at: start)
    }
    switch first {
    case UInt8(ascii: "\""):
      let text = looksAt("\"\"\"") ? try parseMultilineBasicString() : try parseBasicString()
      return TOMLNode(value: .string(text), position: position)
    case UInt8(ascii: "'"):
      let text = looksAt("'''") ? try parseMultilineLiteralString() : try parseLiteralString()
      return TOMLNode(value: .string(text), position: position)
    case UInt8(ascii: "["):
      return try parseArray(depth: depth)
    case UInt8(ascii: "{"):
      return try parseInlineTable(depth: depth)
    default:
      return TOMLNode(value: try parseBareValue(), position: position)
    }
  }

  /// Parses an unquoted value: a boolean, a number, `inf` or `nan`.
  ///
  /// Scans the whole word first so that messages can quote it ("invalid value 'yes'"), and
  /// recognises dates and times early to say plainly that they are not supported.
  mutating func parseBareValue() throws(TOMLError) -> TOMLValue {
    let start = index
    if looksLikeDateOrTime(at: start) {
      var end = start
      while let byte = byte(at: end), Parser.isBareValueByte(byte) || byte == UInt8(ascii: ":") {
        end += 1
      }
      throw error(
        "dates and times are not supported; write it as a string, e.g. \"\(excerpt(start..<end))\"",
        at: start)
    }
    while let byte = peek, Parser.isBareValueByte(byte) {
      index += 1
    }
    let end = index
    guard end > start else {
      throw error("expected a value, found \(describe(at: start))", at: start)
    }
    let first = bytes[start]
    let isLetter =
      (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"))
      || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
    if isLetter {
      let word = start..<end
      if bytes(word, equal: "true") { return .boolean(true) }
      if bytes(word, equal: "false") { return .boolean(false) }
      if bytes(word, equal: "inf") { return .float(.infinity) }
      if bytes(word, equal: "nan") { return .float(.nan) }
      throw error("invalid value '\(excerpt(word))' (strings must be quoted)", at: start)
    }
    return try parseNumber(from: start, to: end)
  }

  /// Whether `byte` can be part of an unquoted value: letters, digits, `_`, `.`, `+` and `-`.
  static func isBareValueByte(_ byte: UInt8) -> Bool {
    Key.isBareByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
  }

  /// Whether the input at `start` begins like a date (`1979-05-27`) or a time (`07:32`).
  func looksLikeDateOrTime(at start: Int) -> Bool {
    func isDigit(_ offset: Int) -> Bool {
      guard let byte = byte(at: start + offset) else { return false }
      return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
    if isDigit(0) && isDigit(1) && byte(at: start + 2) == UInt8(ascii: ":") { return true }
    return isDigit(0) && isDigit(1) && isDigit(2) && isDigit(3)
      && byte(at: start + 4) == UInt8(ascii: "-")
  }

  /// The error for nesting deeper than allowed, at the bracket or brace at `offset`.
  mutating func tooDeep(at offset: Int) -> TOMLError {
    error(
      "nesting is too deep: at most \(TOML.maximumNestingDepth) levels of tables, arrays and inline tables",
      at: offset)
  }

  /// Parses `[ value, value, ... ]`: any values, newlines and comments allowed, trailing comma too.
  mutating func parseArray(depth: Int) throws(TOMLError) -> TOMLNode {
    let open = index
    let position = position(at: open)
    guard depth <= TOML.maximumNestingDepth else { throw tooDeep(at: open) }
    index += 1
    var elements: [TOMLNode] = []
    while true {
      try skipBlankSpace()
      if peek == UInt8(ascii: "]") {
        index += 1
        break
      }
      guard peek != nil else {
        throw error("unterminated array: expected ']' to close the '[' at \(position)", at: index)
      }
      elements.append(try parseValue(depth: depth + 1))
      try skipBlankSpace()
      guard let byte = peek else {
        throw error("unterminated array: expected ']' to close the '[' at \(position)", at: index)
      }
      if byte == UInt8(ascii: ",") {
        index += 1
      } else if byte == UInt8(ascii: "]") {
        index += 1
        break
      } else {
        throw error("expected ',' or ']' after an array element, found \(describe(at: index))", at: index)
      }
    }
    return TOMLNode(value: .array(elements), position: position)
  }

  /// Parses `{ key = value, ... }`: on one line, no trailing comma, closed for good once parsed.
  ///
  /// The entries are built in the table tree (so dotted keys and duplicates follow the same
  /// rules as anywhere else) and then frozen into a `TOMLTable` value; later headers or dotted
  /// keys that try to add to it find a value, not an open table, and fail.
  mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLNode {
    let open = index
    let position = position(at: open)
    guard depth <= TOML.maximumNestingDepth else { throw tooDeep(at: open) }
    index += 1
    let mark = tree.tableCount
    let table = tree.makeInlineTable(position: position, depth: depth)
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipWhitespace()
        try checkInsideInlineTable(open: position, afterComma: true)
        try parseKeyValue(into: table)
        skipWhitespace()
        try checkInsideInlineTable(open: position, afterComma: false)
        if peek == UInt8(ascii: "}") {
          index += 1
          break
        }
        guard peek == UInt8(ascii: ",") else {
          throw error(
            "expected ',' or '}' after an inline table entry, found \(describe(at: index))", at: index)
        }
        index += 1
      }
    }
    let result = tree.materialize(table)
    tree.discardTables(from: mark)
    return TOMLNode(value: .table(result), position: position)
  }

  /// Throws the specific errors for things that end an inline table badly: a newline, the end
  /// of the input, a comment, or (right after a comma) a closing brace.
  mutating func checkInsideInlineTable(open: TOMLPosition, afterComma: Bool) throws(TOMLError) {
    guard let byte = peek else {
      throw error("unterminated inline table: expected '}' to close the '{' at \(open)", at: index)
    }
    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "#") {
      throw error(
        "inline tables must be on one line: expected '}' to close the '{' at \(open), "
          + "found \(describe(at: index))",
        at: index)
    }
    if afterComma && byte == UInt8(ascii: "}") {
      throw error("trailing comma is not allowed in an inline table", at: index)
    }
  }
}
