/// Writes records in an exchange format, one at a time: `header`, then `element` for each
/// record in order, then `footer`. Nothing is kept between calls but a counter, so an
/// export of a million records runs in the memory of one.
public struct ExportEncoder {
  public let format: ExchangeFormat
  /// How many elements were written.
  private var written = 0
  /// For timewarrior: how many records the export holds (`timew export` numbers its
  /// intervals from the latest, `@1`, back to the oldest).
  private let total: Int

  /// Watson's frames need a project; records without one get this, and an import of a
  /// Watson file reads it back as no project.
  public static let watsonNoProject = "(no project)"

  public static let csvColumns = [
    "id", "kind", "start", "end", "seconds", "hours", "project", "outcome", "internal", "external",
    "gap", "note",
  ]

  public init(format: ExchangeFormat, total: Int = 0) {
    self.format = format
    self.total = total
  }

  public func header() -> String {
    switch format {
    case .csv: return CSV.row(Self.csvColumns)
    case .json, .timewarrior, .watson: return "[\n"
    }
  }

  public mutating func element(_ record: LedgerRecord) -> String {
    defer { written += 1 }
    let separator = written == 0 ? "" : ",\n"
    switch format {
    case .csv: return Self.csvRow(record)
    case .json: return separator + String(record.jsonLine.dropLast())
    case .timewarrior: return separator + Self.timewarrior(record, id: max(1, total - written))
    case .watson: return separator + Self.watson(record)
    }
  }

  public func footer() -> String {
    switch format {
    case .csv: return ""
    case .json, .timewarrior, .watson: return written == 0 ? "]\n" : "\n]\n"
    }
  }

  // MARK: - The formats

  /// `id,kind,start,end,seconds,hours,project,outcome,internal,external,gap,note`, local
  /// ISO 8601 times with their offset, hours with two decimals; no project, outcome or
  /// note is an empty field.
  static func csvRow(_ record: LedgerRecord) -> String {
    CSV.row([
      record.id, record.kind.rawValue, record.start.iso8601, record.end.iso8601, String(record.seconds),
      hours(record.seconds), record.project ?? "", record.outcome?.rawValue ?? "",
      String(record.internalInterruptions), String(record.externalInterruptions), String(record.gap),
      record.note ?? "",
    ])
  }

  /// `1.75` for 6300 seconds: hundredths of an hour, rounded half up.
  static func hours(_ seconds: Int64) -> String {
    let hundredths = (max(0, seconds) * 100 + 1800) / 3600
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
  }

  /// `{"id":3,"start":"20261123T080000Z","end":"20261123T082500Z","tags":["api","focus"]}`
  /// as timewarrior's `Interval::json` writes it: tags are a set (sorted, no repeats),
  /// and the annotation (the note) only when there is one.
  static func timewarrior(_ record: LedgerRecord, id: Int) -> String {
    var tags = Set([record.kind.rawValue])
    if let project = record.project, !project.isEmpty { tags.insert(project) }
    var out = "{\"id\":\(id),\"start\":\"\(compactUTC(record.start.utc))\","
    out += "\"end\":\"\(compactUTC(record.end.utc))\",\"tags\":["
    out += tags.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map(JSON.quote)
      .joined(separator: ",")
    out += "]"
    if let note = record.note, !note.isEmpty { out += ",\"annotation\":" + JSON.quote(note) }
    return out + "}"
  }

  /// `20261123T080000Z`: timewarrior's `Datetime::toISO`.
  static func compactUTC(_ seconds: Int64) -> String {
    let (date, second) = CivilTime.split(seconds)
    return CivilTime.pad(date.year, 4) + CivilTime.pad(date.month, 2) + CivilTime.pad(date.day, 2) + "T"
      + CivilTime.pad(Int(second / 3600), 2) + CivilTime.pad(Int(second % 3600 / 60), 2)
      + CivilTime.pad(Int(second % 60), 2) + "Z"
  }

  /// `[start, stop, project, id, tags, updated_at]` as Watson's `Frame.dump` writes it:
  /// epoch seconds, the kind as the one tag, a 32-hex id derived from the record's (so a
  /// second export merges into the same frames), and the end as the update time.
  static func watson(_ record: LedgerRecord) -> String {
    let project = record.project.flatMap { $0.isEmpty ? nil : $0 } ?? watsonNoProject
    return "[\(record.start.utc),\(record.end.utc),\(JSON.quote(project)),"
      + "\"\(StableHash.hex128(record.id))\",[\"\(record.kind.rawValue)\"],\(record.end.utc)]"
  }
}
