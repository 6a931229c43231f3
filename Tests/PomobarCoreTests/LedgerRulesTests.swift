import PomobarCore
import Testing

/// The ledger's rules that the commands used to decide themselves: what `track` adds,
/// the running clock as part of the work timeline, what `history amend` makes of a
/// record, and which project names are known.
@Suite("Ledger rules of the commands")
struct LedgerRulesTests {
  static let at = CorrectionTests.at
  static let work = CorrectionTests.work
  static let now = CorrectionTests.now

  /// The running work clock since `from`, up to now, as `Ledger.openIntervals` gives it.
  static func clock(since from: Double) -> LedgerRecord { work("open", from, 20, "web", nil, 0, nil) }

  static func span(_ from: Double, _ to: Double) -> Range<Int64> { at(from).utc..<at(to).utc }

  @Test("track adds all of a free interval, refuses one in the way, and adjusts around it")
  func trackPlan() {
    let record = TrackPlan.Existing(record: Self.work("a", 10, 11, "api", nil, 0, nil), running: false)
    let running = TrackPlan.Existing(record: Self.clock(since: 12), running: true)
    let existing = [record, running]
    #expect(TrackPlan(Self.span(8, 9), existing: existing, adjust: false).pieces == [Self.span(8, 9)])
    // Touching is not overlapping.
    #expect(TrackPlan(Self.span(9, 10), existing: existing, adjust: false).pieces == [Self.span(9, 10)])

    let refused = TrackPlan(Self.span(9, 13), existing: existing, adjust: false)
    #expect(refused.pieces == [] && refused.around == [] && refused.refusal == record)
    let overClock = TrackPlan(Self.span(12.5, 13), existing: existing, adjust: false)
    #expect(overClock.refusal == running, "the running clock is on the timeline")

    let adjusted = TrackPlan(Self.span(9, 13), existing: existing, adjust: true)
    #expect(adjusted.pieces == [Self.span(9, 10), Self.span(11, 12)])
    #expect(adjusted.around == existing && adjusted.refusal == nil)
    let nothingLeft = TrackPlan(Self.span(10, 11), existing: existing, adjust: true)
    #expect(nothingLeft.pieces == [] && nothingLeft.around == [record])
  }

  @Test("track's timeline: work records but the same interval, and the running clock, by start")
  func trackExisting() {
    var focus = Self.work("f", 9, 10, "api", nil, 0, nil)
    focus.kind = .focus
    let same = Self.work("track.same", 8, 9, "api", nil, 0, nil)
    let later = Self.work("b", 14, 15, "api", nil, 0, nil)
    let open = Self.clock(since: 12)
    let existing = TrackPlan.existing([later, focus, same], running: [open], except: same.id)
    #expect(existing == [.init(record: open, running: true), .init(record: later, running: false)])
  }

  @Test("track refuses nothing, more than a day, and the future")
  func trackRefusal() {
    let now = Self.now.utc
    #expect(TrackPlan.refusal(start: now - 60, end: now, now: now) == nil)
    #expect(TrackPlan.refusal(start: now - 86_400, end: now, now: now) == nil)
    let size = "a tracked range must be more than nothing and at most a day"
    #expect(TrackPlan.refusal(start: now, end: now, now: now) == size)
    #expect(TrackPlan.refusal(start: now, end: now - 60, now: now) == size)
    #expect(TrackPlan.refusal(start: now - 86_401, end: now, now: now) == size)
    #expect(TrackPlan.refusal(start: now - 60, end: now + 1, now: now) == "it ends in the future")
  }

  @Test("a corrected work record may not overlap the running clock; a focus may")
  func runningClockInCorrections() {
    let open = Self.clock(since: 12)
    let moved = Self.work("a", 11, 12.5, "api", nil, 0, nil)
    let text = CorrectionTests.refusal {
      try Correction.check(moved, among: [], running: [open], now: Self.now)
    }
    #expect(text == "it would overlap the running work clock (since 12:00)")
    #expect(
      CorrectionTests.refusal { try Correction.check(moved, among: [], running: [], now: Self.now) } == nil)
    var focus = moved
    focus.kind = .focus
    #expect(
      CorrectionTests.refusal { try Correction.check(focus, among: [], running: [open], now: Self.now) }
        == nil)
    // The record in the way is named before the clock.
    let other = Self.work("b", 12.25, 12.5, "api", nil, 0, nil)
    let first = CorrectionTests.refusal {
      try Correction.check(moved, among: [other], running: [open], now: Self.now)
    }
    #expect(first == "it would overlap \(other.shortID.prefix(7)) (api, 12:15–12:30)")
  }

  @Test("a join across the running clock is refused")
  func runningClockInJoin() throws {
    let first = Self.work("a", 9, 10, "api", nil, 0, nil)
    let second = Self.work("b", 19, 19.5, "api", nil, 0, nil)
    let open = Self.work("open", 12, 13, "web", nil, 0, nil)
    let text = CorrectionTests.refusal {
      _ = try Correction.join(first, second, between: [], running: [open])
    }
    #expect(text == "the running work clock (since 12:00) lies between them")
    #expect(try Correction.join(first, second, between: [], running: []).end == second.end)
  }

  @Test("an amendment moves the span as respanned does, sets or clears the fields, or changes nothing")
  func amendment() {
    let record = Self.work("a", 9, 11, "api", 5400, 600, "n")
    #expect(Correction.amended(record, Correction.Amendment()) == record)
    #expect(Correction.amended(record, Correction.Amendment(start: record.start, project: "api")) == record)
    let moved = Correction.amended(record, Correction.Amendment(start: Self.at(8.5)))
    #expect(moved == Correction.respanned(record, start: Self.at(8.5), end: record.end))
    var expected = record
    expected.project = nil
    expected.note = "new"
    expected.tags = ["billable"]
    #expect(
      Correction.amended(record, Correction.Amendment(project: "", note: "new", tags: ["billable"]))
        == expected)
    expected.project = "web"
    expected.note = nil
    #expect(
      Correction.amended(record, Correction.Amendment(project: "web", note: "", tags: ["billable"]))
        == expected)
  }

  @Test("known projects: the state's, then the active and running ones, then the config's, each once")
  func knownProjects() {
    var ledger = LedgerState(project: "web", projects: ["api", "docs"])
    ledger.work = WorkClock(since: .seconds(0), project: "ops", tags: ["billable", "x"])
    ledger.tags = ["x", "client"]
    #expect(
      KnownProjects.recent(ledger, configured: ["zeta", "api", "beta"]) == [
        "api", "docs", "web", "ops", "beta", "zeta",
      ])
    #expect(KnownProjects.recent(nil, configured: ["b", "a"]) == ["a", "b"])
    #expect(KnownProjects.activeTags(ledger) == ["x", "client", "billable"])
    #expect(KnownProjects.activeTags(nil) == [])
  }

  @Test("a new project near a known one is warned of, the history read only when needed")
  func nearWarning() {
    var readAll = 0
    func warning(_ name: String?, recent: [String], lately: [String], all: [String]) -> String? {
      KnownProjects.nearWarning(
        name, recent: recent, lately: { lately },
        all: {
          readAll += 1
          return all
        })
    }
    #expect(warning("api", recent: ["api"], lately: [], all: []) == nil)
    #expect(warning(nil, recent: [], lately: [], all: []) == nil)
    #expect(warning("zzz", recent: ["api"], lately: ["web"], all: ["api"]) == nil)
    #expect(readAll == 0, "a name near nothing in use does not read the whole history")
    #expect(warning("Api", recent: ["api"], lately: [], all: []) == "new project 'Api' (did you mean 'api'?)")
    #expect(
      warning("Web", recent: [], lately: ["web"], all: ["web"]) == "new project 'Web' (did you mean 'web'?)")
  }

  @Test("an unknown project is named with the known ones, at most ten, and a guess")
  func unknownProject() {
    #expect(KnownProjects.unknown("x", known: []) == "no project 'x' (none yet)")
    #expect(
      KnownProjects.unknown("ap", known: ["api", "web"])
        == "no project 'ap' (known: api, web; did you mean 'api'?)")
    let many = (1...12).map { "p\($0)" }
    #expect(KnownProjects.unknown("zzzz", known: many).hasSuffix("p10 and 2 more)"))
  }

  @Test("a change is refused for a record the history cannot keep; its amends are stamped when made")
  func historyChange() {
    let old = Self.work("a", 9, 10, "api", nil, 0, nil)
    var moved = Correction.respanned(old, start: Self.at(8), end: old.end)
    let change = HistoryChange(
      [.amend(target: old.id, record: moved), .remove(target: "b")], "done", replacing: [old])
    #expect(change.refusal == nil)
    let made = change.made(at: Self.now)
    moved.updated = Self.now
    #expect(made == [.amend(target: old.id, record: moved), .remove(target: "b")])
    // Only the note changed: the frame is the same, and the amend is not stamped.
    var renamed = old
    renamed.note = "n"
    #expect(
      HistoryChange([.amend(target: old.id, record: renamed)], "", replacing: [old]).made(at: Self.now)
        == [.amend(target: old.id, record: renamed)])
    var ancient = old
    ancient.start = WallTime(utc: -86_400, offset: 0)
    let refused = HistoryChange([.remove(target: "x")], added: [ancient], "")
    #expect(refused.refusal?.hasPrefix("\(ancient.shortID.prefix(7)): ") == true)
  }

  @Test("a project is named as written, or by its kept form when nothing knows the spelling")
  func projectNamed() {
    var asked: [String] = []
    #expect(ProjectName.named("web  frontend") { asked.append($0); return false } == "web frontend")
    #expect(ProjectName.named("web  frontend") { _ in true } == "web  frontend", "an old name with two spaces")
    #expect(ProjectName.named("api") { asked.append($0); return false } == "api")
    #expect(asked == ["web  frontend"], "known is asked only when the forms differ")
  }
}
