import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A clock the test moves by hand.
final class ManualClock: ClockSource, @unchecked Sendable {
  var reading = ClockReading(
    wall: 1_795_000_000 * 1_000_000_000, boottime: 1_000 * 1_000_000_000, monotonic: 1_000 * 1_000_000_000,
    bootID: "test-boot")

  func read() -> ClockReading { reading }

  func advance(_ seconds: Int64) {
    reading.wall += seconds * 1_000_000_000
    reading.boottime += seconds * 1_000_000_000
    reading.monotonic += seconds * 1_000_000_000
  }
}

/// The history's promises, in process: every committed record exactly once, nothing of a
/// transition that was not committed, a torn line never counted as written, and nothing in
/// the folder that can hang or grow a reader.
@Suite("Ledger integrity")
struct LedgerIntegrityTests {
  struct Failed: Error {}

  final class Fixture {
    let root: String
    let clock = ManualClock()
    var warnings: [String] = []
    lazy var history = HistoryStore(
      directory: root + "/history", machine: "m1", warn: { self.warnings.append($0) }, clock: clock)
    lazy var store = StateStore(
      directory: root + "/state", clock: clock, history: history, warn: { self.warnings.append($0) })

    init() throws {
      root = NSTemporaryDirectory() + "pomobar-integrity-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      try store.prepare()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var settings: TimerSettings {
      var settings = TimerSettings()
      settings.focus = .seconds(3)
      return settings
    }

    /// One transaction; `fail` makes the state write fail just before the rename.
    @discardableResult
    func act(_ actions: [Action], fail: Bool = false) throws -> StateStore.Outcome {
      try store.transact(TransitionRequest(actions.map { .action($0) }, settings: settings)) { _, _ in
        if fail { throw Failed() }
      }
    }

    /// A transaction that counts today's totals again from the history.
    var recount: TransitionRequest {
      var request = TransitionRequest([], settings: settings)
      request.recountToday = true
      return request
    }

    /// Works on `project` for `seconds`, then stops the clock: one closed work record.
    func work(on project: String, for seconds: Int64) throws {
      try act([.project(project)])
      clock.advance(seconds)
      try act([.workStop])
    }

    /// Every record as readers see it (owed ones counted).
    func records() -> [LedgerRecord] {
      history.pending = store.peek()?.owed ?? []
      var all: [LedgerRecord] = []
      history.forEachRecord { all.append($0) }
      return all
    }

    /// The raw lines of this machine's record files.
    func lines() -> [String] {
      history.files().map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "" }.joined()
        .split(separator: "\n").map(String.init)
    }
  }

  @Test("A state write that fails leaves nothing in the history, and the next record gets its own id")
  func aFailedCommitWritesNothing() throws {
    let f = try Fixture()
    try f.act([.start])
    f.clock.advance(1)
    #expect(throws: Failed.self) { try f.act([.void("x")], fail: true) }
    #expect(f.lines().isEmpty, "a record of an uncommitted transition: \(f.lines())")
    f.clock.advance(3)
    try f.act([])  // the deadline: the focus completes
    let records = f.records()
    #expect(records.map(\.kind) == [.focus], "\(records)")
    #expect(records.first?.outcome == .completed)
    #expect(Set(records.map(\.id)).count == records.count)
  }

  @Test("Records owed by a committed state are appended by the next write, once")
  func owedRecordsAreAppendedOnce() throws {
    let f = try Fixture()
    try f.act([.project("api")])
    f.clock.advance(60)
    try f.act([.project("web")])  // closes api's interval
    #expect(f.lines().count == 1)
    #expect(f.store.peek()?.owed.count == 1)
    // As if killed after the rename and before the append: the line is gone, still owed.
    for path in f.history.files() { try "".write(toFile: path, atomically: true, encoding: .utf8) }
    #expect(f.records().map(\.project) == ["api"], "readers count what is owed")
    f.clock.advance(60)
    try f.act([.workStop])
    #expect(f.lines().count == 2, "\(f.lines()) \(f.warnings)")
    #expect(f.records().map(\.project) == ["api", "web"])
    #expect(f.store.peek()?.owed.map(\.project) == ["web"])
    f.clock.advance(1)
    try f.act([.workStart])
    f.clock.advance(1)
    try f.act([.workStop])
    #expect(f.lines().count == 3, "\(f.lines())")
  }

  @Test("A torn line never counts as written: the record is written again in its place, whole")
  func aTornLineIsNotAWrittenRecord() throws {
    let f = try Fixture()
    try f.work(on: "api", for: 60)
    let path = try #require(f.history.files().first)
    let whole = try String(contentsOfFile: path, encoding: .utf8)
    // As after a full disk: the record's line cut short, the id already in it.
    try String(whole.prefix(whole.count - 20)).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(f.records().map(\.project) == ["api"], "the torn record is still owed by the state")
    f.warnings.removeAll()
    f.clock.advance(1)
    try f.act([.workStart])
    // The torn bytes were the start of the line written now: nothing to keep, nothing to say.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == whole)
    #expect(f.records().map(\.project) == ["api"])
    #expect(f.warnings.isEmpty, "\(f.warnings)")
    #expect(Self.copies(f).isEmpty)
  }

  /// The copies of torn lines kept aside, by name.
  static func copies(_ f: Fixture) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: f.history.directory)) ?? []).filter {
      $0.contains(".torn-")
    }
  }

  /// While the disk was full the warning said a copy was kept when it was not, and the
  /// torn bytes, ended with a newline, then made every read warn of a line that is not a
  /// record.
  @Test("A torn line of another record is moved aside once a copy can be kept, and said once")
  func aTornLineIsMovedAsideOnceItsCopyIsKept() throws {
    let f = try Fixture()
    try f.work(on: "api", for: 60)
    let path = try #require(f.history.files().first)
    let whole = try String(contentsOfFile: path, encoding: .utf8)
    let torn = #"{"id":"m1.x.9","kind":"work","start":"2026"#
    try (whole + torn).write(toFile: path, atomically: true, encoding: .utf8)
    let record = try #require(f.records().first)
    var later = record
    later.id = "m1.x.10"
    later.start.utc += 3600
    later.end.utc += 3600
    // No copy can be kept (as on a full disk: here a folder where the copy goes).
    let aside = "\(path).torn-\(f.clock.read().wall / 1_000_000_000)"
    try FileManager.default.createDirectory(atPath: aside + "/x", withIntermediateDirectories: true)
    f.warnings.removeAll()
    #expect {
      try f.history.append([later])
    } throws: { error in
      "\(error)".contains(
        "its last line was cut short (\(torn.utf8.count) bytes), and no copy of it could be kept aside")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == whole + torn, "left as it was")
    #expect(f.warnings.isEmpty, "no copy is claimed: \(f.warnings)")
    // With room again: moved aside, said once, and no reader warns of it again.
    try FileManager.default.removeItem(atPath: aside)
    try f.history.append([later])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == whole + later.jsonLine)
    #expect(
      f.warnings == [
        "\(path): its last line was cut short (\(torn.utf8.count) bytes, a write that failed); moved it to \(aside)"
      ])
    #expect(FileManager.default.contents(atPath: aside) == Data(torn.utf8))
    f.warnings.removeAll()
    #expect(f.records().map(\.id) == [record.id, later.id])
    #expect(f.records().count == 2)
    #expect(f.warnings.isEmpty, "\(f.warnings)")
  }

  @Test("A whole record without its newline (a hand edit) is kept and ended, not moved")
  func aWholeLastLineIsKept() throws {
    let f = try Fixture()
    try f.work(on: "api", for: 60)
    let path = try #require(f.history.files().first)
    let whole = try String(contentsOfFile: path, encoding: .utf8)
    try String(whole.dropLast()).write(toFile: path, atomically: true, encoding: .utf8)
    let record = try #require(f.records().first)
    var later = record
    later.id = "m1.x.10"
    f.warnings.removeAll()
    try f.history.append([record, later])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == whole + later.jsonLine)
    #expect(f.warnings.isEmpty && Self.copies(f).isEmpty, "\(f.warnings)")
  }

  @Test("Today's totals in the state are what the history says, after edits too")
  func todayFollowsTheHistory() throws {
    let f = try Fixture()
    try f.work(on: "api", for: 600)
    #expect(f.store.peek()?.timer.ledger.today.total(for: "api") == 600)
    let record = try #require(f.records().first)
    let wall = f.clock.read().wall
    try f.history.append(edits: [
      f.history.newEdit(at: wall, .rename(from: "api", to: "web"))
    ])
    _ = try f.store.transact(f.recount) { _, _ in }
    let today = try #require(f.store.peek()?.timer.ledger.today)
    #expect(today.total(for: "web") == 600 && today.total(for: "api") == 0, "\(today)")
    try f.history.append(edits: [
      f.history.newEdit(at: wall + 1, .remove(target: record.id))
    ])
    _ = try f.store.transact(f.recount) { _, _ in }
    #expect(f.store.peek()?.timer.ledger.today.total == 0)
  }

  @Test("A FIFO, a symlink and an over-long line in the history folder are skipped, named once")
  func hostileFilesAreSkipped() throws {
    let f = try Fixture()
    try f.work(on: "api", for: 60)
    let folder = f.history.directory
    let record = try #require(f.records().first)
    #expect(mkfifo(folder + "/2026-01.aaaaaaaaaaaa.jsonl", 0o600) == 0)
    #expect(symlink("/dev/zero", folder + "/2026-02.bbbbbbbbbbbb.jsonl") == 0)
    #expect(mkfifo(folder + "/edits.cccccccccccc.jsonl", 0o600) == 0)
    let long = String(repeating: "x", count: 200_000) + "\n"
    var other2 = record
    other2.id = "dddddddddddd.e.1"
    other2.start = WallTime(utc: 1_773_000_000, offset: 0)
    other2.end = WallTime(utc: 1_773_000_060, offset: 0)
    try (long + other2.jsonLine + long).write(
      toFile: folder + "/2026-03.dddddddddddd.jsonl", atomically: true, encoding: .utf8)
    f.warnings = []
    let started = Date()
    let records = f.records()
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(records.count == 2, "\(records)")
    #expect(f.warnings.contains { $0.contains("aaaaaaaaaaaa") && $0.contains("FIFO") }, "\(f.warnings)")
    #expect(f.warnings.contains { $0.contains("bbbbbbbbbbbb") && $0.contains("symlink") }, "\(f.warnings)")
    #expect(f.warnings.contains { $0.contains("cccccccccccc") }, "\(f.warnings)")
    #expect(f.warnings.contains { $0.contains("dddddddddddd") && $0.contains("longer than 64 KiB") }, "\(f.warnings)")
  }

  @Test("This machine's history file as a FIFO: the transition still commits, and the record stays owed")
  func anUnwritableHistoryKeepsRecordsOwed() throws {
    let f = try Fixture()
    try f.act([.project("api")])
    f.clock.advance(60)
    let record = LedgerRecord(
      id: "x", kind: .work, start: LocalZone.wallTime(wall: f.clock.read().wall),
      end: LocalZone.wallTime(wall: f.clock.read().wall), seconds: 0)
    try FileManager.default.createDirectory(atPath: f.history.directory, withIntermediateDirectories: true)
    #expect(mkfifo(f.history.directory + "/" + f.history.fileName(for: record), 0o600) == 0)
    try f.act([.workStop])
    #expect(f.store.peek()?.owed.count == 1)
    #expect(f.warnings.contains { $0.contains("cannot write the history") }, "\(f.warnings)")
    #expect(EffectFailures.problem(folder: f.store.directory)?.contains("cannot write the history") == true)
    unlink(f.history.directory + "/" + f.history.fileName(for: record))
    f.clock.advance(1)
    try f.act([.workStart])
    #expect(f.lines().count == 1)
    #expect(EffectFailures.problem(folder: f.store.directory) == nil)
  }
}
