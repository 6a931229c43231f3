import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// A read of some months takes of the edits only what those months need (the amended
/// records that start in them, found by their seconds): it must give what a read of the
/// whole history gives of those months, whichever machine made the edits and wherever
/// they move a record.
@Suite("History store, months")
struct HistoryStoreMonthTests {
  static func record(_ id: String, _ start: Int64) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 3600), end: WallTime(utc: start + 600, offset: 3600),
      seconds: 600, project: "api")
  }

  @Test func aMonthReadGivesWhatTheWholeReadGivesOfIt() throws {
    let root = NSTemporaryDirectory() + "pomobar-months-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let here = HistoryStore(directory: root, machine: "m1", warn: { _ in })
    let there = HistoryStore(directory: root, machine: "m2", warn: { _ in })
    // 2026-11-30T23:55Z, the last minutes of November (UTC), and December, January after.
    let lateNovember: Int64 = 1_796_083_200 - 300
    let december: Int64 = 1_796_083_200 + 10 * 86_400
    let january: Int64 = 1_798_761_600 + 86_400
    try here.append([Self.record("m1.1", lateNovember), Self.record("m1.2", december), Self.record("m1.3", january)])
    try there.append([Self.record("m2.1", december + 60), Self.record("m2.2", lateNovember - 86_400)])
    func moved(_ id: String, to start: Int64) -> HistoryEdit.Operation {
      .amend(target: id, record: Self.record(id, start))
    }
    // From the other machine: November's record into December's first second, December's
    // into January; and back: January's into November's last second. One removal.
    try there.append(edits: [
      there.newEdit(at: 1_800_000_000_000_000_000, moved("m1.1", to: 1_796_083_200)),
      there.newEdit(at: 1_800_000_000_000_000_000, index: 1, moved("m1.2", to: january + 3600)),
      there.newEdit(at: 1_800_000_000_000_000_000, index: 2, .remove(target: "m2.2")),
    ])
    try here.append(edits: [here.newEdit(at: 1_800_000_000_000_000_001, moved("m1.3", to: 1_796_083_199))])
    var whole: [String: [String]] = [:]
    here.forEachRecord { whole[HistoryStore.month(of: $0.start), default: []].append($0.id) }
    #expect(whole == ["2026-11": ["m1.3"], "2026-12": ["m1.1", "m2.1"], "2027-01": ["m1.2"]])
    for (first, last) in [("2026-11", "2026-11"), ("2026-12", "2026-12"), ("2027-01", "2027-01"), ("2026-11", "2026-12"),
      ("2026-12", "2027-01"), ("2025-01", "2026-10"), ("2027-02", "2030-01")]
    {
      var read: [String] = []
      here.forEachRecord(from: first, to: last) { read.append($0.id) }
      let expected = whole.keys.sorted().filter { $0 >= first && $0 <= last }.flatMap { whole[$0]! }
      #expect(read.sorted() == expected.sorted(), "\(first)...\(last)")
    }
  }

  @Test func theSecondsOfMonthsHoldThemWithADayToSpare() {
    let day: Int64 = 86_400
    #expect(HistoryStore.seconds(from: "2026-12", to: "2026-12") == 1_796_083_200 - day..<1_798_761_600 + day)
    #expect(HistoryStore.seconds(from: "2026-01", to: "2026-02").count == Int64(31 + 28 + 2) * day)
    #expect(HistoryStore.seconds(from: nil, to: nil) == Int64.min..<Int64.max)
    #expect(HistoryStore.seconds(from: "2026-13", to: "x") == Int64.min..<Int64.max)
  }
}
