/// The document level of the grammar: lines, table headers, keys and key/value pairs.
///
/// TOML is line-oriented at this level: every line is blank, a comment, a `[header]` or a
/// `key = value`, and anything after them on the same line is an error.
extension Parser {
  /// Parses the whole input into the root table.
  mutating func parseDocument() throws(TOMLError) -> TOMLTable {
    var table = TableTree.rootID
    while true {
      skipWhitespace()
      guard let byte = peek else { break }
      switch byte {
      case UInt8(ascii: "#"):
        try skipComment()
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        try consumeNewline()
      case UInt8(ascii: "["):
        table = try parseHeader()
        try expectLineEnd(after: "table header")
      default:
        try parseKeyValue(into: table)
        try expectLineEnd(after: "value")
      }
    }
    return tree.materialize(TableTree.rootID)
  }

  /// Parses `[a.b]` or `[[a.b]]` at the cursor and returns the table it opens.
  mutating func parseHeader() throws(TOMLError) -> Int {
    let open = position(at: index)
    let isArray = byte(at: index + 1) == UInt8(ascii: "[")
    index += isArray ? 2 : 1
    skipWhitespace()
    let key = try parseKey(expecting: "a table name")
    skipWhitespace()
    if isArray {
      guard looksAt("]]") else {
        let found = peek == UInt8(ascii: "]") ? "a single ']'" : describe(at: index)
        throw error(
          "expected ']]' after array of tables name '\(Key.display(key))', found \(found)", at: index)
      }
      index += 2
      return try tree.appendArrayElement(at: key, header: open)
    }
    guard peek == UInt8(ascii: "]") else {
      throw error(
        "expected ']' after table name '\(Key.display(key))', found \(describe(at: index))",
        at: index)
    }
    index += 1
    return try tree.defineTable(at: key, header: open)
  }

  /// Parses `key = value` at the cursor and adds it to `table`.
  ///
  /// Used both for lines of the document and for the entries of inline tables.
  mutating func parseKeyValue(into table: Int) throws(TOMLError) {
    let key = try parseKey(expecting: "a key")
    skipWhitespace()
    guard peek == UInt8(ascii: "=") else {
      throw error(
        "expected '=' after key '\(Key.display(key))', found \(describe(at: index))", at: index)
    }
    index += 1
    skipWhitespace()
    let node = try parseValue(depth: tree.depth(of: table) + key.count)
    try tree.insert(node, at: key, in: table)
  }

  /// Parses a possibly dotted key: simple keys separated by `.`, with whitespace allowed around
  /// the dots. `expected` names what is wanted if no key is there, e.g. "a table name".
  mutating func parseKey(expecting expected: String) throws(TOMLError) -> Key {
    var segments = Key(head: try parseSimpleKey(expecting: expected))
    while true {
      let beforeSpace = index
      skipWhitespace()
      guard peek == UInt8(ascii: ".") else {
        index = beforeSpace
        return segments
      }
      index += 1
      skipWhitespace()
      segments.tail.append(try parseSimpleKey(expecting: "a key after '.'"))
    }
  }

  /// Parses a bare key (`A-Za-z0-9_-`), a basic string key or a literal string key.
  mutating func parseSimpleKey(expecting expected: String) throws(TOMLError) -> KeySegment {
    let start = index
    let position = position(at: start)
    guard let first = peek else {
      throw error("expected \(expected), found end of input", at: index)
    }
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      if looksAt("\"\"\"") || looksAt("'''") {
        throw error("multi-line strings cannot be used as keys", at: start)
      }
      let name =
        first == UInt8(ascii: "\"") ? try parseBasicString() : try parseLiteralString()
      return KeySegment(name: name, position: position)
    }
    while let byte = peek, Key.isBareByte(byte) {
      index += 1
    }
    guard index > start else {
      throw error("expected \(expected), found \(describe(at: start))", at: start)
    }
    return KeySegment(name: String(decoding: bytes[start..<index], as: UTF8.self), position: position)
  }
}
