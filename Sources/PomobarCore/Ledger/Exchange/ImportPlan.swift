/// What an import does with each record it read, against the records already in the history.
///
/// - the same id with the same content, or the same interval (start, end, kind, project)
///   and tags: already there;
/// - every second within records of the same kind and project already there (a piece of
///   pomobar's own timewarrior or Watson export, read back): covered, skipped;
/// - the same id with another interval or other tags (a Watson frame edited since it was
///   imported, or one imported before tags were kept, whose tags went to the note):
///   changed, given apart so that the caller replaces the record rather than add one;
/// - anything else is added; `overlapping` counts those that overlap a record of the same
///   kind (already there, or added with it), which reports then count twice.
public struct ImportPlan {
  public var fresh: [LedgerRecord] = []
  public var present = 0
  public var covered = 0
  public var changed: [(old: LedgerRecord, new: LedgerRecord)] = []
  public var overlapping = 0

  /// - Parameter existing: the records of the months the imported ones touch (a month
  ///   either side is enough), each once.
  public init(importing records: [LedgerRecord], existing: [LedgerRecord]) {
    var byID: [String: LedgerRecord] = [:]
    var intervals = Set<String>()
    for record in existing {
      byID[record.id] = record
      intervals.insert(record.sameIntervalKey)
    }
    let union = Coverage(existing)
    var takenIDs = Set<String>()
    for record in records {
      if let old = byID[record.id] {
        if old == record || (old.sameIntervalKey == record.sameIntervalKey && old.tags == record.tags) {
          present += 1
        } else if takenIDs.insert(record.id).inserted {
          changed.append((old, record))
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
      fresh.append(record)
    }
    overlapping = Self.overlaps(fresh, existing)
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
