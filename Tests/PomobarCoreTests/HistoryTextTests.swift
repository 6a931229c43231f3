import PomobarCore
import Testing

/// The text `history edit` opens in an editor: rendered, read back, and what a person's
/// changes to it come to.
@Suite("History text")
struct HistoryTextTests {
  static let zone: Int32 = 3600
  static let day = CivilTime.Date(year: 2026, month: 11, day: 23)
  /// The records are `CorrectionTests`' own: 2026-11-23 in UTC+1.
  static func at(_ hour: Double) -> WallTime { CorrectionTests.at(hour) }
  static func local(_ seconds: Int64) -> WallTime { WallTime(utc: seconds - Int64(zone), offset: zone) }
  static let now = at(20)

  static func work(
    _ id: String, _ from: Double, _ to: Double, _ project: String? = "api", note: String? = nil
  ) -> LedgerRecord {
    CorrectionTests.work(id, from, to, project, note: note)
  }

  static let records = [
    work("m.e.1", 9, 10.5, note: "fixed the \"bug\"\nand more"), work("m.e.2", 11, 12, "web frontend"),
    work("m.e.3", 22, 25.25, nil),
  ]

  static var shown: [(id: String, record: LedgerRecord)] {
    records.map { (String($0.shortID.prefix(7)), $0) }
  }

  static func text(_ records: [(id: String, record: LedgerRecord)] = shown) -> String {
    HistoryText.header("test")
      + records.map { HistoryText.render(HistoryText.line(of: $0.record, id: $0.id)) }.joined()
  }

  static func plan(
    _ text: String, neighbours: [LedgerRecord] = [], running: [LedgerRecord] = []
  ) -> Result<HistoryTextPlan, HistoryText.Problem> {
    switch HistoryText.parse(text) {
    case .failure(let problem): return .failure(problem)
    case .success(let lines):
      return HistoryTextPlan.make(
        shown: shown, lines: lines, neighbours: neighbours, running: running, now: now, zone: local,
        newRecord: { ("m.added.\($0)", now, 0) })
    }
  }

  static func edited(_ change: (String) -> String) -> String {
    text().split(separator: "\n", omittingEmptySubsequences: false).map { change(String($0)) }.joined(
      separator: "\n")
  }

  @Test func aRecordIsOneReadableLine() {
    let ids = Self.shown.map(\.id)
    let lines = Self.text().split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      lines == [
        "\(ids[0])  2026-11-23  09:00-10:30  work         api  \"fixed the \\\"bug\\\"\\nand more\"",
        "\(ids[1])  2026-11-23  11:00-12:00  work         \"web frontend\"",
        "\(ids[2])  2026-11-23  22:00-01:15+1  work         -",
      ])
  }

  @Test func renderingThenParsingGivesTheSameLines() throws {
    let lines = try HistoryText.parse(Self.text()).get()
    let expected = Self.shown.map { HistoryText.line(of: $0.record, id: $0.id) }
    #expect(lines.count == expected.count)
    for (line, record) in zip(lines, expected) { #expect(line.sameRecord(as: record), "\(line)") }
    #expect(try Self.plan(Self.text()).get().isEmpty)
  }

  @Test func renderingThenParsingRandomRecordsGivesThemBack() throws {
    var random = SeededRandom(seed: 0x4849_5354)
    let alphabet = Array("aZ -_\"\\\n\t#·é😀:+").map(String.init)
    func text(_ count: Int) -> String? {
      guard Int.random(in: 0...4, using: &random) > 0 else { return nil }
      return (0..<count).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }
    for round in 0..<500 {
      let start = Int64.random(in: 0...2_000_000_000, using: &random)
      let offset = Int32.random(in: -12...14, using: &random) * 1800
      let record = LedgerRecord(
        id: "m.r.\(round)", kind: LedgerRecord.Kind.allCases.randomElement(using: &random)!,
        start: WallTime(utc: start, offset: offset),
        end: WallTime(utc: start + Int64.random(in: 0...200_000, using: &random), offset: offset),
        seconds: 1, project: text(Int.random(in: 1...12, using: &random)),
        note: text(Int.random(in: 0...20, using: &random)),
        tags: TagName.clamped(
          (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in text(Int.random(in: 1...8, using: &random)) }))
      let line = HistoryText.line(of: record, id: String(record.shortID.prefix(7)))
      let parsed = try HistoryText.parse(HistoryText.render(line)).get()
      #expect(parsed.count == 1 && parsed[0].sameRecord(as: line), "\(HistoryText.render(line))")
    }
  }

  /// Tags stand after the project as `log` shows them, and read back; a changed one is
  /// an amend, and a line added with tags adds a record with them.
  @Test func tagsAreWrittenAsLogShowsThemAndReadBack() throws {
    let record = LedgerRecord(
      id: "m.t.1", kind: .work, start: WallTime(utc: 1_795_935_600, offset: 3600),
      end: WallTime(utc: 1_795_939_200, offset: 3600), seconds: 3600, project: "+plus",
      tags: ["billable", "client call"])
    let line = HistoryText.line(of: record, id: "abcd123")
    #expect(
      HistoryText.render(line)
        == "abcd123  2026-11-29  08:00-09:00  work         \"+plus\" +billable +\"client call\"\n")
    let parsed = try HistoryText.parse(HistoryText.render(line)).get()
    #expect(parsed.first?.sameRecord(as: line) == true && parsed.first?.tags == ["billable", "client call"])
    let added = try HistoryText.parse("2026-11-29  11:00-12:00  work  - +urgent  \"call\"\n").get()
    #expect(added.first?.project == nil && added.first?.tags == ["urgent"] && added.first?.note == "call")
    if case .failure(let problem) = HistoryText.parse("2026-11-29  11:00-12:00  work  api +a;b\n") {
      #expect(problem.column == 36 && problem.message.contains(";"), "\(problem.column) \(problem.message)")
    } else {
      Issue.record("a tag with ; was read")
    }
  }

  @Test func mangledTextGivesAProblemNeverACrash() {
    var random = SeededRandom(seed: 0x4544_4954)
    let pieces = [
      "\"", "\\", " ", "\n", "-", "+1", ":", "09:00", "2026-11-23", "work", "abcdef1", "#", "\u{0}", "é",
    ]
    let valid = Array(Self.text().utf8)
    for round in 0..<2000 {
      var bytes = valid
      for _ in 0..<(1 + round % 4) {
        let index = Int.random(in: 0...bytes.count, using: &random)
        if round % 2 == 0, index < bytes.count {
          bytes.remove(at: index)
        } else {
          bytes.insert(contentsOf: pieces.randomElement(using: &random)!.utf8, at: index)
        }
      }
      switch Self.plan(String(decoding: bytes, as: UTF8.self)) {
      case .failure(let problem): #expect(problem.line >= 1 && problem.column >= 1)
      case .success(let plan):
        for record in plan.added + plan.amended.map(\.new) { #expect(record.end.utc > record.start.utc) }
      }
    }
  }

  @Test(arguments: [
    ("abc  2026-11-23  09:00-10:00  work", 1, "neither an id nor a day"),
    ("2026-11-23  9-10  work", 13, "is not START-END"),
    ("2026-11-23  09:00-10:00  wrok", 26, "'wrok' is not a kind; one of work, focus"),
    ("2026-11-23  09:00-10:00  work  api  a note", 37, "a note goes in double quotes"),
    ("2026-11-23  09:00-10:00  work  api  \"open", 37, "this quote is not closed"),
    ("2026-11-23  09:00-10:00  work  api  \"n\"  x", 42, "unexpected 'x'"),
    ("2026-11-23", 11, "START-END comes here"),
  ])
  func aLineThatCannotBeReadIsNamedWithItsColumn(line: String, column: Int, message: String) {
    guard case .failure(let problem) = HistoryText.parse("# header\n\n" + line + "\n") else {
      Issue.record("read: \(line)")
      return
    }
    #expect(problem.line == 3 && problem.column == column, "\(problem)")
    #expect(problem.message.contains(message), "\(problem)")
  }

  @Test func aChangedTimeAmendsAndTheTimeCountedFollows() throws {
    let ids = Self.shown.map(\.id)
    let plan = try Self.plan(Self.edited { $0.replacingOccurrences(of: "09:00-10:30", with: "08:45-10:30") })
      .get()
    #expect(plan.removed.isEmpty && plan.added.isEmpty && plan.amended.count == 1)
    let amend = try #require(plan.amended.first)
    #expect(
      amend.old.shortID.hasPrefix(ids[0]) && amend.new.start == Self.at(8.75)
        && amend.new.end == Self.at(10.5))
    #expect(amend.new.seconds == 6300 && amend.new.note == amend.old.note && amend.new.id == "m.e.1")
  }

  @Test func aDeletedLineRemovesAndALineWithoutAnIDAdds() throws {
    let ids = Self.shown.map(\.id)
    let text =
      Self.edited { $0.hasPrefix(ids[1]) ? "" : $0 }
      + "2026-11-23  13:00-14:00  work  \"web frontend\"  \"call\"\n"
    let plan = try Self.plan(text).get()
    #expect(plan.removed.map(\.id) == ["m.e.2"] && plan.amended.isEmpty)
    let added = try #require(plan.added.first)
    #expect(
      added.id == "m.added.0" && added.start == Self.at(13) && added.seconds == 3600 && added.at == Self.now)
    #expect(added.project == "web frontend" && added.note == "call" && added.kind == .work)
  }

  @Test func aRemovedRecordMakesRoomEvenWhenReadAgainAsANeighbour() throws {
    let ids = Self.shown.map(\.id)
    let text = Self.edited { $0.hasPrefix(ids[1]) ? "" : $0 } + "2026-11-23  11:00-12:00  work  web\n"
    let plan = try Self.plan(text, neighbours: [Self.records[1]]).get()
    #expect(plan.removed.map(\.id) == ["m.e.2"] && plan.added.count == 1)
  }

  @Test func aChangeThatOverlapsIsRefusedOnItsLine() {
    let ids = Self.shown.map(\.id)
    // Line 9 is the first record's: moved into the second.
    let moved = Self.plan(Self.edited { $0.replacingOccurrences(of: "09:00-10:30", with: "09:00-11:30") })
    #expect(
      moved
        == .failure(
          HistoryText.Problem(line: 9, column: 22, "it would overlap \(ids[1]) (web frontend, 11:00–12:00)")))
    // An added line over a record outside the file, and over another added line.
    let neighbour = Self.work("m.e.9", 7, 8)
    let outside = Self.plan(Self.text() + "2026-11-23  07:30-08:30  work\n", neighbours: [neighbour])
    #expect(
      outside
        == .failure(
          HistoryText.Problem(
            line: 12, column: 13, "it would overlap \(neighbour.shortID.prefix(7)) (api, 07:00–08:00)")))
    let clock = Self.plan(
      Self.text() + "2026-11-23  18:30-19:30  work\n", running: [Self.work("m.open", 19, 20)])
    #expect(
      clock
        == .failure(
          HistoryText.Problem(line: 12, column: 13, "it would overlap the running work clock (since 19:00)")))
    let twice = Self.plan(Self.text() + "2026-11-23  13:00-14:00  work\n2026-11-23  13:30-14:30  work\n")
    #expect(
      twice
        == .failure(HistoryText.Problem(line: 12, column: 13, "it would overlap the record added on line 13"))
    )
    // A record that moves out of the way of another may take its place.
    let swapped = Self.plan(
      Self.edited {
        $0.replacingOccurrences(of: "09:00-10:30", with: "11:00-12:00").replacingOccurrences(
          of: "11:00-12:00  work         \"web", with: "09:00-10:30  work         \"web")
      })
    #expect((try? swapped.get())?.amended.count == 2)
  }

  @Test func whatCannotBeAppliedIsNamed() {
    let ids = Self.shown.map(\.id)
    let unknown = Self.plan(Self.text() + "fffffff  2026-11-23  13:00-14:00  work\n")
    #expect(
      unknown
        == .failure(
          HistoryText.Problem(
            line: 12, column: 1,
            "no record in this file has the id 'fffffff'; leave out the id to add a record")))
    let twice = Self.plan(Self.text() + Self.text().split(separator: "\n").last! + "\n")
    #expect((try? twice.get()) == nil)
    let kind = Self.plan(
      Self.edited { $0.hasPrefix(ids[0]) ? $0.replacingOccurrences(of: "work ", with: "focus") : $0 })
    #expect(
      kind
        == .failure(
          HistoryText.Problem(
            line: 9, column: 22, "a work record cannot become focus; remove the line and add one")))
    let focus = Self.plan(Self.text() + "2026-11-23  13:00-14:00  focus\n")
    #expect((try? focus.get()) == nil)
    let future = Self.plan(Self.text() + "2026-11-23  19:00-21:00  work\n")
    #expect(
      future
        == .failure(
          HistoryText.Problem(line: 12, column: 13, "it would end in the future (21:00; it is 20:00)")))
    let backwards = Self.plan(Self.edited { $0.replacingOccurrences(of: "11:00-12:00", with: "12:00-11:00") })
    #expect(
      backwards
        == .failure(
          HistoryText.Problem(line: 10, column: 22, "it would end (11:00) before it starts (12:00)")))
  }

  @Test func anOldProjectNameIsNotChangedByBeingShown() throws {
    let old = Self.work("m.e.1", 9, 10, "web   frontend")
    let shown = [(id: String(old.shortID.prefix(7)), record: old)]
    let lines = try HistoryText.parse(Self.text(shown)).get()
    let plan = HistoryTextPlan.make(
      shown: shown, lines: lines, neighbours: [], now: Self.now, zone: Self.local
    ) { _ in ("x", Self.now, 0) }
    #expect(try plan.get().isEmpty)
  }
}
