/// The history as calendar events (`pomobar export --format ics`, RFC 5545): each work
/// interval a `VEVENT`, and with `--focus` each focus session too.
///
/// - `SUMMARY`: the project, or `Work` without one (`Focus: PROJECT` or `Focus`);
///   `DESCRIPTION`: the tags, the note, the time that counted when pauses left out some,
///   and for a focus its outcome and interruptions; `CATEGORIES`: the tags.
/// - Times are UTC (`DTSTART:20261025T003000Z`). A record keeps its instant and its
///   offset, not its zone's name, so a `TZID` would have to guess the zone; and a local
///   time with a `TZID` is ambiguous in the hour a daylight-saving change repeats (RFC
///   5545 3.3.5 takes the first), which would move work done in the second 02:30 of 25
///   October in Berlin by an hour. A UTC time is exact, and every calendar shows it on
///   the reader's own clock.
/// - `UID`: a hash of the record's id (machine, state epoch and serial) `@pomobar`, the
///   same in every export, so a calendar that imports again updates the event instead of
///   adding a second one; `DTSTAMP`: when the export was made, so the later export wins.
/// - Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence (RFC
///   5545 3.1); `\`, `;`, `,` and line breaks in text are escaped (3.3.11).
public struct ICalendarEncoder: Sendable {
  /// When the export is made, UTC seconds: every event's `DTSTAMP`.
  public var stamp: Int64
  /// Focus sessions as events too (`--focus`).
  public var focus: Bool

  public init(stamp: Int64, focus: Bool = false) {
    self.stamp = stamp
    self.focus = focus
  }

  public static let header =
    line("BEGIN:VCALENDAR") + line("VERSION:2.0") + line("PRODID:-//pomobar//pomobar export//EN")
    + line("CALSCALE:GREGORIAN") + line("METHOD:PUBLISH") + line("X-WR-CALNAME:pomobar")

  public static let footer = line("END:VCALENDAR")

  /// The event of `record`; nothing for a break, for a focus without `focus`, and for an
  /// interval that ends before it starts.
  public func event(_ record: LedgerRecord) -> String {
    switch record.kind {
    case .work: break
    case .focus: guard focus else { return "" }
    case .shortBreak, .longBreak: return ""
    }
    guard record.end.utc >= record.start.utc else { return "" }
    let name = record.project.flatMap { $0.isEmpty ? nil : $0 }
    let summary = record.kind == .focus ? "Focus" + (name.map { ": " + $0 } ?? "") : name ?? "Work"
    var out = Self.line("BEGIN:VEVENT")
    out += Self.line("UID:" + Self.uid(record))
    out += Self.line("DTSTAMP:" + ExportEncoder.compactUTC(stamp))
    out += Self.line("DTSTART:" + ExportEncoder.compactUTC(record.start.utc))
    out += Self.line("DTEND:" + ExportEncoder.compactUTC(record.end.utc))
    out += Self.line("SUMMARY:" + Self.text(summary))
    let description = Self.description(record)
    if !description.isEmpty { out += Self.line("DESCRIPTION:" + Self.text(description)) }
    if !record.tags.isEmpty {
      out += Self.line("CATEGORIES:" + record.tags.map(Self.text).joined(separator: ","))
    }
    out += Self.line("TRANSP:OPAQUE")
    return out + Self.line("END:VEVENT")
  }

  /// `32 hex digits@pomobar`, from the record's id alone: two mixed 64-bit hashes (see
  /// `StableHash.short`), so ids that differ in their last digit differ throughout.
  public static func uid(_ record: LedgerRecord) -> String {
    StableHash.hex(StableHash.short(record.id)) + StableHash.hex(StableHash.short("ics|" + record.id))
      + "@pomobar"
  }

  /// Tags, note, time counted (when pauses or time away left some out), and a focus's
  /// outcome and interruptions, one a line.
  static func description(_ record: LedgerRecord) -> String {
    var lines: [String] = []
    if !record.tags.isEmpty { lines.append(record.tags.map { "+" + $0 }.joined(separator: " ")) }
    if let note = record.note, !note.isEmpty { lines.append(note) }
    if record.seconds < record.end.utc - record.start.utc {
      lines.append("counted " + ReportFormat.hours(record.seconds, decimal: false))
    }
    if record.kind == .focus {
      var line = record.outcome?.rawValue ?? "running"
      if record.interruptions > 0 {
        line +=
          ", interruptions: \(record.internalInterruptions) internal, \(record.externalInterruptions) external"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// A TEXT value (RFC 5545 3.3.11): `\` `;` `,` escaped, a line break as `\n`; other
  /// control characters, which TEXT does not allow, dropped.
  static func text(_ value: String) -> String {
    var out = ""
    var previousWasReturn = false
    for scalar in value.unicodeScalars {
      defer { previousWasReturn = scalar == "\r" }
      switch scalar {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\r": out += "\\n"
      case "\n": if !previousWasReturn { out += "\\n" }
      case "\t": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A content line, folded: at most 75 octets a line, each further line starting with a
  /// space (RFC 5545 3.1), cut between characters' UTF-8 sequences; CRLF after each.
  static func line(_ content: String) -> String {
    // Most lines are short: nothing to fold (a scalar at a time was half of the export).
    if content.utf8.count <= 75 { return content + "\r\n" }
    var out = ""
    var octets = 0
    for scalar in content.unicodeScalars {
      let size = scalar.utf8.count
      if octets + size > 75 {
        out += "\r\n "
        octets = 1
      }
      out.unicodeScalars.append(scalar)
      octets += size
    }
    return out + "\r\n"
  }
}
