/// The formats `pomobar export` writes and `pomobar import` reads.
public enum ExchangeFormat: String, CaseIterable, Sendable {
  /// A header and one row per record, RFC 4180, UTF-8, CRLF line ends.
  case csv
  /// A JSON array of the history's own line objects.
  case json
  /// The JSON array `timew export` prints and `timew import` reads.
  case timewarrior
  /// A Watson `frames` file, which `watson merge` accepts.
  case watson
  /// Lines of timewarrior's own data files (`inc START - END # tags`), for timewarrior
  /// before 1.5, which has no `import`. Written only: import `timew export` instead.
  case timewarriorData = "timewarrior-data"
  /// An iCalendar file (RFC 5545) of work intervals, and with `--focus` focus sessions,
  /// for calendars (`ICalendarEncoder`). Written only.
  case ics
  /// A klog file (`KlogEncoder`): a record per day, an entry per work interval. Written
  /// only.
  case klog
  /// hledger's timeclock format (`TimeclockEncoder`): a clock-in and a clock-out line per
  /// record, the project the account. Written only.
  case timeclock
  /// Emacs org-mode clock lines (`OrgEncoder`): a heading per project, a clock line per
  /// record in its logbook. Written only.
  case org

  public static var names: [String] { allCases.map(\.rawValue) }

  /// What `pomobar export --help` says of it, a line each. The help, the usages, the
  /// summary and the completions are made from the cases; `ExchangeFormatTests` holds
  /// docs/import-export.md to them.
  public var help: [String] {
    switch self {
    case .csv:
      return [
        "a header and one row per record (RFC 4180, UTF-8): id, kind,",
        "start, end (local ISO 8601), seconds, hours, project, outcome,",
        "internal, external, gap, note, tags (joined by ;). Focus sessions",
        "and breaks lie inside work: to sum the seconds, take --kind work",
      ]
    case .json: return ["an array of the history's own record objects"]
    case .timewarrior: return ["the array `timew export` prints, for `timew import`"]
    case .timewarriorData: return ["lines of timewarrior's data files, for timewarrior 1.4"]
    case .watson: return ["a frames file for `watson merge` (no project: \"(no project)\")"]
    case .ics:
      return [
        "an iCalendar file (RFC 5545): each work interval an event titled",
        "by its project, tags and note in the description, UTC times, a",
        "UID per record (importing again updates); --focus adds focus",
        "sessions",
      ]
    case .klog:
      return [
        "a klog file: under each date an entry per interval, `8:00 - 9:30`,",
        "the project and tags as #tags, then the note; what report counts",
        "as work unless --kind says otherwise",
      ]
    case .timeclock:
      return [
        "hledger's timeclock: `i DATE TIME PROJECT  note ; tag:` and",
        "`o DATE TIME PROJECT` per interval, the project an account; what",
        "report counts as work unless --kind says otherwise",
      ]
    case .org:
      return [
        "Emacs org-mode, written at the end: a heading per project, a",
        "`CLOCK:` line per interval in its :LOGBOOK: drawer, tags and note",
        "in an item after it; what report counts as work unless --kind",
        "says otherwise",
      ]
    }
  }

  /// The records written without `--kind`: all of them, unless the format's readers add
  /// up every entry (then what `report` counts as work).
  public var defaultKind: ExportKind {
    switch self {
    case .csv, .json, .timewarrior, .timewarriorData, .watson, .ics: return .all
    case .klog, .timeclock, .org: return .work
    }
  }

  /// How `import` reads a file of the format.
  public enum Reader: Equatable, Sendable {
    /// Rows of CSV (`ImportDecoder.decodeCSV`).
    case csv
    /// A JSON array, each element an entry of this kind (`ImportDecoder.records`).
    case jsonArray(Element)
    /// Written only: what `import` says instead.
    case none(String)
  }

  /// What an element of a JSON array is.
  public enum Element: Equatable, Sendable {
    /// A line object of the history (`LedgerRecord(jsonLine:)`).
    case record
    /// A `timew export` interval.
    case timewarrior
    /// A Watson frame.
    case watson
  }

  public var reader: Reader {
    switch self {
    case .csv: return .csv
    case .json: return .jsonArray(.record)
    case .timewarrior: return .jsonArray(.timewarrior)
    case .watson: return .jsonArray(.watson)
    case .timewarriorData:
      return .none("timewarrior's data files are not read: import what `timew export` prints instead")
    case .ics: return .none("calendars are not read: import pomobar's csv or json export instead")
    case .klog: return .none("klog files are not read: import pomobar's csv or json export instead")
    case .timeclock:
      return .none("timeclock files are not read: import pomobar's csv or json export instead")
    case .org: return .none("org files are not read: import pomobar's csv or json export instead")
    }
  }

  /// Whether `import` reads it (timewarrior's data lines, calendars, klog, timeclock and
  /// org files are written only).
  public var isReadable: Bool {
    if case .none = reader { return false }
    return true
  }

  /// The formats `import` reads.
  public static var readable: [ExchangeFormat] { allCases.filter(\.isReadable) }

  /// The format of an exported file, from its first bytes; nil when it looks like none.
  ///
  /// An array of arrays is Watson's; an array of objects is pomobar's JSON when its first
  /// object has a `kind` or `seconds` key, timewarrior's otherwise (an empty array reads
  /// as JSON: there is nothing in it either way); text whose first line names an `id`, a
  /// `start` and an `end` column is CSV, text that starts with a date is klog, with `i `
  /// and a date timeclock, and with a heading (`* `) org.
  public static func guess(_ bytes: [UInt8]) -> ExchangeFormat? {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, JSONArrayScanner.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "[") {
      var first: JSONValue? = nil
      var sawElement = false
      JSONArrayScanner.forEachElement(bytes) { element in
        sawElement = true
        if case .success(let range) = element { first = try? JSON.parse(bytes[range]) }
        return false
      }
      guard sawElement else { return .json }
      switch first {
      case .array: return .watson
      case .object(let members):
        return members.contains { $0.0 == "kind" || $0.0 == "seconds" } ? .json : .timewarrior
      case .none, .null, .bool, .number, .integer, .string: return nil
      }
    }
    if bytes[index...].starts(with: "inc ".utf8) { return .timewarriorData }
    if bytes[index...].starts(with: "BEGIN:VCALENDAR".utf8) { return .ics }
    if bytes[index...].starts(with: "* ".utf8) { return .org }
    let line = bytes[index...].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
    // A klog record's first line is its date, `2026-11-23`; a timeclock file's a clock-in
    // at a date, `i 2026-11-23 08:00 acme`.
    let clockIn = line.starts(with: "i ".utf8)
    let date = Array(line.dropFirst(clockIn ? 2 : 0).prefix(10))
    if date.count == 10,
      date.indices.allSatisfy({
        $0 == 4 || $0 == 7
          ? date[$0] == UInt8(ascii: "-") || date[$0] == UInt8(ascii: "/") : date[$0] &- 0x30 < 10
      })
    {
      return clockIn ? .timeclock : .klog
    }
    let columns = CSV.fields(ofLine: Array(line))
    return ["id", "start", "end"].allSatisfy(columns.contains) ? .csv : nil
  }
}

/// FNV-1a, 64 bits: stable across runs, machines and versions (Swift's `Hasher` is seeded
/// per process), which ids derived from content need.
public enum StableHash {
  public static func fnv1a(_ text: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    fnv1a(utf8: text.utf8, seed: seed)
  }

  /// `fnv1a` of UTF-8 bytes as they are, for ids read in place from a line.
  public static func fnv1a(utf8 bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = seed
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }

  /// 16 lowercase hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// What a short id is the hex digits of: FNV-1a of the id, mixed (splitmix64's
  /// finalizer) so that ids that differ in one character, as the records of one
  /// transition do (`….41`, `….42`), differ from the first digit on, not in a middle one.
  public static func short(_ id: String) -> UInt64 { short(utf8: id.utf8) }

  /// `short` of an id's UTF-8 bytes.
  public static func short(utf8 bytes: some Sequence<UInt8>) -> UInt64 {
    var z = fnv1a(utf8: bytes)
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// 32 hex digits from two differently seeded hashes: the shape of a Watson frame id
  /// (a UUID's hex), so `watson push` can still read it.
  public static func hex128(_ text: String) -> String {
    hex(fnv1a(text)) + hex(fnv1a(text, seed: 0x6c62_272e_07bb_0142))
  }
}

extension LedgerRecord {
  /// What `pomobar log` shows and `history remove` accepts: hex digits of a hash of the
  /// id, of which any unique prefix names the record.
  ///
  /// Record ids share long prefixes (the machine, the state's epoch), so a prefix of the
  /// id itself would need many characters to be unique; a hash spreads them.
  public var shortID: String { StableHash.hex(StableHash.short(id)) }

  /// The id an imported interval gets: the same interval from the same kind of file
  /// gets the same id wherever and however often it is imported, whatever project its
  /// tags are taken to name (`ProjectTags`: that can change between imports). The key
  /// keeps the empty project field of the ids made before, so that they stay the same.
  static func importedID(_ format: ExchangeFormat, start: Int64, end: Int64, kind: Kind) -> String {
    let key = "\(format.rawValue)|\(start)|\(end)|\(kind.rawValue)|"
    return "import.\(format.rawValue).\(StableHash.hex(StableHash.fnv1a(key)))"
  }

  /// Whether the record was read from `format`'s files (`importedID`, or a Watson frame's
  /// own id): the records an import from there matches its intervals against.
  public func came(from format: ExchangeFormat) -> Bool {
    id.utf8.starts(with: "import.\(format.rawValue).".utf8)
      || (format == .watson && id.utf8.starts(with: "watson.".utf8))
  }

  /// What makes two records the same interval when ids cannot tell (a record exported to
  /// timewarrior and imported back gets a new id): the instants, the kind and the project.
  public var sameIntervalKey: String {
    "\(start.utc)|\(end.utc)|\(kind.rawValue)|\(project ?? "")"
  }
}
