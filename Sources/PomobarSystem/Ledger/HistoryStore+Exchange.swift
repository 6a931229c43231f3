import PomobarCore

/// Reading the history in order, and adding records from elsewhere (import, track).
extension HistoryStore {
  /// Calls `body` with every record of `range` in order of start, each once.
  ///
  /// Holds one month at a time (the machines' files of a month interleave, and a month
  /// is sorted in memory), so it stays small on any history.
  public func forEachRecordInOrder(in range: LedgerRange, _ body: (LedgerRecord) -> Void) {
    let bounds = range.months
    forEachMonth(from: bounds.first, to: bounds.last) { _, all in
      let records = all.filter(range.contains).sorted {
        ($0.start.utc, $0.end.utc, $0.id) < ($1.start.utc, $1.end.utc, $1.id)
      }
      for record in records { body(record) }
    }
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
