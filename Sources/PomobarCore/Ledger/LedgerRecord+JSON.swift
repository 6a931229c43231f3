/// The history's line format: one JSON object per line (JSON Lines), keys always in this
/// order, every key always present:
///
/// ```json
/// {"id":"3d1219c7c4c5.kx2p9q.142","kind":"focus","start":"2026-11-23T09:00:00+01:00",
///  "end":"2026-11-23T09:25:00+01:00","seconds":1500,"project":"api","outcome":"completed",
///  "internal":0,"external":1,"gap":0,"note":null}
/// ```
///
/// (one line in the file). `kind` is `work`, `focus`, `short-break` or `long-break`;
/// `outcome` is `completed`, `skipped`, `stopped` or `voided` (null for work); `seconds`
/// is the time that counted; `internal`/`external` count interruptions; `gap` is suspend
/// or away time in seconds that did not count. Readers ignore keys they do not know.
extension LedgerRecord {
  /// The record as one line, newline included.
  public var jsonLine: String {
    var out = "{\"id\":" + JSON.quote(id)
    out += ",\"kind\":\"\(kind.rawValue)\",\"start\":\"\(start.iso8601)\",\"end\":\"\(end.iso8601)\""
    out += ",\"seconds\":\(seconds),\"project\":" + (project.map(JSON.quote) ?? "null")
    out += ",\"outcome\":" + (outcome.map { "\"\($0.rawValue)\"" } ?? "null")
    out += ",\"internal\":\(internalInterruptions),\"external\":\(externalInterruptions)"
    out += ",\"gap\":\(gap),\"note\":" + (note.map(JSON.quote) ?? "null") + "}\n"
    return out
  }

  /// Why a line is not a record.
  public struct DecodeError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Reads one line (without its newline).
  ///
  /// Lines this program wrote are flat objects and take a fast path that reads the bytes
  /// once; anything else goes through the full JSON parser, so a hand-edited line with
  /// other spacing or key order reads the same.
  public init(jsonLine bytes: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
    var fields = RecordFields()
    if !FlatObjectScanner.scan(bytes, into: &fields) {
      fields = RecordFields()
      let value: JSONValue
      do {
        value = try JSON.parse(bytes)
      } catch {
        throw DecodeError(message: "not JSON (\(error))")
      }
      guard case .object(let members) = value else { throw DecodeError(message: "not a JSON object") }
      for (key, member) in members {
        switch member {
        case .string(let text): fields.set(key, .text(text))
        case .integer(let number): fields.set(key, .number(number))
        case .null: fields.set(key, .null)
        case .bool, .number, .array, .object: continue
        }
      }
    }
    self = try fields.record()
  }

  public init(jsonLine text: String) throws(DecodeError) {
    var text = text
    let result: Result<LedgerRecord, DecodeError> = text.withUTF8 { bytes in
      do throws(DecodeError) { return .success(try LedgerRecord(jsonLine: bytes)) } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }
}

/// The values of one line's keys, as they are found.
struct RecordFields {
  enum Value {
    case text(String)
    case number(Int64)
    case null
  }

  var id: String?
  var kind: String?
  var start: String?
  var end: String?
  var seconds: Int64?
  var project: String?
  var outcome: String?
  var internalCount: Int64 = 0
  var externalCount: Int64 = 0
  var gap: Int64 = 0
  var note: String?

  mutating func set(_ key: String, _ value: Value) {
    switch (key, value) {
    case ("id", .text(let text)): id = text
    case ("kind", .text(let text)): kind = text
    case ("start", .text(let text)): start = text
    case ("end", .text(let text)): end = text
    case ("seconds", .number(let number)): seconds = number
    case ("project", .text(let text)): project = text
    case ("outcome", .text(let text)): outcome = text
    case ("internal", .number(let number)): internalCount = number
    case ("external", .number(let number)): externalCount = number
    case ("gap", .number(let number)): gap = number
    case ("note", .text(let text)): note = text
    default: return  // null, unknown keys, or a type that does not fit: left out
    }
  }

  /// Ten years: no interval, count or gap worth keeping is larger.
  static let largest: Int64 = 10 * 366 * 86_400

  func record() throws(LedgerRecord.DecodeError) -> LedgerRecord {
    typealias Failure = LedgerRecord.DecodeError
    guard let id, !id.isEmpty else { throw Failure(message: "no 'id'") }
    guard let kindName = kind, let kind = LedgerRecord.Kind(rawValue: kindName) else {
      throw Failure(message: "no known 'kind'")
    }
    guard let startText = start, let start = WallTime(iso8601: startText) else {
      throw Failure(message: "no 'start' time like 2026-11-23T09:00:00+01:00")
    }
    guard let endText = end, let end = WallTime(iso8601: endText), end >= start else {
      throw Failure(message: "no 'end' time at or after 'start'")
    }
    guard let seconds, (0...Self.largest).contains(seconds) else { throw Failure(message: "no 'seconds'") }
    var outcomeValue: LedgerRecord.Outcome? = nil
    if let outcome {
      guard let known = LedgerRecord.Outcome(rawValue: outcome) else {
        throw Failure(message: "unknown 'outcome' \(JSON.quote(outcome))")
      }
      outcomeValue = known
    }
    let range = 0...Self.largest
    guard range.contains(internalCount), range.contains(externalCount), range.contains(gap) else {
      throw Failure(message: "a count out of range")
    }
    return LedgerRecord(
      id: id, kind: kind, start: start, end: end, seconds: seconds, project: project,
      outcome: outcomeValue, internalInterruptions: Int(internalCount),
      externalInterruptions: Int(externalCount), gap: gap, note: note)
  }
}

/// Reads a flat JSON object (string, integer and null values only) in one pass.
///
/// Returns false for anything else (nesting, other value types, odd spacing it does not
/// expect), leaving the line to the full parser: this path only has to be fast, not
/// complete.
enum FlatObjectScanner {
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into fields: inout RecordFields) -> Bool {
    var index = 0
    let count = bytes.count
    @inline(__always) func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
    guard byte(0) == UInt8(ascii: "{") else { return false }
    index = 1
    if byte(index) == UInt8(ascii: "}") { return index + 1 == count }
    while true {
      guard let key = string(bytes, &index), byte(index) == UInt8(ascii: ":") else { return false }
      index += 1
      let value: RecordFields.Value
      switch byte(index) {
      case UInt8(ascii: "\""):
        guard let text = string(bytes, &index) else { return false }
        value = .text(text)
      case UInt8(ascii: "n"):
        guard byte(index + 1) == UInt8(ascii: "u"), byte(index + 2) == UInt8(ascii: "l"),
          byte(index + 3) == UInt8(ascii: "l")
        else { return false }
        index += 4
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var negative = false
        if byte(index) == UInt8(ascii: "-") {
          negative = true
          index += 1
        }
        var number: Int64 = 0
        var digits = 0
        while case let digit = byte(index), digit >= 48 && digit <= 57 {
          guard digits < 18 else { return false }
          number = number * 10 + Int64(digit - 48)
          digits += 1
          index += 1
        }
        guard digits > 0 else { return false }
        value = .number(negative ? -number : number)
      default:
        return false
      }
      fields.set(key, value)
      switch byte(index) {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): return index + 1 == count
      default: return false
      }
    }
  }

  /// A string without escapes or control characters (others go to the full parser).
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      end += 1
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }
}
