import Testing

@testable import PomobarCore

@Suite struct LedgerRecordTests {
  let focus = LedgerRecord(
    id: "3d1219c7c4c5.kx2p9q.142", kind: .focus,
    start: WallTime(utc: 1_795_420_800, offset: 3600), end: WallTime(utc: 1_795_422_300, offset: 3600),
    seconds: 1500, project: "api \"v2\"", outcome: .completed, internalInterruptions: 1,
    externalInterruptions: 2, gap: 0, note: "phone\tcall")

  @Test func aLineReadsBackToTheSameRecord() throws {
    var work = focus
    work.kind = .work
    work.outcome = nil
    work.project = nil
    work.note = nil
    for record in [focus, work] {
      let line = record.jsonLine
      #expect(line.hasSuffix("}\n"))
      #expect(line.filter { $0 == "\n" }.count == 1)
      #expect(try LedgerRecord(jsonLine: String(line.dropLast())) == record)
    }
  }

  @Test func theLineIsTheDocumentedOne() {
    var record = focus
    record.project = "api"
    record.note = nil
    #expect(
      record.jsonLine
        == #"{"id":"3d1219c7c4c5.kx2p9q.142","kind":"focus","start":"2026-11-23T09:00:00+01:00","#
        + #""end":"2026-11-23T09:25:00+01:00","seconds":1500,"project":"api","outcome":"completed","#
        + #""internal":1,"external":2,"gap":0,"note":null}"# + "\n")
  }

  /// `updated` (a Watson frame's `updated_at`, or an amend's time) is a key of its own,
  /// written only when there is one: every line written before stays byte for byte.
  @Test func updatedIsWrittenOnlyWhenThereIsOne() throws {
    #expect(!focus.jsonLine.contains("updated"))
    #expect(try LedgerRecord(jsonLine: String(focus.jsonLine.dropLast())).updated == nil)
    var record = focus
    record.tags = ["billable"]
    record.updated = WallTime(utc: 1_795_422_301, offset: 3600)
    let line = record.jsonLine
    #expect(line.hasSuffix(#""tags":["billable"],"updated":"2026-11-23T09:25:01+01:00"}"# + "\n"))
    #expect(try LedgerRecord(jsonLine: String(line.dropLast())) == record)
    // The full parser (another key order) reads it the same.
    let reordered = #"{"updated":"2026-11-23T09:25:01+01:00","# + line.dropFirst().dropLast()
    #expect(try LedgerRecord(jsonLine: String(reordered)).updated == record.updated)
  }

  @Test func aHandEditedLineReadsTheSame() throws {
    let edited = """
      { "note": null, "kind": "work", "id": "x", "start": "2026-11-23T08:00:00Z",
        "end": "2026-11-23T09:00:00.5Z", "seconds": 3600, "extra": [1, 2] }
      """.replacingOccurrences(of: "\n", with: " ")
    let record = try LedgerRecord(jsonLine: edited)
    #expect(record.kind == .work)
    #expect(record.seconds == 3600)
    #expect(record.end.utc - record.start.utc == 3600)
    #expect(record.start.offset == 0)
  }

  @Test(arguments: [
    "", "{}", "not json",
    #"{"id":"x","kind":"nap","start":"2026-11-23T08:00:00Z","end":"2026-11-23T09:00:00Z","seconds":1}"#,
    #"{"id":"x","kind":"work","start":"2026-11-23T10:00:00Z","end":"2026-11-23T09:00:00Z","seconds":1}"#,
    #"{"id":"x","kind":"work","start":"2026-02-30T10:00:00Z","end":"2026-11-23T11:00:00Z","seconds":1}"#,
    #"{"id":"x","kind":"work","start":"2026-11-23T10:00:00Z","end":"2026-11-23T11:00:00Z","seconds":-5}"#,
    #"{"id":"x","kind":"work","start":"2026-11-23T10:00:00Z","end":"2026-11-23T11:00:00Z","seconds":99999999999999999999}"#,
  ])
  func aLineThatIsNotARecordIsAnErrorNeverACrash(line: String) {
    #expect(throws: LedgerRecord.DecodeError.self) { try LedgerRecord(jsonLine: line) }
  }

  @Test func timesKeepTheirOffsetAndTheirInstant() {
    let time = WallTime(iso8601: "2026-03-29T03:30:00+02:00")
    #expect(time?.utc == WallTime(iso8601: "2026-03-29T01:30:00Z")?.utc)
    #expect(time?.offset == 7200)
    #expect(time?.iso8601 == "2026-03-29T03:30:00+02:00")
    #expect(WallTime(iso8601: "1969-12-31T23:59:59Z")?.utc == -1)
    #expect(WallTime(iso8601: "2026-11-23T09:00:00-0530")?.iso8601 == "2026-11-23T09:00:00-05:30")
    #expect(WallTime(iso8601: "2026-11-23T24:00:00Z") == nil)
  }

  @Test func civilDatesRoundTripAcrossCenturies() {
    for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
      #expect(CivilTime.date(fromDays: days).dayNumber == days)
    }
    #expect(CivilTime.Date("2024-02-29") != nil)
    #expect(CivilTime.Date("2023-02-29") == nil)
    #expect(CivilTime.Date("2026-11-23")?.weekday == 0)  // a Monday
  }
}
