import Testing

@testable import PomobarCore

/// `bill` edits: their lines, how every machine's fold reads them, undo, and the warning
/// a change of a billed record gives.
@Suite("Bill marks")
struct BillMarkTests {
  typealias H = HistoryFoldTests

  @Test func aBillIsOneLineThatReadsBack() throws {
    let edits = [
      H.edit("a.1", 5, .bill(targets: ["m.e.1", "m.e.2 \"odd\""], invoice: "2026-042")),
      H.edit("a.2", 6, .bill(targets: ["m.e.3"], invoice: nil)),
    ]
    for edit in edits {
      let line = edit.jsonLine
      #expect(line.hasSuffix("}\n") && line.dropLast().firstIndex(of: "\n") == nil, "\(line)")
      #expect(try HistoryEdit(jsonLine: Array(line.utf8.dropLast())) == edit, "\(line)")
    }
    #expect(
      edits[1].jsonLine
        == #"{"id":"a.2","op":"bill","at":"1970-01-01T01:00:06+01:00","invoice":null,"targets":["m.e.3"]}"#
        + "\n")
  }

  @Test func aBillAsThisProgramWritesItIsReadWithoutTheGenericParser() {
    let edit = H.edit(
      "a.1", 5, .bill(targets: ["3d1219c7c4c5.kx2p9q.142", "track.fce2cd3578bd3d7c"], invoice: "7"))
    for operation in [edit.operation, .bill(targets: ["r.1"], invoice: nil)] {
      let line = Array(H.edit("a.1", 5, operation).jsonLine.utf8.dropLast())
      let scanned = line.withUnsafeBufferPointer { HistoryEdit.scan($0) }
      #expect(scanned == H.edit("a.1", 5, operation))
    }
    // What the scanner does not take, the parser reads or refuses.
    for text in [#""invoice":"","targets":["x"]"#, #""targets":["x",1]"#, #""targets":["a\"b"]"#] {
      let line =
        Array(#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","#.utf8) + Array(text.utf8) + [
          UInt8(ascii: "}")
        ]
      #expect(line.withUnsafeBufferPointer { HistoryEdit.scan($0) } == nil, "\(text)")
    }
  }

  @Test func aBillLineThatIsNotOneSaysWhy() {
    let cases: [(String, String)] = [
      (#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","invoice":null}"#, "no 'targets'"),
      (#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","targets":[]}"#, "no 'targets'"),
      (#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","targets":["x",7]}"#, "no 'targets'"),
      (#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","targets":[""]}"#, "no 'targets'"),
      (#"{"id":"a","op":"bill","at":"2026-11-23T09:00:00Z","targets":["x"],"invoice":42}"#, "'invoice'"),
      // A newer version's operation: skipped, as every line that is not an edit.
      (#"{"id":"a","op":"credit","at":"2026-11-23T09:00:00Z","targets":["x"]}"#, "unknown 'op'"),
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

  @Test func aMonthsBillIsOneSmallLineAndAYearsAFewWithinTheLineLimit() {
    let ids = (0..<3000).map { "3d1219c7c4c5.\(String(1_700_000_000_000 + $0, radix: 36)).142" }
    let month = HistoryEdit.Operation.bills(Array(ids.prefix(300)), invoice: "2026-042")
    #expect(month.count == 1)
    let monthLine = H.edit("3d1219c7c4c5.x.1", 5, month[0]).jsonLine
    #expect(monthLine.utf8.count < 10_000)
    let year = HistoryEdit.Operation.bills(ids, invoice: "2026")
    #expect(year.count > 1)
    var all: [String] = []
    for operation in year {
      guard case .bill(let targets, "2026", nil) = operation else {
        Issue.record("not a bill: \(operation)")
        continue
      }
      all += targets
      #expect(H.edit("3d1219c7c4c5.x.1", 5, operation).jsonLine.utf8.count <= LedgerRecord.lineLimit)
    }
    #expect(all == ids)
  }

  @Test func billsFromTwoMachinesFoldTheSameWhateverOrderTheyArrive() {
    let a = H.edit("a.1", 100, .bill(targets: ["r.1", "r.2"], invoice: "A-1"))
    let b = H.edit("b.1", 101, .bill(targets: ["r.2", "r.3"], invoice: "B-1"))
    for edits in [[a, b], [b, a]] {
      let fold = HistoryFold(edits)
      #expect(fold.isBilling)
      #expect(fold.bill(of: "r.1")?.invoice == "A-1")
      // Both billed r.2 before seeing the other's bill: the first stands, everywhere.
      #expect(fold.bill(of: "r.2") == BillMark(invoice: "A-1", at: H.time(100), edit: "a.1"))
      #expect(fold.bill(of: "r.3")?.invoice == "B-1")
      #expect(fold.bill(of: "r.4") == nil)
    }
  }

  @Test func aBillChangesNoRecordAndAnAmendKeepsIt() {
    let records = [H.record("r.1", "api"), H.record("r.2", "web", start: 2_000_000)]
    var amended = records[0]
    amended.note = "later"
    let fold = HistoryFold([
      H.edit("a.1", 100, .bill(targets: ["r.1", "r.2"], invoice: nil)),
      H.edit("a.2", 200, .amend(target: "r.1", record: amended)),
    ])
    #expect(H.read(records, fold) == [amended, records[1]])
    #expect(fold.bill(of: "r.1")?.edit == "a.1")
    #expect(fold.keepsAsRead(RecordKey("r.2")))
  }

  @Test func undoTakesABillBackAndAnUndoOfTheUndoPutsItBack() {
    let bill = H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: "A-1"))
    let later = H.edit("b.1", 150, .bill(targets: ["r.1"], invoice: "B-1"))
    let undo = H.edit("a.2", 200, .undo(target: "a.1"))
    let fold = HistoryFold([bill, undo])
    #expect(!fold.isBilling && fold.bill(of: "r.1") == nil)
    #expect(fold.latestChange(on: "a", addedRecords: []) == nil)
    // Another machine's bill of the record stands once the first is undone.
    #expect(HistoryFold([bill, later, undo]).bill(of: "r.1")?.invoice == "B-1")
    let redo = H.edit("a.3", 300, .undo(target: "a.2"))
    #expect(HistoryFold([bill, undo, redo]).bill(of: "r.1")?.invoice == "A-1")
    #expect(HistoryFold([bill]).latestChange(on: "a", addedRecords: []) == .edit(bill))
  }

  /// A billed record split in two is the same billed work: the split-off half's bill
  /// `continues` the record's, so both are on one bill (its invoice, time and id), an undo
  /// of that bill takes back both, and an undo of the split the half's.
  @Test func aSplitOffHalfStaysOnTheBillOfTheRecord() throws {
    let bill = H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: "A-1"))
    let half = H.edit("b.1", 200, .bill(targets: ["r.2"], invoice: "A-1", continues: "a.1"))
    let line = half.jsonLine
    #expect(line.hasSuffix(#""targets":["r.2"],"continues":"a.1"}"# + "\n"), "\(line)")
    #expect(try HistoryEdit(jsonLine: Array(line.utf8.dropLast())) == half)
    let scanned = Array(line.utf8.dropLast()).withUnsafeBufferPointer { HistoryEdit.scan($0) }
    #expect(scanned == half)
    for edits in [[bill, half], [half, bill]] {
      let fold = HistoryFold(edits)
      #expect(fold.bill(of: "r.2") == fold.bill(of: "r.1"))
      #expect(fold.bill(of: "r.2") == BillMark(invoice: "A-1", at: H.time(100), edit: "a.1"))
    }
    // The bill undone, neither half is billed; the split undone, only the first half.
    #expect(HistoryFold([bill, half, H.edit("a.2", 300, .undo(target: "a.1"))]).bill(of: "r.2") == nil)
    let unsplit = HistoryFold([bill, half, H.edit("b.2", 300, .undo(target: "b.1"))])
    #expect(unsplit.bill(of: "r.2") == nil && unsplit.bill(of: "r.1")?.edit == "a.1")
    // A half billed on its own before keeps that bill.
    let own = H.edit("c.1", 50, .bill(targets: ["r.2"], invoice: "C-1"))
    #expect(HistoryFold([own, bill, half]).bill(of: "r.2")?.invoice == "C-1")
  }

  /// A restore: the records pomobar's own export says are billed are billed again, on
  /// their invoices, under the ids they have in the history once imported; one already
  /// billed keeps its bill.
  @Test func anImportOfPomobarsOwnExportKeepsItsBills() {
    let there = H.record("r.1", "api")
    let read = [there, H.record("r.2", "api", start: 2_000_000), H.record("r.3", "web", start: 3_000_000)]
    let marks: [String: String?] = ["r.1": "A-1", "r.2": "A-1", "r.3": nil]
    let plan = ImportPlan(importing: read, existing: [there], removedBy: ["r.2": "x.9"], marks: marks)
    let added = plan.fresh.map(\.id)
    #expect(added.count == 2 && added[0].hasPrefix("r.2.") && added[1] == "r.3")
    #expect(
      plan.bills(unbilledIn: HistoryFold()) == [
        .bill(targets: ["r.1", added[0]], invoice: "A-1"), .bill(targets: ["r.3"], invoice: nil),
      ])
    let billed = HistoryFold([H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: "OLD"))])
    #expect(plan.bills(unbilledIn: billed).first == .bill(targets: [added[0]], invoice: "A-1"))
    #expect(ImportPlan(importing: read, existing: [there]).bills(unbilledIn: HistoryFold()).isEmpty)
  }

  @Test func changingABilledRecordNamesItsBill() {
    let fold = HistoryFold([H.edit("a.1", 100, .bill(targets: ["r.1", "r.2"], invoice: "A-1"))])
    let records = [H.record("r.1", "api"), H.record("r.2", "web"), H.record("r.3", "api")]
    var scans = 0
    let forEach = { (body: (LedgerRecord) -> Void) in
      scans += 1
      records.forEach(body)
    }
    var amended = records[0]
    amended.note = "x"
    let named = fold.billsChanged(
      by: [.amend(target: "r.1", record: amended), .remove(target: "r.3")], forEachRecord: forEach)
    #expect(named.map(\.id) == ["r.1"] && scans == 0)
    #expect(
      fold.billsChanged(by: [.rename(from: "web", to: "site")], forEachRecord: forEach).map(\.id) == ["r.2"])
    #expect(fold.billsChanged(by: [.delete(project: "api")], forEachRecord: forEach).map(\.id) == ["r.1"])
    #expect(fold.billsChanged(by: [.reset(before: nil)], forEachRecord: forEach).map(\.id) == ["r.1", "r.2"])
    #expect(fold.billsChanged(by: [.remove(target: "r.3")], forEachRecord: forEach).isEmpty)
    // Undoing an amend of a billed record changes it too.
    let amendedThen = HistoryFold([
      H.edit("a.0", 50, .amend(target: "r.1", record: amended)),
      H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: "A-1")),
    ])
    #expect(amendedThen.billsChanged(by: [.undo(target: "a.0")], forEachRecord: forEach).map(\.id) == ["r.1"])
    #expect(amendedThen.billsChanged(by: [.undo(target: "a.1")], forEachRecord: forEach).isEmpty)
    let warning = HistoryFold.billWarning(named) ?? ""
    #expect(
      warning.hasPrefix(
        "this changes a billed record: \(records[0].shortID.prefix(7)) (invoice A-1, billed 1970-01-01)"))
    #expect(HistoryFold.billWarning([]) == nil)
    // Without bills nothing is looked at.
    #expect(
      HistoryFold([]).billsChanged(by: [.reset(before: nil)], forEachRecord: forEach).isEmpty && scans == 3)
  }

  @Test func aReportSplitsBilledAndUnbilledOnlyWhereABillApplies() {
    let day = CivilTime.Date(year: 2026, month: 11, day: 25)
    let start = day.dayNumber * 86_400 + 9 * 3600
    let records = [
      LedgerRecord(
        id: "r.1", kind: .work, start: H.time(start), end: H.time(start + 3600), seconds: 3600, project: "api"
      ),
      LedgerRecord(
        id: "r.2", kind: .work, start: H.time(start + 3600), end: H.time(start + 5400), seconds: 1800,
        project: "web"),
    ]
    func report(_ fold: HistoryFold?) -> Report {
      var builder = ReportBuilder(
        period: ReportPeriod(name: "today", first: day, last: day), today: day, settings: LedgerSettings())
      builder.billMarks = fold
      records.forEach { builder.add($0) }
      return builder.report()
    }
    let plain = report(nil)
    #expect(plain.billed == nil)
    #expect(!ReportTextEncoder().encode(plain).contains("Billed"))
    #expect(!ReportJSONEncoder.encode(plain).contains("billed"))
    let billed = report(HistoryFold([H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: nil))]))
    #expect(billed.billed == 3600 && billed.work == 5400)
    #expect(ReportTextEncoder().encode(billed).contains("Billed           1:00   0:30 unbilled\n"))
    #expect(ReportJSONEncoder.encode(billed).contains(#""work":5400,"billed":3600,"unbilled":1800,"#))
    // Everything else reads as without the split.
    var same = billed
    same.billed = nil
    #expect(ReportJSONEncoder.encode(same) == ReportJSONEncoder.encode(plain))
  }

  @Test func anExportGainsItsBillColumnsOnlyWhereABillApplies() {
    let record = H.record("r.1", "api")
    let other = H.record("r.2", "web")
    func export(_ format: ExchangeFormat, _ fold: HistoryFold?) -> String {
      var encoder = ExportEncoder(format: format)
      encoder.billMarks = fold
      return encoder.header() + encoder.element(record) + encoder.element(other) + encoder.footer()
    }
    let fold = HistoryFold([H.edit("a.1", 100, .bill(targets: ["r.1"], invoice: "A,1"))])
    let plainCSV = export(.csv, nil)
    #expect(!plainCSV.contains("billed"))
    let csv = export(.csv, fold).split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(csv[0].hasSuffix(",tags,billed,invoice"))
    #expect(csv[1].hasSuffix(",1970-01-01T01:01:40+01:00,\"A,1\""))
    #expect(csv[2].hasSuffix(",,"))
    #expect(!export(.json, nil).contains("billed"))
    let json = export(.json, fold)
    #expect(json.contains(#""billed":{"at":"1970-01-01T01:01:40+01:00","invoice":"A,1"}}"#))
    #expect(json.contains(#""billed":null}"#))
    #expect((try? JSON.parse(json)) != nil)
    // Read back, both say which records were billed, on which invoice; the tools' formats
    // have no bills.
    let paris = { (_: Int64) -> Int32 in 3600 }
    for (format, text) in [(ExchangeFormat.csv, csv.joined(separator: "\r\n")), (.json, json)] {
      var marks: [String: String?] = [:]
      var read = 0
      let billed = { (id: String, invoice: String?) in marks[id] = invoice }
      ImportDecoder.decode(Array(text.utf8), as: format, offsets: paris, billed: billed) {
        if case .success = $0 { read += 1 }
      }
      #expect(read == 2 && marks == ["r.1": "A,1"], "\(format)")
    }
    var marks = 0
    let count = { (_: String, _: String?) in marks += 1 }
    let frames = Array(export(.watson, fold).utf8)
    ImportDecoder.decode(frames, as: .watson, offsets: paris, billed: count) { _ in }
    #expect(marks == 0)
  }
}
