/// What an import does with each record it read, against the records already in the history.
///
/// A record read from timewarrior or Watson is first matched to a record an earlier import
/// took from the same tool (`Known`: what the history holds now, and what the tool said
/// of it last time), by these rules in order, each record matched once:
/// 1. the same id (a Watson frame's), or the same kind, start and end as the tool had it;
/// 2. the one unmatched record of the same kind that overlaps it and shares its start or
///    its end (lengthened or shortened in the tool: `timew lengthen`, `timew shorten`);
/// 3. the one unmatched record of the same kind that overlaps it, when it overlaps no
///    other unmatched record read (moved by less than its length: `timew move`).
///
/// A matched record is merged three ways (`ImportMerge`): what changed in the tool since
/// the last import is taken, what was changed here is kept, and where both changed a
/// field, the local edit is kept and the import says so. A record a person removed here
/// (`history remove`) stays removed.
///
/// Anything else goes as before there were sources:
/// - the same id with the same content, or the same interval (start, end, kind, project)
///   and tags: already there;
/// - every second within records of the same kind and project already there (a piece of
///   pomobar's own timewarrior or Watson export, read back): covered, skipped;
/// - the same id with another interval or other tags (pomobar's CSV or JSON export of a
///   record edited since): replaced whole;
/// - anything else is added; `overlapping` counts those that overlap a record of the same
///   kind (already there, or added with it), which reports then count twice.
public struct ImportPlan {
  /// A record an earlier import took from the tool now read.
  public struct Known: Equatable, Sendable {
    /// The record as the history has it now; nil when a person removed it.
    public var local: LedgerRecord?
    /// What the tool said of it the last time it was imported.
    public var base: LedgerRecord

    public init(local: LedgerRecord?, base: LedgerRecord) {
      self.local = local
      self.base = base
    }
  }

  /// Records to add.
  public var fresh: [LedgerRecord] = []
  /// Read, and already there as they are.
  public var present = 0
  public var covered = 0
  public var overlapping = 0
  /// Records matched to one already there that the import changes, keeps apart from the
  /// tool's change, or learns a newer version of (`ImportMerge`); `changes` empty and
  /// `record == local` when only the remembered version moves on.
  public var merged: [ImportMerge] = []
  /// Matched records a person removed here, which stay removed.
  public var keptRemoved = 0
  /// The records pomobar's own export said were billed, by their id in the history once
  /// imported (an added one's may be reissued), with their invoice: those already there
  /// under their id, and those added.
  public var billed: [(id: String, invoice: String?)] = []

  /// The records to amend: those whose merge changes them.
  public var amends: [(old: LedgerRecord, new: LedgerRecord)] {
    merged.filter { $0.record != $0.local }.map { ($0.local, $0.record) }
  }

  /// What the tool said, to remember for the next import: for every merge where it
  /// changed (ids the local record's).
  public var bases: [LedgerRecord] { merged.filter(\.sourceMoved).map(\.base) }

  /// - Parameters:
  ///   - records: what was read.
  ///   - known: the history's records that an earlier import took from the same tool.
  ///   - existing: the records of the months the imported ones touch (a month either
  ///     side is enough), each once, as the history has them now.
  ///   - removedBy: for an id some record already has in the files but that no longer
  ///     counts (a reset, a project's delete or an undo took it away), the id of the edit
  ///     that did: a new record of that interval is added under an id of its own (the old
  ///     one stays where the edit put it), the same on every machine that saw the edit.
  ///   - source: the tool's name in messages (`timewarrior`).
  ///   - marks: the records read that pomobar's own export says are billed (by id), with
  ///     their invoice.
  public init(
    importing records: [LedgerRecord], known: [Known] = [], existing: [LedgerRecord],
    removedBy: [String: String] = [:], source: String = "the file", marks: [String: String?] = [:]
  ) {
    var unmatched: [LedgerRecord] = []
    if known.isEmpty {
      unmatched = records
    } else {
      var matcher = Matcher(known)
      let pairs = matcher.match(records)
      for (index, record) in records.enumerated() {
        guard let knownIndex = pairs[index] else {
          unmatched.append(record)
          continue
        }
        let known = known[knownIndex]
        guard let local = known.local else {
          keptRemoved += 1
          continue
        }
        let merge = ImportMerge(base: known.base, local: local, incoming: record, source: source)
        if merge.record == local && !merge.sourceMoved {
          present += 1
        } else {
          merged.append(merge)
        }
      }
    }
    var byID: [String: LedgerRecord] = [:]
    var intervals = Set<String>()
    for record in existing {
      byID[record.id] = record
      intervals.insert(record.sameIntervalKey)
    }
    let union = Coverage(existing)
    var takenIDs = Set<String>()
    for record in unmatched {
      let mark = marks[record.id]
      if let old = byID[record.id] {
        if let mark { billed.append((record.id, mark)) }
        if old == record || (old.sameIntervalKey == record.sameIntervalKey && old.tags == record.tags) {
          present += 1
        } else if takenIDs.insert(record.id).inserted {
          merged.append(ImportMerge(replacing: old, with: record, source: source))
        } else {
          present += 1
        }
        continue
      }
      guard takenIDs.insert(record.id).inserted, intervals.insert(record.sameIntervalKey).inserted else {
        present += 1
        continue
      }
      if union.covers(record) {
        covered += 1
        continue
      }
      var record = record
      record.id = Self.reissued(record.id, removedBy)
      if let mark { billed.append((record.id, mark)) }
      fresh.append(record)
    }
    overlapping = Self.overlaps(fresh, existing)
  }

  /// The bills a restore keeps (`billed`): one bill per invoice of the records no bill
  /// marks yet (a record keeps its first bill), in the order read.
  public func bills(unbilledIn fold: HistoryFold) -> [HistoryEdit.Operation] {
    var invoices: [String?] = []
    var targets: [String?: [String]] = [:]
    for (id, invoice) in billed where fold.bill(of: id) == nil {
      if targets[invoice] == nil { invoices.append(invoice) }
      targets[invoice, default: []].append(id)
    }
    return invoices.flatMap { HistoryEdit.Operation.bills(targets[$0] ?? [], invoice: $0) }
  }

  /// `id`, or when a record with it no longer counts, `id.HASH` of the edit that took that
  /// one away (and so on, should that id have been taken away too).
  static func reissued(_ id: String, _ removedBy: [String: String]) -> String {
    var id = id
    for _ in 0..<64 {
      guard let edit = removedBy[id] else { break }
      id += "." + StableHash.hex(StableHash.short(edit))
    }
    return id
  }

  /// How many of `fresh` overlap another record of the same kind, in `existing` or `fresh`.
  static func overlaps(_ fresh: [LedgerRecord], _ existing: [LedgerRecord]) -> Int {
    var count = 0
    for kind in LedgerRecord.Kind.allCases {
      var spans: [(start: Int64, end: Int64, fresh: Bool)] = []
      for record in existing where record.kind == kind && record.end.utc > record.start.utc {
        spans.append((record.start.utc, record.end.utc, false))
      }
      for record in fresh where record.kind == kind && record.end.utc > record.start.utc {
        spans.append((record.start.utc, record.end.utc, true))
      }
      spans.sort { ($0.start, $0.end) < ($1.start, $1.end) }
      var reach = Int64.min
      var marked = [Bool](repeating: false, count: spans.count)
      var latest = -1  // the span that reaches furthest so far
      for (index, span) in spans.enumerated() {
        if reach > span.start {
          marked[index] = true
          if latest >= 0 { marked[latest] = true }
        }
        if span.end > reach {
          reach = span.end
          latest = index
        }
      }
      count += spans.indices.filter { marked[$0] && spans[$0].fresh }.count
    }
    return count
  }

  /// The time the history's records of each kind and project cover, merged.
  struct Coverage {
    var spans: [String: [Range<Int64>]] = [:]

    init(_ records: [LedgerRecord]) {
      var raw: [String: [Range<Int64>]] = [:]
      for record in records where record.end.utc >= record.start.utc {
        raw[Self.key(record), default: []].append(record.start.utc..<record.end.utc)
      }
      spans = raw.mapValues(Timeline.merged)
    }

    static func key(_ record: LedgerRecord) -> String { "\(record.kind.rawValue)|\(record.project ?? "")" }

    /// Whether the record's time, as far as it counts (its first `seconds`), lies in one
    /// merged span of its kind and project.
    func covers(_ record: LedgerRecord) -> Bool {
      guard let list = spans[Self.key(record)] else { return false }
      let start = record.start.utc
      return Timeline.covers(list, start..<max(start, min(record.end.utc, start + max(0, record.seconds))))
    }
  }
}

extension ImportPlan {
  /// Pairs read records with known ones by the three rules of `ImportPlan`.
  struct Matcher {
    let known: [Known]
    var taken: [Bool]

    init(_ known: [Known]) {
      self.known = known
      taken = [Bool](repeating: false, count: known.count)
    }

    static func key(_ record: LedgerRecord) -> String { "\(record.kind.rawValue)|\(record.start.utc)|\(record.end.utc)" }

    /// For each of `records`, the index of its known record, or nil.
    mutating func match(_ records: [LedgerRecord]) -> [Int?] {
      var result = [Int?](repeating: nil, count: records.count)
      var byID: [String: Int] = [:]
      var byInterval: [String: Int] = [:]
      for (index, item) in known.enumerated() {
        byID[item.base.id] = byID[item.base.id] ?? index
        if let local = item.local { byID[local.id] = byID[local.id] ?? index }
        byInterval[Self.key(item.base)] = byInterval[Self.key(item.base)] ?? index
      }
      // 1: the same id, or the same interval as the tool had it.
      for (index, record) in records.enumerated() {
        for candidate in [byID[record.id], byInterval[Self.key(record)]] {
          guard let candidate, !taken[candidate], known[candidate].base.kind == record.kind else { continue }
          taken[candidate] = true
          result[index] = candidate
          break
        }
      }
      // 2 and 3, over what is left, per kind, on the known records sorted by start.
      for kind in LedgerRecord.Kind.allCases {
        let open = records.indices.filter { result[$0] == nil && records[$0].kind == kind }
        guard !open.isEmpty else { continue }
        let spans = Spans(known.indices.filter { !taken[$0] && known[$0].base.kind == kind }.map { ($0, known[$0].base.span) })
        guard !spans.isEmpty else { continue }
        // 2: one overlapping record that shares the start or the end.
        for index in open {
          let span = records[index].span
          let sharing = spans.overlapping(span).filter { candidate in
            !taken[candidate] && (known[candidate].base.span.lowerBound == span.lowerBound
              || known[candidate].base.span.upperBound == span.upperBound)
          }
          if sharing.count == 1 {
            taken[sharing[0]] = true
            result[index] = sharing[0]
          }
        }
        // 3: one overlapping record, which overlaps no other record left.
        let left = open.filter { result[$0] == nil }
        let readSpans = Spans(left.map { ($0, records[$0].span) })
        for index in left {
          let candidates = spans.overlapping(records[index].span).filter { !taken[$0] }
          guard candidates.count == 1 else { continue }
          let back = readSpans.overlapping(known[candidates[0]].base.span).filter { result[$0] == nil }
          guard back == [index] else { continue }
          taken[candidates[0]] = true
          result[index] = candidates[0]
        }
      }
      return result
    }
  }

  /// Intervals sorted by start, for finding those that overlap one.
  struct Spans {
    let items: [(index: Int, span: Range<Int64>)]
    /// The largest end among `items[0...k]`.
    let reach: [Int64]

    init(_ items: [(Int, Range<Int64>)]) {
      self.items = items.sorted { $0.1.lowerBound < $1.1.lowerBound }
      var reach: [Int64] = []
      reach.reserveCapacity(items.count)
      var furthest = Int64.min
      for item in self.items {
        furthest = max(furthest, item.span.upperBound)
        reach.append(furthest)
      }
      self.reach = reach
    }

    var isEmpty: Bool { items.isEmpty }

    /// The indices of the items that share at least a second with `span` (an empty span
    /// overlaps what contains its instant).
    func overlapping(_ span: Range<Int64>) -> [Int] {
      // The first item starting at or after the span's end (after, for an empty span).
      var (low, high) = (0, items.count)
      while low < high {
        let middle = (low + high) / 2
        let start = items[middle].span.lowerBound
        if start < span.upperBound || (span.isEmpty && start == span.upperBound) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      var found: [Int] = []
      var at = low - 1
      while at >= 0, reach[at] > span.lowerBound || (span.isEmpty && reach[at] >= span.lowerBound) {
        let other = items[at].span
        if other.overlaps(span) || (span.isEmpty && other.contains(span.lowerBound))
          || (other.isEmpty && span.contains(other.lowerBound))
        {
          found.append(items[at].index)
        }
        at -= 1
      }
      return found.reversed()
    }
  }
}
