import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// The work clock, projects, interruptions and away time, with the whole effect list.
@Suite struct LedgerMachineTests {
  private func machine(_ configure: (inout LedgerSettings) -> Void = { _ in }) -> TimerMachine {
    var ledger = LedgerSettings()
    configure(&ledger)
    return TimerMachine(ledger: ledger)
  }

  @Test func theWorkClockCountsFromStartToStopAndRecordsTheInterval() {
    var m = machine()
    #expect(m.handle(.action(.workStart), at: at(100)) == [.persist, hook(.workStart, nil, next: .focus)])
    #expect(m.state.ledger.work == WorkClock(since: at(100), project: nil))
    #expect(m.handle(.action(.workStart), at: at(150)).isEmpty, "already running")
    #expect(
      m.handle(.action(.workStop), at: at(400))
        == [.persist, hook(.workStop, nil, next: .focus), recorded(1, .work, 100, 400, 300, nil)])
    #expect(m.state.ledger.work == nil)
    #expect(m.state.phase == .idle, "the work clock never touches the timer")
  }

  @Test func aProjectSwitchClosesThePreviousIntervalAndStartsAStoppedClock() {
    var m = machine()
    // A stopped clock starts for the project: the switch, then the clock's start.
    #expect(
      m.handle(.action(.project("api")), at: at(0)) == [
        .persist, hook(.project, nil, next: .focus, project: "api"),
        hook(.workStart, nil, next: .focus, project: "api"),
      ])
    #expect(m.state.ledger.work == WorkClock(since: at(0), project: "api"))
    #expect(
      m.handle(.action(.project("  web ")), at: at(600))
        == [
          // A running clock runs on: one interval closes, no work-stop or work-start.
          .persist, recorded(1, .work, 0, 600, 600, nil, project: "api"),
          hook(.project, nil, next: .focus, project: "web", previousProject: "api"),
        ])
    #expect(m.state.ledger.work == WorkClock(since: at(600), project: "web"))
    #expect(m.state.ledger.projects == ["api", "web"])
    #expect(m.handle(.action(.project("web")), at: at(700)).isEmpty, "the same project changes nothing")
    // No project: the clock goes on counting, for no project.
    #expect(
      m.handle(.action(.project(nil)), at: at(900))
        == [
          .persist, recorded(2, .work, 600, 900, 300, nil, project: "web"),
          hook(.project, nil, next: .focus, previousProject: "web"),
        ])
    #expect(m.state.ledger.work == WorkClock(since: at(900), project: nil))
  }

  @Test func nextAndPreviousCycleThroughKnownProjects() {
    var m = machine()
    _ = m.handle(.action(.project("a")), at: at(0))
    _ = m.handle(.action(.project("b")), at: at(1))
    _ = m.handle(.action(.project("c")), at: at(2))
    _ = m.handle(.action(.projectNext), at: at(3))
    #expect(m.state.ledger.project == "a")
    _ = m.handle(.action(.projectPrevious), at: at(4))
    #expect(m.state.ledger.project == "c")
    var empty = machine()
    #expect(empty.handle(.action(.projectNext), at: at(0)).isEmpty)
  }

  @Test func startingAFocusStartsTheWorkClockUnlessTurnedOff() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(10))
    #expect(m.state.ledger.work == WorkClock(since: at(10), project: nil, byFocus: true))
    // The timer going back to idle stops a clock a focus started...
    let stopped = m.handle(.action(.stop), at: at(70))
    #expect(stopped.contains(recorded(2, .work, 10, 70, 60, nil)))
    #expect(m.state.ledger.work == nil)
    // ...but not one the user started.
    _ = m.handle(.action(.workStart), at: at(100))
    _ = m.handle(.action(.start), at: at(100))
    _ = m.handle(.action(.stop), at: at(160))
    #expect(m.state.ledger.work == WorkClock(since: at(100), project: nil))
    var off = machine { $0.focusStartsWork = false }
    _ = off.handle(.action(.start), at: at(10))
    #expect(off.state.ledger.work == nil)
  }

  @Test func aFocusIsRecordedWithItsProjectInterruptionsAndNotes() {
    var m = machine()
    _ = m.handle(.action(.project("api")), at: at(0))
    _ = m.handle(.action(.start), at: at(0))
    #expect(
      m.handle(.action(.interrupt(external: true, note: "phone")), at: at(60)) == [
        .persist,
        hook(
          .interrupt, .focus, next: .shortBreak, total: 1500, remaining: 1440, endsAt: 1500, project: "api",
          interruption: "external", note: "phone"),
      ])
    _ = m.handle(.action(.interrupt(external: false, note: nil)), at: at(120))
    let effects = m.handle(.deadlineReached, at: at(1500))
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0,
          project: "api"),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0,
          project: "api"),
        recorded(
          1, .focus, 0, 1500, 1500, .completed, project: "api", note: "external: phone", internalCount: 1,
          externalCount: 1),
        .notify(ended: .focus, next: .focusDone),
      ])
    #expect(m.state.ledger.phaseLog == nil, "cleared with the phase")
  }

  @Test func voidAbandonsTheFocusWithAReason() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(0))
    let effects = m.handle(.action(.void("meeting")), at: at(300))
    #expect(
      effects == [
        .persist,
        hook(.void, .focus, next: .focus, total: 1500, remaining: 1200, endsAt: 1500, note: "meeting"),
        hook(.focusEnd, .focus, reason: .voided, next: .focus, total: 1500, remaining: 1200),
        recorded(1, .focus, 0, 300, 300, .voided, note: "meeting"),
        hook(.workStop, nil, next: .focus),
        recorded(2, .work, 0, 300, 300, nil),
      ])
    #expect(m.state.phase == .idle)
    #expect(m.handle(.action(.void(nil)), at: at(400)).isEmpty, "nothing to void")
  }

  @Test func awayStopsTheWorkClockAndBackAppliesTheFocusPolicy() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(0))  // focus 0-1500, work from 0
    #expect(
      m.handle(.action(.away), at: at(600)) == [
        .persist, hook(.away, .focus, next: .shortBreak, total: 1500, remaining: 900, endsAt: 1500),
        hook(.workStop, .focus, next: .shortBreak, total: 1500, remaining: 900, endsAt: 1500),
        recorded(1, .work, 0, 600, 600, nil),
        // The focus's policy is pause: away holds it where it began, as it will count.
        hook(.pause, .focus, reason: .suspended, next: .shortBreak, total: 1500, remaining: 900),
      ])
    #expect(m.state.ledger.work == nil)
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)))
    let effects = m.handle(.action(.back), at: at(1200))
    #expect(
      effects == [
        // Back at 1200: the focus stays paused where the away began, at 600.
        .persist, hook(.back, .focus, next: .shortBreak, total: 1500, remaining: 900),
        hook(.workStart, .focus, next: .shortBreak, total: 1500, remaining: 900),
        // Ten minutes away with the clock on: what was it? (AwayChoiceMachineTests)
        .askAway(
          AwayChoice(
            from: at(600), to: at(1200), project: nil, timer: TimerNote(.paused, by: .away, .seconds(600)),
            phaseCovered: true, answerBy: at(1800))),
      ])
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)))
    #expect(
      m.state.ledger.work == WorkClock(since: at(1200), project: nil, byFocus: true),
      "work counts again, still the focus's own")
    #expect(m.state.ledger.phaseLog?.gap == .seconds(600))
    #expect(m.state.note == TimerNote(.paused, by: .away, .seconds(600)), "the note says away, not suspended")
    #expect(ViewModel.brief(m.state.note!) == "away 10 min")
    // So stopping the timer stops it, as it would have without the away.
    let stopped = m.handle(.action(.stop), at: at(1300))
    #expect(m.state.ledger.work == nil, "\(stopped)")
    #expect(stopped.contains(recorded(3, .work, 1200, 1300, 100, nil)))
  }

  @Test func aFocusClockAwayWhenTheTimerStopsDoesNotComeBack() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.stop), at: at(700))  // from a keybinding, while away
    let back = m.handle(.action(.back), at: at(900))
    #expect(m.state.ledger.work == nil, "\(back)")
    #expect(!back.contains(hook(.workStart, nil, next: .focus)))
    #expect(m.state.ledger.away == nil)
  }

  @Test func aClockTheUserStartedComesBackAfterAwayAndOutlivesTheTimer() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(700))
    _ = m.handle(.action(.stop), at: at(800))
    #expect(m.state.ledger.work == WorkClock(since: at(700), project: nil, byFocus: false))
  }

  @Test func sleepIsNotCountedAsWork() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(500)), at: at(1000))
    #expect(effects == [.persist, recorded(1, .work, 0, 500, 500, nil)])
    #expect(m.state.ledger.work == WorkClock(since: at(1000), project: nil))
  }

  @Test func aResetOfTheCycleKeepsTheWorkClockAndTheSerials() {
    var m = machine()
    _ = m.handle(.action(.project("api")), at: at(0))
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.reset), at: at(100))
    #expect(m.state.ledger.work == WorkClock(since: at(0), project: "api"))
    #expect(m.state.ledger.serial == 1)
    #expect(m.state.phase == .idle)
  }

  @Test func todaysTotalsStartAfreshOnANewDay() {
    var totals = DayTotals()
    totals.add(100, project: "api", today: 5)
    totals.add(50, project: "api", today: 5)
    totals.add(30, project: nil, today: 5)
    #expect(totals.total(for: "api") == 150)
    #expect(totals.total == 180)
    totals.add(10, project: "web", today: 6)
    #expect(totals.total == 10)
    #expect(DayTotals.day(ofLocal: 4 * 3600 - 1, dayStart: 4 * 3600) == -1)
    #expect(DayTotals.day(ofLocal: 4 * 3600, dayStart: 4 * 3600) == 0)
  }
}

/// `project rename` in the state: the active project, the running interval, the known ones.
@Suite struct LedgerRenameTests {
  @Test func theRunningProjectAndTheKnownOnesAreRenamedAndANewNameThatExistsMerges() {
    var ledger = LedgerState(
      work: WorkClock(since: .seconds(0), project: "api"), project: "api", projects: ["web", "api", "docs"])
    let renamed = ledger.rename(project: "api", to: "backend")
    #expect(renamed)
    #expect(ledger.project == "backend" && ledger.work?.project == "backend")
    #expect(ledger.projects == ["web", "backend", "docs"])
    let merged = ledger.rename(project: "backend", to: "web")
    #expect(merged, "onto a known name: merged")
    #expect(ledger.projects == ["web", "docs"])
    let none = ledger.rename(project: "nosuch", to: "x")
    #expect(!none)
  }

  @Test func aDeletedProjectIsForgottenButARunningClockKeepsIt() {
    var ledger = LedgerState(project: "api", projects: ["web", "api", "docs"])
    ledger.tags = ["billable"]
    let forgotten = ledger.rename(project: "api", to: nil)
    #expect(forgotten)
    #expect(ledger.project == nil && ledger.tags.isEmpty && ledger.projects == ["web", "docs"])
    ledger.work = WorkClock(since: .seconds(0), project: "web")
    ledger.project = "web"
    let running = ledger.rename(project: "web", to: nil)
    #expect(running, "off the cycle")
    #expect(ledger.project == "web" && ledger.work?.project == "web" && ledger.projects == ["docs"])
    let none = ledger.rename(project: "nosuch", to: nil)
    #expect(!none)
  }
}
