import TOML

/// Finds where a character of a decoded TOML string stands in the file, so an error inside
/// a format string points into it: `config.toml:4:17`, not at its opening quote.
///
/// The parser gives the position of the opening quote; from there the raw text is walked
/// the way the parser decodes it: an escape (`\t`, `\u00E9`) is one character of the value
/// and several of the file, a line-ending backslash in a `"""` string drops the line break
/// and the white space after it, and the first line break right after `"""` or `'''` is
/// not part of the value.
struct StringPositions {
  private let lines: [[Unicode.Scalar]]

  init(_ bytes: [UInt8]) {
    var lines: [[Unicode.Scalar]] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      lines.append(Self.scalars(bytes[start..<index]))
      start = index + 1
    }
    lines.append(Self.scalars(bytes[start...]))
    if let first = lines.first?.first, first == "\u{FEFF}" { lines[0].removeFirst() }
    self.lines = lines
  }

  private static func scalars(_ bytes: ArraySlice<UInt8>) -> [Unicode.Scalar] {
    var line = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    if line.last == "\r" { line.removeLast() }
    return line
  }

  /// The position of the value's character number `offset` (0-based, in Unicode scalars)
  /// for the string that opens at `open`; `open` itself if the text there is not a string.
  func position(of offset: Int, inStringAt open: TOMLPosition) -> TOMLPosition {
    var line = open.line - 1
    var column = open.column - 1
    guard line < lines.count, column < lines[line].count else { return open }
    let quote = lines[line][column]
    guard quote == "\"" || quote == "'" else { return open }
    let basic = quote == "\""
    let multiline =
      column + 2 < lines[line].count && lines[line][column + 1] == quote
      && lines[line][column + 2] == quote
    column += multiline ? 3 : 1
    if multiline && column >= lines[line].count {
      line += 1  // a line break right after the opening quotes is not part of the value
      column = 0
    }
    var remaining = offset
    while line < lines.count {
      let text = lines[line]
      if column >= text.count {
        guard multiline else { break }
        if remaining == 0 { break }
        remaining -= 1  // the line break is one character of the value
        line += 1
        column = 0
        continue
      }
      if basic && text[column] == "\\" {
        let next = column + 1 < text.count ? text[column + 1] : " "
        if multiline && (next == " " || next == "\t" || column + 1 >= text.count)
          && text[(column + 1)...].allSatisfy({ $0 == " " || $0 == "\t" })
        {
          // A line-ending backslash: the break and the white space that follows are dropped.
          line += 1
          column = 0
          while line < lines.count {
            let skip = lines[line].prefix { $0 == " " || $0 == "\t" }.count
            if skip < lines[line].count {
              column = skip
              break
            }
            line += 1
          }
          continue
        }
        if remaining == 0 { break }
        remaining -= 1
        column += next == "u" ? 6 : next == "U" ? 10 : 2
        continue
      }
      if remaining == 0 { break }
      remaining -= 1
      column += 1
    }
    return TOMLPosition(line: min(line, lines.count - 1) + 1, column: column + 1)
  }
}
