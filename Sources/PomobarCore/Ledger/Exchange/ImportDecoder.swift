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

  /// Calls `body` with each entry of `bytes`, read as `format`, in file order.
  ///
  /// - Parameters:
  ///   - projects: which of a timewarrior interval's tags is its project.
  ///   - billed: called before `body` for a record that pomobar's own export says is
  ///     billed (`billed` not null, or a CSV's `billed` column not empty), with its
  ///     invoice; the tools' formats have no bills.
  public static func decode(
    _ bytes: [UInt8], as format: ExchangeFormat, offsets: Offsets, projects: ProjectTags = ProjectTags(),
    billed: (_ id: String, _ invoice: String?) -> Void = { _, _ in },
    _ body: (Result<LedgerRecord, Problem>) -> Void
  ) {
    switch format.reader {
    case .csv:
      decodeCSV(bytes, billed: billed, body)
    case .none(let why):
      body(.failure(Problem(place: "line 1", message: why)))
    case .jsonArray(let kind):
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
            for record in try records(value, kind, place, offsets, projects) {
              if kind == .record, let bill = value["billed"], case .object = bill {
                billed(record.id, bill["invoice"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 })
              }
              body(.success(record))
            }
          } catch {
            body(.failure(error))
          }
        }
        return true
      }
    }
  }

  private static func records(
    _ value: JSONValue, _ kind: ExchangeFormat.Element, _ place: String, _ offsets: Offsets,
    _ projects: ProjectTags
  ) throws(Problem) -> [LedgerRecord] {
    switch kind {
    case .record:
      guard case .object = value else { throw Problem(place: place, message: "not an object") }
      do {
        return [try checked(LedgerRecord(jsonLine: JSON.serialize(value)))]
      } catch {
        throw Problem(place: place, message: error.message)
      }
    case .timewarrior: return try timewarrior(value, place, offsets, projects: projects)
    case .watson: return try watson(value, place, offsets)
    }
  }

  /// The record, when the history can keep it and read it back as it is; why not otherwise.
  ///
  /// What every writer asks (`LedgerRecord.historyProblem`: times from 1970 to 9999, UTC
  /// and local; a note of at most 8 KiB; a line a reader takes), and the seconds that
  /// counted cannot exceed the interval. A note too long is refused, not cut: the entry is
  /// named and the rest imported, and once the note is shortened at the source, importing
  /// again adds it (an interval keeps its id).
  static func checked(_ record: LedgerRecord) throws(LedgerRecord.DecodeError) -> LedgerRecord {
    if let problem = record.historyProblem { throw LedgerRecord.DecodeError(message: problem) }
    let span = record.end.utc - record.start.utc
    guard record.seconds <= span else {
      throw LedgerRecord.DecodeError(
        message: "'seconds' is \(record.seconds), more than the \(span) from 'start' to 'end'")
    }
    let back: LedgerRecord
    do throws(LedgerRecord.DecodeError) {
      back = try LedgerRecord(jsonLine: String(record.jsonLine.dropLast()))
    } catch {
      throw LedgerRecord.DecodeError(message: "the history could not read it back (\(error.message))")
    }
    guard back == record else {
      throw LedgerRecord.DecodeError(message: "the history would not read it back the same")
    }
    return record
  }

  // MARK: - timewarrior

  /// `{"id":1,"start":"20261123T080000Z","end":"…","tags":["api","focus","work"],"annotation":"…"}`:
  /// `focus`, `short-break` and `long-break` make a record of that kind, `work` (or no kind
  /// tag at all) a work record, so a piece of pomobar's export that is both gives both; a
  /// `project:NAME` tag, else the tag `projects` says (`ProjectTags`), else none, is the
  /// project (a bare `NAME` beside `project:NAME` is the same project again); `tag:NAME`
  /// and the other tags are the record's tags; the annotation is the note (the focus's or
  /// break's when there is one).
  static func timewarrior(
    _ value: JSONValue, _ place: String, _ offsets: Offsets, projects: ProjectTags = ProjectTags()
  ) throws(Problem) -> [LedgerRecord] {
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
    return try foreign(
      .timewarrior, start, end, tags: tags, project: nil, note: annotation, place, offsets, projects: projects)
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
  /// project (`(no project)` reads as none). Every frame is work, and a `focus` tag adds a
  /// focus; a `short-break` or `long-break` tag makes a break instead, which is also work
  /// with a `work` tag. Other tags are the record's tags (`tag:NAME` is the tag `NAME`,
  /// as the export escapes one that reads as a kind). The frame's id is kept in the record's
  /// (`watson.<id>`) and its `updated_at` in `updated`, so an export writes both back and
  /// `watson merge` finds its frame unchanged.
  static func watson(_ value: JSONValue, _ place: String, _ offsets: Offsets) throws(Problem)
    -> [LedgerRecord]
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
    let named = project == ExportEncoder.noProject || project.isEmpty ? nil : project
    var frameID: String? = nil
    if fields.count > 3, let text = fields[3].stringValue, text.utf8.count == 32,
      text.utf8.allSatisfy(\.isHexDigit)
    {
      frameID = text
    }
    let updated = fields.count > 5 ? seconds(fields[5]) : nil
    return try foreign(
      .watson, start, end, tags: tags, project: .some(named), note: nil, place, offsets, frameID: frameID,
      updated: updated)
  }

  /// Whole seconds from an integer or a number (fractions dropped); nil out of range.
  static func seconds(_ value: JSONValue) -> Int64? {
    let number: Int64?
    switch value {
    case .integer(let whole): number = whole
    case .number(let real):
      number = real.isFinite && real >= 0 && real <= Double(HistoryTime.latest) ? Int64(real) : nil
    case .null, .bool, .string, .array, .object: number = nil
    }
    guard let number, HistoryTime.holds(utc: number) else { return nil }
    return number
  }

  // MARK: - Shared

  /// The records of one entry of a format that keeps UTC times and tags, and no id of ours.
  ///
  /// - Parameters:
  ///   - project: the project when the format has its own field for it (Watson); nil to
  ///     take a `project:NAME` tag, else the tag `projects` names (timewarrior).
  ///   - frameID: Watson's frame id, kept in the record ids.
  ///   - updated: when the entry last changed at its source (Watson's `updated_at`), kept
  ///     when the history can hold it.
  static func foreign(
    _ format: ExchangeFormat, _ start: Int64, _ end: Int64, tags: [String], project: String??,
    note: String?, _ place: String, _ offsets: Offsets, projects: ProjectTags = ProjectTags(),
    frameID: String? = nil, updated: Int64? = nil
  ) throws(Problem) -> [LedgerRecord] {
    guard HistoryTime.holds(utc: start), HistoryTime.holds(utc: end) else {
      throw Problem(place: place, message: "a time before 1970 or after 9999")
    }
    guard end >= start else { throw Problem(place: place, message: "it ends before it starts") }
    guard end - start <= RecordFields.largest else {
      throw Problem(place: place, message: "longer than ten years")
    }
    // The kinds the tags name, and the rest. Watson has no `work` tag of its own: every
    // frame is work, and `work` is a kind there only beside a break. `tag:NAME` is always
    // the tag `NAME` (`ExportEncoder.escapedTag`).
    var inner: LedgerRecord.Kind? = nil
    var workTag = false
    // Other tags in their order; an escaped one (`tag:NAME`) is never the project.
    var others: [(tag: String, escaped: Bool)] = []
    var tagged: String? = nil
    for tag in tags {
      if let kind = LedgerRecord.Kind(rawValue: tag), kind != .work, inner == nil {
        inner = kind
      } else if tag == LedgerRecord.Kind.work.rawValue, !workTag,
        format == .timewarrior || tags.contains(where: { LedgerRecord.Kind(rawValue: $0)?.isBreak == true })
      {
        workTag = true
      } else if format == .timewarrior, tagged == nil, tag.utf8.starts(with: "project:".utf8) {
        tagged = String(tag.dropFirst(8))
      } else if tag.utf8.starts(with: "tag:".utf8) {
        others.append((String(tag.dropFirst(4)), true))
      } else if !tag.isEmpty {
        others.append((tag, false))
      }
    }
    var chosen: String?
    switch project {
    case .some(let given): chosen = given
    case .none:
      if let tagged {
        chosen = tagged.isEmpty ? nil : tagged  // `project:` alone: none
        if let index = others.firstIndex(where: { $0 == (tagged, false) }) { others.remove(at: index) }
      } else if let name = projects.project(among: others.filter { !$0.escaped }.map(\.tag)),
        let index = others.firstIndex(where: { $0 == (name, false) })
      {
        chosen = others.remove(at: index).tag
      }
    }
    // The tool's order (timewarrior's is sorted) and every tag as `TagName` keeps it: a
    // `;` becomes `,`, control characters spaces, and more than it holds are left out.
    let recordTags = TagName.clamped(others.map(\.tag))
    var kinds: [LedgerRecord.Kind] = []
    switch (format, inner) {
    case (_, nil): kinds = [.work]
    case (.watson, .focus?): kinds = [.work, .focus]
    case (_, let kind?): kinds = workTag ? [.work, kind] : [kind]
    }
    var records: [LedgerRecord] = []
    for kind in kinds {
      var id = LedgerRecord.importedID(format, start: start, end: end, kind: kind)
      if let frameID { id = "watson." + frameID + (kind == kinds[0] ? "" : "." + kind.rawValue) }
      // The note goes with the focus or break when there is one, else with the work.
      let carries = kinds.count == 1 || kind != .work
      let record = LedgerRecord(
        id: id, kind: kind, start: WallTime(utc: start, offset: offsets(start)),
        end: WallTime(utc: end, offset: offsets(end)), seconds: end - start, project: chosen,
        note: carries ? note : nil, tags: recordTags,
        updated: updated.map { WallTime(utc: $0, offset: offsets($0)) }.flatMap { HistoryTime.holds($0) ? $0 : nil })
      do {
        records.append(try checked(record))
      } catch {
        throw Problem(place: place, message: error.message)
      }
    }
    return records
  }
}
