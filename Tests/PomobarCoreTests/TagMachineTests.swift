import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// Tags beside the project: how `ctl project` sets them, and which records carry them.
@Suite struct TagMachineTests {
  @Test func aProjectWithTagsGivesItsIntervalThoseTags() {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["billable", "urgent"])), at: at(0))
    #expect(m.state.ledger.tags == ["billable", "urgent"])
    #expect(m.state.ledger.work == WorkClock(since: at(0), project: "api", tags: ["billable", "urgent"]))
    #expect(
      m.handle(.action(.workStop), at: at(600)) == [
        .persist, hook(.workStop, nil, next: .focus, project: "api"),
        recorded(1, .work, 0, 600, 600, nil, project: "api", tags: ["billable", "urgent"]),
      ])
    // The tags stay with the project while the clock is stopped, and the next start has them.
    _ = m.handle(.action(.workStart), at: at(700))
    #expect(m.state.ledger.work?.tags == ["billable", "urgent"])
  }

  @Test func theProjectAloneClearsTheTagsAndTagsAloneKeepTheProject() {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["billable"])), at: at(0))
    // Tags alone: the same project, a new interval for the new tags, no project hook.
    #expect(
      m.handle(.action(.tags(["urgent"])), at: at(100)) == [
        .persist, recorded(1, .work, 0, 100, 100, nil, project: "api", tags: ["billable"]),
      ])
    #expect(m.state.ledger.work == WorkClock(since: at(100), project: "api", tags: ["urgent"]))
    #expect(m.handle(.action(.tags(["urgent"])), at: at(150)).isEmpty, "the same tags change nothing")
    // The same project named again, without tags: the tags go.
    #expect(
      m.handle(.action(.project("api")), at: at(200)) == [
        .persist, recorded(2, .work, 100, 200, 100, nil, project: "api", tags: ["urgent"]),
      ])
    #expect(m.state.ledger.tags == [])
    #expect(m.handle(.action(.project("api")), at: at(250)).isEmpty)
    // Next and --none clear them too.
    _ = m.handle(.action(.project("web", tags: ["x"])), at: at(300))
    _ = m.handle(.action(.projectNext), at: at(400))
    #expect(m.state.ledger.project == "api")
    #expect(m.state.ledger.tags == [])
    _ = m.handle(.action(.tags(["y"])), at: at(500))
    _ = m.handle(.action(.project(nil)), at: at(600))
    #expect(m.state.ledger.tags == [] && m.state.ledger.project == nil)
  }

  @Test func tagsAloneStartAStoppedClockWithoutAProject() {
    var m = TimerMachine(ledger: LedgerSettings())
    #expect(
      m.handle(.action(.tags(["admin"])), at: at(0)) == [.persist, hook(.workStart, nil, next: .focus)])
    #expect(m.state.ledger.work == WorkClock(since: at(0), project: nil, tags: ["admin"]))
  }

  @Test func aFocusAndItsWorkCarryTheTagsSetWhenTheyEnd() {
    var m = TimerMachine(settings: TimerSettings(), ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["billable"])), at: at(0))
    _ = m.handle(.action(.start), at: at(0))
    let stopped = m.handle(.action(.stop), at: at(60))
    #expect(
      stopped.contains { effect in
        if case .record(let record, _, _) = effect {
          return record.kind == .focus && record.tags == ["billable"]
        }
        return false
      })
  }

  @Test func tagsFromAnyDoorAreHeldToTheRule() {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(
      .action(.project("api", tags: ["a;b", "a,b", " ", String(repeating: "x", count: 60)])), at: at(0))
    #expect(m.state.ledger.tags == ["a,b", String(repeating: "x", count: TagName.maxCharacters)])
  }

  @Test func whatChangedNothingSaysSoWithTheTags() {
    #expect(
      Action.project("api", tags: ["billable"]).unchanged(in: TimerState())
        == "'api' with +billable is already the project")
    #expect(
      Action.tags(["client call"]).unchanged(in: TimerState()) == #"the tags are already +"client call""#)
    #expect(Action.project("api", tags: ["a", "b c"]).ctlWords == ["project", "api", "+a", "+b c"])
  }

  @Test func theTooltipNamesTheRunningTags() {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["billable", "client call"])), at: at(0))
    let today = LedgerDay(day: 0, start: at(0))
    let lines = ViewModel.todayLines(m.state, now: at(600), today: today)
    #expect(lines.last == #"Tags: +billable +"client call""#, "\(lines)")
    _ = m.handle(.action(.project("api")), at: at(700))
    #expect(!ViewModel.todayLines(m.state, now: at(800), today: today).contains { $0.hasPrefix("Tags") })
  }

  // MARK: - The state file

  static let boot = ClockReading(
    wall: 1_700_000_000 * 1_000_000_000, boottime: 100 * 1_000_000_000, monotonic: 100 * 1_000_000_000,
    bootID: "a")

  @Test func theActiveTagsAndTheRunningIntervalsAreReadBack() throws {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["billable", "client \"call\""])), at: Self.boot.instant)
    let json = StateDocument(timer: m.state, written: Self.boot).json()
    #expect(json.contains(#""tags":["billable","client \"call\""]"#))
    let read = try StateDocument(json: Array(json.utf8))
    #expect(read.timer.ledger == m.state.ledger)
  }

  @Test func aStateWithoutTagsReadsAsNoneAndWritesNoKey() throws {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api")), at: Self.boot.instant)
    let json = StateDocument(timer: m.state, written: Self.boot).json()
    #expect(!json.contains("tags"))
    let read = try StateDocument(json: Array(json.utf8))
    #expect(read.timer.ledger.tags == [] && read.timer.ledger.work?.tags == [])
  }

  @Test func handEditedTagsInTheStateAreHeldToTheRule() throws {
    var m = TimerMachine(ledger: LedgerSettings())
    _ = m.handle(.action(.project("api", tags: ["x"])), at: Self.boot.instant)
    let json = StateDocument(timer: m.state, written: Self.boot).json()
      .replacingOccurrences(of: #""tags":["x"]"#, with: #""tags":["a;b",7,"a;b",null,"  c  "]"#)
    let read = try StateDocument(json: Array(json.utf8))
    #expect(read.timer.ledger.tags == ["a,b", "c"])
    #expect(read.timer.ledger.work?.tags == ["a,b", "c"])
  }
}
