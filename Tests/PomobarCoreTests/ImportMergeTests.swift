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
