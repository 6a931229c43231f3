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

  /// The line scanner reads a string's bytes eight at a time: a quote, backslash or
  /// control character at any place of any word, and bytes above 0x7F, are told as one
  /// at a time told them.
  @Test func theScannerFindsAStringsEndAtEveryPlace() {
    /// The place of the closing quote; nil for a string the scanner leaves to the parser.
    func reference(_ bytes: [UInt8]) -> Int? {
      for (place, byte) in bytes.enumerated().dropFirst() {
        if byte == UInt8(ascii: "\"") { return place }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      }
      return nil
    }
    let fillers: [UInt8] = [
      UInt8(ascii: "a"), 0x20, 0x7F, 0x80, 0xC3, 0xFF, UInt8(ascii: "!"), UInt8(ascii: "#"),
    ]
    let ends: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x1F, 0x0A]
    for length in 0..<20 {
      for filler in fillers {
        for end in ends {
          for trailing in 0..<10 {
            let bytes =
              [UInt8(ascii: "\"")] + Array(repeating: filler, count: length) + [end]
              + Array(repeating: UInt8(ascii: "\""), count: trailing)
            let scanned = bytes.withUnsafeBufferPointer { buffer -> Int? in
              var index = 0
              return FlatObjectScanner.string(buffer, &index).map { _ in index - 1 }
            }
            #expect(scanned == reference(bytes), "\(bytes)")
          }
        }
      }
    }
  }

  /// The scanner tells a key by its bytes as one word: each key's name is that key, and
  /// a name a byte longer, shorter or different is none.
  @Test func theScannerTellsEveryKeyAndNoOther() {
    typealias Key = FlatObjectScanner.Key
    let keys: [(String, Key)] = [
      ("id", .id), ("kind", .kind), ("start", .start), ("end", .end), ("seconds", .seconds),
      ("project", .project), ("outcome", .outcome), ("internal", .internalCount),
      ("external", .externalCount), ("gap", .gap), ("note", .note), ("tags", .tags), ("at", .at),
      ("updated", .updated), ("task", .task),
    ]
    func key(_ name: String) -> Key { Array(name.utf8).withUnsafeBufferPointer { Key($0) } }
    for (name, expected) in keys {
      #expect(key(name) == expected, "\(name)")
      for other in [
        name + "s", String(name.dropLast()), String(name.dropFirst()), "x" + name, name.uppercased(),
      ] {
        #expect(key(other) == .other || keys.contains { $0.0 == other }, "\(other)")
      }
    }
    #expect(key("") == .other)
    #expect(key("internals") == .other)
  }
}
