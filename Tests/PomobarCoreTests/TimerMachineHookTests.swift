import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// Which hook events a transition owes, in which order, each with its own context.
@Suite struct TimerMachineHookTests {
  private func machine(
    _ phase: TimerPhase = .idle, slot: Int = 1, completed: Int = 0,
    configure: (inout TimerSettings) -> Void = { _ in }
  ) -> TimerMachine {
    var settings = TimerSettings()
    configure(&settings)
    var ledger = LedgerSettings()
    ledger.focusStartsWork = false  // the work clock's hooks are tested in LedgerMachineTests
    return TimerMachine(
      state: TimerState(phase: phase, slot: slot, completed: completed), settings: settings, ledger: ledger)
  }

  @Test func theBreakAfterTheFirstFocusReportsSlotOneAtBothEnds() {
    var m = machine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.deadlineReached, at: at(1500))
    #expect(
      m.handle(.action(.startBreak), at: at(1600)) == [
        .persist,
        hook(.breakStart, .shortBreak, completed: 1, next: .focus, total: 300, remaining: 300, endsAt: 1900),
      ])
    #expect(
      m.handle(.deadlineReached, at: at(1900)) == [
        .persist,
        hook(
          .breakEnd, .shortBreak, reason: .completed, completed: 1, next: .focus, total: 300, remaining: 0),
        recorded(2, .shortBreak, 1600, 1900, 300, .completed),
        .notify(ended: .shortBreak, next: .idle),
      ])
    #expect(m.state.slot == 2, "the next focus is the second")
  }

  @Test func aCatchUpThroughALongBreakStampsEachEventWithItsOwnSlot() {
    // Focus 4 ends at 1500, the long break runs 1500-2400, focus 1 runs 2400-3900: now 2500.
    var m = machine(.running(.focus, deadline: at(1500), total: .seconds(1500)), slot: 4, completed: 3) {
      $0.autoAdvance = .all
    }
    let next = TimerPhase.running(.focus, deadline: at(3900), total: .seconds(1500))
    #expect(
      m.handle(.deadlineReached, at: at(2500)) == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .completed, slot: 4, completed: 4, next: .longBreak, total: 1500,
          remaining: 0),
        hook(
          .focusDone, .focus, reason: .completed, slot: 4, completed: 4, next: .longBreak, total: 1500,
          remaining: 0),
        recorded(1, .focus, 0, 1500, 1500, .completed),
        hook(
          .breakStart, .longBreak, slot: 4, completed: 4, next: .focus, total: 900, remaining: 900,
          endsAt: 2400),
        hook(
          .longBreakStart, .longBreak, slot: 4, completed: 4, next: .focus, total: 900, remaining: 900,
          endsAt: 2400),
        hook(
          .breakEnd, .longBreak, reason: .completed, slot: 4, completed: 4, next: .focus, total: 900,
          remaining: 0),
        hook(
          .longBreakEnd, .longBreak, reason: .completed, slot: 4, completed: 4, next: .focus, total: 900,
          remaining: 0),
        recorded(2, .longBreak, 1500, 2400, 900, .completed),
        hook(
          .focusStart, .focus, slot: 1, completed: 4, next: .shortBreak, total: 1500, remaining: 1500,
          endsAt: 3900),
        .notify(ended: .longBreak, next: next),
      ])
  }

  @Test func skipFromIdleSkipsTheFocusAndFromFocusDoneTheBreak() {
    var idle = machine(slot: 4)
    #expect(
      idle.handle(.action(.skip), at: at(0)) == [
        .persist, hook(.skip, nil, slot: 4, next: .longBreak),
        hook(.breakStart, .longBreak, slot: 4, next: .focus, total: 900, remaining: 900, endsAt: 900),
        hook(.longBreakStart, .longBreak, slot: 4, next: .focus, total: 900, remaining: 900, endsAt: 900),
      ])
    var done = machine(.focusDone, slot: 2, completed: 2)
    #expect(
      done.handle(.action(.skip), at: at(0)) == [
        .persist, hook(.skip, nil, slot: 2, completed: 2, next: .focus),
        hook(
          .focusStart, .focus, slot: 3, completed: 2, next: .shortBreak, total: 1500, remaining: 1500,
          endsAt: 1500),
      ])
  }

  @Test func stopInFocusDoneOrABreakSaysSoAndWhatItEnds() {
    var done = machine(.focusDone, slot: 2, completed: 2)
    #expect(
      done.handle(.action(.stop), at: at(0)) == [
        .persist, hook(.stop, nil, slot: 2, completed: 2, next: .focus),
      ])
    var onBreak = machine(.paused(.shortBreak, remaining: .seconds(100), total: .seconds(300)), slot: 2)
    #expect(
      onBreak.handle(.action(.stop), at: at(50)) == [
        .persist, hook(.stop, .shortBreak, slot: 2, next: .focus, total: 300, remaining: 100),
        hook(.breakEnd, .shortBreak, reason: .stopped, slot: 2, next: .focus, total: 300, remaining: 100),
        recorded(1, .shortBreak, -150, 50, 200, .stopped),
      ])
  }

  @Test func resetRunsOnlyWhenThereIsSomethingToReset() {
    var fresh = machine()
    #expect(fresh.handle(.action(.reset), at: at(0)).isEmpty)
    var later = machine(slot: 3, completed: 5)
    #expect(
      later.handle(.action(.reset), at: at(0)) == [
        .persist, hook(.reset, nil, slot: 3, completed: 5, next: .focus),
      ])
  }

  @Test func extendAndShortenRunOnlyWhenTheDeadlineMoved() {
    var m = machine(.paused(.focus, remaining: .seconds(100), total: .seconds(1500)))
    #expect(
      m.handle(.action(.extend(.seconds(60))), at: at(0)) == [
        .persist, hook(.extend, .focus, next: .shortBreak, total: 1560, remaining: 160),
      ])
    var capped = machine(.running(.focus, deadline: at(86_400), total: .seconds(86_400)))
    #expect(capped.handle(.action(.extend(nil)), at: at(0)).isEmpty, "already a day long")
    var idle = machine()
    #expect(idle.handle(.action(.shorten(nil)), at: at(0)).isEmpty)
  }

  @Test func aFocusEndedByTheUserIsNotDone() {
    // focus-done is the natural end only: a skipped or stopped focus has none.
    var m = machine(.running(.focus, deadline: at(1500), total: .seconds(1500)))
    let effects = m.handle(.action(.startBreak), at: at(100))
    let events = effects.compactMap { effect -> HookEvent? in
      if case .runHook(let event, _) = effect { return event }
      return nil
    }
    #expect(events == [.focusEnd, .breakStart])
  }

  @Test func anInternalInterruptionWithoutANoteHasAnEmptyNote() {
    var m = machine(.running(.focus, deadline: at(1500), total: .seconds(1500)))
    #expect(
      m.handle(.action(.interrupt(external: false, note: "  ")), at: at(500)) == [
        .persist,
        hook(
          .interrupt, .focus, next: .shortBreak, total: 1500, remaining: 1000, endsAt: 1500,
          interruption: "internal"),
      ])
  }
}
