/// The TOML parser's state: a cursor over UTF-8 bytes plus the table tree being built.
///
/// It reads a `[UInt8]` with an integer index rather than iterating `Character`s: that keeps a
/// typical config well under a millisecond and makes every bounds check explicit, so no input
/// can make it trap. The grammar is split over extensions: the document and keys
/// (`Parser+Document`), values, arrays and inline tables (`Parser+Values`), numbers
/// (`Parser+Numbers`) and strings (`Parser+Strings`). This file holds the cursor: positions,
/// whitespace, newlines, comments and the words used in error messages.
struct Parser {
  /// The whole input, UTF-8 (validated, or from a Swift string).
  let bytes: [UInt8]
  /// The next byte to read.
  var index: Int
  /// The current line, 1-based.
  var line = 1
  /// The index of the first byte of the current line.
  var lineStart: Int
  /// The tables built so far, with the rules for adding to them.
  var tree = TableTree()

  /// A column already counted on the current line, so positions are found without rescanning.
  private var columnCacheIndex: Int
  private var columnCacheValue = 1
  private var columnCacheLineStart: Int

  /// Makes a parser over `bytes`, skipping a leading UTF-8 byte order mark.
  init(bytes: [UInt8]) {
    self.bytes = bytes
    let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    index = hasBOM ? 3 : 0
    lineStart = index
    columnCacheIndex = index
    columnCacheLineStart = index
  }

  // MARK: Reading

  /// The byte at the cursor, or `nil` at the end of the input.
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// The byte at `position`, or `nil` if that is outside the input.
  func byte(at position: Int) -> UInt8? {
    position >= 0 && position < bytes.count ? bytes[position] : nil
  }

  /// Whether the bytes at the cursor are `literal` (ASCII).
  func looksAt(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return bytes(index..<(index + count), equal: literal)
  }

  /// Whether the bytes in `range` (which must be inside the input) are exactly `literal`.
  func bytes(_ range: Range<Int>, equal literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard range.count == count else { return false }
    return literal.withUTF8Buffer { expected in
      var offset = 0
      while offset < count {
        if bytes[range.lowerBound + offset] != expected[offset] { return false }
        offset += 1
      }
      return true
    }
  }

  /// Whether `byte` is a control character that TOML forbids in strings and comments.
  ///
  /// That is U+0000 to U+001F except tab, and U+007F. Callers handle LF and CR first.
  static func isForbiddenControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09) || byte == 0x7F
  }

  // MARK: Positions and errors

  /// The line and column of `offset`, which must be on the current line.
  ///
  /// Counts scalars (bytes that are not UTF-8 continuation bytes) from the line start,
  /// resuming from the last position asked for, so asking in order costs nothing extra.
  mutating func position(at offset: Int) -> TOMLPosition {
    if columnCacheLineStart != lineStart || columnCacheIndex > offset {
      columnCacheLineStart = lineStart
      columnCacheIndex = lineStart
      columnCacheValue = 1
    }
    var cursor = columnCacheIndex
    var column = columnCacheValue
    let end = min(offset, bytes.count)
    while cursor < end {
      if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
      cursor += 1
    }
    columnCacheIndex = cursor
    columnCacheValue = column
    return TOMLPosition(line: line, column: column)
  }

  /// An error at byte `offset` on the current line.
  mutating func error(_ message: String, at offset: Int) -> TOMLError {
    TOMLError(position: position(at: offset), message: message)
  }

  /// Describes the input at `offset` for "found …" in messages: `'='`, `end of line`, ….
  func describe(at offset: Int) -> String {
    guard let first = byte(at: offset) else { return "end of input" }
    switch first {
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
      return "end of line"
    case UInt8(ascii: "\t"):
      return "a tab"
    case 0x20..<0x7F:
      return "'\(Character(Unicode.Scalar(first)))'"
    case 0..<0x20, 0x7F:
      return "control character \(Parser.unicodeName(UInt32(first)))"
    default:
      var iterator = bytes[offset...].makeIterator()
      var decoder = UTF8()
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        return "'\(Character(scalar))' (\(Parser.unicodeName(scalar.value)))"
      case .emptyInput, .error:
        return "byte 0x\(UTF8Validator.hex(first))"
      }
    }
  }

  /// The input in `range` for quoting in a message, cut to about 40 bytes.
  ///
  /// Keeps a long word in a corrupted file from turning into a huge message; the cut is made
  /// at the start of a UTF-8 sequence so that no character is split.
  func excerpt(_ range: Range<Int>) -> String {
    var end = min(range.upperBound, range.lowerBound + 40)
    guard end < range.upperBound else {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    while end > range.lowerBound && bytes[end] & 0xC0 == 0x80 {
      end -= 1
    }
    return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self) + "…"
  }

  /// `U+XXXX` with at least four uppercase hex digits.
  static func unicodeName(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  // MARK: Whitespace, newlines and comments

  /// Skips spaces and tabs, TOML's only whitespace within a line.
  mutating func skipWhitespace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return }
      index += 1
    }
  }

  /// Whether the cursor is at LF or CR (the start of a newline, or a bare CR).
  var atNewline: Bool {
    guard let byte = peek else { return false }
    return byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Consumes an LF or CRLF at the cursor and starts the next line; a bare CR is an error.
  mutating func consumeNewline() throws(TOMLError) {
    if peek == UInt8(ascii: "\r") {
      guard byte(at: index + 1) == UInt8(ascii: "\n") else {
        throw error("carriage return (CR) must be followed by a line feed (LF)", at: index)
      }
      index += 1
    }
    index += 1
    line += 1
    lineStart = index
  }

  /// Skips a comment at the cursor up to (not including) the end of its line.
  ///
  /// Comments may hold any Unicode except control characters other than tab.
  mutating func skipComment() throws(TOMLError) {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { return }
      if byte == UInt8(ascii: "\r") {
        if self.byte(at: index + 1) == UInt8(ascii: "\n") { return }
        throw error("carriage return (CR) must be followed by a line feed (LF)", at: index)
      }
      if Parser.isForbiddenControl(byte) {
        throw error(
          "control character \(Parser.unicodeName(UInt32(byte))) is not allowed in a comment",
          at: index)
      }
      index += 1
    }
  }

  /// Skips whitespace, comments and newlines: the filler allowed between array elements.
  mutating func skipBlankSpace() throws(TOMLError) {
    while true {
      skipWhitespace()
      if peek == UInt8(ascii: "#") {
        try skipComment()
      }
      guard atNewline else { return }
      try consumeNewline()
    }
  }

  /// Requires the rest of the line to be empty or a comment, and consumes its newline.
  ///
  /// `subject` names what came before, as in "expected a newline after the value".
  mutating func expectLineEnd(after subject: String) throws(TOMLError) {
    skipWhitespace()
    if peek == UInt8(ascii: "#") {
      try skipComment()
    }
    guard peek != nil else { return }
    guard atNewline else {
      throw error("expected a newline after the \(subject), found \(describe(at: index))", at: index)
    }
    try consumeNewline()
  }
}
