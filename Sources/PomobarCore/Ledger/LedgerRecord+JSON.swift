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
/// or away time in seconds that did not count. A record with tags has `"tags":["billable"]`
/// after `note` (a line without the key has none: lines written before tags, and every
/// untagged line, stay as they were, and older readers skip the key). A record with a task
/// has `"task":{"title":"…"}` next (`TaskRef`'s JSON form), the same way. A record that
/// remembers when it last changed (`updated`) has `"updated":"…"` next, the same way. A
/// record a person added (`track`, `import`) ends with `"at"`, when it was added. Readers
/// ignore keys they do not know.
extension LedgerRecord {
  /// The record as one line, newline included.
  public var jsonLine: String {
    var out = "{\"id\":" + JSON.quote(id)
    out += ",\"kind\":\"\(kind.rawValue)\",\"start\":\"\(start.iso8601)\",\"end\":\"\(end.iso8601)\""
    out += ",\"seconds\":\(seconds),\"project\":" + (project.map(JSON.quote) ?? "null")
    out += ",\"outcome\":" + (outcome.map { "\"\($0.rawValue)\"" } ?? "null")
    out += ",\"internal\":\(internalInterruptions),\"external\":\(externalInterruptions)"
    out += ",\"gap\":\(gap),\"note\":" + (note.map(JSON.quote) ?? "null")
    if !tags.isEmpty { out += ",\"tags\":[" + tags.map(JSON.quote).joined(separator: ",") + "]" }
    if let task { out += ",\"task\":" + JSON.serialize(task.json) }
    if let updated { out += ",\"updated\":\"\(updated.iso8601)\"" }
    if let at { out += ",\"at\":\"\(at.iso8601(nanoseconds: atNanoseconds))\"" }
    out += "}\n"
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
        case .array(let items) where key == "tags": fields.tags = items.compactMap(\.stringValue)
        case .object where key == "task": fields.task = TaskRef(json: member)
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

/// The values of one line's keys, as they are found, already read into their types: the
/// fast path reads them straight from the line's bytes.
struct RecordFields {
  enum Value {
    case text(String)
    case number(Int64)
    case null
  }

  var id: String?
  var kind: LedgerRecord.Kind?
  var start: WallTime?
  var end: WallTime?
  var seconds: Int64?
  var project: String?
  var outcome: LedgerRecord.Outcome?
  /// An `outcome` that is none of the known ones, for the error.
  var unknownOutcome: String?
  var internalCount: Int64 = 0
  var externalCount: Int64 = 0
  var gap: Int64 = 0
  var note: String?
  var tags: [String] = []
  var task: TaskRef?
  var at: WallTime?
  var atNanoseconds: Int32 = 0
  var updated: WallTime?

  /// A key and its value from the full parser.
  mutating func set(_ key: String, _ value: Value) {
    switch (key, value) {
    case ("id", .text(let text)): id = text
    case ("kind", .text(let text)): kind = LedgerRecord.Kind(rawValue: text)
    case ("start", .text(let text)): start = WallTime(iso8601: text)
    case ("end", .text(let text)): end = WallTime(iso8601: text)
    case ("seconds", .number(let number)): seconds = number
    case ("project", .text(let text)): project = text
    case ("outcome", .text(let text)):
      outcome = LedgerRecord.Outcome(rawValue: text)
      unknownOutcome = outcome == nil ? text : nil
    case ("internal", .number(let number)): internalCount = number
    case ("external", .number(let number)): externalCount = number
    case ("gap", .number(let number)): gap = number
    case ("note", .text(let text)): note = text
    case ("at", .text(let text)):
      at = WallTime(iso8601: text)
      atNanoseconds = WallTime.nanoseconds(iso8601: text)
    case ("updated", .text(let text)): updated = WallTime(iso8601: text)
    default: return  // null, unknown keys, or a type that does not fit: left out
    }
  }

  /// Ten years: no interval, count or gap worth keeping is larger.
  static let largest: Int64 = 10 * 366 * 86_400

  consuming func record() throws(LedgerRecord.DecodeError) -> LedgerRecord {
    typealias Failure = LedgerRecord.DecodeError
    guard let id, !id.isEmpty else { throw Failure(message: "no 'id'") }
    guard let kind else { throw Failure(message: "no known 'kind'") }
    guard let start else { throw Failure(message: "no 'start' time like 2026-11-23T09:00:00+01:00") }
    guard let end, end >= start else { throw Failure(message: "no 'end' time at or after 'start'") }
    guard let seconds, (0...Self.largest).contains(seconds) else { throw Failure(message: "no 'seconds'") }
    if let unknownOutcome { throw Failure(message: "unknown 'outcome' \(JSON.quote(unknownOutcome))") }
    let range = 0...Self.largest
    guard range.contains(internalCount), range.contains(externalCount), range.contains(gap) else {
      throw Failure(message: "a count out of range")
    }
    return LedgerRecord(
      id: id, kind: kind, start: start, end: end, seconds: seconds, project: project,
      outcome: outcome, internalInterruptions: Int(internalCount),
      externalInterruptions: Int(externalCount), gap: gap, note: note,
      tags: tags.isEmpty ? tags : TagName.clamped(tags), task: task, at: at, atNanoseconds: atNanoseconds,
      updated: updated)
  }
}

/// Reads a flat JSON object (string, integer and null values only, an array of strings
/// for `tags` and a flat object of strings and integers for `task`) in one pass.
///
/// Returns false for anything else (nesting, other value types, odd spacing it does not
/// expect, escapes, a kind, outcome or time it cannot read), leaving the line to the full
/// parser, which gives the same record or says what is wrong: this path only has to be
/// fast, not complete. Keys are told by their bytes and values read in place; only the
/// id, project, note and tags become strings.
enum FlatObjectScanner {
  /// The keys of a record, and any other.
  enum Key {
    case id, kind, start, end, seconds, project, outcome, internalCount, externalCount, gap, note, tags, at
    case updated, task
    case other

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      // The key's bytes as one little-endian word, matched at once (trying the keys of a
      // length in turn was a tenth of a read). No key holds a zero byte (`string` refuses
      // control characters), so a word is one key's.
      guard bytes.count <= 8 else {
        self = .other
        return
      }
      var word: UInt64 = 0
      for byte in bytes.reversed() { word = word << 8 | UInt64(byte) }
      switch word {
      case 0x6469: self = .id  // "id"
      case 0x7461: self = .at  // "at"
      case 0x64_6E65: self = .end  // "end"
      case 0x70_6167: self = .gap  // "gap"
      case 0x646E_696B: self = .kind  // "kind"
      case 0x6574_6F6E: self = .note  // "note"
      case 0x7367_6174: self = .tags  // "tags"
      case 0x6B73_6174: self = .task  // "task"
      case 0x74_7261_7473: self = .start  // "start"
      case 0x73_646E_6F63_6573: self = .seconds  // "seconds"
      case 0x74_6365_6A6F_7270: self = .project  // "project"
      case 0x65_6D6F_6374_756F: self = .outcome  // "outcome"
      case 0x64_6574_6164_7075: self = .updated  // "updated"
      case 0x6C61_6E72_6574_6E69: self = .internalCount  // "internal"
      case 0x6C61_6E72_6574_7865: self = .externalCount  // "external"
      default: self = .other
      }
    }
  }

  static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    let expected = text.utf8Start
    for index in 0..<bytes.count where bytes[index] != expected[index] { return false }
    return true
  }

  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into fields: inout RecordFields) -> Bool {
    var index = 0
    let count = bytes.count
    @inline(__always) func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
    guard byte(0) == UInt8(ascii: "{") else { return false }
    index = 1
    if byte(index) == UInt8(ascii: "}") { return index + 1 == count }
    while true {
      guard let keyBytes = string(bytes, &index), byte(index) == UInt8(ascii: ":") else { return false }
      let key = Key(keyBytes)
      index += 1
      switch byte(index) {
      case UInt8(ascii: "\""):
        guard let text = string(bytes, &index) else { return false }
        switch key {
        case .id: fields.id = String(decoding: text, as: UTF8.self)
        case .project: fields.project = String(decoding: text, as: UTF8.self)
        case .note: fields.note = String(decoding: text, as: UTF8.self)
        case .kind:
          guard let kind = named(text, in: kinds) else { return false }
          fields.kind = kind
        case .outcome:
          guard let outcome = named(text, in: outcomes) else { return false }
          fields.outcome = outcome
          fields.unknownOutcome = nil
        case .start, .end, .at, .updated:
          guard let time = WallTime(iso8601Bytes: text) else { return false }
          switch key {
          case .start: fields.start = time
          case .end: fields.end = time
          case .updated: fields.updated = time
          default:
            fields.at = time
            fields.atNanoseconds = WallTime.nanoseconds(iso8601Bytes: text)
          }
        case .seconds, .internalCount, .externalCount, .gap, .tags, .task, .other: break  // left out, as by `set`
        }
      case UInt8(ascii: "[") where key == .tags:
        // An array of strings, `[]` or `["a","b"]`: the one nested value a record has.
        index += 1
        var tags: [String] = []
        if byte(index) != UInt8(ascii: "]") {
          while true {
            guard let text = string(bytes, &index) else { return false }
            tags.append(String(decoding: text, as: UTF8.self))
            guard byte(index) == UInt8(ascii: ",") else { break }
            index += 1
          }
        }
        guard byte(index) == UInt8(ascii: "]") else { return false }
        index += 1
        fields.tags = tags
      case UInt8(ascii: "{") where key == .task:
        guard let task = task(bytes, &index) else { return false }
        fields.task = task
      case UInt8(ascii: "n"):
        guard byte(index + 1) == UInt8(ascii: "u"), byte(index + 2) == UInt8(ascii: "l"),
          byte(index + 3) == UInt8(ascii: "l")
        else { return false }
        index += 4
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var negative = false
        if byte(index) == UInt8(ascii: "-") {
          negative = true
          index += 1
        }
        guard let number = digits(bytes, &index) else { return false }
        let value = negative ? -number : number
        switch key {
        case .seconds: fields.seconds = value
        case .internalCount: fields.internalCount = value
        case .externalCount: fields.externalCount = value
        case .gap: fields.gap = value
        case .id, .kind, .start, .end, .project, .outcome, .note, .tags, .at, .updated, .task, .other: break
        }
      default:
        return false
      }
      switch byte(index) {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"): return index + 1 == count
      default: return false
      }
    }
  }

  /// A task's object at `index` (`{"title":"…","estimate":1800}`): string and integer
  /// members only, read as `TaskRef(json:)` reads them; nil for anything else.
  static func task(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> TaskRef?? {
    @inline(__always) func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }
    index += 1
    var members: [(String, JSONValue)] = []
    if byte(index) != UInt8(ascii: "}") {
      while true {
        guard let key = string(bytes, &index), byte(index) == UInt8(ascii: ":") else { return nil }
        index += 1
        let name = String(decoding: key, as: UTF8.self)
        if let text = string(bytes, &index) {
          members.append((name, .string(String(decoding: text, as: UTF8.self))))
        } else {
          guard let number = digits(bytes, &index) else { return nil }
          members.append((name, .integer(number)))
        }
        guard byte(index) == UInt8(ascii: ",") else { break }
        index += 1
      }
    }
    guard byte(index) == UInt8(ascii: "}") else { return nil }
    index += 1
    return .some(TaskRef(json: .object(members)))
  }

  /// The unsigned integer of 1 to 18 digits at `index`, read in place; nil for none or
  /// more (a number that long is no record's).
  @inline(__always)
  static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int64? {
    var number: Int64 = 0
    var count = 0
    while index < bytes.count, case let digit = bytes[index], digit >= 48 && digit <= 57 {
      guard count < 18 else { return nil }
      number = number * 10 + Int64(digit - 48)
      count += 1
      index += 1
    }
    return count > 0 ? number : nil
  }

  /// The case of `T` whose raw value is these bytes (a kind, an outcome), read in place:
  /// against the raw values' bytes, made once (a `String` per case and line was a tenth of
  /// the scan).
  static func named<T>(_ text: UnsafeBufferPointer<UInt8>, in names: [([UInt8], T)]) -> T? {
    for (bytes, value) in names where bytes.count == text.count && bytes.elementsEqual(text) { return value }
    return nil
  }

  static let kinds = LedgerRecord.Kind.allCases.map { (Array($0.rawValue.utf8), $0) }
  static let outcomes = LedgerRecord.Outcome.allCases.map { (Array($0.rawValue.utf8), $0) }

  /// The bytes of a string without escapes or control characters (others go to the full
  /// parser), quotes left out.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int)
    -> UnsafeBufferPointer<UInt8>?
  {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var end = start
    // Eight bytes at a time to the first quote, backslash or control character (the
    // string's bytes were a seventh of a read, one at a time), then byte by byte.
    if let base = bytes.baseAddress {
      while end + 8 <= bytes.count {
        let found = specialBytes(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
        if found != 0 {
          end += found.trailingZeroBitCount / 8
          break
        }
        end += 8
      }
    }
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      end += 1
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Of eight bytes read as a little-endian word, the high bit of the first that is a
  /// quote, a backslash or a control character (0 for none); bits above it may be set
  /// too. A byte under `n` is one whose high bit subtracting `n` sets while it had none
  /// (a byte equal to `c` is a byte of `x ^ c` under 1); a borrow only runs upwards, so
  /// the lowest byte marked is always a true one.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
    let quote = zeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
    let backslash = zeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    let control = (word &- ones &* 0x20) & ~word & high
    return quote | backslash | control
  }
}
