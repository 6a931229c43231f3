/// The history laid out as one timeline without overlaps, for tools that refuse overlapping
/// intervals (timewarrior) or add them up twice (Watson).
///
/// pomobar's records overlap by design: a focus or a break lies inside the work interval
/// that ran meanwhile. Cut at every record's start and end, each piece of time is covered
/// by a set of records, and one piece carries them all (as tags). A record counts its
/// `seconds`, which can be less than its span (pauses, whose places are not kept): its
/// time here is its first `seconds`, so a tool's totals equal pomobar's.
///
/// Records are given in order of start (`forEachRecordInOrder`); pieces come out in
/// order, as soon as nothing later can change them, so an export stays streamed.
public struct FlatTimeline {
  /// A stretch of time and the records that cover it.
  public struct Piece: Equatable {
    public var start: Int64
    public var end: Int64
    /// The covering records, in order of start.
    public var cover: [LedgerRecord]

    /// The record the piece is named after: the work interval if one covers it (its
    /// project is the one reports count), else the focus, else the break.
    public var primary: LedgerRecord {
      cover.first { $0.kind == .work } ?? cover.first { $0.kind == .focus } ?? cover[0]
    }

    /// The focus or break that covers the piece, if any: its note is the piece's.
    public var inner: LedgerRecord? { cover.first { $0.kind != .work } }

    public func covers(_ kind: LedgerRecord.Kind) -> Bool { cover.contains { $0.kind == kind } }

    /// Whether the piece counts as work in pomobar's reports: under the work clock, or a
    /// focus (a day without the work clock counts its focus as work).
    public var isWork: Bool { covers(.work) || covers(.focus) }

    /// The tags of the records that cover it, each once, in order of start: what a tool's
    /// tags carry beside the kinds and the project.
    public var tags: [String] {
      var tags: [String] = []
      for record in cover {
        for tag in record.tags where !tags.contains(tag) { tags.append(tag) }
      }
      return tags
    }

    /// Whether the piece starts where its primary record starts: the piece that keeps a
    /// record's own identity (a Watson frame id) in a tool.
    public var startsPrimary: Bool { start == primary.start.utc }
  }

  private var active: [(record: LedgerRecord, end: Int64)] = []
  private var cursor: Int64 = 0

  public init() {}

  /// Adds the next record; calls `emit` with every piece that ends at or before its start.
  public mutating func add(_ record: LedgerRecord, _ emit: (Piece) -> Void) {
    let start = record.start.utc
    if active.isEmpty {
      cursor = start
    } else {
      flush(until: start, emit)
    }
    let end = min(record.end.utc, start + max(0, record.seconds))
    guard end > max(start, cursor) else { return }
    active.append((record, end))
  }

  /// Emits what is left.
  public mutating func finish(_ emit: (Piece) -> Void) { flush(until: .max, emit) }

  private mutating func flush(until limit: Int64, _ emit: (Piece) -> Void) {
    while !active.isEmpty, cursor < limit {
      let next = min(limit, active.map(\.end).min()!)
      emit(Piece(start: cursor, end: next, cover: active.map(\.record)))
      cursor = next
      active.removeAll { $0.end <= next }
    }
    if active.isEmpty { cursor = max(cursor, limit == .max ? cursor : limit) }
  }

  /// Every piece of `records` (in order of start), at once: for tests and small exports.
  public static func pieces(_ records: [LedgerRecord]) -> [Piece] {
    var timeline = FlatTimeline()
    var out: [Piece] = []
    for record in records { timeline.add(record) { out.append($0) } }
    timeline.finish { out.append($0) }
    return out
  }
}

extension LedgerRecord {
  /// The Watson frame id a record imported from Watson keeps (`watson.<32 hex>`); nil for
  /// any other record.
  public var watsonFrameID: String? {
    guard id.utf8.starts(with: "watson.".utf8) else { return nil }
    let hex = id.dropFirst(7)
    guard hex.utf8.count == 32, hex.utf8.allSatisfy(\.isHexDigit) else { return nil }
    return String(hex)
  }

  /// The tags an import before `tags` existed put in the note (`tags: a, b`, after any
  /// other text), for writing them back to the tool they came from.
  var noteTags: (text: String?, tags: [String]) {
    guard let note, !note.isEmpty else { return (nil, []) }
    let bytes = Array(note.utf8)
    let marker = Array("tags: ".utf8)
    let separator = Array(" · tags: ".utf8)
    func split(_ rest: ArraySlice<UInt8>) -> [String] {
      var tags: [String] = []
      var current: [UInt8] = []
      var index = rest.startIndex
      while index < rest.endIndex {
        if rest[index] == UInt8(ascii: ","), index + 1 < rest.endIndex, rest[index + 1] == UInt8(ascii: " ") {
          tags.append(String(decoding: current, as: UTF8.self))
          current.removeAll()
          index += 2
          continue
        }
        current.append(rest[index])
        index += 1
      }
      tags.append(String(decoding: current, as: UTF8.self))
      return tags
    }
    if bytes.starts(with: marker) { return (nil, split(bytes[marker.count...])) }
    var at = bytes.count - separator.count
    while at > 0 {
      if bytes[at..<(at + separator.count)].elementsEqual(separator) {
        return (String(decoding: bytes[..<at], as: UTF8.self), split(bytes[(at + separator.count)...]))
      }
      at -= 1
    }
    return (note, [])
  }
}

extension UInt8 {
  var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
  }
}
