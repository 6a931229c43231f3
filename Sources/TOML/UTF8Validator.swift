/// Checks that bytes are well-formed UTF-8 and reports the first bad sequence's position.
///
/// `TOML.parse(bytes:)` runs this before parsing so that the parser itself can assume valid
/// UTF-8 (it decodes strings with `String(decoding:as:)`, which would otherwise silently
/// replace bad bytes). Checking up front also gives one clear error instead of a confusing one
/// from wherever the bad byte happened to land. The rules are those of the Unicode standard
/// (table 3-7): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validator {
  /// Throws an error at the first ill-formed sequence, or returns if every byte is well formed.
  ///
  /// ASCII runs are skipped with a tight loop, since config files are nearly all ASCII.
  static func validate(_ bytes: [UInt8]) throws(TOMLError) {
    var index = 0
    let count = bytes.count
    while index < count {
      index = skipASCII(bytes, from: index)
      guard index < count else { return }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length = sequenceLength(bytes, at: index)
      if length == 0 {
        throw TOMLError(
          position: position(of: index, in: bytes),
          message: "invalid UTF-8: \(describeBadSequence(bytes, at: index))")
      }
      index += length
    }
  }

  /// The index of the first non-ASCII byte at or after `start`, or `bytes.count`.
  ///
  /// Tests eight bytes at a time for a set high bit.
  static func skipASCII(_ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBytes { buffer in
      var index = start
      while index + 8 <= buffer.count {
        let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        index += 8
      }
      while index < buffer.count && buffer[index] < 0x80 {
        index += 1
      }
      return index
    }
  }

  /// The length of the well-formed sequence starting at `index`, or 0 if it is ill-formed.
  ///
  /// The allowed range of the second byte depends on the lead byte; this is what rules out
  /// overlong encodings, surrogates and values above U+10FFFF.
  static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    var length = 0
    var secondLow: UInt8 = 0x80
    var secondHigh: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF:
      length = 2
    case 0xE0:
      length = 3
      secondLow = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF:
      length = 3
    case 0xED:
      length = 3
      secondHigh = 0x9F
    case 0xF0:
      length = 4
      secondLow = 0x90
    case 0xF1...0xF3:
      length = 4
    case 0xF4:
      length = 4
      secondHigh = 0x8F
    default:
      return 0
    }
    guard index + length <= bytes.count else { return 0 }
    let second = bytes[index + 1]
    guard second >= secondLow && second <= secondHigh else { return 0 }
    var offset = 2
    while offset < length {
      guard bytes[index + offset] & 0xC0 == 0x80 else { return 0 }
      offset += 1
    }
    return length
  }

  /// Describes the bad bytes at `index` for the error message, e.g. "byte 0xFF".
  ///
  /// Shows up to four bytes so that a truncated or overlong sequence can be recognised.
  static func describeBadSequence(_ bytes: [UInt8], at index: Int) -> String {
    let lead = bytes[index]
    if lead & 0xC0 == 0x80 {
      return "unexpected continuation byte 0x\(hex(lead))"
    }
    if lead == 0xC0 || lead == 0xC1 || lead >= 0xF5 {
      return "byte 0x\(hex(lead)) never appears in UTF-8"
    }
    var shown: [String] = []
    var offset = 0
    while offset < 4 && index + offset < bytes.count {
      let byte = bytes[index + offset]
      if offset > 0 && byte & 0xC0 != 0x80 { break }
      shown.append("0x" + hex(byte))
      offset += 1
    }
    return "bad or incomplete sequence " + shown.joined(separator: " ")
  }

  /// Two uppercase hex digits for a byte.
  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
  }

  /// The line and column of `index`, counted from the start of `bytes`.
  ///
  /// Only used for errors, so it simply rescans. Bytes before `index` are known to be valid,
  /// so counting the bytes that are not continuation bytes counts scalars. A leading byte
  /// order mark does not count as a column, matching the parser.
  static func position(of index: Int, in bytes: [UInt8]) -> TOMLPosition {
    var line = 1
    var lineStart = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      lineStart = 3
    }
    var cursor = lineStart
    while cursor < index {
      if bytes[cursor] == UInt8(ascii: "\n") {
        line += 1
        lineStart = cursor + 1
      }
      cursor += 1
    }
    var column = 1
    cursor = lineStart
    while cursor < index {
      if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
      cursor += 1
    }
    return TOMLPosition(line: line, column: column)
  }
}
