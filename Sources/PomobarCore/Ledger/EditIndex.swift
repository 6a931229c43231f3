/// What every machine's edits files hold, line by line, without the lines: where each
/// edit is and what it names. Kept beside the state (never synced) so that a read of a few
/// months decodes only the edits that can touch them, instead of every edit of the history
/// (`HistoryStore`'s reads).
///
/// Never trusted over the files: it names each file with its signature (inode, size,
/// modification time) and the history folder it summarises, ends with a checksum, and
/// every line it leads to is read and must be the edit it says; anything else and the
/// reader folds the files themselves, as without it.
public struct EditIndex: Equatable, Sendable {
  /// An edits file as it was summarised.
  public struct File: Equatable, Sendable {
    public var name: String
    /// `FileSystem.signature`: inode, size, modification time (seconds, nanoseconds).
    public var signature: [Int64]

    public init(name: String, signature: [Int64]) {
      self.name = name
      self.signature = signature
    }
  }

  public enum Kind: UInt8, Sendable {
    case amend = 1
    case remove = 2
    case undo = 3
    /// A rename, delete or reset: it can touch any record.
    case projectWide = 4
    /// A bill: it names many records, and a history holds one line per invoice, so every
    /// read folds them all.
    case bill = 5

    /// Whether its entry names one target; the others are folded by every read.
    var hasTarget: Bool { self != .projectWide && self != .bill }
  }

  /// One edit line.
  public struct Entry: Equatable, Sendable {
    /// Its file's place in `files`.
    public var file: Int
    /// Its first byte and its length, without the newline.
    public var offset: Int
    public var length: Int
    public var kind: Kind
    public var id: RecordKey
    /// What an amend, remove or undo names (a record, or an undo's edit); none for a
    /// project-wide edit or a bill.
    public var target: RecordKey?
    /// An amend's record's start (UTC seconds): an amend may move a record into a month.
    public var start: Int64

    public init(_ edit: HistoryEdit, file: Int, offset: Int, length: Int) {
      self.file = file
      self.offset = offset
      self.length = length
      id = RecordKey(edit.id)
      start = 0
      switch edit.operation {
      case .amend(let target, let record):
        kind = .amend
        self.target = RecordKey(target)
        start = record.start.utc
      case .remove(let target):
        kind = .remove
        self.target = RecordKey(target)
      case .undo(let target):
        kind = .undo
        self.target = RecordKey(target)
      case .rename, .delete, .reset:
        kind = .projectWide
        target = nil
      case .bill:
        kind = .bill
        target = nil
      }
    }

    init(file: Int, offset: Int, length: Int, kind: Kind, id: RecordKey, target: RecordKey?, start: Int64) {
      self.file = file
      self.offset = offset
      self.length = length
      self.kind = kind
      self.id = id
      self.target = target
      self.start = start
    }
  }

  /// The history folder it summarises.
  public var directory: String
  public var files: [File]
  /// Every edit line of `files` that the fold reads, in the order they are read (file by
  /// file, line by line): the first line of each id (`HistoryFold` keeps the first).
  public var entries: [Entry]

  public init(directory: String, files: [File], entries: [Entry]) {
    self.directory = directory
    self.files = files
    self.entries = entries
  }

  // MARK: - What a read needs

  /// Every key an entry names or is (and about one in sixteen others): a record whose id
  /// it may hold may need an edit; one it does not hold, none.
  public var keys: RecordKeyFilter {
    var keys = RecordKeyFilter(capacity: entries.count * 2)
    for entry in entries {
      keys.insert(entry.id)
      if let target = entry.target { keys.insert(target) }
    }
    return keys
  }

  /// The places in `entries` of the edits that can touch the records whose ids are `hits`
  /// (records a read meets that `keys` may hold) or that an amend moves into the UTC
  /// seconds `span`: a fold of these alone leaves those records as the fold of every edit
  /// does.
  ///
  /// That is: every project-wide edit and bill, every edit that names such a record or is named
  /// like one, every edit naming a record an amend moves into `span`, and the undos of any
  /// of those, and of those undos, and so on. nil when a chain of undos takes more passes
  /// to follow than the fold follows links of one (`HistoryFold.undoDepth`): read every
  /// edit then.
  public func selection(hitting hits: RecordKeySet, startingIn span: Range<Int64>) -> [Int]? {
    var targets = hits
    for entry in entries where entry.kind == .amend && span.contains(entry.start) {
      if let target = entry.target { _ = targets.insert(target) }
    }
    var chosen = [Bool](repeating: false, count: entries.count)
    var chosenIDs = RecordKeySet()
    var undos: [Int] = []
    for place in entries.indices {
      let entry = entries[place]
      if entry.target.map(targets.contains) ?? true || targets.contains(entry.id) {
        chosen[place] = true
        _ = chosenIDs.insert(entry.id)
      } else if entry.kind == .undo {
        undos.append(place)
      }
    }
    // Undos of chosen edits, then undos of those: one pass per step of the longest chain.
    var passes = 0
    var grew = true
    while grew {
      grew = false
      passes += 1
      guard passes < HistoryFold.undoDepth else { return nil }
      for place in undos where !chosen[place] {
        guard let target = entries[place].target, chosenIDs.contains(target) else { continue }
        chosen[place] = true
        _ = chosenIDs.insert(entries[place].id)
        grew = true
      }
    }
    return entries.indices.filter { chosen[$0] }
  }

  // MARK: - Bytes

  static let magic = Array("pomobar edit index 1\n".utf8)
  /// file, offset, length, kind, id, whether a target, target, start.
  static let entrySize = 4 + 8 + 4 + 1 + 16 + 1 + 16 + 8
  static let nameLimit = 4096

  /// As it is kept: `magic`, the folder, the files, the entries, then an FNV-1a checksum
  /// of all that.
  public var bytes: [UInt8] {
    var out = Self.magic
    out.reserveCapacity(out.count + 64 + files.count * 64 + entries.count * Self.entrySize + 8)
    func put(_ value: UInt64, _ count: Int) {
      for shift in 0..<count { out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift * 8))) }
    }
    func put(_ text: String) {
      put(UInt64(text.utf8.count), 4)
      out += text.utf8
    }
    put(directory)
    put(UInt64(files.count), 4)
    for file in files {
      put(file.name)
      put(UInt64(file.signature.count), 1)
      for value in file.signature { put(UInt64(bitPattern: value), 8) }
    }
    put(UInt64(entries.count), 4)
    for entry in entries {
      put(UInt64(entry.file), 4)
      put(UInt64(entry.offset), 8)
      put(UInt64(entry.length), 4)
      put(UInt64(entry.kind.rawValue), 1)
      put(entry.id.first, 8)
      put(entry.id.second, 8)
      put(entry.target == nil ? 0 : 1, 1)
      put(entry.target?.first ?? 0, 8)
      put(entry.target?.second ?? 0, 8)
      put(UInt64(bitPattern: entry.start), 8)
    }
    put(out.withUnsafeBytes(Self.checksum), 8)
    return out
  }

  /// Reads what `bytes` wrote; nil for anything else (cut short, another version, a
  /// changed byte, an entry outside its file or longer than a line can be).
  public init?(bytes: [UInt8]) {
    guard bytes.count >= Self.magic.count + 8, bytes.starts(with: Self.magic) else { return nil }
    let read: EditIndex? = bytes.withUnsafeBytes { raw in
      let end = raw.count - 8
      guard
        raw.loadUnaligned(fromByteOffset: end, as: UInt64.self).littleEndian
          == Self.checksum(UnsafeRawBufferPointer(rebasing: raw[..<end]))
      else { return nil }
      var reader = Reader(raw: raw, at: Self.magic.count, end: end)
      return reader.index()
    }
    guard let read else { return nil }
    self = read
  }

  /// Reads the parts after `magic`, up to the checksum.
  private struct Reader {
    let raw: UnsafeRawBufferPointer
    var at: Int
    let end: Int

    /// A little-endian number of `count` bytes at `place` (within `end`).
    func number(_ place: Int, _ count: Int) -> UInt64 {
      switch count {
      case 8: return raw.loadUnaligned(fromByteOffset: place, as: UInt64.self).littleEndian
      case 4: return UInt64(raw.loadUnaligned(fromByteOffset: place, as: UInt32.self).littleEndian)
      default: return UInt64(raw[place])
      }
    }

    mutating func take(_ count: Int) -> UInt64? {
      guard count <= end - at else { return nil }
      defer { at += count }
      return number(at, count)
    }

    mutating func text() -> String? {
      guard let count = take(4).map(Int.init), count <= EditIndex.nameLimit, count <= end - at else {
        return nil
      }
      defer { at += count }
      return String(validating: UnsafeRawBufferPointer(rebasing: raw[at..<(at + count)]), as: UTF8.self)
    }

    mutating func index() -> EditIndex? {
      guard let directory = text(), let fileCount = take(4), Int(fileCount) <= (end - at) / 5 else {
        return nil
      }
      var files: [File] = []
      for _ in 0..<fileCount {
        guard let name = text(), take(1) == 4, end - at >= 32 else { return nil }
        files.append(File(name: name, signature: (0..<4).map { Int64(bitPattern: number(at + $0 * 8, 8)) }))
        at += 32
      }
      guard let count = take(4).map(Int.init), count * EditIndex.entrySize == end - at else { return nil }
      var entries: [Entry] = []
      entries.reserveCapacity(count)
      for _ in 0..<count {
        let file = Int(number(at, 4))
        let offset = number(at + 4, 8)
        let length = number(at + 12, 4)
        let hasTarget = number(at + 33, 1)
        guard file < files.count, let kind = Kind(rawValue: UInt8(number(at + 16, 1))), hasTarget <= 1,
          (hasTarget == 1) == kind.hasTarget, length > 0, length <= UInt64(LedgerRecord.lineLimit),
          offset < UInt64(Int64.max) - length, Int64(offset + length) < files[file].signature[1]
        else { return nil }
        entries.append(
          Entry(
            file: file, offset: Int(offset), length: Int(length), kind: kind,
            id: RecordKey(first: number(at + 17, 8), second: number(at + 25, 8)),
            target: hasTarget == 1 ? RecordKey(first: number(at + 34, 8), second: number(at + 42, 8)) : nil,
            start: Int64(bitPattern: number(at + 50, 8))))
        at += EditIndex.entrySize
      }
      return EditIndex(directory: directory, files: files, entries: entries)
    }
  }

  /// FNV-1a over 64-bit words (then the bytes left): any one byte changed changes it.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var place = 0
    while place + 8 <= bytes.count {
      hash =
        (hash ^ bytes.loadUnaligned(fromByteOffset: place, as: UInt64.self).littleEndian) &* 0x100_0000_01b3
      place += 8
    }
    while place < bytes.count {
      hash = (hash ^ UInt64(bytes[place])) &* 0x100_0000_01b3
      place += 1
    }
    return hash
  }
}
