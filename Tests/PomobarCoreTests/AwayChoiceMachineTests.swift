import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// A say over away time on return: the choice `back` keeps, its answers, and the default
/// when nobody answers, with the whole effect list.
@Suite struct AwayChoiceMachineTests {
  private func machine(_ configure: (inout AwayChoiceSettings) -> Void = { _ in }) -> TimerMachine {
    var ledger = LedgerSettings()
    configure(&ledger.away)
    return TimerMachine(ledger: ledger)
  }

  /// The clock on `api +billable` from 0, away from 600 to 2000.
  private func returned(_ configure: (inout AwayChoiceSettings) -> Void = { _ in }) -> TimerMachine {
    var m = machine(configure)
    _ = m.handle(.action(.project("api", tags: ["billable"])), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(2000))
    return m
  }

  private let choice = AwayChoice(
    from: at(600), to: at(2000), project: "api", tags: ["billable"], answerBy: at(2600))

  @Test func backAfterLongEnoughAwayWithTheClockOnAsksWhatItWas() {
    var m = machine()
    _ = m.handle(.action(.project("api", tags: ["billable"])), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    #expect(
      m.handle(.action(.back), at: at(2000)) == [
        .persist, hook(.back, nil, next: .focus, project: "api"),
        hook(.workStart, nil, next: .focus, project: "api"), .askAway(choice),
      ])
    #expect(m.state.ledger.awayChoice == choice)
    #expect(m.state.ledger.work == WorkClock(since: at(2000), project: "api", tags: ["billable"]))
  }

  @Test func aShortAbsenceOrNoClockOrAskAfterFalseAsksNothing() {
    var short = machine()
    _ = short.handle(.action(.workStart), at: at(0))
    _ = short.handle(.action(.away), at: at(600))
    #expect(
      !short.handle(.action(.back), at: at(719)).contains { if case .askAway = $0 { true } else { false } })
    #expect(short.state.ledger.awayChoice == nil, "under [idle] ask-after (2 min)")

    var stopped = machine()
    _ = stopped.handle(.action(.away), at: at(600))
    #expect(stopped.handle(.action(.back), at: at(2000)) == [.persist, hook(.back, nil, next: .focus)])
    #expect(stopped.state.ledger.awayChoice == nil, "no work was interrupted")

    let never = returned { $0.askAfter = nil }
    #expect(never.state.ledger.awayChoice == nil)
  }

  @Test func workAddsTheIntervalForTheProjectAsAPersonsRecord() {
    var m = returned()
    #expect(
      m.handle(.action(.awayWas(.work)), at: at(2100)) == [
        .persist,
        recorded(
          2, .work, 600, 2000, 1400, nil, project: "api", note: "away: kept as work", tags: ["billable"],
          addedAt: 2100),
      ])
    #expect(m.state.ledger.awayChoice == nil)
    #expect(m.handle(.action(.awayWas(.work)), at: at(2200)).isEmpty, "answered once")
    #expect(Action.awayWas(.work).unchanged(in: m.state)?.hasPrefix("no away time to answer for") == true)
  }

  @Test func workForAnotherProjectRecordsItWithItsOwnTags() {
    var m = returned()
    #expect(
      m.handle(.action(.awayWas(.work, project: AwayProject(name: "web", tags: ["call"]))), at: at(2100)) == [
        .persist,
        recorded(
          2, .work, 600, 2000, 1400, nil, project: "web", note: "away: kept as work", tags: ["call"],
          addedAt: 2100),
      ])
    #expect(m.state.ledger.projects == ["api", "web"], "a known project now")
    #expect(m.state.ledger.project == "api", "the clock stays on its project")
  }

  @Test func discardLeavesTheGapAndBreakRecordsABreak() {
    var discarded = returned()
    #expect(discarded.handle(.action(.awayWas(.discard)), at: at(2100)) == [.persist])
    #expect(discarded.state.ledger.awayChoice == nil)

    var taken = returned()
    #expect(
      taken.handle(.action(.awayWas(.break)), at: at(2100)) == [
        .persist,
        recorded(
          2, .shortBreak, 600, 2000, 1400, .completed, project: "api", note: "away: recorded as a break",
          tags: ["billable"], addedAt: 2100),
      ])
  }

  @Test func aBreakOverAPausedFocusAddsNoPhaseOverIt() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(0))  // focus 0-1500 with the clock it started
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(1200))
    #expect(m.state.ledger.awayChoice?.phaseCovered == true)
    #expect(m.state.ledger.awayChoice?.timer == TimerNote(.paused, by: .away, .seconds(600)))
    // The paused focus's record will hold the time as its gap: one timeline of phases.
    #expect(m.handle(.action(.awayWas(.break)), at: at(1300)) == [.persist])
  }

  @Test func nobodyAnsweringLetsTheDefaultAnswerAtItsDeadline() {
    var m = returned { $0.unanswered = .work }
    #expect(m.handle(.deadlineReached, at: at(2599)).isEmpty, "not yet")
    #expect(
      m.handle(.deadlineReached, at: at(2600)) == [
        .persist,
        recorded(
          2, .work, 600, 2000, 1400, nil, project: "api", note: "away, unanswered: kept as work",
          tags: ["billable"], addedAt: 2600),
      ])
    #expect(m.state.ledger.awayChoice == nil)
  }

  @Test func theNextAwayAnswersAChoiceLeftWithoutADeadline() {
    var m = returned {
      $0.answerWithin = nil
      $0.unanswered = .break
    }
    #expect(m.state.ledger.awayChoice?.answerBy == nil)
    #expect(m.handle(.deadlineReached, at: at(90_000)).isEmpty, "no deadline: it waits")
    let effects = m.handle(.action(.away), at: at(90_000))
    #expect(
      effects.prefix(2) == [
        .persist,
        recorded(
          2, .shortBreak, 600, 2000, 1400, .completed, project: "api",
          note: "away, unanswered: recorded as a break", tags: ["billable"], addedAt: 90_000),
      ])
    #expect(effects.contains(hook(.away, nil, next: .focus, project: "api")))
  }

  @Test func anIdleWatchsBackdatedAwayIsAskedAboutFromTheLastInput() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.backdated(.away, at: at(300)), at: at(600))  // noticed at 600, input stopped at 300
    let back = m.handle(.action(.back), at: at(900))
    #expect(back.last == .askAway(AwayChoice(from: at(300), to: at(900), project: nil, answerBy: at(1500))))
  }

  @Test func theAnswersDeadlineIsAWakeUpOnlyWhileOneWaits() {
    let reading = { (seconds: Int64) in
      ClockReading(
        wall: seconds * 1_000_000_000, boottime: seconds * 1_000_000_000,
        monotonic: seconds * 1_000_000_000, bootID: "b")
    }
    var m = returned()
    _ = m.handle(.action(.workStop), at: at(2000))
    _ = m.handle(.action(.project(nil)), at: at(2000))
    let plan = TickPlan.of(m.state, now: reading(2100), zone: { _ in 0 }, dayStart: 0)
    #expect(plan?.next(after: at(2100)) == at(2600))
    _ = m.handle(.action(.awayWas(.discard)), at: at(2200))
    #expect(TickPlan.of(m.state, now: reading(2200), zone: { _ in 0 }, dayStart: 0) == nil)
  }

  /// The clock on from 0, break care on (a reminder after 90 min, breaks of 5 min).
  private func caring() -> TimerMachine {
    var settings = TimerSettings()
    settings.breaks.remindAfter = .seconds(90 * 60)
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.workStart), at: at(0))
    return m
  }

  @Test func breakCareCountsABreakAnswerHoweverShortTheAbsence() {
    var m = caring()
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(780))  // 3 min: under min-break, the stretch goes on
    #expect(m.state.ledger.breaks.since == at(0))
    _ = m.handle(.action(.awayWas(.break)), at: at(800))
    #expect(m.state.ledger.breaks.since == at(780), "a break, ended at the return")
    #expect(m.state.ledger.breaks.due == at(780 + 90 * 60))
  }

  @Test func breakCareTakesBackTheBreakAWorkAnswerUndoes() {
    var m = caring()
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(2000))  // 23 min: break care counts a break
    #expect(m.state.ledger.breaks.since == at(2000))
    _ = m.handle(.action(.awayWas(.work)), at: at(2100))
    #expect(m.state.ledger.breaks.since == at(0), "the stretch from before goes on")
    #expect(m.state.ledger.breaks.due == at(90 * 60))
  }

}
