/// The records as `history edit` puts them in an editor, one line each, and read back.
///
/// ```text
/// 1a2b3c4  2026-11-23  09:00-10:30  work         api +billable  "fixed the \"bug\""
/// 5e6f7a8  2026-11-23  22:00-01:15+1  work       "web frontend"
/// 2026-11-24  14:00-15:00  work  api
/// ```
///
/// `ID DAY START-END KIND [PROJECT [+TAG...] ["NOTE"]]`: the short id (none on a line a
/// person adds), the local day the record started, its local start and end times (`+N`
/// when it ends N days later; seconds only when they are not zero), its kind, its project
/// (`-` for none; in double quotes when it has spaces or quotes, or begins with `+`), its
/// tags as `log` shows them (`+billable +"client call"`) and its note, in double quotes, with
/// `\"`, `\\` and `\n` as JSON writes them. A project is read as written (the plan checks
/// a changed one as `ProjectName` does, so an old name is not changed by being shown).
/// Blank lines and lines starting with `#` are left out. Rendering then parsing gives back
/// the same lines (`line(of:id:)`).
public enum HistoryText {
  /// One record's line, as read.
  public struct Line: Equatable, Sendable {
    /// The short id given; nil on a line that adds a record.
    public var id: String?
    public var day: CivilTime.Date
    /// Seconds from the day's local midnight to the start and to the end (more than a
    /// day's for an end on a later day).
    public var start: Int64
    public var end: Int64
    public var kind: LedgerRecord.Kind
    public var project: String?
    public var tags: [String] = []
    public var note: String?
    /// Where it is in the text, counting from 1, and the column of its times, for messages.
    public var number: Int = 0
    public var timesColumn: Int = 0
    public var projectColumn: Int = 0

    public init(
      id: String?, day: CivilTime.Date, start: Int64, end: Int64, kind: LedgerRecord.Kind,
      project: String?, note: String?
    ) {
      self.id = id
      self.day = day
      self.start = start
      self.end = end
      self.kind = kind
      self.project = project
      self.note = note
    }

    /// The same record, wherever it stands in the text.
    public func sameRecord(as other: Line) -> Bool {
      id == other.id && day == other.day && start == other.start && end == other.end && kind == other.kind
        && project == other.project && tags == other.tags && note == other.note
    }
  }

  /// `LINE:COLUMN: message`, for `FILE:LINE:COL: message`.
  public struct Problem: Error, Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
      self.line = line
      self.column = column
      self.message = message
    }
  }

  /// What a line reads, for messages.
  public static let form =
    "[ID] DAY START-END KIND [PROJECT [+TAG...] [\"NOTE\"]], like 2026-11-23  09:00-10:30  work  api"

  /// The comment at the top of the file.
  public static func header(_ what: String) -> String {
    """
    # pomobar history edit: \(what), in local time.
    # One record a line: ID  DAY  START-END  KIND  PROJECT +TAGS  "NOTE"
    # Change a time, a project, tags or a note; delete a line to remove its record; add
    # a line without an id to add work time:
    #   2026-11-23  14:00-15:30  work  api +billable  "a note"
    # "-" is no project; names with spaces and notes go in double quotes; an end on a
    # later day is written 01:15+1. Lines starting with # are left out. Save and quit to
    # apply; an empty file, or an unchanged one, changes nothing.

    """
  }

  /// The line of `record`, its short id written as `id`, in its own local time.
  public static func line(of record: LedgerRecord, id: String) -> Line {
    let (day, start) = CivilTime.split(record.start.local)
    let end = record.end.local - day.dayNumber * 86_400
    var line = Line(
      id: id, day: day, start: start, end: end, kind: record.kind, project: record.project, note: record.note)
    line.tags = record.tags
    return line
  }

  /// `line` as text, with its newline.
  public static func render(_ line: Line) -> String {
    var text = line.id.map { $0 + "  " } ?? ""
    text += "\(line.day)  \(clock(line.start))-\(clock(line.end))  "
    text += line.kind.rawValue + String(repeating: " ", count: max(0, 11 - line.kind.rawValue.utf8.count))
    text += "  " + (line.project.map(word) ?? "-")
    if !line.tags.isEmpty { text += " " + TagName.words(line.tags) }
    if let note = line.note { text += "  " + JSON.quote(note) }
    return text + "\n"
  }

  /// The lines of `text`, in order; the first problem found, where it is.
  public static func parse(_ text: String) -> Result<[Line], Problem> {
    var lines: [Line] = []
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let content = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let trimmed = content.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      switch parseLine(Array(content.utf8), number: number) {
      case .success(let line): lines.append(line)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(lines)
  }

  // MARK: - Reading one line

  private struct Token {
    var text: String
    var column: Int
    var quoted: Bool
    /// Written with a `+` before it (the `+` not in `text`).
    var tag = false
  }

  private static func parseLine(_ bytes: [UInt8], number: Int) -> Result<Line, Problem> {
    let tokens: [Token]
    switch tokenize(bytes, number: number) {
    case .success(let found): tokens = found
    case .failure(let problem): return .failure(problem)
    }
    func problem(_ token: Token?, _ message: String) -> Result<Line, Problem> {
      .failure(Problem(line: number, column: token?.column ?? bytes.count + 1, message))
    }
    var index = 0
    var id: String? = nil
    if let first = tokens.first, !first.quoted, CivilTime.Date(first.text) == nil {
      guard first.text.utf8.count >= 4, first.text.utf8.allSatisfy(\.isHexDigit) else {
        return problem(
          first, "'\(Shown.plain(first.text))' is neither an id nor a day; a line reads: \(form)")
      }
      id = first.text
      index = 1
    }
    guard index < tokens.count, !tokens[index].quoted, let day = CivilTime.Date(tokens[index].text) else {
      return problem(
        index < tokens.count ? tokens[index] : nil, "a day like 2026-11-23 comes here; a line reads: \(form)")
    }
    index += 1
    guard index < tokens.count, !tokens[index].quoted else {
      return problem(index < tokens.count ? tokens[index] : nil, "START-END comes here, like 09:00-10:30")
    }
    let times = tokens[index]
    guard let (start, end) = span(times.text) else {
      return problem(
        times, "'\(Shown.plain(times.text))' is not START-END like 09:00-10:30 (01:15+1 for the next day)")
    }
    index += 1
    guard index < tokens.count, !tokens[index].quoted,
      let kind = LedgerRecord.Kind(rawValue: tokens[index].text)
    else {
      let names = LedgerRecord.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      return problem(
        index < tokens.count ? tokens[index] : nil,
        (index < tokens.count
          ? "'\(Shown.plain(tokens[index].text))' is not a kind; " : "the kind comes here; ")
          + "one of \(names)")
    }
    index += 1
    var project: String? = nil
    var projectColumn = times.column
    if index < tokens.count, !tokens[index].tag {
      let token = tokens[index]
      if token.quoted || token.text != "-" { project = token.text }
      projectColumn = token.column
      index += 1
    }
    var tags: [String] = []
    var tagsColumn = 0
    while index < tokens.count, tokens[index].tag {
      if tagsColumn == 0 { tagsColumn = tokens[index].column }
      tags.append(tokens[index].text)
      index += 1
    }
    switch TagName.check(tags) {
    case .success(let checked): tags = checked
    case .failure(let reason): return problem(Token(text: "", column: tagsColumn, quoted: false), "\(reason)")
    }
    var note: String? = nil
    if index < tokens.count {
      guard tokens[index].quoted, !tokens[index].tag else {
        return problem(
          tokens[index], "a note goes in double quotes: \"\(Shown.plain(tokens[index].text)) …\"")
      }
      note = tokens[index].text
      index += 1
    }
    if index < tokens.count {
      return problem(
        tokens[index], "unexpected '\(Shown.plain(tokens[index].text))' after the note; a line reads: \(form)"
      )
    }
    var line = Line(id: id, day: day, start: start, end: end, kind: kind, project: project, note: note)
    line.tags = tags
    line.number = number
    line.timesColumn = times.column
    line.projectColumn = projectColumn
    return .success(line)
  }

  /// Words split at spaces and tabs, and double-quoted strings read as JSON strings.
  private static func tokenize(_ bytes: [UInt8], number: Int) -> Result<[Token], Problem> {
    var tokens: [Token] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      let begin = index
      // `+billable`, `+"client call"`: a tag.
      let tag = byte == UInt8(ascii: "+")
      if tag { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        let quote = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else {
          return .failure(Problem(line: number, column: begin + 1, "this quote is not closed"))
        }
        index += 1
        guard case .string(let text)? = try? JSON.parse(Array(bytes[quote..<index])) else {
          return .failure(
            Problem(
              line: number, column: begin + 1,
              "not a quoted text: write \\\" for a quote, \\\\ for a backslash"))
        }
        tokens.append(Token(text: text, column: begin + 1, quoted: true, tag: tag))
      } else {
        while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\t") {
          index += 1
        }
        let start = tag ? begin + 1 : begin
        tokens.append(
          Token(
            text: String(decoding: bytes[start..<index], as: UTF8.self), column: begin + 1, quoted: false, tag: tag))
      }
    }
    return .success(tokens)
  }

  /// `09:00-10:30`, `22:00-01:15+1`, `09:00:05-09:30`: seconds from midnight.
  static func span(_ text: String) -> (Int64, Int64)? {
    let halves = text.split(separator: "-", omittingEmptySubsequences: false)
    guard halves.count == 2, let start = ClockTime.secondOfDay(halves[0]),
      let end = ClockTime.secondAfterMidnight(halves[1])
    else { return nil }
    return (start, end)
  }

  /// `09:05`, `09:05:30`, `01:15+1` for seconds from a day's midnight.
  static func clock(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds + 1) / 86_400 - 1
    return TrackWords.clock(seconds - days * 86_400) + (days > 0 ? "+\(days)" : "")
  }

  /// A project as one word: bare when it reads back as itself, quoted otherwise.
  static func word(_ name: String) -> String {
    let bare =
      !name.isEmpty && name != "-" && !name.hasPrefix("#") && !name.hasPrefix("\"") && !name.hasPrefix("+")
      && name.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "\\" }
    return bare ? name : JSON.quote(name)
  }
}
