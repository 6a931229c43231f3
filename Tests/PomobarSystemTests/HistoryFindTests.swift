import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// Finding records by id without decoding the history: the same records `forEachRecord`
/// gives, as the edits leave them.
@Suite("History find by id")
struct HistoryFindTests {
  static func record(_ id: String, _ start: Int64, project: String = "api") -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 3600),
      end: WallTime(utc: start + 600, offset: 3600),
      seconds: 600, project: project)
  }

  @Test func matchingIDsAreFoundAsTheEditsLeaveThem() throws {
    let root = NSTemporaryDirectory() + "pomobar-find-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let history = HistoryStore(directory: root, machine: "m1", warn: { _ in })
    let start: Int64 = 1_790_000_000
    let plain = Self.record("m1.e.1", start)
    let amended = Self.record("m1.e.2", start + 1000)
    let removed = Self.record("m1.e.3", start + 2000)
    let escaped = Self.record("m1.\"q\".4", start + 3000)
    // Written as the store writes them, without its fsyncs: this suite runs beside
    // timing-sensitive ones.
    let month = root + "/" + history.fileName(for: plain)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try [plain, amended, removed, escaped].map(\.jsonLine).joined().write(
      toFile: month, atomically: false, encoding: .utf8)
    // Another machine's copy of one record: found once.
    try plain.jsonLine.write(
      toFile: month.replacingOccurrences(of: ".m1.", with: ".m2."), atomically: false, encoding: .utf8)
    var changed = amended
    changed.project = "web"
    let edits = [
      history.newEdit(at: 1_795_000_000_000_000_000, .amend(target: amended.id, record: changed)),
      history.newEdit(at: 1_795_000_000_000_000_000, index: 1, .remove(target: removed.id)),
    ]
    try edits.map(\.jsonLine).joined().write(toFile: history.editsPath, atomically: false, encoding: .utf8)
    func find(_ ids: Set<String>) -> [LedgerRecord] {
      history.records { ids.contains(String(decoding: $0, as: UTF8.self)) }.sorted { $0.id < $1.id }
    }
    #expect(find([plain.id]) == [plain])
    #expect(find([amended.id]) == [changed])
    #expect(find([removed.id]).isEmpty)
    #expect(find([escaped.id]) == [escaped])
    #expect(find([plain.id, amended.id, removed.id, escaped.id]).count == 3)
    var all: [LedgerRecord] = []
    history.forEachRecord { all.append($0) }
    #expect(find(Set(all.map(\.id))) == all.sorted { $0.id < $1.id })
  }
}
