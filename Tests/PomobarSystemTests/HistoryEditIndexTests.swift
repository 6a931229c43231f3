import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// The edit index: a read of some months folds only the edits that can touch them, and
/// gives what a read without the index gives, whatever the index holds.
@Suite("History edit index")
struct HistoryEditIndexTests {
  /// A seeded generator: the same history on every run.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return z ^ (z >> 31)
    }
  }

  /// A history folder and a private state folder beside it, removed at the end.
  final class Folders {
    let root: String
    var history: String { root + "/history" }
    var state: String { root + "/state" }
    var indexPath: String { state + "/history-index" }

    init() throws {
      root = NSTemporaryDirectory() + "pomobar-index-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func store(_ machine: String = "m1", indexed: Bool = true, pending: [LedgerRecord] = []) -> HistoryStore {
      let store = HistoryStore(directory: history, machine: machine, warn: { _ in })
      if indexed { store.indexPath = indexPath }
      store.pending = pending
      return store
    }
  }

  static let january2026: Int64 = 1_767_225_600

  static func record(_ id: String, _ start: Int64, project: String?, added: Bool = false) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 3600),
      end: WallTime(utc: start + 900, offset: 3600),
      seconds: 900, project: project, at: added ? WallTime(utc: start + 900, offset: 3600) : nil)
  }

  /// About 600 records over 14 months on two machines, and edits from both across months:
  /// amends in place and into other months, removals, undos (and undos of undos), undos of
  /// added records, renames, a delete, a reset, an undo of the rename, a second line under
  /// one edit's id; two records still owed.
  static func generate(_ sandbox: Folders) throws -> [LedgerRecord] { try generate(into: sandbox.history) }

  static func generate(into history: String) throws -> [LedgerRecord] {
    func store(_ machine: String) -> HistoryStore {
      HistoryStore(directory: history, machine: machine, warn: { _ in })
    }
    var random = Seeded(state: 26)
    let projects = ["api", "web", "ops", nil]
    var records: [String: LedgerRecord] = [:]
    var ids: [String] = []
    for index in 0..<600 {
      let machine = index % 3 == 0 ? "m2" : "m1"
      let start = january2026 + Int64(index) * 61_000 + Int64.random(in: 0..<3_000, using: &random)
      let record = record(
        "\(machine).r.\(index)", start, project: projects.randomElement(using: &random)!,
        added: index % 17 == 0)
      try store(machine).append([record])
      records[record.id] = record
      ids.append(record.id)
    }
    var made: Int64 = 1_800_000_000_000_000_000
    var edits: [String: [HistoryEdit]] = ["m1": [], "m2": []]
    var last: [HistoryEdit] = []
    func edit(_ machine: String, _ operation: HistoryEdit.Operation) {
      made += Int64.random(in: 0...2, using: &random)  // some share a nanosecond
      let edit = store(machine).newEdit(at: made, index: last.count, operation)
      edits[machine]!.append(edit)
      last.append(edit)
    }
    for step in 0..<220 {
      let machine = step % 2 == 0 ? "m1" : "m2"
      let target = ids.randomElement(using: &random)!
      var moved = records[target]!
      switch step % 11 {
      case 0, 1, 2:
        moved.project = "edited\(step)"
        edit(machine, .amend(target: target, record: moved))
      case 3, 4:
        let shift = Int64.random(in: -50...50, using: &random) * 86_400
        moved.start.utc += shift
        moved.end.utc += shift
        edit(machine, .amend(target: target, record: moved))
      case 5, 6: edit(machine, .remove(target: target))
      case 7: edit(machine, .undo(target: last.randomElement(using: &random)!.id))
      case 8:
        let added = ids.filter { records[$0]!.at != nil }.randomElement(using: &random)!
        edit(machine, .undo(target: added))
      case 9:
        if let undo = last.last(where: { if case .undo = $0.operation { true } else { false } }) {
          edit(machine, .undo(target: undo.id))
        }
      default:
        switch step % 4 {
        case 0: edit(machine, .rename(from: "api", to: "backend"))
        case 1: edit(machine, .delete(project: "ops"))
        case 2: edit(machine, .reset(before: CivilTime.Date(year: 2026, month: 2, day: 10)))
        default:
          if let rename = last.last(where: { if case .rename = $0.operation { true } else { false } }) {
            edit(machine, .undo(target: rename.id))
          }
        }
      }
    }
    // Bills from both machines over one stretch: the first undone, so the second applies
    // to what they share, and a record billed after an amend moved it.
    edit("m1", .bill(targets: Array(ids[100..<140]), invoice: "INV-1"))
    edit("m2", .bill(targets: Array(ids[120..<160]) + [ids[7]], invoice: nil))
    edit("m2", .undo(target: last[last.count - 2].id))
    edit("m1", .bill(targets: Array(ids[400..<420]), invoice: "INV-3"))
    // A second line under one id: the fold keeps the first.
    var twin = edits["m1"]![5]
    twin.operation = .remove(target: ids[300])
    edits["m2"]!.append(twin)
    for (machine, lines) in edits { try store(machine).append(edits: lines) }
    return [
      record("m1.owed.1", january2026 + 200 * 86_400, project: "api"),
      record(ids[40], records[ids[40]]!.start.utc, project: "again"),
    ]
  }

  static let ranges: [(String?, String?)] = {
    var months: [String] = []
    for year in 2025...2027 {
      for month in 1...12 { months.append("\(year)-" + (month < 10 ? "0" : "") + "\(month)") }
    }
    let shown = months.filter { $0 >= "2025-11" && $0 <= "2027-04" }
    return shown.map { ($0, $0) } + zip(shown, shown.dropFirst(2)).map { ($0, $1) }
      + [("2026-06", nil), (nil, "2026-03"), (nil, nil)]
  }()

  static func read(_ store: HistoryStore, _ range: (String?, String?)) -> [LedgerRecord] {
    var read: [LedgerRecord] = []
    store.forEachRecord(from: range.0, to: range.1) { read.append($0) }
    return read
  }

  @Test func readsWithTheIndexGiveWhatReadsWithoutItGive() throws {
    let sandbox = try Folders()
    let pending = try Self.generate(sandbox)
    var filled = 0
    for range in Self.ranges {
      let expected = Self.read(sandbox.store(indexed: false, pending: pending), range)
      if !expected.isEmpty { filled += 1 }
      for _ in 0..<2 {
        let store = sandbox.store(pending: pending)
        #expect(Self.read(store, range) == expected, "\(range)")
      }
      let store = sandbox.store(pending: pending)
      _ = Self.read(store, range)
      #expect(store.foldedThroughIndex == (range.0 != nil), "\(range)")
    }
    #expect(filled >= 20)
  }

  /// A month's report and export take the bills from `billFold`, which folds only the
  /// bills and their undos through the index.
  @Test func billsThroughTheIndexAreEveryEditsBills() throws {
    let sandbox = try Folders()
    let pending = try Self.generate(sandbox)
    let every = sandbox.store(indexed: false, pending: pending).fold()
    _ = Self.read(sandbox.store(pending: pending), ("2026-03", "2026-03"))  // makes the index
    let store = sandbox.store(pending: pending)
    let bills = store.billFold()
    #expect(store.foldedThroughIndex)
    var ids: [String] = []
    store.forEachRecord { ids.append($0.id) }
    #expect(ids.filter { bills.bill(of: $0) != nil }.count >= 40)
    for id in ids { #expect(bills.bill(of: id) == every.bill(of: id), "\(id)") }
  }

  @Test func theIndexIsMadeByABoundedReadAndDescribesEveryEditLine() throws {
    let sandbox = try Folders()
    _ = try Self.generate(sandbox)
    let store = sandbox.store()
    _ = Self.read(store, ("2026-03", "2026-03"))
    #expect(!store.foldedThroughIndex, "none yet: made by this read")
    let index = try #require(
      EditIndex(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.indexPath)))))
    #expect(index.directory == sandbox.history)
    #expect(index.files.map(\.name) == ["edits.m1.jsonl", "edits.m2.jsonl"])
    #expect(index.files.map(\.signature) == store.editFiles().map(FileSystem.signature))
    let lines = try store.editFiles().map {
      try String(contentsOfFile: $0, encoding: .utf8).split(separator: "\n").count
    }
    // Every line but the second under one id (the fold reads the first).
    #expect(index.entries.count == lines.reduce(0, +) - 1)
    let fresh = sandbox.store()
    _ = Self.read(fresh, ("2026-03", "2026-03"))
    #expect(fresh.foldedThroughIndex)
    // A read from the first month folds every edit (the index would save nothing).
    for range in [(nil, nil), (nil, "2026-03")] as [(String?, String?)] {
      let all = sandbox.store()
      _ = Self.read(all, range)
      #expect(!all.foldedThroughIndex)
    }
  }

  @Test func anEditAppendedMakesTheIndexOutOfDateAndItIsMadeAgain() throws {
    let sandbox = try Folders()
    _ = try Self.generate(sandbox)
    let month = ("2026-05", "2026-05")
    _ = Self.read(sandbox.store(), month)
    let before = Self.read(sandbox.store(), month)
    let victim = try #require(before.first)
    let other = sandbox.store("m2")
    try other.append(edits: [other.newEdit(at: 1_900_000_000_000_000_000, .remove(target: victim.id))])
    let store = sandbox.store()
    let after = Self.read(store, month)
    #expect(!store.foldedThroughIndex, "out of date: not used, made again")
    #expect(after == Array(before.dropFirst()))
    #expect(after == Self.read(sandbox.store(indexed: false), month))
    let again = sandbox.store()
    #expect(Self.read(again, month) == after)
    #expect(again.foldedThroughIndex)
  }

  /// Each way an index can be wrong: the read is still right, and the index is not used.
  @Test(arguments: ["truncated", "byte", "other history", "lying entry", "fifo", "symlink", "empty"])
  func aWrongIndexIsIgnored(_ fault: String) throws {
    let sandbox = try Folders()
    let pending = try Self.generate(sandbox)
    let month = ("2026-04", "2026-04")
    let expected = Self.read(sandbox.store(indexed: false, pending: pending), month)
    _ = Self.read(sandbox.store(pending: pending), month)
    let good = Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.indexPath)))
    let path = sandbox.indexPath
    try FileManager.default.removeItem(atPath: path)
    var index = try #require(EditIndex(bytes: good))
    switch fault {
    case "truncated": try Data(good.prefix(good.count / 2)).write(to: URL(fileURLWithPath: path))
    case "byte":
      var bytes = good
      bytes[bytes.count / 2] ^= 0x10
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    case "other history":
      index.directory = sandbox.root + "/elsewhere"
      try Data(index.bytes).write(to: URL(fileURLWithPath: path))
    case "lying entry":
      // Well formed, checksum right, but two lines' places swapped, one of them a rename
      // (which every read reads): a line read is not the edit the index says.
      let a = try #require(index.entries.firstIndex { $0.kind == .projectWide })
      let b = try #require(index.entries.firstIndex { $0.file == index.entries[a].file && $0.kind == .amend })
      (index.entries[a].offset, index.entries[b].offset) = (index.entries[b].offset, index.entries[a].offset)
      (index.entries[a].length, index.entries[b].length) = (index.entries[b].length, index.entries[a].length)
      try Data(index.bytes).write(to: URL(fileURLWithPath: path))
    case "fifo": #expect(mkfifo(path, 0o600) == 0)
    case "symlink":
      let elsewhere = sandbox.root + "/index-elsewhere"
      try Data(good).write(to: URL(fileURLWithPath: elsewhere))
      #expect(symlink(elsewhere, path) == 0)
    default: try Data().write(to: URL(fileURLWithPath: path))
    }
    let store = sandbox.store(pending: pending)
    #expect(Self.read(store, month) == expected)
    #expect(!store.foldedThroughIndex)
    if fault == "symlink" {
      #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.root + "/index-elsewhere")) == Data(good))
    }
    // Made again in its place: the next read uses it.
    let next = sandbox.store(pending: pending)
    #expect(Self.read(next, month) == expected)
    #expect(next.foldedThroughIndex)
  }

  /// An index that cannot be kept (a read-only folder, no folder) or that others could
  /// have planted (a folder open to them) is not used, and the read is right.
  @Test(arguments: ["read-only", "not a folder", "open to others"])
  func anIndexThatCannotBeKeptOrTrustedIsDoneWithout(_ fault: String) throws {
    let sandbox = try Folders()
    let pending = try Self.generate(sandbox)
    let month = ("2026-08", "2026-09")
    let expected = Self.read(sandbox.store(indexed: false, pending: pending), month)
    var path = sandbox.indexPath
    switch fault {
    case "read-only": chmod(sandbox.state, 0o500)
    case "not a folder":
      try Data().write(to: URL(fileURLWithPath: sandbox.root + "/file"))
      path = sandbox.root + "/file/history-index"
    default:
      _ = Self.read(sandbox.store(pending: pending), month)
      #expect(FileManager.default.fileExists(atPath: path))
      chmod(sandbox.state, 0o777)
    }
    defer { chmod(sandbox.state, 0o700) }
    for _ in 0..<2 {
      let store = sandbox.store(pending: pending)
      store.indexPath = path
      #expect(Self.read(store, month) == expected)
      // Root writes to a read-only folder all the same.
      #expect(!store.foldedThroughIndex || (fault == "read-only" && geteuid() == 0))
    }
    if fault == "read-only" && geteuid() != 0 { #expect(!FileManager.default.fileExists(atPath: path)) }
  }

  /// `pomobar report` and `export` of some months, with the index made by the first run and
  /// used by the next, print what they print without it (`history-index` a folder: it can
  /// be neither read nor written).
  @Test func reportsWithAndWithoutTheIndexAreTheSame() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let history = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
      _ = try Self.generate(into: history)
      let index = sandbox.stateDirectory + "/history-index"
      let commands = [
        ["report", "--from", "2026-03-01", "--to", "2026-03-31", "--json"],
        ["report", "--from", "2026-06-15", "--to", "2026-08-10", "--json"],
        ["report", "--from", "2026-12-01", "--to", "2027-01-31", "--json"],
        ["export", "--from", "2026-04-01", "--to", "2026-05-31", "--format", "csv"],
      ]
      var without: [String] = []
      try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: true)
      for command in commands {
        let result = try await sandbox.run(command, environment: ["TZ": "Europe/Berlin"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        without.append(result.stdout)
      }
      try FileManager.default.removeItem(atPath: index)
      for _ in 0..<2 {
        for (command, expected) in zip(commands, without) {
          let result = try await sandbox.run(command, environment: ["TZ": "Europe/Berlin"])
          #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
          #expect(result.stdout == expected, "\(command)")
        }
        #expect(EditIndex(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: index)))) != nil)
      }
      #expect(without.allSatisfy { $0.count > 200 })
    }
  }
}
