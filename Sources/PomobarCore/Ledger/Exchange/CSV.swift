/// RFC 4180 comma-separated values: writing fields, and reading rows back.
public enum CSV {
  /// A field as written: quoted, with quotes doubled, when it holds a comma, a quote or a
  /// line break; as it is otherwise.
  public static func field(_ text: String) -> String {
    let special = text.utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    guard special else { return text }
    var out = "\""
    for character in text.unicodeScalars {
      if character == "\"" { out += "\"" }
      out.unicodeScalars.append(character)
    }
    return out + "\""
  }

  /// A row of fields, CRLF-ended as RFC 4180 says.
  ///
  /// Built as bytes in one buffer: an export writes a million of these.
  public static func row(_ fields: [String]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(fields.reduce(2) { $0 + $1.utf8.count + 3 })
    for (index, text) in fields.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      append(text, to: &out)
    }
    out += lineEnd
    return String(decoding: out, as: UTF8.self)
  }

  /// The end of a row.
  static let lineEnd: [UInt8] = [0x0D, 0x0A]

  /// `field(text)`'s bytes, added to `out`.
  static func append(_ text: String, to out: inout [UInt8]) {
    let special = text.utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    guard special else {
      out += text.utf8
      return
    }
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\"") { out.append(byte) }
      out.append(byte)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// An integer as `String(value)` writes it, added to `out` (it needs no quotes).
  static func append(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      out.append(UInt8(48 + magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }

  /// The fields of a line known to hold no line break inside quotes (a header).
  static func fields(ofLine line: [UInt8]) -> [String] {
    var rows: [Row] = []
    forEachRow(line) { rows.append($0) }
    return rows.first?.fields ?? []
  }

  /// One row read back, with the line it starts on (1-based) for messages.
  public struct Row: Equatable {
    public var line: Int
    public var fields: [String]
    /// The input ended inside a quoted field opened on this row.
    public var unterminated = false
    /// A field held bytes that are not UTF-8 (they read as U+FFFD).
    public var invalidUTF8 = false

    public init(line: Int, fields: [String], unterminated: Bool = false, invalidUTF8: Bool = false) {
      self.line = line
      self.fields = fields
      self.unterminated = unterminated
      self.invalidUTF8 = invalidUTF8
    }
  }

  /// Calls `body` with each row in order. Quoted fields may hold commas, doubled quotes
  /// and line breaks; LF and CRLF line ends both read; empty lines are skipped. A quote
  /// left open at the end closes there, and the row says so (`unterminated`); so does one
  /// with bytes that are not UTF-8 (`invalidUTF8`).
  public static func forEachRow(_ bytes: [UInt8], _ body: (Row) -> Void) {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var line = 1
    var fields: [String] = []
    var field: [UInt8] = []
    var rowLine = 1
    var inQuotes = false
    var fieldStarted = false
    var invalid = false
    func endField() {
      if String(validating: field, as: UTF8.self) == nil { invalid = true }
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      fieldStarted = false
    }
    func endRow() {
      if fieldStarted || !fields.isEmpty { endField() }
      if !fields.isEmpty {
        body(Row(line: rowLine, fields: fields, unterminated: inQuotes, invalidUTF8: invalid))
      }
      fields.removeAll(keepingCapacity: true)
      invalid = false
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inQuotes {
        if byte == UInt8(ascii: "\"") {
          if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            field.append(byte)
            index += 1
          } else {
            inQuotes = false
          }
        } else {
          if byte == 0x0A { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inQuotes = true
        fieldStarted = true
      case UInt8(ascii: ","):
        endField()
        fieldStarted = true
      case 0x0D where index < bytes.count && bytes[index] == 0x0A:
        continue
      case 0x0A:
        endRow()
        line += 1
        rowLine = line
      default:
        field.append(byte)
        fieldStarted = true
      }
    }
    endRow()
  }
}
