import Testing

@testable import PomobarCore

/// The task a focus is for: what it may be, its JSON form in the state and the history.
@Suite struct TaskRefTests {
  @Test func aTitleIsKeptAsProjectNamesAre() throws {
    #expect(try TaskRef.check(title: "  write   the\treport ").get() == TaskRef(title: "write the report"))
    #expect(TaskRef.check(title: "  ") == .failure(.empty))
    #expect(TaskRef.check(title: "two\nlines") == .failure(.control("U+000A")))
    let long = String(repeating: "é", count: TaskRef.maxCharacters + 1)
    #expect(TaskRef.check(title: long) == .failure(.tooLong(characters: 201, bytes: 402)))
    #expect(TaskRef.check(title: "t", id: "") == .failure(.badField("id")))
    #expect(TaskRef.check(title: "t", source: "a\u{0}b") == .failure(.badField("source")))
    #expect(TaskRef.check(title: "t", project: "") == .failure(.project(.empty)))
    #expect(TaskRef.check(title: "t", estimate: .zero) == .failure(.estimate))
    #expect(
      try TaskRef.check(title: "t", id: "a3f", source: "taskwarrior", project: " api ", estimate: .milliseconds(90_500))
        .get() == TaskRef(title: "t", id: "a3f", source: "taskwarrior", project: "api", estimate: .seconds(90)))
  }

  @Test func whatComesFromAFileIsCutNeverRefused() {
    let task = TaskRef.clamped(
      title: String(repeating: "x", count: 500) + "\n", id: String(repeating: "i", count: 201), source: "tw",
      project: "a\tb", estimate: .seconds(-5))
    #expect(task == TaskRef(title: String(repeating: "x", count: TaskRef.maxCharacters), source: "tw", project: "a b"))
    #expect(TaskRef.clamped(title: "\n\t ") == nil)
  }

  @Test func theJSONFormHasOnlyWhatIsThere() {
    #expect(JSON.serialize(TaskRef(title: "t").json) == #"{"title":"t"}"#)
    let full = TaskRef(title: "t", id: "u-1", source: "taskwarrior", project: "api", estimate: .seconds(1800))
    #expect(
      JSON.serialize(full.json) == #"{"title":"t","id":"u-1","source":"taskwarrior","project":"api","estimate":1800}"#)
    #expect(TaskRef(json: full.json) == full)
    #expect(TaskRef(json: ["id": "u-1"]) == nil, "no title, no task")
    #expect(TaskRef(json: "t") == nil)
  }

  // MARK: - In a history line

  let focus = LedgerRecord(
    id: "3d1219c7c4c5.kx2p9q.142", kind: .focus,
    start: WallTime(utc: 1_795_420_800, offset: 3600), end: WallTime(utc: 1_795_422_300, offset: 3600),
    seconds: 1500, project: "api", outcome: .completed, tags: ["billable"])

  @Test func aRecordWithATaskHasOneMoreKeyAfterItsTags() throws {
    #expect(!focus.jsonLine.contains("task"), "a record without one is written as before")
    var record = focus
    record.task = TaskRef(title: "write \"the\" report", id: "a3f", source: "taskwarrior", estimate: .seconds(1800))
    record.at = WallTime(utc: 1_795_422_400, offset: 3600)
    let line = record.jsonLine
    #expect(
      line.hasSuffix(
        #""tags":["billable"],"task":{"title":"write \"the\" report","id":"a3f","source":"taskwarrior","estimate":1800},"#
          + #""at":"2026-11-23T09:26:40+01:00"}"# + "\n"))
    #expect(try LedgerRecord(jsonLine: String(line.dropLast())) == record)
    // Without escapes, the one-pass reader takes it: the same record.
    record.task?.title = "write the report"
    let plain = String(record.jsonLine.dropLast())
    var fields = RecordFields()
    let scanned = plain.utf8CString.withUnsafeBufferPointer { chars in
      chars.withMemoryRebound(to: UInt8.self) { FlatObjectScanner.scan(UnsafeBufferPointer(rebasing: $0.dropLast()), into: &fields) }
    }
    #expect(scanned)
    #expect(try fields.record() == record)
    // The full parser (another key order, spaces) reads it the same.
    let reordered = #"{"task": {"estimate": 1800, "title": "write the report", "id": "a3f", "source": "taskwarrior"}, "#
      + plain.dropFirst()
    #expect(try LedgerRecord(jsonLine: reordered) == record)
  }

  @Test func aTaskThatDoesNotReadIsLeftOutNotTheRecord() throws {
    let line = String(focus.jsonLine.dropLast().dropLast()) + #","task":{"id":"x"}}"#
    #expect(try LedgerRecord(jsonLine: line).task == nil)
    let odd = String(focus.jsonLine.dropLast().dropLast()) + #","task":"just text"}"#
    #expect(try LedgerRecord(jsonLine: odd) == focus)
  }

  // MARK: - In the state

  static let boot = ClockReading(wall: 1_700_000_000_000_000_000, boottime: 100_000_000_000, monotonic: 1, bootID: "a")

  @Test func theStateCarriesTheTaskAndWritesNothingWithoutOne() throws {
    var machine = TimerMachine()
    _ = machine.handle(.action(.workStart), at: Self.boot.instant)
    let without = StateDocument(timer: machine.state, written: Self.boot).json()
    #expect(!without.contains("task"))
    _ = machine.handle(.action(.task(TaskRef(title: "t", id: "u"))), at: Self.boot.instant)
    let with = StateDocument(timer: machine.state, written: Self.boot).json()
    #expect(with.contains(#""by_focus":false,"task":{"title":"t","id":"u"}}"#))
    #expect(with.contains(#""recent":null,"task":{"title":"t","id":"u"}"#))
    #expect(try StateDocument(json: Array(with.utf8)).timer == machine.state)
    // An older copy's file, and a hand-edited task that cannot be one, read as none.
    let odd = with.replacingOccurrences(of: #"{"title":"t","id":"u"}"#, with: #"{"title":""}"#)
    #expect(try StateDocument(json: Array(odd.utf8)).timer.ledger.task == nil)
  }
}
