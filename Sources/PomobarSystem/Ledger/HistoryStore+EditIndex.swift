import PomobarCore

/// A read of a few months folds only the edits that can touch them, found through the
/// edit index (`EditIndex`, at `indexPath`) instead of by decoding every machine's edits:
/// a month's report costs what the month holds, not what the history holds.
///
/// The index is a cache: made when a read finds it missing or out of date (an edits file's
/// inode, size or modification time changed, a file came or went), written beside the
/// state and never synced. It is never trusted over the files: one of another history,
/// cut short, changed, not a regular file (a FIFO, a symlink), or leading to a line that is
/// not the edit it says is ignored, and the read folds every edit as it would without it.
/// One that cannot be written (a read-only folder) is simply not kept, and one in a folder
/// others may write to is neither read nor written.
extension HistoryStore {
  /// The fold a read of the months `first` to `last` (`YYYY-MM`; nil: no bound) needs,
  /// given the record files it reads (`paths`): from the index for a read from a month on
  /// (one from the first month reads nearly every line anyway, and looking each one up
  /// first would cost more than the fold), unless every edit was read already; every
  /// edit's (`fold()`) otherwise.
  func fold(from first: String?, to last: String?, reading paths: [String]) -> HistoryFold {
    foldedThroughIndex = false
    guard first != nil else { return fold() }
    return indexedFold(reading: paths, span: Self.seconds(from: first, to: last))
  }

  /// Every bill and every undo of one, folded: all `HistoryFold.bill(of:)` and `isBilling`
  /// depend on. Through the index, which a history holds a line per invoice in, not per
  /// record (a month's report asks it without folding every edit); every edit's
  /// (`fold()`) otherwise.
  public func billFold() -> HistoryFold {
    foldedThroughIndex = false
    return indexedFold(reading: [], span: 0..<0)
  }

  /// The fold of the edits that can touch the records of `paths` or that an amend moves
  /// into `span`, through the index (made or made again if out of date), unless every
  /// edit was read already; every edit's otherwise.
  private func indexedFold(reading paths: [String], span: Range<Int64>) -> HistoryFold {
    guard let indexPath, !hasFoldedEveryEdit else { return fold() }
    let folder = FileSystem.directory(of: indexPath)
    if !FileSystem.exists(folder) { try? FileSystem.makeDirectories(folder) }
    // Only in a folder no one else can write to (as the state's): a planted index is ignored.
    guard (try? FileSystem.checkPrivateFolder(folder)) != nil else { return fold() }
    let editPaths = editFiles()
    // No edits: nothing to fold. A symlink or FIFO among them: named in a warning by the
    // full read.
    guard !editPaths.isEmpty,
      editPaths.allSatisfy({ !FileSystem.isSymlink($0) && FileSystem.isReadableRegularFile($0) })
    else { return fold() }
    let files = editPaths.map {
      EditIndex.File(name: FileSystem.baseName(of: $0), signature: FileSystem.signature($0))
    }
    if let index = index(describing: files, at: indexPath),
      let fold = fold(from: index, reading: paths, span: span)
    {
      foldedThroughIndex = true
      return fold
    }
    let (fold, index) = foldEveryEdit(indexing: true)
    if let index, index.files == files { Self.write(index, to: indexPath) }
    return fold
  }

  /// The index at `path`, if it is this history's and its files are `files` as they are now.
  private func index(describing files: [EditIndex.File], at path: String) -> EditIndex? {
    if let known = loadedIndex, known.files == files { return known }
    guard let opened = try? FileSystem.openRegular(path, .readOnly) else { return nil }
    defer { opened.fd.close() }
    guard opened.size <= Self.fileLimit, let bytes = try? opened.fd.read(at: 0, count: opened.size),
      let index = EditIndex(bytes: bytes), index.directory == directory, index.files == files
    else { return nil }
    loadedIndex = index
    return index
  }

  /// The fold of the edits `index` chooses for the record files `paths` and the amends
  /// into `span`; nil when a line is not what the index says (then it is not used).
  private func fold(from index: EditIndex, reading paths: [String], span: Range<Int64>) -> HistoryFold? {
    let keys = index.keys
    var hits = RecordKeySet()
    func see(_ key: RecordKey) { if keys.mayHold(key) { _ = hits.insert(key) } }
    for path in paths { forEachRecordKey(path, see) }
    for record in pending { see(RecordKey(record.id)) }
    guard let chosen = index.selection(hitting: hits, startingIn: span) else { return nil }
    var edits: [HistoryEdit] = []
    edits.reserveCapacity(chosen.count)
    var next = chosen[...]
    while let first = next.first {
      let file = index.files[index.entries[first].file]
      let places = next.prefix { index.entries[$0].file == index.entries[first].file }
      next = next.dropFirst(places.count)
      guard let opened = try? FileSystem.openRegular(directory + "/" + file.name, .readOnly) else {
        return nil
      }
      defer { opened.fd.close() }
      // Still the file summarised (the index was checked against its name, before).
      guard let identity = FileIdentity.of(opened.fd),
        file.signature == [
          Int64(identity.inode), identity.size, identity.modified / 1_000_000_000,
          identity.modified % 1_000_000_000,
        ]
      else { return nil }
      for place in places {
        let entry = index.entries[place]
        // The line with the byte before it and its newline: it must be a whole line.
        let from = max(entry.offset - 1, 0)
        let count = entry.offset - from + entry.length + 1
        guard let bytes = try? opened.fd.read(at: from, count: count), bytes.count == count,
          bytes.last == 0x0A, from == entry.offset || bytes.first == 0x0A,
          let edit = try? HistoryEdit(jsonLine: bytes[(entry.offset - from)..<(count - 1)]),
          EditIndex.Entry(edit, file: entry.file, offset: entry.offset, length: entry.length) == entry
        else { return nil }
        edits.append(edit)
      }
    }
    return HistoryFold(edits)
  }

  /// Calls `body` with the key of each record line's id in `path` (`plainID`, else the
  /// decoded record's), quietly: the read that follows says what is wrong with the file.
  func forEachRecordKey(_ path: String, _ body: (RecordKey) -> Void) {
    func quiet(_: String) {}
    readLines(path, warn: quiet) { line, _, _ throws(LedgerRecord.DecodeError) in
      if let id = Self.plainID(line) {
        body(RecordKey(utf8: id))
      } else {
        body(RecordKey(try LedgerRecord(jsonLine: line).id))
      }
    }
  }

  /// A record line's id read in place, where the line starts with it as this program
  /// writes it (`{"id":"…"`, without escapes); nil for any other line.
  static func plainID(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let opening = 7  // {"id":"
    guard line.count > opening, line[0] == UInt8(ascii: "{"), line[1] == UInt8(ascii: "\""),
      line[2] == UInt8(ascii: "i"), line[3] == UInt8(ascii: "d"), line[4] == UInt8(ascii: "\""),
      line[5] == UInt8(ascii: ":"), line[6] == UInt8(ascii: "\""),
      let close = ByteSearch.first(UInt8(ascii: "\""), in: line, from: opening)
    else { return nil }
    let id = UnsafeBufferPointer(rebasing: line[opening..<close])
    guard ByteSearch.first(UInt8(ascii: "\\"), in: id, from: 0) == nil else { return nil }
    return id
  }

  /// Keeps `index` at `path`, by rename (`PATH.tmp`, not fsynced: a cache may be lost;
  /// two writers at once may leave it cut short, which the next read finds); a failure (a
  /// read-only folder) leaves the history read without it.
  private static func write(_ index: EditIndex, to path: String) {
    guard var file = try? PreparedFile(path, index.bytes, durable: false) else { return }
    try? file.commit()
  }
}
