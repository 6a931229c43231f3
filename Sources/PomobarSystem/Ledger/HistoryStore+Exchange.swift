import PomobarCore

/// Reading the history in order, and adding records from elsewhere (import, track).
extension HistoryStore {
  /// Calls `body` with every record of `range` in order of start (then end, then id),
  /// each once.
  ///
  /// A month is sorted in memory (the machines' files of a month interleave), but at most
  /// `sortLimit` records of it are held: a larger month (a big import lands in one) is
  /// read once for its start times and then again for each slice of them that holds about
  /// that many, so memory stays flat on any history.
  public func forEachRecordInOrder(in range: LedgerRange, _ body: (LedgerRecord) -> Void) {
    forEachRecordInOrder(in: range, holding: Self.sortLimit, body)
  }

  /// How many records of one month `forEachRecordInOrder` holds at most (about 64 MiB).
  static let sortLimit = 1 << 18

  func forEachRecordInOrder(in range: LedgerRange, holding limit: Int, _ body: (LedgerRecord) -> Void) {
    let bounds = range.months
    var held: [LedgerRecord] = []
    var starts: [Int64] = []
    var current: String? = nil
    func emit() {
      held.sort { ($0.start.utc, $0.end.utc, $0.id) < ($1.start.utc, $1.end.utc, $1.id) }
      for record in held { body(record) }
      held.removeAll(keepingCapacity: true)
    }
    func finish() {
      guard let month = current else { return }
      if starts.count <= limit {
        emit()
      } else {
        for slice in Self.slices(&starts, holding: limit) {
          forEachRecord(from: month, to: month) { record in
            if slice.contains(record.start.utc) && range.contains(record) { held.append(record) }
          }
          emit()
        }
      }
      starts.removeAll(keepingCapacity: true)
    }
    func take(_ record: LedgerRecord) {
      guard range.contains(record) else { return }
      starts.append(record.start.utc)
      if starts.count <= limit {
        held.append(record)
      } else if !held.isEmpty {
        held = []
      }
    }
    scan(
      from: bounds.first, to: bounds.last,
      month: { month in
        finish()
        current = month
      }, take)
    finish()
  }

  /// Ranges of start times that together hold every one of `starts` (sorted here), each
  /// about `limit` of them (more only where that many records start at one second).
  static func slices(_ starts: inout [Int64], holding limit: Int) -> [Range<Int64>] {
    starts.sort()
    var lower: [Int64] = []
    for index in stride(from: 0, to: starts.count, by: max(1, limit)) where lower.last != starts[index] {
      lower.append(starts[index])
    }
    return zip(lower, lower.dropFirst() + [Int64.max]).map { $0..<$1 }
  }

  /// What adding records did.
  public struct Added: Equatable, Sendable {
    public var added = 0
    /// Already in the history: the same id, or the same interval (start, end, kind and
    /// project) under another id, in any machine's files; or twice in what was given.
    public var present = 0
  }

  /// Appends the records that are not in the history yet, to this machine's files.
  ///
  /// An import can reach far back, past what `append` searches, so each month's ids and
  /// intervals are read first, from every machine's files: importing a file twice, or an
  /// export of this very history, adds nothing. Callers hold the state lock.
  public func add(_ records: [LedgerRecord]) throws(SystemError) -> Added {
    var byMonth: [String: [LedgerRecord]] = [:]
    for record in records { byMonth[Self.month(of: record.start), default: []].append(record) }
    var result = Added()
    for month in byMonth.keys.sorted() {
      var ids = Set<String>()
      var intervals = Set<String>()
      forEachRecord(from: month, to: month) { record in
        ids.insert(record.id)
        intervals.insert(record.sameIntervalKey)
      }
      var fresh: [LedgerRecord] = []
      for record in byMonth[month] ?? [] {
        guard ids.insert(record.id).inserted, intervals.insert(record.sameIntervalKey).inserted else {
          result.present += 1
          continue
        }
        fresh.append(record)
      }
      try append(fresh)
      result.added += fresh.count
    }
    return result
  }
}
