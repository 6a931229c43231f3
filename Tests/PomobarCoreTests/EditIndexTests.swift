import Testing

@testable import PomobarCore

/// The edit index as bytes, and which edits it chooses for a read.
@Suite("Edit index")
struct EditIndexTests {
  static func record(_ id: String, _ start: Int64) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 0), end: WallTime(utc: start + 60, offset: 0),
      seconds: 60)
  }

  static func edit(_ id: String, _ operation: HistoryEdit.Operation) -> HistoryEdit {
    HistoryEdit(id: id, at: WallTime(utc: 1_800_000_000, offset: 0), operation)
  }

  /// Two files: amends of `a` (in place) and `b` (moved to second 5,000,000), a removal of
  /// `c`, an undo of the amend of `a` and an undo of that undo, an undo of an added
  /// record `d`, a rename, and a second line under the first edit's id naming `z`.
  static let index: EditIndex = {
    let edits: [(Int, HistoryEdit)] = [
      (0, edit("e1", .amend(target: "a", record: record("a", 1_000)))),
      (0, edit("e2", .amend(target: "b", record: record("b", 5_000_000)))),
      (1, edit("e3", .remove(target: "c"))),
      (1, edit("e4", .undo(target: "e1"))),
      (0, edit("e5", .undo(target: "e4"))),
      (1, edit("e6", .undo(target: "d"))),
      (1, edit("e7", .rename(from: "x", to: "y"))),
    ]
    return EditIndex(
      directory: "/h",
      files: [
        .init(name: "edits.m1.jsonl", signature: [1, 10_000, 3, 4]),
        .init(name: "edits.m2.jsonl", signature: [2, 10_000, 3, 4]),
      ],
      entries: edits.enumerated().map { place, pair in
        EditIndex.Entry(pair.1, file: pair.0, offset: place * 100, length: 99)
      })
  }()

  static func keys(_ ids: String...) -> RecordKeySet {
    var set = RecordKeySet()
    for id in ids { _ = set.insert(RecordKey(id)) }
    return set
  }

  @Test func itReadsBackWhatItWroteAndNothingElse() {
    let bytes = Self.index.bytes
    #expect(EditIndex(bytes: bytes) == Self.index)
    for count in 0..<bytes.count { #expect(EditIndex(bytes: Array(bytes.prefix(count))) == nil, "\(count)") }
    for place in bytes.indices {
      var changed = bytes
      changed[place] ^= 0x01
      #expect(EditIndex(bytes: changed) == nil, "\(place)")
    }
    // Well formed and summed, but a line past its file's end.
    var past = Self.index
    past.entries[0].offset = 9_950
    #expect(EditIndex(bytes: past.bytes) == nil)
    var long = Self.index
    long.entries[0].length = LedgerRecord.lineLimit + 1
    #expect(EditIndex(bytes: long.bytes) == nil)
  }

  @Test func aReadGetsTheEditsOfItsRecordsTheirUndosAndEveryProjectWideEdit() {
    let far: Range<Int64> = 0..<100
    // Nothing of the read is named: the rename alone.
    #expect(Self.index.selection(hitting: RecordKeySet(), startingIn: far) == [6])
    // `a`: its amend, the undo of it and the undo of that undo.
    #expect(Self.index.selection(hitting: Self.keys("a"), startingIn: far) == [0, 3, 4, 6])
    // An amend moves `b` into the seconds read: chosen without `b` being met.
    #expect(Self.index.selection(hitting: RecordKeySet(), startingIn: 4_000_000..<6_000_000) == [1, 6])
    #expect(Self.index.selection(hitting: Self.keys("c", "d"), startingIn: far) == [2, 5, 6])
  }

  /// Undos each before the one they undo (a machine's file read before another's): one
  /// pass per link; past the fold's own depth, nothing is chosen and every edit is read.
  @Test func aChainOfUndosTooLongToFollowChoosesNothing() {
    func chain(_ length: Int) -> EditIndex {
      var entries = [EditIndex.Entry(Self.edit("u0", .remove(target: "a")), file: 0, offset: 0, length: 10)]
      for depth in (1...length).reversed() {
        entries.append(
          EditIndex.Entry(
            Self.edit("u\(depth)", .undo(target: "u\(depth - 1)")), file: 0, offset: entries.count * 11,
            length: 10))
      }
      return EditIndex(
        directory: "/h", files: [.init(name: "e", signature: [1, 100_000, 0, 0])], entries: entries)
    }
    #expect(chain(HistoryFold.undoDepth).selection(hitting: Self.keys("a"), startingIn: 0..<1) == nil)
    #expect(chain(40).selection(hitting: Self.keys("a"), startingIn: 0..<1) == Array(0...40))
  }
}
