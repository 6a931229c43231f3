import PomobarCore

/// The records a person added on one machine, for `history undo`.
extension HistoryStore {
  /// Calls `body` with the records of `machine`'s own files that a person added (`track`,
  /// `import`, a split's second half: they carry `at`) and that no edit names or removes.
  ///
  /// Only a line with the key `"at"` is decoded: on a history of a million records, where
  /// nearly all were written by the clock, undo reads the files but decodes a handful.
  public func forEachAddedRecord(ofMachine machine: String, _ body: (LedgerRecord) -> Void) {
    let fold = fold()
    let key = Array("\"at\"".utf8)
    for path in files() where FileSystem.baseName(of: path).dropFirst(8).hasPrefix(machine + ".") {
      readLines(path) { line, _ throws(LedgerRecord.DecodeError) in
        guard ByteSearch.first(key, in: line, from: 0) != nil else { return }
        let record = try LedgerRecord(jsonLine: line)
        if record.at != nil, let final = fold.final(record) { body(final) }
      }
    }
  }
}
