import Testing

@testable import PomobarCore

/// Re-imports from timewarrior and Watson: matched to what an earlier import took, merged
/// three ways, never added twice.
@Suite struct ImportMergeTests {
  /// 2026-11-02 00:00 UTC.
  static let day: Int64 = 1_793_577_600

  /// A work record from `from` to `to` (minutes into the day, UTC).
  static func work(
    _ id: String, _ from: Int64, _ to: Int64, _ project: String? = nil, _ tags: [String] = [], note: String? = nil
  ) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: day + from * 60, offset: 0), end: WallTime(utc: day + to * 60, offset: 0),
      seconds: (to - from) * 60, project: project, note: note, tags: tags)
  }

  static func merge(base: LedgerRecord, local: LedgerRecord, incoming: LedgerRecord) -> ImportMerge {
    ImportMerge(base: base, local: local, incoming: incoming, source: "timewarrior")
  }

  // MARK: - The merge

  @Test func unchangedThereKeepsEveryEditHere() {
    let base = Self.work("a", 480, 525, "globex", ["billable", "dev"])
    var local = base
    local.project = "acme"
    local.tags = ["dev"]
    local.note = "mine"
    let merge = Self.merge(base: base, local: local, incoming: base)
    #expect(merge.record == local)
    #expect(merge.changes.isEmpty)
    #expect(!merge.sourceMoved)
  }

  @Test func changedThereIsTaken() {
    let base = Self.work("a", 480, 525, "globex", ["billable"])
    let incoming = Self.work("x", 480, 535, "billable", ["globex", "dev"], note: "new")
    let merge = Self.merge(base: base, local: base, incoming: incoming)
    var expected = base
    expected.end = incoming.end
    expected.seconds = 55 * 60
    expected.project = "billable"
    expected.note = "new"
    expected.tags = ["globex", "dev"]
    #expect(merge.record == expected)
    #expect(merge.base.id == "a" && merge.sourceMoved)
    #expect(
      merge.changes.map(\.description) == [
        "time 2026-11-02 08:00–08:45 → 08:00–08:55 (changed in timewarrior)",
        "project 'globex' → 'billable' (changed in timewarrior)",
        "note none → 'new' (changed in timewarrior)",
        "tags +globex +dev -billable (changed in timewarrior)",
      ])
  }

  @Test func changedOnBothSidesKeepsYoursAndSaysSo() {
    let base = Self.work("a", 480, 525, "globex")
    var local = base
    local.project = "acme"
    let incoming = Self.work("x", 480, 525, "initech")
    let merge = Self.merge(base: base, local: local, incoming: incoming)
    #expect(merge.record == local)
    #expect(merge.sourceMoved)
    #expect(
      merge.changes.map(\.description) == [
        "kept your project 'acme' (you changed it here; timewarrior says 'initech')"
      ])
    // Changed both sides alike: nothing to say.
    let same = Self.merge(base: base, local: local, incoming: Self.work("x", 480, 525, "acme"))
    #expect(same.record == local && same.changes.isEmpty && same.sourceMoved)
  }

  /// Tags merge one by one: a tag added here and one dropped there both hold.
  @Test func tagsMergeOneByOne() {
    let base = Self.work("a", 480, 525, nil, ["billable", "dev"])
    var local = base
    local.tags = ["billable", "dev", "urgent"]
    let incoming = Self.work("x", 480, 525, nil, ["billable", "review"])
    let merge = Self.merge(base: base, local: local, incoming: incoming)
    #expect(merge.record.tags == ["billable", "urgent", "review"])
  }

  /// A pause left out here stays left out when the interval grows there.
  @Test func aLengthenedIntervalKeepsWhatWasLeftOutHere() {
    let base = Self.work("a", 480, 540)
    var local = base
    local.seconds = 50 * 60
    let merge = Self.merge(base: base, local: local, incoming: Self.work("x", 480, 560))
    #expect(merge.record.seconds == 70 * 60)
  }

  // MARK: - Matching

  static func plan(_ read: [LedgerRecord], known: [ImportPlan.Known]) -> ImportPlan {
    ImportPlan(
      importing: read, known: known, existing: known.compactMap(\.local), source: "timewarrior")
  }

  static func known(_ record: LedgerRecord) -> ImportPlan.Known { ImportPlan.Known(local: record, base: record) }

  @Test func aLengthenedOrShortenedIntervalIsTheSameRecord() {
    let known = [Self.work("a", 480, 525, "acme"), Self.work("b", 600, 660, "acme"), Self.work("c", 700, 760, "acme")]
    // a lengthened at its end, b started later, c untouched.
    let read = [Self.work("x", 480, 535, "acme"), Self.work("y", 610, 660, "acme"), Self.work("z", 700, 760, "acme")]
    let plan = Self.plan(read, known: known.map(Self.known))
    #expect(plan.fresh.isEmpty)
    #expect(plan.present == 1)
    #expect(plan.amends.map(\.old.id) == ["a", "b"])
    #expect(plan.amends.map { $0.new.span.count } == [55 * 60, 50 * 60])
  }

  @Test func aMovedIntervalIsTheSameRecordWhenItOverlapsOnlyIt() {
    let known = [Self.work("a", 480, 540, "acme"), Self.work("b", 600, 660, "acme")]
    let read = [Self.work("x", 500, 560, "acme"), Self.work("y", 600, 660, "acme")]
    let plan = Self.plan(read, known: known.map(Self.known))
    #expect(plan.fresh.isEmpty)
    #expect(plan.amends.map(\.old.id) == ["a"])
    // Two read intervals over one known: neither is taken for it.
    let split = Self.plan(
      [Self.work("x", 470, 500, "acme"), Self.work("y", 520, 550, "acme")], known: [Self.known(known[0])])
    #expect(split.fresh.count == 2 && split.amends.isEmpty)
  }

  @Test func aNewIntervalThereIsAdded() {
    let known = [Self.work("a", 480, 525, "acme")]
    let plan = Self.plan([Self.work("a", 480, 525, "acme"), Self.work("n", 600, 660, "globex")], known: known.map(Self.known))
    #expect(plan.fresh.map(\.id) == ["n"])
    #expect(plan.present == 1)
  }

  @Test func aRecordRemovedHereStaysRemoved() {
    let base = Self.work("a", 480, 525, "acme")
    let plan = Self.plan([Self.work("x", 480, 535, "acme")], known: [ImportPlan.Known(local: nil, base: base)])
    #expect(plan.fresh.isEmpty && plan.amends.isEmpty)
    #expect(plan.keptRemoved == 1)
  }

  /// Read again and again with nothing new there: nothing changes, however often.
  @Test func aReimportConverges() {
    let base = Self.work("a", 480, 525, "globex")
    var local = base
    local.project = "acme"
    let incoming = Self.work("x", 480, 535, "initech")
    let first = Self.plan([incoming], known: [ImportPlan.Known(local: local, base: base)])
    let after = first.amends[0].new
    let remembered = first.bases[0]
    #expect(after.project == "acme" && after.span.count == 55 * 60)
    let second = Self.plan([incoming], known: [ImportPlan.Known(local: after, base: remembered)])
    #expect(second.present == 1 && second.merged.isEmpty && second.fresh.isEmpty)
  }

  /// A record a reset (or an undo of its import) took away is added again under an id of
  /// its own, the same wherever the reset was seen.
  @Test func anIntervalATakenAwayRecordHadGetsAnIDOfItsOwn() {
    let read = [Self.work("import.timewarrior.1", 480, 525, "acme")]
    let plan = ImportPlan(importing: read, existing: [], removedBy: ["import.timewarrior.1": "m.reset.1"])
    let id = plan.fresh.map(\.id)
    #expect(id.count == 1 && id[0].hasPrefix("import.timewarrior.1.") && id[0] != "import.timewarrior.1")
    #expect(ImportPlan(importing: read, existing: [], removedBy: ["import.timewarrior.1": "m.reset.1"]).fresh.map(\.id) == id)
    let twice = ImportPlan(
      importing: read, existing: [], removedBy: ["import.timewarrior.1": "m.reset.1", id[0]: "m.reset.2"])
    #expect(twice.fresh[0].id.hasPrefix(id[0] + "."))
  }

  @Test func spansFindEveryOverlap() {
    let spans = ImportPlan.Spans([(0, 0..<100), (1, 10..<20), (2, 30..<40), (3, 200..<300), (4, 250..<250)])
    #expect(spans.overlapping(15..<35) == [0, 1, 2])
    #expect(spans.overlapping(100..<200).isEmpty)
    #expect(spans.overlapping(240..<260) == [3, 4])
    #expect(spans.overlapping(50..<50) == [0])
  }
}

/// Many rounds of changes on both sides, imported after each: one record per interval
/// there, and an import of the same file again changes nothing.
@Suite struct ImportConvergenceTests {
  struct Interval {
    var start: Int64
    var end: Int64
    var project: String?
    var tags: [String]
  }

  /// Changes in the tool that keep its intervals apart (timewarrior refuses overlaps).
  static func changeThere(_ source: inout [Interval], _ random: inout some RandomNumberGenerator) {
    let index = Int.random(in: 0..<source.count, using: &random)
    let room = (
      before: index == 0 ? Int64(3600) : source[index].start - source[index - 1].end,
      after: index == source.count - 1 ? Int64(3600) : source[index + 1].start - source[index].end
    )
    switch Int.random(in: 0..<5, using: &random) {
    case 0 where room.after > 600: source[index].end += 600  // lengthen
    case 1 where source[index].end - source[index].start > 1200: source[index].end -= 300  // shorten
    case 2 where room.after > 300 && room.before > 0: source[index].start += 300; source[index].end += 300  // move
    case 3: source[index].tags = [["billable"], ["dev"], [], ["billable", "review"]].randomElement(using: &random)!
    default:
      source[index].project = ["acme", "globex", nil].randomElement(using: &random)!
    }
  }

  static func read(_ source: [Interval]) -> [LedgerRecord] {
    source.enumerated().map { index, interval in
      LedgerRecord(
        id: "import.timewarrior.\(interval.start).\(interval.end)", kind: .work,
        start: WallTime(utc: interval.start, offset: 0), end: WallTime(utc: interval.end, offset: 0),
        seconds: interval.end - interval.start, project: interval.project, tags: interval.tags)
    }
  }

  @Test(arguments: 0..<20)
  func bothSidesConverge(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var source: [Interval] = (0..<30).map { index in
      let start = ImportMergeTests.day + Int64(index) * 7200
      return Interval(start: start, end: start + 3600, project: "acme", tags: ["billable"])
    }
    var known: [ImportPlan.Known] = []
    var serial = 0
    func importOnce() -> ImportPlan {
      let plan = ImportPlan(importing: Self.read(source), known: known, existing: known.compactMap(\.local))
      for merge in plan.merged {
        guard let index = known.firstIndex(where: { $0.local?.id == merge.local.id }) else { continue }
        known[index].local = merge.record
        if merge.sourceMoved { known[index].base = merge.base }
      }
      for record in plan.fresh {
        serial += 1
        var record = record
        record.id = "r\(serial)"
        known.append(ImportPlan.Known(local: record, base: record))
      }
      return plan
    }
    _ = importOnce()
    var fixed = Set<String>()
    var tagged = Set<String>()
    for _ in 0..<15 {
      for _ in 0..<4 { Self.changeThere(&source, &random) }
      // A fix here: another project or one more tag, on a random record.
      let index = Int.random(in: 0..<known.count, using: &random)
      if Bool.random(using: &random) {
        known[index].local?.project = "initech"
        fixed.insert(known[index].local!.id)
      } else if known[index].local?.tags.contains("urgent") == false {
        known[index].local?.tags.append("urgent")
        tagged.insert(known[index].local!.id)
      }
      _ = importOnce()
      #expect(known.count == source.count, "seed \(seed): one record per interval")
      let sorted = known.compactMap(\.local).sorted { $0.start.utc < $1.start.utc }
      #expect(sorted.map(\.span) == source.map { $0.start..<$0.end }, "seed \(seed): the tool's times")
      let again = importOnce()
      #expect(again.merged.isEmpty && again.fresh.isEmpty, "seed \(seed): a second import changes nothing")
      // The tool never says initech or urgent: a fix here is never undone by an import.
      let locals = known.compactMap(\.local)
      #expect(locals.filter { fixed.contains($0.id) }.allSatisfy { $0.project == "initech" }, "seed \(seed)")
      #expect(locals.filter { tagged.contains($0.id) }.allSatisfy { $0.tags.contains("urgent") }, "seed \(seed)")
    }
  }
}
