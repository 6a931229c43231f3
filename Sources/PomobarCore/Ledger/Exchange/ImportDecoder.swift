/// Reads exported files back into records: pomobar's own CSV and JSON exports, a
/// `timew export` array and a Watson `frames` file.
///
/// Every entry is read on its own: a broken one becomes a problem naming its place
/// (`line 12` for CSV, `element 3` for arrays, counted from 0 as `jq` does) and the rest
/// go on. Whatever the bytes, this returns problems, never traps.
public enum ImportDecoder {
  /// An entry that is not an interval, and where it is.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var place: String
    public var message: String
    public var description: String { "\(place): \(message)" }
  }

  /// The local offset (seconds east of UTC) in force at a UTC moment: for formats that
  /// keep only UTC (timewarrior, Watson), where the system's zone rules say.
  public typealias Offsets = (Int64) -> Int32

  /// Latest instant accepted: 9999-12-31T23:59:59Z; earliest: the epoch.
  static let latest: Int64 = 253_402_300_799

  /// Calls `body` with each entry of `bytes`, read as `format`, in file order.
  public static func decode(
    _ bytes: [UInt8], as format: ExchangeFormat, offsets: Offsets,
    _ body: (Result<LedgerRecord, Problem>) -> Void
  ) {
    switch format {
    case .csv:
      decodeCSV(bytes, body)
    case .json, .timewarrior, .watson:
      var index = 0
      JSONArrayScanner.forEachElement(bytes) { element in
        defer { index += 1 }
        let place = "element \(index)"
        switch element {
        case .failure(let message):
          body(.failure(Problem(place: place, message: message.text)))
        case .success(let range):
          do throws(Problem) {
            let value: JSONValue
            do {
              value = try JSON.parse(bytes[range])
            } catch {
              throw Problem(place: place, message: "not JSON (\(error))")
            }
            body(.success(try record(value, format, place, offsets)))
          } catch {
            body(.failure(error))
          }
        }
        return true
      }
    }
  }

  private static func record(
    _ value: JSONValue, _ format: ExchangeFormat, _ place: String, _ offsets: Offsets
  ) throws(Problem) -> LedgerRecord {
    switch format {
    case .json:
      guard case .object = value else { throw Problem(place: place, message: "not an object") }
      do {
        return try LedgerRecord(jsonLine: JSON.serialize(value))
      } catch {
        throw Problem(place: place, message: error.message)
      }
    case .timewarrior: return try timewarrior(value, place, offsets)
    case .watson: return try watson(value, place, offsets)
    case .csv: throw Problem(place: place, message: "not CSV")
    }
  }

  // MARK: - timewarrior

  /// `{"id":1,"start":"20261123T080000Z","end":"…","tags":["api","focus"],"annotation":"…"}`:
  /// a tag that names a pomobar kind sets the kind (work otherwise), the first other tag
  /// is the project, further tags and the annotation make the note.
  static func timewarrior(_ value: JSONValue, _ place: String, _ offsets: Offsets) throws(Problem)
    -> LedgerRecord
  {
    guard case .object = value else { throw Problem(place: place, message: "not an object") }
    guard let startText = value["start"]?.stringValue, let start = utc(timewarrior: startText) else {
      throw Problem(place: place, message: "no 'start' time like 20261123T080000Z")
    }
    guard let endValue = value["end"], !endValue.isNull else {
      throw Problem(place: place, message: "still running (no 'end'): stop it in timewarrior first")
    }
    guard let endText = endValue.stringValue, let end = utc(timewarrior: endText) else {
      throw Problem(place: place, message: "no 'end' time like 20261123T082500Z")
    }
    var tags: [String] = []
    if let tagValue = value["tags"] {
      guard let elements = tagValue.arrayValue else {
        throw Problem(place: place, message: "'tags' is not an array")
      }
      for element in elements {
        guard let tag = element.stringValue else {
          throw Problem(place: place, message: "a tag is not a string")
        }
        tags.append(tag)
      }
    }
    var annotation: String? = nil
    if let note = value["annotation"], !note.isNull {
      guard let text = note.stringValue else {
        throw Problem(place: place, message: "'annotation' is not a string")
      }
      annotation = text.isEmpty ? nil : text
    }
    return try foreign(.timewarrior, start, end, tags: tags, project: nil, note: annotation, place, offsets)
  }

  /// `20261123T080000Z`, or an ISO 8601 time with its offset.
  static func utc(timewarrior text: String) -> Int64? {
    let bytes = Array(text.utf8)
    if bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"),
      let year = CivilTime.digits(bytes, 0, 4), let month = CivilTime.digits(bytes, 4, 2),
      let day = CivilTime.digits(bytes, 6, 2), let hour = CivilTime.digits(bytes, 9, 2),
      let minute = CivilTime.digits(bytes, 11, 2), let second = CivilTime.digits(bytes, 13, 2),
      (1...12).contains(month), (1...CivilTime.daysIn(year: year, month: month)).contains(day),
      hour < 24, minute < 60, second < 61
    {
      let days = CivilTime.Date(year: year, month: month, day: day).dayNumber
      return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }
    return WallTime(iso8601: text)?.utc
  }

  // MARK: - Watson

  /// `[start, stop, project, id, tags, updated_at]` (epoch seconds): the project is the
  /// project (`(no project)` reads as none), a tag naming a pomobar kind sets the kind,
  /// the other tags make the note.
  static func watson(_ value: JSONValue, _ place: String, _ offsets: Offsets) throws(Problem) -> LedgerRecord
  {
    guard let fields = value.arrayValue, fields.count >= 3 else {
      throw Problem(place: place, message: "not a frame [start, stop, project, id, tags, updated_at]")
    }
    guard let start = seconds(fields[0]) else {
      throw Problem(place: place, message: "the start is not a time in seconds")
    }
    guard !fields[1].isNull else { throw Problem(place: place, message: "still running (no stop)") }
    guard let end = seconds(fields[1]) else {
      throw Problem(place: place, message: "the stop is not a time in seconds")
    }
    guard let project = fields[2].stringValue else {
      throw Problem(place: place, message: "the project is not a string")
    }
    var tags: [String] = []
    if fields.count > 4, !fields[4].isNull {
      guard let elements = fields[4].arrayValue else {
        throw Problem(place: place, message: "the tags are not an array")
      }
      for element in elements {
        guard let tag = element.stringValue else {
          throw Problem(place: place, message: "a tag is not a string")
        }
        tags.append(tag)
      }
    }
    let named = project == ExportEncoder.watsonNoProject || project.isEmpty ? nil : project
    return try foreign(.watson, start, end, tags: tags, project: .some(named), note: nil, place, offsets)
  }

  /// Whole seconds from an integer or a number (fractions dropped); nil out of range.
  static func seconds(_ value: JSONValue) -> Int64? {
    let number: Int64?
    switch value {
    case .integer(let whole): number = whole
    case .number(let real):
      number = real.isFinite && real >= 0 && real <= Double(latest) ? Int64(real) : nil
    case .null, .bool, .string, .array, .object: number = nil
    }
    guard let number, (0...latest).contains(number) else { return nil }
    return number
  }

  // MARK: - Shared

  /// A record from a format that keeps UTC times, tags, and no id of ours.
  ///
  /// - Parameter project: the project when the format has its own field for it (Watson);
  ///   nil to take the first tag that is not a kind (timewarrior).
  static func foreign(
    _ format: ExchangeFormat, _ start: Int64, _ end: Int64, tags: [String], project: String??,
    note: String?, _ place: String, _ offsets: Offsets
  ) throws(Problem) -> LedgerRecord {
    guard (0...latest).contains(start), (0...latest).contains(end) else {
      throw Problem(place: place, message: "a time before 1970 or after 9999")
    }
    guard end >= start else { throw Problem(place: place, message: "it ends before it starts") }
    guard end - start <= RecordFields.largest else {
      throw Problem(place: place, message: "longer than ten years")
    }
    var kind = LedgerRecord.Kind.work
    var others: [String] = []
    var kindSet = false
    for tag in tags {
      if !kindSet, let named = LedgerRecord.Kind(rawValue: tag) {
        kind = named
        kindSet = true
      } else if !tag.isEmpty {
        others.append(tag)
      }
    }
    var chosen: String?
    switch project {
    case .some(let given): chosen = given
    case .none: chosen = others.isEmpty ? nil : others.removeFirst()
    }
    let extra = others.isEmpty ? nil : "tags: " + others.joined(separator: ", ")
    let fullNote = [note, extra].compactMap { $0 }.joined(separator: " · ")
    let id = LedgerRecord.importedID(format, start: start, end: end, project: chosen, kind: kind)
    return LedgerRecord(
      id: id, kind: kind, start: WallTime(utc: start, offset: offsets(start)),
      end: WallTime(utc: end, offset: offsets(end)), seconds: end - start, project: chosen,
      note: fullNote.isEmpty ? nil : fullNote)
  }
}
