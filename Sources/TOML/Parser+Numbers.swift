/// Numbers: decimal, hexadecimal, octal and binary integers, and floats.
///
/// The caller has already cut out the whole unquoted word (`bytes[start..<end]`), so these
/// functions validate it strictly against TOML 1.0 (no leading zeros, underscores only between
/// digits, a digit on both sides of the decimal point) and convert it without ever trapping:
/// integer arithmetic reports overflow instead of crashing.
extension Parser {
  /// Parses the number in `bytes[start..<end]`.
  mutating func parseNumber(from start: Int, to end: Int) throws(TOMLError) -> TOMLValue {
    var cursor = start
    let sign = bytes[start]
    let hasSign = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
    if hasSign { cursor += 1 }
    let negative = sign == UInt8(ascii: "-")
    if bytes(cursor..<end, equal: "inf") { return .float(negative ? -.infinity : .infinity) }
    if bytes(cursor..<end, equal: "nan") { return .float(negative ? -.nan : .nan) }
    if end - cursor >= 2 && bytes[cursor] == UInt8(ascii: "0") {
      let radix: Int64
      let name: String
      switch bytes[cursor + 1] {
      case UInt8(ascii: "x"): (radix, name) = (16, "hexadecimal")
      case UInt8(ascii: "o"): (radix, name) = (8, "octal")
      case UInt8(ascii: "b"): (radix, name) = (2, "binary")
      default: return try parseDecimal(from: start, digitsAt: cursor, to: end, negative: negative)
      }
      if hasSign {
        throw error("\(name) integers cannot have a sign", at: start)
      }
      return .integer(try parseRadixInteger(from: start, to: end, radix: radix, name: name))
    }
    return try parseDecimal(from: start, digitsAt: cursor, to: end, negative: negative)
  }

  /// Parses `0x…`, `0o…` or `0b…` in `bytes[start..<end]` (no sign; leading zeros allowed).
  mutating func parseRadixInteger(
    from start: Int, to end: Int, radix: Int64, name: String
  ) throws(TOMLError) -> Int64 {
    let digitsStart = start + 2
    let digitsEnd = try scanDigits(from: digitsStart, to: end, radix: radix)
    guard digitsEnd > digitsStart else {
      throw error(
        "expected a \(name) digit after '0\(Character(Unicode.Scalar(bytes[start + 1])))'", at: digitsStart)
    }
    guard digitsEnd == end else {
      throw error("invalid \(name) digit \(describe(at: digitsEnd))", at: digitsEnd)
    }
    var value: Int64 = 0
    for byte in bytes[digitsStart..<digitsEnd] where byte != UInt8(ascii: "_") {
      let digit = Int64(Parser.digitValue(byte))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix)
      let (sum, overflow2) = shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 {
        throw outOfRange(from: start, to: end)
      }
      value = sum
    }
    return value
  }

  /// Parses a decimal integer or a float; the digits (after any sign) start at `digitsStart`.
  mutating func parseDecimal(
    from start: Int, digitsAt digitsStart: Int, to end: Int, negative: Bool
  ) throws(TOMLError) -> TOMLValue {
    let integerEnd = try scanDigits(from: digitsStart, to: end, radix: 10)
    guard integerEnd > digitsStart else {
      if byte(at: digitsStart) == UInt8(ascii: ".") {
        throw error("a float needs a digit before the decimal point", at: digitsStart)
      }
      throw error(
        "expected a digit, found \(digitsStart < end ? describe(at: digitsStart) : "end of number")",
        at: digitsStart)
    }
    if bytes[digitsStart] == UInt8(ascii: "0") && integerEnd - digitsStart > 1 {
      throw error("leading zeros are not allowed in decimal numbers", at: digitsStart)
    }
    var cursor = integerEnd
    var isFloat = false
    if cursor < end && bytes[cursor] == UInt8(ascii: ".") {
      cursor += 1
      let fractionEnd = try scanDigits(from: cursor, to: end, radix: 10)
      guard fractionEnd > cursor else {
        throw error("a float needs a digit after the decimal point", at: cursor)
      }
      cursor = fractionEnd
      isFloat = true
    }
    if cursor < end && (bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E")) {
      cursor += 1
      if cursor < end && (bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")) {
        cursor += 1
      }
      let exponentEnd = try scanDigits(from: cursor, to: end, radix: 10)
      guard exponentEnd > cursor else {
        throw error("expected a digit in the exponent", at: cursor)
      }
      cursor = exponentEnd
      isFloat = true
    }
    guard cursor == end else {
      throw error("invalid character \(describe(at: cursor)) in number", at: cursor)
    }
    if isFloat {
      let digits = bytes[start..<end].filter { $0 != UInt8(ascii: "_") }
      guard let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite else {
        throw error("float is out of range for a 64-bit float", at: start)
      }
      return .float(value)
    }
    var value: Int64 = 0
    for byte in bytes[digitsStart..<integerEnd] where byte != UInt8(ascii: "_") {
      let digit = Int64(Parser.digitValue(byte))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 {
        throw outOfRange(from: start, to: end)
      }
      value = sum
    }
    return .integer(value)
  }

  /// Returns the end of the run of digits (of `radix`) and single underscores at `start`.
  ///
  /// An underscore must have a digit on both sides; anything else is an error at it.
  mutating func scanDigits(from start: Int, to end: Int, radix: Int64) throws(TOMLError) -> Int {
    var cursor = start
    var afterDigit = false
    while cursor < end {
      let byte = bytes[cursor]
      if Parser.isDigit(byte, radix: radix) {
        afterDigit = true
        cursor += 1
      } else if byte == UInt8(ascii: "_") {
        guard afterDigit, cursor + 1 < end, Parser.isDigit(bytes[cursor + 1], radix: radix) else {
          throw error("'_' in a number must be between two digits", at: cursor)
        }
        afterDigit = false
        cursor += 1
      } else {
        break
      }
    }
    return cursor
  }

  /// The error for an integer that does not fit in `Int64`.
  mutating func outOfRange(from start: Int, to end: Int) -> TOMLError {
    return error("integer \(excerpt(start..<end)) is out of range for a 64-bit signed integer", at: start)
  }

  /// Whether `byte` is a digit of `radix` (2, 8, 10 or 16).
  static func isDigit(_ byte: UInt8, radix: Int64) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      return Int64(byte - UInt8(ascii: "0")) < radix
    case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
      return radix == 16
    default:
      return false
    }
  }

  /// The value of a hexadecimal (or lower radix) digit already known to be valid.
  static func digitValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return 0
    }
  }
}
