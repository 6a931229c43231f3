import PomobarCore
import Testing

/// Edits as appended lines, folded the same way by every reader.
@Suite("History fold")
struct HistoryFoldTests {
  static func time(_ utc: Int64) -> WallTime { WallTime(utc: utc, offset: 3600) }

  /// A work record of `project` from `start` for an hour (created when it ended).
  static func record(_ id: String, _ project: String?, start: Int64 = 1_000_000, at: Int64? = nil) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: time(start), end: time(start + 3600), seconds: 3600, project: project,
      at: at.map(time))
  }

  static func edit(_ id: String, _ at: Int64, _ operation: HistoryEdit.Operation) -> HistoryEdit {
    HistoryEdit(id: id, at: time(at), operation)
  }

  /// The records as `fold` leaves them, amended ones included.
  static func read(_ records: [LedgerRecord], _ fold: HistoryFold) -> [LedgerRecord] {
    (records.compactMap { fold.final($0) } + fold.amended).sorted { $0.id < $1.id }
  }

  @Test func everyEditIsOneLineThatReadsBack() throws {
    let amended = Self.record("m.e.1", "web", at: 1_003_600)
    let edits: [HistoryEdit] = [
      Self.edit("a.1", 5, .amend(target: "m.e.1", record: amended)),
      Self.edit("a.2", 6, .remove(target: "m.e.2")),
      Self.edit("a.3", 7, .rename(from: "api \"x\"", to: "backend")),
      Self.edit("a.4", 8, .delete(project: "old")),
      Self.edit("a.5", 9, .reset(before: CivilTime.Date("2026-01-01"))),
      Self.edit("a.6", 10, .reset(before: nil)),
      Self.edit("a.7", 11, .undo(target: "a.2")),
    ]
    for edit in edits {
      let line = edit.jsonLine
      #expect(line.hasSuffix("}\n") && line.dropLast().firstIndex(of: "\n") == nil, "\(line)")
      #expect(try HistoryEdit(jsonLine: Array(line.utf8.dropLast())) == edit, "\(line)")
    }
  }

  @Test func aLineThatIsNotAnEditSaysWhy() {
    let cases: [(String, String)] = [
      (#"{"id":"a","op":"remove","at":"2026-11-23T09:00:00Z"}"#, "no 'target'"),
      (#"{"id":"a","op":"explode","at":"2026-11-23T09:00:00Z"}"#, "unknown 'op'"),
      (#"{"id":"a","op":"remove","at":"yesterday","target":"x"}"#, "no 'at'"),
      (#"{"id":"a","op":"amend","at":"2026-11-23T09:00:00Z","target":"x","record":{"id":"y"}}"#, "no known 'kind'"),
      ("not json", "not JSON"),
    ]
    for (line, reason) in cases {
      do {
        _ = try HistoryEdit(jsonLine: Array(line.utf8))
        Issue.record("accepted: \(line)")
      } catch {
        #expect(error.message.contains(reason), "\(line): \(error)")
      }
    }
  }

  @Test func withoutEditsEveryRecordReadsAsWritten() {
    let records = [Self.record("m.e.1", "api"), Self.record("m.e.2", nil)]
    let fold = HistoryFold([])
    #expect(fold.isEmpty)
    #expect(Self.read(records, fold) == records)
  }

  @Test func theLastAmendStandsWhateverOrderTheFilesArriveIn() {
    let records = [Self.record("m.e.1", "api")]
    var first = Self.record("m.e.1", "web")
    first.at = records[0].created
    var second = first
    second.project = "site"
    let edits = [
      Self.edit("b.1", 2_000_000, .amend(target: "m.e.1", record: second)),
      Self.edit("a.1", 1_900_000, .amend(target: "m.e.1", record: first)),
    ]
    for order in [edits, edits.reversed()] {
      #expect(Self.read(records, HistoryFold(order)).map(\.project) == ["site"])
    }
    // The same second: the machine decides, then the id.
    let tie = [
      Self.edit("b.1", 2_000_000, .amend(target: "m.e.1", record: first)),
      Self.edit("a.1", 2_000_000, .amend(target: "m.e.1", record: second)),
    ]
    #expect(Self.read(records, HistoryFold(tie)).map(\.project) == ["web"])
    #expect(Self.read(records, HistoryFold(tie.reversed())).map(\.project) == ["web"])
  }

  @Test func aRemovalIsNotUndoneByAnAmendMadeElsewhereLater() {
    let records = [Self.record("m.e.1", "api")]
    let amend = Self.edit("b.1", 3_000_000, .amend(target: "m.e.1", record: Self.record("m.e.1", "web")))
    let remove = Self.edit("a.1", 2_000_000, .remove(target: "m.e.1"))
    #expect(Self.read(records, HistoryFold([amend, remove])).isEmpty)
    #expect(Self.read(records, HistoryFold([remove, amend])).isEmpty)
  }

  @Test func undoTakesAnEditBackAndAnUndoOfTheUndoPutsItBack() {
    let records = [Self.record("m.e.1", "api")]
    let remove = Self.edit("a.1", 2_000_000, .remove(target: "m.e.1"))
    let undo = Self.edit("a.2", 2_000_001, .undo(target: "a.1"))
    let redo = Self.edit("a.3", 2_000_002, .undo(target: "a.2"))
    #expect(Self.read(records, HistoryFold([remove])).isEmpty)
    #expect(Self.read(records, HistoryFold([remove, undo])) == records)
    #expect(Self.read(records, HistoryFold([redo, undo, remove])).isEmpty)
    #expect(HistoryFold([remove, undo]).undone == ["a.1"])
  }

  @Test func anUndoOfAnAddedRecordRemovesIt() {
    let added = Self.record("track.1", "api", at: 1_003_700)
    let fold = HistoryFold([Self.edit("a.1", 2_000_000, .undo(target: "track.1"))])
    #expect(Self.read([added], fold).isEmpty)
  }

  @Test func projectWideEditsApplyToRecordsCreatedBeforeThem() {
    let old = Self.record("m.e.1", "api", start: 1_000_000)  // created 1_003_600
    let later = Self.record("m.e.2", "api", start: 3_000_000)  // created 3_003_600
    let rename = Self.edit("a.1", 2_000_000, .rename(from: "api", to: "backend"))
    #expect(Self.read([old, later], HistoryFold([rename])).map(\.project) == ["backend", "api"])
    let delete = Self.edit("a.1", 2_000_000, .delete(project: "api"))
    #expect(Self.read([old, later], HistoryFold([delete])).map(\.id) == ["m.e.2"])
    let reset = Self.edit("a.1", 4_000_000, .reset(before: nil))
    #expect(Self.read([old, later], HistoryFold([reset])).isEmpty)
    // Before a date: only records that started (local day) before it.
    let day = CivilTime.split(later.start.local).date
    let resetBefore = Self.edit("a.1", 4_000_000, .reset(before: day))
    #expect(Self.read([old, later], HistoryFold([resetBefore])).map(\.id) == ["m.e.2"])
  }

  /// A record changed here is newer than its copy in a tool that syncs by change time
  /// (Watson): an amend a person makes, and a rename of its project, set `updated`.
  @Test func anAmendOrARenameMadeHereMarksTheRecordUpdated() {
    var record = Self.record("m.e.1", "api")
    record.updated = Self.time(900_000)  // a Watson frame's updated_at
    var amended = record
    amended.note = "fixed"
    let made = HistoryEdit.Operation.amend(target: record.id, record: amended).made(at: Self.time(2_000_000))
    amended.updated = Self.time(2_000_000)
    #expect(made == .amend(target: record.id, record: amended))
    // A note is not in a Watson frame: changing only it leaves the frame as Watson has it.
    var noted = record
    noted.note = "fixed"
    let unchanged = HistoryEdit.Operation.amend(target: record.id, record: noted)
    #expect(unchanged.made(at: Self.time(2_000_000), replacing: record) == unchanged)
    var tagged = record
    tagged.tags = ["billable"]
    let retagged = HistoryEdit.Operation.amend(target: record.id, record: tagged)
    guard case .amend(_, let stamped) = retagged.made(at: Self.time(2_000_000), replacing: record) else { return }
    #expect(stamped.updated == Self.time(2_000_000))
    #expect(HistoryEdit.Operation.remove(target: "x").made(at: Self.time(1)) == .remove(target: "x"))
    let rename = Self.edit("a.1", 3_000_000, .rename(from: "api", to: "backend"))
    #expect(Self.read([record], HistoryFold([rename])).map(\.updated) == [Self.time(3_000_000)])
    #expect(Self.read([record], HistoryFold([])).map(\.updated) == [Self.time(900_000)])
  }

  @Test func renamesChainInOrderAndAnAmendAfterARenameKeepsWhatItSaw() {
    let records = [Self.record("m.e.1", "a")]
    let renames = [
      Self.edit("x.2", 2_000_002, .rename(from: "b", to: "c")),
      Self.edit("x.1", 2_000_001, .rename(from: "a", to: "b")),
    ]
    #expect(Self.read(records, HistoryFold(renames)).map(\.project) == ["c"])
    var amended = records[0]
    amended.project = "z"
    amended.at = records[0].created
    let amend = Self.edit("x.3", 2_000_003, .amend(target: "m.e.1", record: amended))
    #expect(Self.read(records, HistoryFold(renames + [amend])).map(\.project) == ["z"])
    // A delete before the amend still removes it if the amended record matches.
    let delete = Self.edit("x.0", 2_000_000, .delete(project: "z"))
    #expect(Self.read(records, HistoryFold(renames + [amend, delete])).isEmpty)
  }

  @Test func anAmendedRecordIsReadFromItsEditWhereverItsOriginalIs() {
    var moved = Self.record("m.e.1", "api", start: 5_000_000)
    moved.at = Self.time(1_003_600)
    let fold = HistoryFold([Self.edit("a.1", 2_000_000, .amend(target: "m.e.1", record: moved))])
    #expect(fold.names(RecordKey("m.e.1")))
    #expect(fold.final(Self.record("m.e.1", "api")) == nil)
    #expect(fold.amended == [moved])
  }

  /// A month's read asks for the amended records of its seconds alone, and for each record
  /// it reads whether an edit names it: both must answer as the whole fold does.
  @Test func aSpanOfAmendedRecordsAndWhatIsNamedAgreeWithTheWholeFold() {
    var edits: [HistoryEdit] = []
    var records: [LedgerRecord] = []
    for index in 0..<600 {
      let record = Self.record("m.e.\(index)", index % 5 == 0 ? "old" : "api", start: 1_000_000 + Int64(index) * 9_000)
      records.append(record)
      var moved = record
      // Moved forward or back across many days, some onto the same second.
      moved.start = Self.time(record.start.utc + Int64((index * 7_919) % 41 - 20) * 86_400 + (index % 7 == 0 ? 0 : 1))
      moved.end = Self.time(moved.start.utc + 600)
      moved.seconds = 600
      switch index % 4 {
      case 0: edits.append(Self.edit("a.\(index)", 3_000_000, .amend(target: record.id, record: moved)))
      case 1: edits.append(Self.edit("b.\(index)", 3_000_000, .remove(target: record.id)))
      case 2:
        // Amended on one machine, removed later on another.
        edits.append(Self.edit("a.\(index)", 3_000_000, .amend(target: record.id, record: moved)))
        edits.append(Self.edit("b.\(index)", 3_000_001, .remove(target: record.id)))
      default: continue
      }
    }
    edits.append(Self.edit("c.1", 100_000_000, .delete(project: "old")))
    // An amend undone: not held, and its record not named.
    edits.append(Self.edit("a.599", 3_000_000, .amend(target: "m.e.599", record: Self.record("m.e.599", "x"))))
    edits.append(Self.edit("d.1", 3_000_003, .undo(target: "a.599")))
    let fold = HistoryFold(edits.reversed())
    // Held once, in the order they apply: time, then machine, then id.
    #expect(
      fold.edits
        == edits.filter { $0.id != "a.599" }.sorted {
          ($0.madeNanoseconds, $0.machine, $0.id) < ($1.madeNanoseconds, $1.machine, $1.id)
        })
    #expect(fold.undone == ["a.599"])
    let amended = fold.amended
    #expect(amended.count == 150 - 30)  // those of `old` deleted
    #expect(amended == amended.sorted { ($0.start.utc, $0.id) < ($1.start.utc, $1.id) })
    let starts = amended.map(\.start.utc)
    let bounds = [Int64.min, starts[0], starts[0] + 1, starts[40], starts[41] - 1, starts[119], 9_000_000, .max]
    for lower in bounds {
      for upper in bounds where upper >= lower {
        #expect(fold.amended(startingIn: lower..<upper) == amended.filter { (lower..<upper).contains($0.start.utc) })
      }
    }
    for (index, record) in records.enumerated() {
      let key = RecordKey(record.id)
      #expect(fold.names(key) == (index % 4 != 3), "\(record.id)")
      #expect(!fold.keepsAsRead(key))  // a delete applies to every record
    }
    let plain = HistoryFold(edits.filter { if case .delete = $0.operation { false } else { true } })
    #expect(plain.keepsAsRead(RecordKey("m.e.3")) && !plain.keepsAsRead(RecordKey("m.e.0")))
    #expect(!plain.names(RecordKey("elsewhere")) && HistoryFold([]).keepsAsRead(RecordKey("m.e.0")))
  }

  @Test func theLatestChangeIsThisMachinesNewestEditOrAddedRecordNotYetUndone() {
    let added = Self.record("track.1", "api", at: 2_000_005)
    let rename = Self.edit("a.1", 2_000_001, .rename(from: "api", to: "b"))
    #expect(HistoryFold([rename]).latestChange(on: "a", addedRecords: [added]) == .added(added))
    let undo = Self.edit("a.2", 2_000_009, .undo(target: "track.1"))
    #expect(HistoryFold([rename, undo]).latestChange(on: "a", addedRecords: [added]) == .edit(rename))
    #expect(HistoryFold([]).latestChange(on: "a", addedRecords: [Self.record("m.e.1", "api")]) == nil)
    // Another machine's later edit is its own to undo.
    let theirs = Self.edit("b.1", 2_000_020, .remove(target: "m.e.1"))
    #expect(HistoryFold([rename, theirs]).latestChange(on: "a", addedRecords: []) == .edit(rename))
    #expect(HistoryFold([rename, theirs]).latestChange(on: "b", addedRecords: []) == .edit(theirs))
  }

  @Test func withinOneSecondTheNanosecondsDecide() throws {
    var added = Self.record("track.1", "api", at: 2_000_000)
    added.atNanoseconds = 700_000_000
    #expect(added.jsonLine.contains(#""at":"1970-01-24T04:33:20.700000000+01:00""#), "\(added.jsonLine)")
    #expect(try LedgerRecord(jsonLine: String(added.jsonLine.dropLast())) == added)
    let earlier = HistoryEdit(id: "a.1", at: Self.time(2_000_000), nanoseconds: 500_000_000, .rename(from: "api", to: "b"))
    let later = HistoryEdit(id: "a.2", at: Self.time(2_000_000), nanoseconds: 900_000_000, .rename(from: "api", to: "c"))
    #expect(try HistoryEdit(jsonLine: Array(later.jsonLine.utf8.dropLast())) == later)
    // A rename made before the record was added, in the same second, leaves it be.
    #expect(Self.read([added], HistoryFold([earlier])).map(\.project) == ["api"])
    #expect(Self.read([added], HistoryFold([later])).map(\.project) == ["c"])
    #expect(HistoryFold([earlier]).latestChange(on: "a", addedRecords: [added]) == .added(added))
    #expect(HistoryFold([later]).latestChange(on: "a", addedRecords: [added]) == .edit(later))
    var second = added
    second.id = "track.0"
    second.atNanoseconds = 800_000_000
    #expect(HistoryFold([]).latestChange(on: "a", addedRecords: [second, added]) == .added(second))
  }

  @Test func anUndoCycleDoesNotLoop() {
    let a = Self.edit("a.1", 1, .undo(target: "a.2"))
    let b = Self.edit("a.2", 2, .undo(target: "a.1"))
    _ = HistoryFold([a, b])  // terminates
  }

  @Test func aRecordWithAnAtReadsBackAndOneWithoutDoesNotGainOne() throws {
    let added = Self.record("track.1", "api", at: 2_000_005)
    #expect(added.jsonLine.contains(#","at":""#))
    #expect(try LedgerRecord(jsonLine: String(added.jsonLine.dropLast())) == added)
    let clock = Self.record("m.e.1", "api")
    #expect(!clock.jsonLine.contains(#""at""#))
    #expect(try LedgerRecord(jsonLine: String(clock.jsonLine.dropLast())).created == clock.end)
  }
}
