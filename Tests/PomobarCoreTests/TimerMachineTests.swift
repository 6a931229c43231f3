import Testing

@testable import PomobarCore

/// Instants in whole seconds keep the tests readable.
private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }
private let minute: Duration = .seconds(60)

private func machine(
  _ phase: TimerPhase = .idle, slot: Int = 1, completed: Int = 0,
  configure: (inout TimerSettings) -> Void = { _ in }
) -> TimerMachine {
  var settings = TimerSettings()
  configure(&settings)
  return TimerMachine(
    state: TimerState(phase: phase, slot: slot, completed: completed), settings: settings)
}

private func focus(until deadline: Int64, total: Int64 = 1500) -> TimerPhase {
  .running(.focus, deadline: at(deadline), total: .seconds(total))
}

@Suite struct TimerMachineTests {
  @Test func startFromIdleRunsFocusForItsFullLength() {
    var m = machine()
    let effects = m.handle(.action(.start), at: at(100))
    #expect(m.state.phase == focus(until: 1600))
    #expect(
      effects == [
        .persist, hook(.focusStart, .focus, next: .shortBreak, total: 1500, remaining: 1500, endsAt: 1600),
        hook(.workStart, .focus, next: .shortBreak, total: 1500, remaining: 1500, endsAt: 1600),
      ])
  }

  @Test func toggleWalksTheNaturalNextStep() {
    var m = machine()
    _ = m.handle(.action(.toggle), at: at(0))
    #expect(m.state.phase == focus(until: 1500))
    #expect(
      m.handle(.action(.toggle), at: at(600))
        == [.persist, hook(.pause, .focus, next: .shortBreak, total: 1500, remaining: 900)])
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)))
    #expect(
      m.handle(.action(.toggle), at: at(5000))
        == [
          .persist, hook(.resume, .focus, next: .shortBreak, total: 1500, remaining: 900, endsAt: 5900),
        ])
    #expect(m.state.phase == focus(until: 5900))
  }

  @Test func pauseAndResumeKeepExactlyWhatRemains() {
    var m = machine(focus(until: 1500))
    _ = m.handle(.action(.pause), at: Instant(nanoseconds: 1_234_567_891))
    guard case .paused(_, let remaining, _) = m.state.phase else {
      Issue.record("not paused")
      return
    }
    #expect(remaining == .nanoseconds(1_500_000_000_000 - 1_234_567_891))
    _ = m.handle(.action(.resume), at: at(10_000))
    #expect(m.state.deadline == at(10_000) + remaining)
  }

  @Test func focusEndWaitsForTheUserByDefault() {
    var m = machine(focus(until: 1500))
    let effects = m.handle(.deadlineReached, at: at(1500))
    #expect(m.state.phase == .focusDone)
    #expect(m.state.urgent)
    #expect(m.state.completed == 1)
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        recorded(1, .focus, 0, 1500, 1500, .completed),
        .notify(ended: .focus, next: .focusDone),
      ])
  }

  @Test func deadlineNotYetDueChangesNothing() {
    var m = machine(focus(until: 1500))
    #expect(m.handle(.deadlineReached, at: at(1499)).isEmpty)
    #expect(m.state.phase == focus(until: 1500))
  }

  @Test func toggleInFocusDoneStartsTheBreakAndClearsUrgent() {
    var m = machine(.focusDone)
    m.state.urgency = .init()
    let effects = m.handle(.action(.toggle), at: at(2000))
    #expect(m.state.phase == .running(.shortBreak, deadline: at(2300), total: .seconds(300)))
    #expect(!m.state.urgent)
    #expect(
      effects == [
        .persist, hook(.breakStart, .shortBreak, next: .focus, total: 300, remaining: 300, endsAt: 2300),
      ])
  }

  @Test func startInFocusDoneSkipsTheBreakAndAdvancesTheCycle() {
    var m = machine(.focusDone, slot: 2)
    _ = m.handle(.action(.start), at: at(0))
    #expect(m.state.slot == 3)
    #expect(m.state.phase == focus(until: 1500))
  }

  @Test func breakEndReturnsToIdleAtTheNextSlot() {
    var m = machine(.running(.shortBreak, deadline: at(300), total: .seconds(300)), slot: 1)
    let effects = m.handle(.deadlineReached, at: at(301))
    #expect(m.state.phase == .idle)
    #expect(m.state.slot == 2)
    #expect(m.state.urgent)
    #expect(
      effects == [
        .persist, hook(.breakEnd, .shortBreak, reason: .completed, next: .focus, total: 300, remaining: 0),
        recorded(1, .shortBreak, 0, 300, 300, .completed),
        .notify(ended: .shortBreak, next: .idle),
      ])
  }

  @Test func everyFourthFocusIsFollowedByALongBreak() {
    var m = machine()
    var breaks: [PhaseKind] = []
    var now: Int64 = 0
    for _ in 0..<8 {
      _ = m.handle(.action(.start), at: at(now))
      now += 1500
      _ = m.handle(.deadlineReached, at: at(now))
      _ = m.handle(.action(.toggle), at: at(now))  // start the break
      if let kind = m.state.phase.kind { breaks.append(kind) }
      now += 900
      _ = m.handle(.deadlineReached, at: at(now))
    }
    #expect(
      breaks == [
        .shortBreak, .shortBreak, .shortBreak, .longBreak, .shortBreak, .shortBreak, .shortBreak,
        .longBreak,
      ])
    #expect(m.state.slot == 1)
    #expect(m.state.completed == 8)
  }

  @Test func longBreakCadenceFollowsTheSetting() {
    var m = machine(.focusDone, slot: 2) { $0.longBreakEvery = 2 }
    _ = m.handle(.action(.startBreak), at: at(0))
    #expect(m.state.phase.kind == .longBreak)
  }

  @Test func skipDuringFocusStartsShortBreakWithoutCountingTheFocus() {
    var m = machine(focus(until: 1500))
    let effects = m.handle(.action(.skip), at: at(100))
    #expect(m.state.phase == .running(.shortBreak, deadline: at(400), total: .seconds(300)))
    #expect(m.state.completed == 0)
    #expect(
      effects == [
        .persist,
        hook(.skip, .focus, next: .shortBreak, total: 1500, remaining: 1400, endsAt: 1500),
        hook(.focusEnd, .focus, reason: .skipped, next: .shortBreak, total: 1500, remaining: 1400),
        recorded(1, .focus, 0, 100, 100, .skipped),
        hook(.breakStart, .shortBreak, next: .focus, total: 300, remaining: 300, endsAt: 400),
      ])
  }

  @Test func skipDuringBreakStartsTheNextFocus() {
    var m = machine(.running(.longBreak, deadline: at(900), total: .seconds(900)), slot: 4)
    let effects = m.handle(.action(.skip), at: at(10))
    #expect(m.state.slot == 1)
    #expect(m.state.phase == focus(until: 1510))
    #expect(
      effects == [
        .persist,
        hook(.skip, .longBreak, slot: 4, next: .focus, total: 900, remaining: 890, endsAt: 900),
        hook(.breakEnd, .longBreak, reason: .skipped, slot: 4, next: .focus, total: 900, remaining: 890),
        hook(.longBreakEnd, .longBreak, reason: .skipped, slot: 4, next: .focus, total: 900, remaining: 890),
        recorded(1, .longBreak, 0, 10, 10, .skipped),
        hook(.focusStart, .focus, next: .shortBreak, total: 1500, remaining: 1500, endsAt: 1510),
        hook(.workStart, .focus, next: .shortBreak, total: 1500, remaining: 1500, endsAt: 1510),
      ])
  }

  @Test func skipFromIdleStartsTheBreakAndFromFocusDoneTheNextFocus() {
    var idle = machine()
    _ = idle.handle(.action(.skip), at: at(0))
    #expect(idle.state.phase.kind == .shortBreak)
    var done = machine(.focusDone, slot: 1)
    _ = done.handle(.action(.skip), at: at(0))
    #expect(done.state.phase == focus(until: 1500))
    #expect(done.state.slot == 2)
  }

  @Test func skipWhilePausedSkipsThePausedPhase() {
    var m = machine(.paused(.focus, remaining: .seconds(100), total: .seconds(1500)))
    _ = m.handle(.action(.skip), at: at(0))
    #expect(m.state.phase.kind == .shortBreak)
  }

  @Test func stopKeepsTheCyclePosition() {
    var m = machine(focus(until: 1500), slot: 3, completed: 2)
    let effects = m.handle(.action(.stop), at: at(10))
    #expect(m.state == TimerState(phase: .idle, slot: 3, completed: 2, ledger: LedgerState(serial: 1)))
    #expect(
      effects == [
        .persist,
        hook(.stop, .focus, slot: 3, completed: 2, next: .focus, total: 1500, remaining: 1490, endsAt: 1500),
        hook(
          .focusEnd, .focus, reason: .stopped, slot: 3, completed: 2, next: .focus, total: 1500,
          remaining: 1490),
        recorded(1, .focus, 0, 10, 10, .stopped),
      ])
  }

  @Test func stopDuringABreakMovesToTheNextFocus() {
    var m = machine(.running(.shortBreak, deadline: at(300), total: .seconds(300)), slot: 3)
    _ = m.handle(.action(.stop), at: at(10))
    #expect(m.state.phase == .idle)
    #expect(m.state.slot == 4)
  }

  @Test func stopWhenIdleDoesNothing() {
    var m = machine()
    #expect(m.handle(.action(.stop), at: at(10)).isEmpty)
  }

  @Test func resetClearsTheCycleAndTheCount() {
    var m = machine(.paused(.focus, remaining: minute, total: .seconds(1500)), slot: 3, completed: 7)
    let effects = m.handle(.action(.reset), at: at(10))
    #expect(m.state == TimerState(ledger: LedgerState(serial: 1)))
    #expect(
      effects == [
        .persist,
        hook(.reset, .focus, slot: 3, completed: 7, next: .focus, total: 1500, remaining: 60),
        hook(
          .focusEnd, .focus, reason: .reset, slot: 3, completed: 7, next: .focus, total: 1500, remaining: 60),
        recorded(1, .focus, -1430, 10, 1440, .stopped),
      ])
  }

  @Test func extendAndShortenMoveTheDeadlineAndTheTotal() {
    var m = machine(focus(until: 1500))
    #expect(
      m.handle(.action(.extend(nil)), at: at(100))
        == [.persist, hook(.extend, .focus, next: .shortBreak, total: 1560, remaining: 1460, endsAt: 1560)])
    #expect(m.state.phase == .running(.focus, deadline: at(1560), total: .seconds(1560)))
    _ = m.handle(.action(.shorten(.seconds(300))), at: at(100))
    #expect(m.state.phase == .running(.focus, deadline: at(1260), total: .seconds(1260)))
  }

  @Test func shortenNeverGoesBelowZeroAndEndsThePhase() {
    var m = machine(focus(until: 1500))
    let effects = m.handle(.action(.shorten(.seconds(5000))), at: at(1400))
    #expect(m.state.phase == .focusDone)
    #expect(m.state.completed == 1)
    #expect(
      effects == [
        .persist, hook(.shorten, .focus, next: .shortBreak, total: 1400, remaining: 0, endsAt: 1400),
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1400, remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1400, remaining: 0),
        recorded(1, .focus, 0, 1400, 1400, .completed),
        .notify(ended: .focus, next: .focusDone),
      ])
  }

  @Test func extendAndShortenWorkOnAPausedPhase() {
    var m = machine(.paused(.focus, remaining: .seconds(100), total: .seconds(1500)))
    _ = m.handle(.action(.extend(.seconds(50))), at: at(0))
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(150), total: .seconds(1550)))
    _ = m.handle(.action(.shorten(.seconds(400))), at: at(7))
    #expect(m.state.phase == .focusDone)
  }

  @Test func extendWhenIdleDoesNothing() {
    var m = machine()
    #expect(m.handle(.action(.extend(nil)), at: at(0)).isEmpty)
  }

  @Test func extendingIsCappedAtADay() {
    var m = machine(focus(until: 1500))
    _ = m.handle(.action(.extend(.seconds(100_000))), at: at(0))
    #expect(m.state.phase == .running(.focus, deadline: at(86_400), total: .seconds(86_400)))
  }

  @Test func autoAdvanceToBreakStartsTheBreakAtTheDeadline() {
    var m = machine(focus(until: 1500)) { $0.autoAdvance = .toBreak }
    let effects = m.handle(.deadlineReached, at: at(1502))
    let next = TimerPhase.running(.shortBreak, deadline: at(1800), total: .seconds(300))
    #expect(m.state.phase == next)
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        recorded(1, .focus, 0, 1500, 1500, .completed),
        hook(.breakStart, .shortBreak, completed: 1, next: .focus, total: 300, remaining: 300, endsAt: 1800),
        .notify(ended: .focus, next: next),
      ])
    _ = m.handle(.deadlineReached, at: at(1800))
    #expect(m.state.phase == .idle)
  }

  @Test func autoAdvanceToFocusStartsFocusAfterABreak() {
    var m = machine(.running(.shortBreak, deadline: at(300), total: .seconds(300))) {
      $0.autoAdvance = .toFocus
    }
    _ = m.handle(.deadlineReached, at: at(300))
    #expect(m.state.phase == .running(.focus, deadline: at(1800), total: .seconds(1500)))
    #expect(m.state.slot == 2)
    var f = machine(focus(until: 10)) { $0.autoAdvance = .toFocus }
    _ = f.handle(.deadlineReached, at: at(10))
    #expect(f.state.phase == .focusDone)
  }

  @Test func autoAdvanceAllCatchesUpSeveralPhasesAndAlertsOnce() {
    var m = machine(focus(until: 1500)) { $0.autoAdvance = .all }
    // Focus ends at 1500, break 1500-1800, focus 1800-3300: now is 2000.
    let effects = m.handle(.deadlineReached, at: at(2000))
    let next = TimerPhase.running(.focus, deadline: at(3300), total: .seconds(1500))
    #expect(m.state.phase == next)
    #expect(m.state.slot == 2)
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        recorded(1, .focus, 0, 1500, 1500, .completed),
        hook(.breakStart, .shortBreak, completed: 1, next: .focus, total: 300, remaining: 300, endsAt: 1800),
        hook(
          .breakEnd, .shortBreak, reason: .completed, completed: 1, next: .focus, total: 300, remaining: 0),
        recorded(2, .shortBreak, 1500, 1800, 300, .completed),
        hook(
          .focusStart, .focus, slot: 2, completed: 1, next: .shortBreak, total: 1500, remaining: 1500,
          endsAt: 3300),
        hook(
          .workStart, .focus, slot: 2, completed: 1, next: .shortBreak, total: 1500, remaining: 1500,
          endsAt: 3300),
        .notify(ended: .shortBreak, next: next),
      ])
  }

  @Test func catchingUpStopsAfterTheLimitInsteadOfReplayingHours() {
    var m = machine(focus(until: 10, total: 10)) {
      $0.autoAdvance = .all
      $0.focus = .seconds(10)
      $0.shortBreak = .seconds(10)
      $0.longBreak = .seconds(10)
    }
    _ = m.handle(.deadlineReached, at: at(1_000_000))
    #expect(m.state.phase == .idle)
  }

  @Test func anyActionClearsUrgentAndTheNote() {
    var m = machine(.focusDone)
    m.state.urgency = .init()
    m.state.note = TimerNote(.paused, by: .suspend, minute)
    #expect(m.handle(.action(.none), at: at(0)) == [.persist])
    #expect(!m.state.urgent)
    #expect(m.state.note == nil)
  }

  @Test func anActionCatchesUpAPassedDeadlineFirst() {
    var m = machine(focus(until: 1500))
    let effects = m.handle(.action(.toggle), at: at(2000))
    // The focus ended at 1500; toggle in focus done starts the break.
    #expect(m.state.phase == .running(.shortBreak, deadline: at(2300), total: .seconds(300)))
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0),
        recorded(1, .focus, 0, 1500, 1500, .completed),
        .notify(ended: .focus, next: .focusDone),
        hook(.breakStart, .shortBreak, completed: 1, next: .focus, total: 300, remaining: 300, endsAt: 2300),
      ])
  }

  @Test func aBreakFromIdleIsShortAndDoesNotUseUpASlot() {
    // Before focus 4: a long break would come one focus early, and focus 4 be skipped.
    var m = machine(slot: 4)
    _ = m.handle(.action(.startBreak), at: at(0))
    #expect(m.state.phase == .running(.shortBreak(extra: true), deadline: at(300), total: .seconds(300)))
    #expect(m.state.extraBreak)
    _ = m.handle(.deadlineReached, at: at(300))
    #expect(m.state.phase == .idle)
    #expect(m.state.slot == 4)
    #expect(!m.state.extraBreak)
    // Stopped or skipped, the same; and the break after focus 4 is the long one.
    _ = m.handle(.action(.startBreak), at: at(400))
    _ = m.handle(.action(.stop), at: at(410))
    #expect(m.state.slot == 4)
    _ = m.handle(.action(.startBreak), at: at(500))
    _ = m.handle(.action(.skip), at: at(510))
    #expect(m.state.phase == focus(until: 2010))
    #expect(m.state.slot == 4)
    _ = m.handle(.deadlineReached, at: at(2010))
    _ = m.handle(.action(.startBreak), at: at(2020))
    #expect(m.state.phase.kind == .longBreak)
  }

  @Test func skipFromIdleStillSkipsTheFocus() {
    var m = machine(slot: 2)
    _ = m.handle(.action(.skip), at: at(0))
    _ = m.handle(.deadlineReached, at: at(300))
    #expect(m.state.slot == 3)
  }

  @Test func breakActionStartsTheRightBreakAndEndsAFocus() {
    var m = machine(focus(until: 1500), slot: 4)
    _ = m.handle(.action(.startBreak), at: at(10))
    #expect(m.state.phase == .running(.longBreak, deadline: at(910), total: .seconds(900)))
    #expect(m.handle(.action(.startBreak), at: at(20)).isEmpty)
  }
}
