/// Writes records in an exchange format, one at a time: `header`, then `element` for each
/// record in order, then `footer`. Nothing is kept between calls but a counter, so an
/// export of a million records runs in the memory of one; only `org`, whose headings
/// gather the records of a project, keeps its text until the footer.
public struct ExportEncoder {
  public let format: ExchangeFormat
  /// How many elements were written.
  private var written = 0
  /// For timewarrior: how many intervals the export holds (`timew export` numbers its
  /// intervals from the latest, `@1`, back to the oldest); see `intervalCount`.
  private let total: Int
  /// For the tools' formats: the records laid end to end (see `FlatTimeline`).
  private var timeline = FlatTimeline()

  /// Watson's frames, hledger's accounts and org's headings need a project; records
  /// without one get this, and an import of a Watson file reads it back as no project.
  public static let noProject = "(no project)"

  public static let csvColumns = [
    "id", "kind", "start", "end", "seconds", "hours", "project", "outcome", "internal", "external",
    "gap", "note", "tags",
  ]

  /// The columns a CSV gains when billing is configured (`billing`): the record's
  /// rate, its billable seconds (less the breaks inside), rounded seconds and amount.
  public static let csvBillingColumns = ["rate", "billable_seconds", "rounded_seconds", "amount"]

  /// For a CSV: billing is on, and each row has the billing columns, from the bill given
  /// with its record (`BillingStream`). false: no billing columns.
  public var billing = false

  /// For `ics`: when the export is made, and whether focus sessions are events too.
  private let calendar: ICalendarEncoder
  /// For `klog`: the date written last.
  private var klog: KlogEncoder
  /// The records `--kind` chose (for `timeclock` and `org`: with `work`, a focus is work).
  private let kind: ExportKind
  /// For `org`: the headings so far.
  private var org = OrgEncoder()
  /// The history's edits, when any bill applies (`HistoryFold.isBilling`): CSV rows then
  /// end with `billed` (when, ISO 8601, or empty) and `invoice`, and JSON elements with
  /// `"billed"` (`{"at":…,"invoice":…}` or null). nil: the columns and keys as before bills.
  public var billMarks: HistoryFold? = nil
  /// For CSV: tasks are configured (`[tasks] source`), and each row ends with a `task`
  /// column, its title (empty for none). false: the columns as before tasks.
  public var tasks = false

  /// - Parameter ledger: the ledger's days (`[ledger] day-starts-at`).
  public init(
    format: ExchangeFormat, total: Int = 0, calendar: ICalendarEncoder = ICalendarEncoder(stamp: 0),
    ledger: LedgerCalendar = LedgerCalendar(), kind: ExportKind = .all
  ) {
    self.format = format
    self.total = total
    self.calendar = calendar
    self.kind = kind
    klog = KlogEncoder(calendar: ledger)
  }

  /// How many intervals a timewarrior export of these records holds: call `forEach` with
  /// a body that takes each record in order of start.
  public static func intervalCount(_ forEach: ((LedgerRecord) -> Void) -> Void) -> Int {
    var timeline = FlatTimeline()
    var count = 0
    forEach { record in timeline.add(record) { _ in count += 1 } }
    timeline.finish { _ in count += 1 }
    return count
  }

  public func header() -> String {
    switch format {
    case .csv:
      return CSV.row(
        Self.csvColumns + (billing ? Self.csvBillingColumns : [])
          + (billMarks == nil ? [] : Self.billColumns) + (tasks ? ["task"] : []))
    case .json, .timewarrior, .watson: return "[\n"
    case .timewarriorData, .klog, .timeclock, .org: return ""
    case .ics: return ICalendarEncoder.header
    }
  }

  /// The text for one more record (in order of start): for the tools' formats, the pieces
  /// of the timeline that it closes, which may be none or several. `bill`: the record's
  /// billing, for a CSV's billing columns.
  public mutating func element(_ record: LedgerRecord, bill entryBill: EntryBill? = nil) -> String {
    switch format {
    case .csv:
      var out: [UInt8] = []
      element(record, bill: entryBill, into: &out)
      return String(decoding: out, as: UTF8.self)
    case .json:
      defer { written += 1 }
      let element = (written == 0 ? "" : ",\n") + String(record.jsonLine.dropLast())
      guard billMarks != nil else { return element }
      return String(element.dropLast()) + ",\"billed\":" + Self.billJSON(bill(record)) + "}"
    case .ics:
      return calendar.event(record)
    case .klog:
      return klog.entry(record)
    case .timeclock:
      return TimeclockEncoder.entry(record, asWork: kind == .work)
    case .org:
      org.add(record, asWork: kind == .work)
      return ""
    case .timewarrior, .timewarriorData, .watson:
      var out = ""
      var timeline = self.timeline
      timeline.add(record) { out += self.piece($0) }
      self.timeline = timeline
      return out
    }
  }

  /// `element`'s bytes, added to `out`: a CSV row is written as bytes straight from the
  /// record (a `String` per field and row was half of a CSV export).
  public mutating func element(
    _ record: LedgerRecord, bill entryBill: EntryBill? = nil, into out: inout [UInt8]
  ) {
    guard format == .csv else {
      out += element(record, bill: entryBill).utf8
      return
    }
    written += 1
    Self.csvFields(record, into: &out)
    if billing { Self.csvBilling(entryBill, into: &out) }
    if billMarks != nil {
      let bill = self.bill(record)
      out.append(UInt8(ascii: ","))
      if let bill { bill.at.iso8601(into: &out) }
      out.append(UInt8(ascii: ","))
      CSV.append(bill?.invoice ?? "", to: &out)
    }
    if tasks {
      out.append(UInt8(ascii: ","))
      CSV.append(record.task?.title ?? "", to: &out)
    }
    out += CSV.lineEnd
  }

  public mutating func footer() -> String {
    var out = ""
    var timeline = self.timeline
    timeline.finish { out += self.piece($0) }
    self.timeline = timeline
    switch format {
    case .csv, .timewarriorData, .klog, .timeclock: return out
    case .org: return org.text()
    case .json, .timewarrior, .watson: return out + (written == 0 ? "]\n" : "\n]\n")
    case .ics: return ICalendarEncoder.footer
    }
  }

  private mutating func piece(_ piece: FlatTimeline.Piece) -> String {
    defer { written += 1 }
    let separator = written == 0 ? "" : ",\n"
    switch format {
    case .timewarrior: return separator + Self.timewarrior(piece, id: max(1, total - written))
    case .timewarriorData: return Self.timewarriorData(piece)
    case .watson: return separator + Self.watson(piece)
    case .csv, .json, .ics, .klog, .timeclock, .org: return ""
    }
  }

  /// The record's bill: a break's is never looked up (`bill` marks work and focus).
  private func bill(_ record: LedgerRecord) -> BillMark? {
    record.kind.isBreak ? nil : billMarks?.bill(of: RecordKey(record.id))
  }

  /// The columns a CSV export adds when a bill applies to the history.
  public static let billColumns = ["billed", "invoice"]

  /// `{"at":"2026-11-30T18:00:00+01:00","invoice":"2026-042"}` (`invoice` null when none
  /// was given), or null for a record no bill marks.
  static func billJSON(_ bill: BillMark?) -> String {
    guard let bill else { return "null" }
    return "{\"at\":\"\(bill.at.iso8601)\",\"invoice\":" + (bill.invoice.map(JSON.quote) ?? "null") + "}"
  }

  // MARK: - The formats

  /// `id,kind,start,end,seconds,hours,project,outcome,internal,external,gap,note,tags`,
  /// local ISO 8601 times with their offset, hours with two decimals, tags joined by `;`
  /// (which no tag holds: `TagName`); no project, outcome, note or tag is an empty field.
  static func csvRow(_ record: LedgerRecord) -> String {
    var out: [UInt8] = []
    csvFields(record, into: &out)
    out += CSV.lineEnd
    return String(decoding: out, as: UTF8.self)
  }

  /// `csvRow`'s fields of the record itself, without the line's end, added to `out`.
  static func csvFields(_ record: LedgerRecord, into out: inout [UInt8]) {
    let comma = UInt8(ascii: ",")
    CSV.append(record.id, to: &out)
    out.append(comma)
    CSV.append(record.kind.rawValue, to: &out)
    out.append(comma)
    record.start.iso8601(into: &out)
    out.append(comma)
    record.end.iso8601(into: &out)
    out.append(comma)
    CSV.append(record.seconds, to: &out)
    out.append(comma)
    hours(record.seconds, into: &out)
    out.append(comma)
    CSV.append(record.project ?? "", to: &out)
    out.append(comma)
    CSV.append(record.outcome?.rawValue ?? "", to: &out)
    out.append(comma)
    CSV.append(Int64(record.internalInterruptions), to: &out)
    out.append(comma)
    CSV.append(Int64(record.externalInterruptions), to: &out)
    out.append(comma)
    CSV.append(record.gap, to: &out)
    out.append(comma)
    CSV.append(record.note ?? "", to: &out)
    out.append(comma)
    if !record.tags.isEmpty { CSV.append(record.tags.joined(separator: ";"), to: &out) }
  }

  /// The billing columns of a record, each after a comma, added to `out`: `95.00 EUR/h`,
  /// seconds, rounded seconds and the amount as a plain decimal (`23.75`); empty for a
  /// record that is not billed (and the rate and amount of billable time without a rate).
  static func csvBilling(_ bill: EntryBill?, into out: inout [UInt8]) {
    guard let bill else {
      out += ",,,,".utf8
      return
    }
    out.append(UInt8(ascii: ","))
    CSV.append(bill.rate?.description ?? "", to: &out)
    out.append(UInt8(ascii: ","))
    CSV.append(bill.billable, to: &out)
    out.append(UInt8(ascii: ","))
    CSV.append(bill.rounded, to: &out)
    out.append(UInt8(ascii: ","))
    CSV.append(bill.amount?.plain ?? "", to: &out)
  }

  /// What a record's time is added up under in the formats that total time by name
  /// (hledger's accounts, org's headings): its project (nothing without one). `asWork`:
  /// every record is work (`--kind work`), so a focus counted as work is its project's;
  /// else a focus or a break is under its kind first (`["focus", "acme"]`,
  /// `["short-break"]`), apart from the work it lies in.
  static func totalPath(_ record: LedgerRecord, asWork: Bool) -> [String] {
    let project = record.project.flatMap { $0.isEmpty ? nil : $0 }
    let kind = record.kind == .work || asWork ? nil : record.kind.rawValue
    return [kind, project].compactMap { $0 }
  }

  /// The seconds a record counted, within its interval: how long a format that has no
  /// room for a pause writes it, from its start (the pause's place is not kept).
  static func counted(_ record: LedgerRecord) -> Int64 {
    max(0, min(record.seconds, record.end.utc - record.start.utc))
  }

  /// `1.75` for 6300 seconds: hundredths of an hour, rounded half up.
  static func hours(_ seconds: Int64) -> String {
    var out: [UInt8] = []
    hours(seconds, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `hours`' bytes, added to `out`.
  static func hours(_ seconds: Int64, into out: inout [UInt8]) {
    let hundredths = (max(0, seconds) * 100 + 1800) / 3600
    let fraction = hundredths % 100
    CSV.append(hundredths / 100, to: &out)
    out.append(UInt8(ascii: "."))
    out.append(UInt8(48 + fraction / 10))
    out.append(UInt8(48 + fraction % 10))
  }

  /// A piece's timewarrior tags: the kinds that cover it (`work` for every piece a report
  /// counts as work, `focus`, `short-break`, `long-break`) and the project of the work
  /// (or of the focus, when no work covers it); a break outside work has no project, as
  /// reports count none.
  ///
  /// The project is always `project:NAME`, which an import takes for the project whatever
  /// the other tags are (timewarrior keeps tags sorted, so no place in the list can say
  /// it), and also the bare `NAME`, so `timew summary NAME` counts it; the bare name is
  /// left out when it would read as a kind or an escape (`plain`). A piece without a
  /// project but with tags carries `project:` (none), so no tag is taken for a project.
  /// The records' own tags follow (`piece.tags`), `tag:NAME` for one that could read as
  /// something else (`escapedTag`). Every tag is written as timewarrior can keep it
  /// (`timewarriorText`).
  static func timewarriorTags(_ piece: FlatTimeline.Piece) -> [String] {
    var tags = Set<String>()
    if piece.isWork { tags.insert(LedgerRecord.Kind.work.rawValue) }
    for record in piece.cover where record.kind != .work { tags.insert(record.kind.rawValue) }
    let primary = piece.primary
    let project = piece.isWork ? primary.project.flatMap { $0.isEmpty ? nil : $0 } : nil
    let own = piece.tags
    if let project {
      tags.insert(timewarriorText("project:" + project))
      if plain(project) { tags.insert(timewarriorText(project)) }
    } else if !own.isEmpty {
      tags.insert("project:")
    }
    for tag in own { tags.insert(timewarriorText(escapedTag(tag, project: project))) }
    return tags.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// Whether a name, as a tool's tag, reads as itself: not a kind, not `project:…` or
  /// `tag:…`.
  static func plain(_ name: String) -> Bool {
    LedgerRecord.Kind(rawValue: name) == nil && !name.utf8.starts(with: "project:".utf8)
      && !name.utf8.starts(with: "tag:".utf8)
  }

  /// A record's tag as a tool's tag: `tag:NAME` when it could read as something else (a
  /// kind, `project:…`, `tag:…`, or the project's own tag), else the tag itself. An import
  /// reads `tag:NAME` back as the tag `NAME`.
  public static func escapedTag(_ tag: String, project: String?) -> String {
    plain(tag) && tag != project ? tag : "tag:" + tag
  }

  /// A tag or a note as timewarrior can keep it. timewarrior writes its data files with
  /// only `"` escaped and reads them back through a lexer that takes a backslash and
  /// `U+XXXX` for escapes; before it adds an interval (`timew import`, and every later
  /// change of it) it checks that the line reads back the same, and refuses the whole
  /// import if not. It writes control characters into `timew export` unescaped, which is
  /// then not JSON, and a line break would split a data line. So control characters
  /// become spaces, a backslash `⧵` (U+29F5), and the `+` of `U+XXXX` `＋` (U+FF0B).
  static func timewarriorText(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x5C || $0 == 0x2B || $0 == 0x7F || $0 == 0xC2 })
    else { return text }
    let scalars = Array(text.unicodeScalars)
    let hex = "0123456789abcdefABCDEF".unicodeScalars
    var out = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      switch scalar.value {
      case 0x5C: out.append("\u{29F5}")
      case 0x2B
      where index > 0 && scalars[index - 1] == "U" && index + 4 < scalars.count
        && scalars[(index + 1)...(index + 4)].allSatisfy(hex.contains):
        out.append("\u{FF0B}")
      case 0..<0x20, 0x7F...0x9F: out.append(" ")
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// The note a piece carries: the focus's or break's, else the work's; after the task it
  /// was for (the focus's, else the work's), `write the report — the note`.
  static func annotation(_ piece: FlatTimeline.Piece) -> String? {
    let note = (piece.inner?.note ?? piece.primary.note).flatMap { $0.isEmpty ? nil : $0 }
    let task = (piece.inner?.task ?? piece.primary.task)?.title
    let text = [task, note].compactMap { $0 }.joined(separator: " — ")
    return text.isEmpty ? nil : timewarriorText(text)
  }

  /// `{"id":3,"start":"20261123T080000Z","end":"20261123T082500Z","tags":["api","focus","work"]}`
  /// as timewarrior's `Interval::json` writes it: tags are a set (sorted, no repeats),
  /// and the annotation (the note) only when there is one.
  static func timewarrior(_ piece: FlatTimeline.Piece, id: Int) -> String {
    var out = "{\"id\":\(id),\"start\":\"\(compactUTC(piece.start))\","
    out += "\"end\":\"\(compactUTC(piece.end))\",\"tags\":["
    out += timewarriorTags(piece).map(JSON.quote).joined(separator: ",")
    out += "]"
    if let note = annotation(piece) { out += ",\"annotation\":" + JSON.quote(note) }
    return out + "}"
  }

  /// `inc 20261123T080000Z - 20261123T082500Z # api focus project:api work # "note"`: a
  /// line of timewarrior's own data files (`data/YYYY-MM.data`), byte for byte as its
  /// `Interval::serialize` writes the interval: timewarrior finds an interval it changes
  /// or deletes by that line, and refuses when the line is written otherwise.
  static func timewarriorData(_ piece: FlatTimeline.Piece) -> String {
    var out = "inc \(compactUTC(piece.start)) - \(compactUTC(piece.end))"
    let tags = timewarriorTags(piece)
    let note = annotation(piece)
    if !tags.isEmpty || note != nil {
      out += " #"
      for tag in tags { out += " " + timewarriorQuoted(tag, always: false) }
    }
    if let note { out += " # " + timewarriorQuoted(note, always: true) }
    return out + "\n"
  }

  /// timewarrior's `quoteIfNeeded` (always quoted for an annotation): in quotes when the
  /// text holds a space, a quote or one of `+-/()<^!=~_%`, a quote inside escaped with a
  /// backslash.
  static func timewarriorQuoted(_ text: String, always: Bool) -> String {
    let needs = always || text.utf8.contains { Self.quotedBytes.contains($0) }
    guard needs else { return text }
    var out = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" { out += "\\" }
      out.unicodeScalars.append(scalar)
    }
    return out + "\""
  }

  private static let quotedBytes = Set(" \"+-/()<^!=~_%".utf8)

  /// `20261123T080000Z`: timewarrior's `Datetime::toISO`.
  static func compactUTC(_ seconds: Int64) -> String {
    let (date, second) = CivilTime.split(seconds)
    return CivilTime.pad(date.year, 4) + CivilTime.pad(date.month, 2) + CivilTime.pad(date.day, 2) + "T"
      + CivilTime.pad(Int(second / 3600), 2) + CivilTime.pad(Int(second % 3600 / 60), 2)
      + CivilTime.pad(Int(second % 60), 2) + "Z"
  }

  /// `[start, stop, project, id, tags, updated_at]` as Watson's `Frame.dump` writes it, one
  /// frame per piece: the project of the work (or focus) covering it (a break outside
  /// work has none), the kinds other than work as tags (a break under the work clock also
  /// `work`), the records' tags (`tag:NAME` for one that reads as a kind, see
  /// `escapedTag`), the task it was for (`task:write the report`), and the tags an older
  /// Watson import kept in the note. The piece that
  /// starts a record has the record's frame id (the one it had in Watson, or one derived
  /// from its id), later pieces one derived from the record and their start: a second
  /// export merges into the same frames. The update time is the latest `updated` of the
  /// records covering it (a frame's own `updated_at`, or when it was changed here), the
  /// piece's end for a record without: a frame read from Watson goes back exactly as it
  /// came, which `watson merge` leaves alone, and one changed here is newer than Watson's,
  /// which `watson sync` pushes.
  static func watson(_ piece: FlatTimeline.Piece) -> String {
    let primary = piece.primary
    let named = piece.isWork ? primary.project.flatMap { $0.isEmpty ? nil : $0 } : nil
    let project = named ?? noProject
    var tags: [String] = []
    for kind in LedgerRecord.Kind.allCases where kind != .work && piece.covers(kind) {
      tags.append(kind.rawValue)
    }
    if piece.covers(.work) && !piece.covers(.focus) && !tags.isEmpty { tags.append("work") }
    // `work` reads as a kind only beside a break (every frame is work): a `work` tag of
    // the record's own goes as it is, so a Watson frame tagged `work` comes back unchanged.
    let hasBreak = tags.contains { LedgerRecord.Kind(rawValue: $0)?.isBreak == true }
    for tag in piece.tags {
      let escaped = tag == LedgerRecord.Kind.work.rawValue && !hasBreak ? tag : escapedTag(tag, project: nil)
      if !tags.contains(escaped) { tags.append(escaped) }
    }
    // The task it was for (the focus's, else the work's), as `task:TITLE`.
    if let task = (piece.inner?.task ?? primary.task)?.title, !tags.contains("task:" + task) {
      tags.append("task:" + task)
    }
    // Tags a Watson import kept in the note (that of the focus or break, when there is one).
    for record in [primary, piece.inner].compactMap({ $0 }) where record.id.utf8.starts(with: "watson.".utf8)
    {
      for tag in record.noteTags.tags where !tags.contains(tag) { tags.append(tag) }
    }
    let id =
      piece.startsPrimary
      ? primary.watsonFrameID ?? StableHash.hex128(primary.id)
      : StableHash.hex128("\(primary.id)@\(piece.start)")
    let updated = piece.cover.map { $0.updated?.utc ?? piece.end }.max() ?? piece.end
    return "[\(piece.start),\(piece.end),\(JSON.quote(project)),\"\(id)\","
      + "[\(tags.map(JSON.quote).joined(separator: ","))],\(updated)]"
  }
}

/// Records as klog writes time (github.com/jotaen/klog, `Specification.md` 1.2): a klog
/// *record* per day, its date on the first line, an *entry* per pomobar record under it.
///
/// ```
/// 2026-11-23
///     8:00 - 9:30 #api #billable fixed the login
///     22:30 - 0:45> #api
/// ```
///
/// The date is the ledger's day of the record's start (`[ledger] day-starts-at`): a
/// record after midnight that counts in the day before is written `1:00> - 2:00>` there,
/// as klog shifts a time to the next day, so klog's totals per date are `pomobar
/// report`'s. Times are the start's local clock, rounded to the minute; the end is the
/// start plus the interval (klog has no time zones: a range across a clock change is
/// written in the start's time, its length right). Time that did not count (asleep,
/// away) follows as a negative duration, so the entry adds up to its counted minutes; an
/// interval that ends more than a day after its date's midnight, which no range can
/// say, is a duration. The project and tags are `#tags` (a character klog does not
/// allow in a tag, anything but a letter, a digit or `_`, becomes `_`), a kind other than
/// work too (`#focus`, `#short_break`), then the note on one line.
struct KlogEncoder {
  let calendar: LedgerCalendar
  /// The date of the klog record written last; nil before the first.
  private var date: Int64? = nil

  init(calendar: LedgerCalendar) { self.calendar = calendar }

  /// The lines of one more record, in order of start: its date first when it is a new one.
  mutating func entry(_ record: LedgerRecord) -> String {
    let day = calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)
    var out = ""
    if day != date {
      out += (date == nil ? "" : "\n") + CivilTime.date(fromDays: day).description + "\n"
      date = day
    }
    let midnight = day * 86_400
    let start = Self.minutes(record.start.local - midnight)
    let end = Self.minutes(record.start.local + max(0, record.end.utc - record.start.utc) - midnight)
    let counted = Self.minutes(record.seconds)
    let summary = Self.summary(record)
    guard end < 2 * 1440 else { return out + "    " + Self.duration(counted) + summary + "\n" }
    out += "    " + Self.time(start) + " - " + Self.time(end) + summary + "\n"
    if end - start > counted { out += "    -" + Self.duration(end - start - counted) + " not counted\n" }
    return out
  }

  /// Seconds to whole minutes, half a minute up.
  static func minutes(_ seconds: Int64) -> Int64 {
    let shifted = seconds + 30
    return shifted >= 0 ? shifted / 60 : (shifted - 59) / 60
  }

  /// `8:05`, `0:45>` for a time of the next day (minutes after the date's midnight).
  static func time(_ minutes: Int64) -> String {
    let next = minutes >= 1440
    return ClockTime.text((next ? minutes - 1440 : minutes) * 60, paddedHour: false) + (next ? ">" : "")
  }

  /// `1h30m`, `45m`, `2h`.
  static func duration(_ minutes: Int64) -> String {
    let (hours, rest) = (minutes / 60, minutes % 60)
    if hours == 0 { return "\(rest)m" }
    return "\(hours)h" + (rest == 0 ? "" : "\(rest)m")
  }

  /// ` #api #billable the note`, or nothing.
  static func summary(_ record: LedgerRecord) -> String {
    var words: [String] = []
    if let project = record.project, !project.isEmpty { words.append(tag(project)) }
    if record.kind != .work { words.append(tag(record.kind.rawValue)) }
    for name in record.tags {
      let word = tag(name)
      if !words.contains(word) { words.append(word) }
    }
    if let note = record.note, !note.isEmpty { words.append(oneLine(note)) }
    return words.isEmpty ? "" : " " + words.joined(separator: " ")
  }

  /// `#client_x` for `client-x`: a letter (Unicode category L), an ASCII digit or `_` as
  /// it is, anything else `_`.
  static func tag(_ name: String) -> String {
    var out = "#"
    for scalar in name.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        out.unicodeScalars.append(scalar)
      default:
        out += ("0"..."9").contains(scalar) ? String(scalar) : "_"
      }
    }
    return out
  }

  /// A note on one line: line breaks, tabs and other control characters become spaces.
  static func oneLine(_ note: String) -> String {
    String(
      String.UnicodeScalarView(
        note.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }
}
