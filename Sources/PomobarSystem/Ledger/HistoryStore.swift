import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The history: `$XDG_DATA_HOME/pomobar/history/`, one JSON Lines file per month and
/// machine (`2026-11.3d1219c7c4c5.jsonl`), append-only.
///
/// Each machine appends only to its own files, so two machines syncing the folder
/// (Syncthing, git) never write the same file; readers merge every machine's files and
/// drop records whose id they have already seen. A record goes in the file of the month
/// (UTC) it started, wherever and whenever it is written, so every copy of one record
/// (an import made on two machines) lands in the same month.
public final class HistoryStore {
  public let directory: String
  /// This machine's name in file names and record ids.
  public let machine: String
  let warn: (String) -> Void

  /// Past a torn last line's repair, how much of a file's end is searched for ids when
  /// appending: a replayed transition's records are the last ones written.
  static let tailSearched = 64 * 1024

  public init(directory: String, machine: String, warn: @escaping (String) -> Void) {
    self.directory = directory
    self.machine = machine
    self.warn = warn
  }

  /// `2026-11.MACHINE.jsonl` for a record that started in November 2026 (UTC).
  public func fileName(for record: LedgerRecord) -> String {
    Self.month(of: record.start) + "." + machine + ".jsonl"
  }

  /// `YYYY-MM` of a moment, in UTC.
  static func month(of time: WallTime) -> String {
    let date = CivilTime.split(time.utc).date
    return String(date.description.prefix(7))
  }

  // MARK: - Appending

  /// Appends `records`, each at most once, and fsyncs them.
  ///
  /// Idempotent: a record whose id is already among the last lines of its file is not
  /// written again, so a transition replayed after a crash (see `StateStore.transact`)
  /// adds nothing. A file whose last line was torn (power lost mid-append) gets that line
  /// copied aside (`FILE.torn-SECONDS`) and ended with a newline before anything is
  /// appended: what was written is never truncated, and the new line stays whole.
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
    for (name, group) in byFile { try append(group, to: directory + "/" + name) }
  }

  private func append(_ records: [LedgerRecord], to path: String) throws(SystemError) {
    let existed = FileSystem.exists(path)
    let fd = try FileDescriptor.open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW, mode: 0o600)
    defer { fd.close() }
    var info = stat()
    try retrying("fstat", path: path) { fstat(fd.rawValue, &info) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw SystemError("fstat", errno: EINVAL, path: path, detail: "is not a regular file")
    }
    let tail = try Self.readTail(fd, size: Int(info.st_size), count: Self.tailSearched)
    var text = ""
    if let last = tail.last, last != UInt8(ascii: "\n") {
      // A torn last line: keep a copy aside, end it, and go on after it.
      let start = (tail.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
      let torn = Array(tail[start...])
      let aside = "\(path).torn-\(time(nil))"
      try? FileSystem.writeAtomically(aside, torn)
      warn("\(path): its last line was cut short (\(torn.count) bytes); kept a copy in \(aside)")
      text = "\n"
    }
    for record in records where !Self.contains(tail, Array(("\"id\":" + JSON.quote(record.id)).utf8)) {
      text += record.jsonLine
    }
    guard !text.isEmpty, text != "\n" || !tail.isEmpty else { return }
    try fd.write(text)
    try fd.sync()
    if !existed { FileSystem.syncFolder(directory) }
  }

  /// Whether `needle` occurs in `haystack`, byte for byte (no Unicode machinery in the bar).
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
    let first = needle[0]
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The last `count` bytes of an open file of `size` bytes.
  private static func readTail(_ fd: FileDescriptor, size: Int, count: Int) throws(SystemError) -> [UInt8] {
    let start = max(0, size - count)
    var bytes = [UInt8](repeating: 0, count: size - start)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes {
        pread(fd.rawValue, $0.baseAddress! + done, $0.count - done, off_t(start + done))
      }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw SystemError("pread", errno: errno) }
      if n == 0 { break }
      done += n
    }
    return Array(bytes[0..<done])
  }

  // MARK: - Reading

  /// The history files, every machine's, sorted by month then name; only months from
  /// `first` to `last` (`YYYY-MM`, inclusive) when given.
  public func files(from first: String? = nil, to last: String? = nil) -> [String] {
    guard let folder = opendir(directory) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard Self.isHistoryFile(name) else { continue }
      let month = String(name.prefix(7))
      if let first, month < first { continue }
      if let last, month > last { continue }
      names.append(name)
    }
    return names.sorted().map { directory + "/" + $0 }
  }

  /// `YYYY-MM.MACHINE.jsonl`.
  static func isHistoryFile(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count > 14, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "."),
      name.hasSuffix(".jsonl"), CivilTime.digits(bytes, 0, 4) != nil, CivilTime.digits(bytes, 5, 2) != nil
    else { return false }
    return true
  }

  /// Calls `body` with every record of the months from `first` to `last` (all when nil),
  /// month by month, each record once (the first copy of an id is kept).
  ///
  /// Streams: one buffer per file and the ids of one month are all it holds. A line that
  /// is not a record is skipped with a warning naming FILE:LINE; so is a torn last line.
  public func forEachRecord(
    from first: String? = nil, to last: String? = nil, _ body: (LedgerRecord) -> Void
  ) {
    var month = ""
    var seen = Set<SeenID>()
    for path in files(from: first, to: last) {
      let fileMonth = String(FileSystem.baseName(of: path).prefix(7))
      if fileMonth != month {
        month = fileMonth
        seen.removeAll(keepingCapacity: true)
      }
      read(path) { record in
        if seen.insert(SeenID(record.id)).inserted { body(record) }
      }
    }
  }

  /// Reads one file line by line.
  func read(_ path: String, _ body: (LedgerRecord) -> Void) {
    guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_NOFOLLOW) else {
      warn("\(path): cannot be read")
      return
    }
    defer { fd.close() }
    var lineNumber = 0
    var carry: [UInt8] = []
    var bad = 0
    var firstBad = ""
    while true {
      guard let chunk = try? fd.read(upTo: 1 << 20) else {
        warn("\(path): read failed")
        return
      }
      if chunk.isEmpty { break }
      chunk.withUnsafeBufferPointer { buffer in
        var start = 0
        if !carry.isEmpty {
          guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
            carry += buffer
            start = buffer.count
            return
          }
          carry += buffer[0..<newline]
          lineNumber += 1
          carry.withUnsafeBufferPointer { line in
            decode(line, lineNumber, &bad, &firstBad, body)
          }
          carry.removeAll(keepingCapacity: true)
          start = newline + 1
        }
        while start < buffer.count {
          // memchr: the generic search is the read path's largest cost on a long history.
          guard let found = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start) else {
            carry += buffer[start...]
            return
          }
          let newline = start + (UnsafeRawPointer(found) - UnsafeRawPointer(buffer.baseAddress! + start))
          lineNumber += 1
          decode(UnsafeBufferPointer(rebasing: buffer[start..<newline]), lineNumber, &bad, &firstBad, body)
          start = newline + 1
        }
      }
    }
    if !carry.isEmpty {
      warn("\(path):\(lineNumber + 1): last line cut short (\(carry.count) bytes), skipped")
    }
    if bad > 0 {
      warn("\(path): skipped \(bad) line\(bad == 1 ? "" : "s") that are not records, first: \(firstBad)")
    }
  }

  private func decode(
    _ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ bad: inout Int, _ firstBad: inout String,
    _ body: (LedgerRecord) -> Void
  ) {
    if line.isEmpty { return }
    do {
      body(try LedgerRecord(jsonLine: line))
    } catch {
      if bad == 0 { firstBad = "line \(number): \(error)" }
      bad += 1
    }
  }
}

/// An id as a reader remembers it: two differently seeded 64-bit FNV-1a hashes of its
/// bytes. A month of ids then costs no strings to keep or hash again (a fifth of `report
/// all`'s time went to a set of strings), and two different ids meet by chance with a
/// probability near 10^-27 for a month of a million records.
struct SeenID: Hashable {
  let first: UInt64
  let second: UInt64

  init(_ id: String) {
    first = StableHash.fnv1a(id)
    second = StableHash.fnv1a(id, seed: 0x6c62_272e_07bb_0142)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(first) }
}
