import PomobarCore

/// Finding records by id without decoding the history (`history remove|amend|split|join`).
extension HistoryStore {
  /// The records, as the edits leave them, whose id `matches` (given as its UTF-8 bytes),
  /// each once: what `forEachRecord` gives of them, in no set order.
  ///
  /// A line is looked at by its id alone, read in place where the line starts with it as
  /// this program writes it (`{"id":"…"`, without escapes); only the lines that match are
  /// decoded, and any other line is decoded whole, as `forEachRecord` would. On a history
  /// of a million records this is a hash per line instead of a decode.
  public func records(whoseID matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> [LedgerRecord] {
    let fold = fold()
    func matchesID(_ id: String) -> Bool {
      Array(id.utf8).withUnsafeBufferPointer { matches($0) }
    }
    var found: [LedgerRecord] = []
    var seen = RecordKeySet()
    func take(_ record: LedgerRecord, named: Bool) {
      let key = RecordKey(record.id)
      guard seen.insert(key) else { return }
      // An amended record is read from the fold (below), a removed one is gone.
      if named { return }
      if let final = fold.isEmpty ? record : fold.final(record, key: key) { found.append(final) }
    }
    for path in files() {
      readLines(path) { line, _ throws(LedgerRecord.DecodeError) in
        if let id = Self.plainID(line), !matches(id) { return }
        let record = try LedgerRecord(jsonLine: line)
        if matchesID(record.id) { take(record, named: fold.names(RecordKey(record.id))) }
      }
    }
    for record in pending where matchesID(record.id) { take(record, named: fold.names(RecordKey(record.id))) }
    for record in fold.amended where matchesID(record.id) && !found.contains(where: { $0.id == record.id }) {
      found.append(record)
    }
    return found
  }
}

extension HistoryStore {
  /// The records that share a second with `span` (UTC seconds): read from the month before
  /// it began (a record is filed by the month it started, and may run into the next) to
  /// the month it ends.
  public func records(overlapping span: Range<Int64>) -> [LedgerRecord] {
    let first = CivilTime.split(span.lowerBound - 32 * 86_400).date.description.prefix(7)
    let last = CivilTime.split(span.upperBound).date.description.prefix(7)
    var found: [LedgerRecord] = []
    forEachRecord(from: String(first), to: String(last)) { record in
      if Timeline.overlap(record.span, span) { found.append(record) }
    }
    return found
  }
}
