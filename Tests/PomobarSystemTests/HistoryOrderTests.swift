import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// `forEachRecordInOrder` (export, log) holds at most a bounded number of a month's
/// records: a month larger than that is read again per slice of its start times, and
/// must give the very same records in the very same order.
@Suite("History read in order")
struct HistoryOrderTests {
  static func record(_ id: String, _ start: Int64, _ length: Int64 = 600) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 3600),
      end: WallTime(utc: start + length, offset: 3600), seconds: length, project: "api")
  }

  @Test func aMonthReadInSlicesGivesTheSameOrder() throws {
    let root = NSTemporaryDirectory() + "pomobar-order-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let history = HistoryStore(directory: root, machine: "m1", warn: { _ in })
    let day: Int64 = 1_795_392_000  // 2026-11-22T00:00Z
    // Written out of order, as a month's files are: focus ends before its work, imports
    // land anywhere. Equal starts (and equal start and end, told apart by id) straddle
    // any slice boundary; one record is in both machines' files.
    var mine: [LedgerRecord] = []
    var theirs: [LedgerRecord] = []
    for index in 0..<40 {
      let start = day + Int64((index * 7919) % 23) * 7200 + (index % 3 == 0 ? 0 : 60)
      let record = Self.record("r.\(index)", start, index % 2 == 0 ? 600 : 900)
      if index % 3 == 0 { mine.append(record) } else { theirs.append(record) }
    }
    theirs.append(mine[4])
    let amended = mine[1]
    var moved = amended
    moved.start = WallTime(utc: day + 5 * 86_400, offset: 3600)
    moved.end = WallTime(utc: moved.start.utc + 300, offset: 3600)
    moved.seconds = 300
    let removed = mine[2]
    let month = root + "/" + history.fileName(for: mine[0])
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try mine.map(\.jsonLine).joined().write(toFile: month, atomically: false, encoding: .utf8)
    try theirs.map(\.jsonLine).joined().write(
      toFile: month.replacingOccurrences(of: ".m1.", with: ".m2."), atomically: false, encoding: .utf8)
    let edits = [
      history.newEdit(at: 1_796_000_000_000_000_000, .amend(target: amended.id, record: moved)),
      history.newEdit(at: 1_796_000_000_000_000_000, index: 1, .remove(target: removed.id)),
    ]
    try edits.map(\.jsonLine).joined().write(toFile: history.editsPath, atomically: false, encoding: .utf8)

    var expected = (mine + theirs).filter { $0.id != amended.id && $0.id != removed.id } + [moved]
    expected = Array(Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values)
    expected.sort { ($0.start.utc, $0.end.utc, $0.id) < ($1.start.utc, $1.end.utc, $1.id) }
    #expect(expected.count == 39)
    for limit in [1, 2, 5, 16, 39, 1000] {
      var read: [LedgerRecord] = []
      history.forEachRecordInOrder(in: .all, holding: limit) { read.append($0) }
      #expect(read == expected, "holding \(limit)")
    }
    // A range within the month: the slices keep to it.
    let first = CivilTime.split(day + 3600).date
    let range = LedgerRange(first: first, last: first)
    var inRange: [LedgerRecord] = []
    history.forEachRecordInOrder(in: range, holding: 3) { inRange.append($0) }
    #expect(inRange == expected.filter(range.contains))
    #expect(!inRange.isEmpty && inRange.count < expected.count)
  }

  @Test func slicesCoverEveryStartAndHoldAboutTheLimit() {
    var starts: [Int64] = [9, 1, 5, 5, 5, 5, 2, 8, 3, 7]
    let slices = HistoryStore.slices(&starts, holding: 3)
    #expect(slices == [1..<5, 5..<9, 9..<Int64.max])
    for start in starts { #expect(slices.filter { $0.contains(start) }.count == 1) }
  }
}
