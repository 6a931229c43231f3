import PomobarCore
import Testing

/// One command, one undo: what a command changed at its moment is taken back together.
@Suite("Changes made together")
struct HistoryTogetherTests {
  static func time(_ utc: Int64) -> WallTime { WallTime(utc: utc, offset: 0) }

  static func edit(_ id: String, _ at: Int64, _ operation: HistoryEdit.Operation) -> HistoryEdit {
    HistoryEdit(id: id, at: time(at), nanoseconds: 7, operation)
  }

  static func added(_ id: String, at: Int64) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: time(0), end: time(60), seconds: 60, at: time(at), atNanoseconds: 7)
  }

  @Test func aSplitsAmendAndAddedHalfAreOneChange() {
    let original = LedgerRecord(
      id: "m.e.1", kind: .work, start: Self.time(0), end: Self.time(120), seconds: 120)
    var first = original
    first.end = Self.time(60)
    let split = Self.edit("m.1", 500, .amend(target: "m.e.1", record: first))
    let other = Self.edit("m.2", 400, .remove(target: "m.e.9"))
    let elsewhere = Self.edit("n.1", 500, .remove(target: "m.e.8"))
    let half = Self.added("m.added.1.0", at: 500)
    let older = Self.added("m.added.0.0", at: 300)
    let fold = HistoryFold([other, split, elsewhere])
    let latest = fold.latestChange(on: "m", addedRecords: [older, half])
    #expect(latest == .edit(split))
    let together = fold.madeTogether(with: .edit(split), on: "m", addedRecords: [older, half])
    #expect(together == [HistoryFold.Change.edit(split), .added(half)])
    // Named by its added half, the same.
    #expect(
      Set(fold.madeTogether(with: .added(half), on: "m", addedRecords: [older, half]).map(\.id)) == [
        "m.1", half.id,
      ])
    // Another machine's edit of the same moment is its own change.
    #expect(
      fold.madeTogether(with: .edit(elsewhere), on: "m", addedRecords: [half]) == [
        HistoryFold.Change.edit(elsewhere)
      ])
  }

  @Test func theUndosOfOneUndoAreUndoneTogether() {
    let amend = Self.edit("m.1", 100, .remove(target: "a"))
    let remove = Self.edit("m.2", 100, .remove(target: "b"))
    let undoA = Self.edit("m.3", 200, .undo(target: "m.1"))
    let undoB = Self.edit("m.4", 200, .undo(target: "m.2"))
    let fold = HistoryFold([amend, remove, undoA, undoB])
    #expect(
      fold.madeTogether(with: .edit(undoB), on: "m", addedRecords: []) == [
        HistoryFold.Change.edit(undoA), .edit(undoB),
      ])
    let redo = HistoryFold([
      amend, remove, undoA, undoB, Self.edit("m.5", 300, .undo(target: "m.3")),
      Self.edit("m.6", 300, .undo(target: "m.4")),
    ])
    #expect(redo.edits.map(\.id).contains("m.1") && redo.edits.map(\.id).contains("m.2"))
  }
}
