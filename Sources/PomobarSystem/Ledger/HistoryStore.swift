import PomobarCore

/// The history: `$XDG_DATA_HOME/pomobar/history/`, one JSON Lines file per month and
/// machine (`2026-11.3d1219c7c4c5.jsonl`) for records, and one per machine for edits
/// (`edits.3d1219c7c4c5.jsonl`, see `HistoryEdit`); all of them only ever appended to.
///
/// Each machine appends only to its own files, so two machines syncing the folder
/// (Syncthing, git) never write the same file; readers merge every machine's files, drop
/// records whose id they have already seen, and fold every machine's edits over them
/// (`HistoryFold`; a read of some months only those that can touch them, found through
/// the edit index, `HistoryStore+EditIndex`). A record goes in the file of the month (UTC) it started, wherever and
/// whenever it is written, so every copy of one record lands in the same month.
///
/// Nothing in the folder can make a reader hang or grow: files are opened without
/// blocking and without following symlinks, only regular files are read, a line longer
/// than `lineLimit` is skipped, and a file past `fileLimit` is read no further; each such
/// file is named in one warning.
public final class HistoryStore {
  public let directory: String
  /// This machine's name in file names and record ids; found when first asked for (a
  /// bar's first frame does not need it).
  public private(set) lazy var machine: String = findMachine()
  private let findMachine: () -> String
  let warn: (String) -> Void
  /// What dates the copy of a torn last line kept aside.
  let clock: any ClockSource
  /// Records the state owes the history (committed, not yet known to be appended): readers
  /// count them as written. Set by whoever read the state.
  public var pending: [LedgerRecord] = []
  /// Where the edit index is kept (`StateFolder.historyIndex`); none: every read folds
  /// every edit.
  public var indexPath: String?
  /// The edit index as last read or made.
  var loadedIndex: EditIndex?
  /// Whether the last read of some months folded only the edits the index chose.
  var foldedThroughIndex = false

  /// No record or edit line is longer: every writer keeps `LedgerRecord.historyProblem`.
  public static let lineLimit = LedgerRecord.lineLimit
  /// Far past ten busy years of one machine's month; a larger file is read this far.
  public static let fileLimit = 1 << 30

  public init(
    directory: String, machine: @autoclosure @escaping () -> String, warn: @escaping (String) -> Void,
    clock: any ClockSource = SystemClock()
  ) {
    self.directory = directory
    findMachine = machine
    self.warn = warn
    self.clock = clock
  }

  /// `2026-11.MACHINE.jsonl` for a record that started in November 2026 (UTC).
  public func fileName(for record: LedgerRecord) -> String {
    Self.month(of: record.start) + "." + machine + ".jsonl"
  }

  /// This machine's edits: `edits.MACHINE.jsonl`.
  public var editsPath: String { directory + "/edits." + machine + ".jsonl" }

  /// `YYYY-MM` of a moment, in UTC.
  public static func month(of time: WallTime) -> String {
    let date = CivilTime.split(time.utc).date
    return String(date.description.prefix(7))
  }

  // MARK: - Appending

  /// Appends `records`, each at most once, and fsyncs them.
  ///
  /// Idempotent: a record whose id is on a whole line of its file that reads as that
  /// record is not written again, so records the state still owes after they were
  /// appended (see `StateDocument.transition`) are not doubled. A line cut short (power lost, a
  /// full disk) never counts as written; the next append, under the lock, takes it out of
  /// the file, so readers warn of it only until then (see `endTornLine`).
  public func append(_ records: [LedgerRecord]) throws(SystemError) {
    guard !records.isEmpty else { return }
    try FileSystem.makeDirectories(directory)
    var byFile: [(String, [LedgerRecord])] = []
    for record in records {
      let name = fileName(for: record)
      if let index = byFile.firstIndex(where: { $0.0 == name }) {
        byFile[index].1.append(record)
      } else {
        byFile.append((name, [record]))
      }
    }
    for (name, group) in byFile {
      try appendLines(group.map { ($0.id, $0.jsonLine) }, to: directory + "/" + name)
    }
  }

  /// Appends `edits` to this machine's edits file, fsynced.
  public func append(edits: [HistoryEdit]) throws(SystemError) {
    guard !edits.isEmpty else { return }
    try FileSystem.makeDirectories(directory)
    try appendLines(edits.map { ($0.id, $0.jsonLine) }, to: editsPath)
  }

  /// A fresh edit id: `MACHINE.NANOSECONDS.PID` (base 36), `index` apart within one call.
  private func newEditID(at wall: Int64, index: Int) -> String {
    "\(machine).\(String(wall + Int64(index), radix: 36)).\(String(Processes.current, radix: 36))"
  }

  /// A new edit made at `wall` (nanoseconds since the epoch), the `index`th of one command.
  public func newEdit(at wall: Int64, index: Int = 0, _ operation: HistoryEdit.Operation) -> HistoryEdit {
    HistoryEdit(
      id: newEditID(at: wall, index: index), at: LocalZone.wallTime(wall: wall),
      nanoseconds: Self.fraction(wall), operation)
  }

  /// The nanoseconds past the second of a wall-clock reading.
  public static func fraction(_ wall: Int64) -> Int32 {
    let rest = wall % 1_000_000_000
    return Int32(rest < 0 ? rest + 1_000_000_000 : rest)
  }

  /// Appends `lines` to `path`, but those whose `id` a whole line there already has
  /// (`holdsWholeLine`), and fsyncs them.
  func appendLines(_ lines: [(id: String, text: String)], to path: String) throws(SystemError) {
    let opened: (fd: FileDescriptor, size: Int)?
    do {
      opened = try FileSystem.openRegular(path, [.readWrite, .append, .create])
    } catch {
      switch error {
      case .system(let system): throw system
      case .notRegularFile, .tooLarge:
        throw SystemError("open", errno: Errno.invalid, path: path, detail: "\(error)")
      }
    }
    guard let (fd, size) = opened else { throw SystemError("open", errno: Errno.notFound, path: path) }
    defer { fd.close() }
    let created = size == 0
    var existing = try Self.readAll(fd, size: size, path: path)
    var text = ""
    var cut = false
    if existing.last.map({ $0 != UInt8(ascii: "\n") }) == true {
      cut = try endTornLine(&existing, fd, path: path, writing: lines.map(\.text))
      if !cut { text = "\n" }
    }
    for line in lines where !Self.holdsWholeLine(existing, id: line.id) { text += line.text }
    if !text.isEmpty { try fd.write(text) }
    guard cut || !text.isEmpty else { return }
    try fd.sync()
    if created { FileSystem.syncFolder(directory) }
  }

  /// Deals with a last line without its newline, once: one that reads as a record or an
  /// edit (a hand edit) is kept and ended (false is returned, and a newline goes first).
  /// Any other was cut short by a write that failed and never counted as written: it is
  /// taken out of the file (true), so that readers stop warning of it. When it is the
  /// start of a line written now, nothing is lost and nothing is said; else it is first
  /// copied aside (`FILE.torn-SECONDS`) and that is said once. If no copy can be kept (a
  /// full disk), it stays and nothing is written: the error says so, the records stay
  /// owed, and a later append, with room again, does this again.
  private func endTornLine(
    _ existing: inout [UInt8], _ fd: FileDescriptor, path: String, writing: [String]
  ) throws(SystemError) -> Bool {
    let start = (existing.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    let torn = Array(existing[start...])
    let whole = torn.withUnsafeBufferPointer { line in
      (try? LedgerRecord(jsonLine: line)) != nil || (try? HistoryEdit(jsonLine: line)) != nil
    }
    if whole { return false }
    if !writing.contains(where: { $0.utf8.starts(with: torn) }) {
      let aside = "\(path).torn-\(clock.read().wall / 1_000_000_000)"
      do {
        try FileSystem.writeAtomically(aside, torn)
      } catch {
        throw SystemError(
          "write", errno: error.errno, path: path,
          detail: "its last line was cut short (\(torn.count) bytes), and no copy of it could be kept aside "
            + "(\(error)): left as it is, nothing written")
      }
      warn(
        "\(path): its last line was cut short (\(torn.count) bytes, a write that failed); moved it to "
          + aside)
    }
    try fd.truncate(to: start)
    existing.removeLast(torn.count)
    return true
  }

  /// Whether `bytes` (whole lines only) has a line that reads as a record or an edit with
  /// the id `id`.
  static func holdsWholeLine(_ bytes: [UInt8], id: String) -> Bool {
    let needle = Array(("\"id\":" + JSON.quote(id)).utf8)
    return bytes.withUnsafeBufferPointer { buffer -> Bool in
      guard buffer.count >= needle.count else { return false }
      var from = 0
      while from <= buffer.count - needle.count {
        guard let at = ByteSearch.first(needle, in: buffer, from: from) else { return false }
        let lineStart = buffer[..<at].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = buffer[at...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
        let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd])
        if let record = try? LedgerRecord(jsonLine: line), record.id == id { return true }
        if let edit = try? HistoryEdit(jsonLine: line), edit.id == id { return true }
        from = at + 1
      }
      return false
    }
  }

  /// The whole of an open file of `size` bytes, at most `fileLimit`.
  private static func readAll(_ fd: FileDescriptor, size: Int, path: String) throws(SystemError) -> [UInt8] {
    guard size <= fileLimit else {
      throw SystemError("read", errno: Errno.fileTooLarge, path: path, detail: "larger than 1 GiB")
    }
    do {
      return try fd.read(at: 0, count: size)
    } catch {
      throw error.on(path)
    }
  }

  // MARK: - Reading

  /// The record files, every machine's, sorted by month then name; only months from
  /// `first` to `last` (`YYYY-MM`, inclusive) when given.
  public func files(from first: String? = nil, to last: String? = nil) -> [String] {
    names().filter { name in
      guard Self.isHistoryFile(name) else { return false }
      let month = String(name.prefix(7))
      if let first, month < first { return false }
      if let last, month > last { return false }
      return true
    }.map { directory + "/" + $0 }
  }

  /// The latest month (`YYYY-MM`) with any record: a file's, an amended record's or an
  /// owed one's; nil for an empty history.
  public func lastMonth() -> String? {
    let months =
      files().map { String(FileSystem.baseName(of: $0).prefix(7)) }
      + (fold().amended + pending).map { Self.month(of: $0.start) }
    return months.max()
  }

  /// Every machine's edits files.
  public func editFiles() -> [String] {
    names().filter(Self.isEditsFile).map { directory + "/" + $0 }
  }

  private func names() -> [String] { FileSystem.names(in: directory) }

  /// `YYYY-MM.MACHINE.jsonl`.
  static func isHistoryFile(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count > 14, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "."),
      name.hasSuffix(".jsonl"), CivilTime.digits(bytes, 0, 4) != nil, CivilTime.digits(bytes, 5, 2) != nil
    else { return false }
    return true
  }

  /// `edits.MACHINE.jsonl`.
  static func isEditsFile(_ name: String) -> Bool {
    name.hasPrefix("edits.") && name.hasSuffix(".jsonl") && name.utf8.count > 12
  }

  /// Every machine's edits, folded (see `HistoryFold`); read again only when an edits
  /// file changed (a command reads the history more than once).
  public func fold() -> HistoryFold { foldEveryEdit(indexing: false).fold }

  /// `fold()`, and with `indexing` the index of what was read (none when a file could not
  /// be read whole: its warnings are said by every read).
  func foldEveryEdit(indexing: Bool) -> (fold: HistoryFold, index: EditIndex?) {
    let files = editFiles()
    let signature = files.map(FileSystem.signature)
    if !indexing, let cached, cached.files == files, cached.signature == signature {
      return (cached.fold, nil)
    }
    var edits: [HistoryEdit] = []
    var entries: [EditIndex.Entry] = []
    var ids = RecordKeySet()
    var whole = true
    func note(_ warning: String) {
      whole = false
      warn(warning)
    }
    for (place, path) in files.enumerated() {
      readLines(path, warn: note) { line, _, offset throws(LedgerRecord.DecodeError) in
        let edit = try HistoryEdit(jsonLine: line)
        if indexing, ids.insert(RecordKey(edit.id)) {
          entries.append(EditIndex.Entry(edit, file: place, offset: offset, length: line.count))
        }
        edits.append(edit)
      }
    }
    let fold = HistoryFold(consume edits)
    cached = (files, signature, fold)
    guard indexing, whole, signature.allSatisfy({ $0.count == 4 }) else { return (fold, nil) }
    let index = EditIndex(
      directory: directory,
      files: zip(files, signature).map { EditIndex.File(name: FileSystem.baseName(of: $0), signature: $1) },
      entries: entries)
    loadedIndex = index
    return (fold, index)
  }

  /// Whether every edit, as the files are now, was folded already.
  var hasFoldedEveryEdit: Bool {
    guard let cached else { return false }
    let files = editFiles()
    return cached.files == files && cached.signature == files.map(FileSystem.signature)
  }

  private var cached: (files: [String], signature: [[Int64]], fold: HistoryFold)?

  /// Calls `body` with every record of the months from `first` to `last` (all when nil),
  /// as every machine's edits leave it, month by month, each record once (the first copy
  /// of an id is kept); the records the state still owes (`pending`) count as written.
  ///
  /// Streams: one buffer per file and the ids of one month are all it holds. A line that
  /// is not a record is skipped with a warning naming FILE:LINE; so is a torn last line.
  public func forEachRecord(
    from first: String? = nil, to last: String? = nil, _ body: (LedgerRecord) -> Void
  ) {
    scan(from: first, to: last, month: { _ in }, body)
  }

  /// `forEachRecord`, a month at a time: `body` gets each month's records together.
  public func forEachMonth(
    from first: String? = nil, to last: String? = nil, _ body: (String, [LedgerRecord]) -> Void
  ) {
    var records: [LedgerRecord] = []
    var current: String? = nil
    scan(
      from: first, to: last,
      month: { month in
        if let current { body(current, records) }
        records.removeAll(keepingCapacity: true)
        current = month
      }, { records.append($0) })
    if let current { body(current, records) }
  }

  /// Reads the months from `first` to `last`, calling `month` as each begins and `body`
  /// with each of its records, as the edits leave it, once.
  func scan(
    from first: String?, to last: String?, month: (String) -> Void, _ body: (LedgerRecord) -> Void
  ) {
    let paths = files(from: first, to: last)
    let fold = fold(from: first, to: last, reading: paths)
    func inRange(_ month: String) -> Bool {
      (first.map { month >= $0 } ?? true) && (last.map { month <= $0 } ?? true)
    }
    var extra: [String: [LedgerRecord]] = [:]
    for record in fold.amended(startingIn: Self.seconds(from: first, to: last))
    where inRange(Self.month(of: record.start)) {
      extra[Self.month(of: record.start), default: []].append(record)
    }
    var owed: [String: [LedgerRecord]] = [:]
    for record in pending where inRange(Self.month(of: record.start)) {
      owed[Self.month(of: record.start), default: []].append(record)
    }
    var byMonth: [String: [String]] = [:]
    for path in paths {
      byMonth[String(FileSystem.baseName(of: path).prefix(7)), default: []].append(path)
    }
    var seen = RecordKeySet()
    func take(_ record: LedgerRecord) {
      let key = RecordKey(record.id)
      guard seen.insert(key) else { return }
      if fold.keepsAsRead(key) {
        body(record)
      } else if let final = fold.final(record, key: key) {
        body(final)
      }
    }
    for name in Set(byMonth.keys).union(extra.keys).union(owed.keys).sorted() {
      seen.removeAll()
      month(name)
      for record in extra[name] ?? [] where seen.insert(RecordKey(record.id)) { body(record) }
      for path in byMonth[name] ?? [] { read(path, take) }
      for record in owed[name] ?? [] { take(record) }
    }
  }

  /// UTC seconds that hold the months from `first` to `last` (`YYYY-MM`, inclusive; all
  /// time when nil), with a day to spare either side.
  static func seconds(from first: String?, to last: String?) -> Range<Int64> {
    func start(_ month: String?, after: Bool) -> Int64? {
      let bytes = Array((month ?? "").utf8)
      guard bytes.count == 7, let year = CivilTime.digits(bytes, 0, 4),
        let number = CivilTime.digits(bytes, 5, 2),
        (1...12).contains(number)
      else { return nil }
      let next = after ? number : number - 1  // months since January, of the month that starts it
      return CivilTime.Date(year: year + next / 12, month: next % 12 + 1, day: 1).dayNumber * 86_400
    }
    let lower = start(first, after: false).map { $0 - 86_400 } ?? .min
    let upper = start(last, after: true).map { $0 + 86_400 } ?? .max
    return lower..<max(lower, upper)
  }

  /// Reads one file of records line by line.
  func read(_ path: String, _ body: (LedgerRecord) -> Void) {
    readLines(path) { line, _ throws(LedgerRecord.DecodeError) in body(try LedgerRecord(jsonLine: line)) }
  }

  /// Calls `body` with each whole line of `path` (without its newline), warning once for
  /// the file about lines `body` refused, a torn last line, an over-long line, or a file
  /// that cannot be read at all.
  func readLines(
    _ path: String,
    _ body: (UnsafeBufferPointer<UInt8>, Int) throws(LedgerRecord.DecodeError) -> Void
  ) {
    readLines(path, warn: warn) { line, number, _ throws(LedgerRecord.DecodeError) in try body(line, number) }
  }

  /// `readLines`, with each line's offset in the file too, saying what is wrong to `warn`.
  func readLines(
    _ path: String, warn: (String) -> Void,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws(LedgerRecord.DecodeError) -> Void
  ) {
    let fd: FileDescriptor
    do {
      guard let (opened, _) = try FileSystem.openRegular(path, .readOnly) else { return }
      fd = opened
    } catch {
      warn("\(path): skipped: \(Self.reason(error))")
      return
    }
    defer { fd.close() }
    var lineNumber = 0
    var carry: [UInt8] = []
    var carryOffset = 0
    var overlong = false
    var bad = 0
    var firstBad = ""
    var total = 0
    func decode(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) {
      lineNumber += 1
      if overlong || line.count > Self.lineLimit {
        overlong = false
        if bad == 0 { firstBad = "line \(lineNumber): longer than \(Self.lineLimit / 1024) KiB" }
        bad += 1
        return
      }
      if line.isEmpty { return }
      do {
        try body(line, lineNumber, offset)
      } catch {
        if bad == 0 { firstBad = "line \(lineNumber): \(error)" }
        bad += 1
      }
    }
    while total < Self.fileLimit {
      guard let chunk = try? fd.read(upTo: 1 << 20) else {
        warn("\(path): read failed")
        return
      }
      if chunk.isEmpty { break }
      let chunkOffset = total
      total += chunk.count
      chunk.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
          // ByteSearch (memchr): the generic search was the read path's largest cost.
          guard let newline = ByteSearch.first(0x0A, in: buffer, from: start) else {
            if !overlong {
              if carry.isEmpty { carryOffset = chunkOffset + start }
              carry += buffer[start...]
              if carry.count > Self.lineLimit {
                overlong = true
                carry.removeAll()
              }
            }
            return
          }
          if carry.isEmpty || overlong {
            decode(UnsafeBufferPointer(rebasing: buffer[start..<newline]), at: chunkOffset + start)
          } else {
            carry += buffer[start..<newline]
            carry.withUnsafeBufferPointer { decode($0, at: carryOffset) }
            carry.removeAll(keepingCapacity: true)
          }
          start = newline + 1
        }
      }
    }
    if total >= Self.fileLimit {
      warn("\(path): larger than \(Self.fileLimit >> 30) GiB; read no further")
    } else if !carry.isEmpty || overlong {
      warn("\(path):\(lineNumber + 1): last line cut short, skipped")
    }
    if bad > 0 {
      warn(
        "\(path): skipped \(bad) line\(bad == 1 ? "" : "s") that \(bad == 1 ? "is" : "are") not readable, first: \(firstBad)"
      )
    }
  }

  static func reason(_ error: FileReadError) -> String {
    switch error {
    case .system(let system): return system.description
    case .notRegularFile(_, let kind): return "not a regular file but \(kind)"
    case .tooLarge(_, let limit): return "larger than \(limit) bytes"
    }
  }
}

/// What a state transition reads and appends (`StateDocument.transition`).
extension HistoryStore: TransitionHistory {
  public func forEachRecord(fromMonthOf first: WallTime, owed: [LedgerRecord], _ body: (LedgerRecord) -> Void)
  {
    pending = owed
    forEachRecord(from: Self.month(of: first), body)
  }
}
