import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

@Suite struct TimerMachineSuspendTests {
  private func running(
    _ kind: PhaseKind, until deadline: Int64, total: Int64,
    _ configure: (inout TimerSettings) -> Void = { _ in }
  ) -> TimerMachine {
    var settings = TimerSettings()
    configure(&settings)
    return TimerMachine(
      state: TimerState(phase: .running(TimedPhase(kind), deadline: at(deadline), total: .seconds(total))),
      settings: settings)
  }

  @Test func focusIsPausedAtWhatRemainedWhenTheLidClosed() {
    // Focus 0-1500; asleep from 600 to 3000.
    var m = running(.focus, until: 1500, total: 1500)
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(2400)), at: at(3000))
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)))
    #expect(m.state.note == TimerNote(.paused, by: .suspend, .seconds(2400)))
    #expect(
      effects == [
        .persist, hook(.pause, .focus, reason: .suspended, next: .shortBreak, total: 1500, remaining: 900),
      ])
  }

  @Test func countPolicyLetsTheSuspendedTimeCount() {
    var m = running(.focus, until: 1500, total: 1500) { $0.suspendFocus = .count }
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(1200)), at: at(1800))
    #expect(m.state.phase == .focusDone)
    #expect(m.state.note == TimerNote(.counted, by: .suspend, .seconds(1200)))
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

  @Test func voidPolicyAbandonsTheFocus() {
    var m = running(.focus, until: 1500, total: 1500) { $0.suspendFocus = .void }
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(60)), at: at(700))
    #expect(m.state.phase == .idle)
    #expect(m.state.completed == 0)
    #expect(m.state.note == TimerNote(.voided, by: .suspend, .seconds(60)))
    #expect(
      effects == [
        .persist, hook(.focusEnd, .focus, reason: .suspended, next: .focus, total: 1500, remaining: 860),
        recorded(1, .focus, 0, 640, 640, .voided, gap: 60),
      ])
  }

  @Test func breaksCountSuspendedTimeByDefault() {
    var m = running(.shortBreak, until: 300, total: 300)
    _ = m.handle(.resumedFromSuspend(gap: .seconds(100)), at: at(200))
    #expect(m.state.phase == .running(.shortBreak, deadline: at(300), total: .seconds(300)))
    #expect(m.state.note == TimerNote(.counted, by: .suspend, .seconds(100)))
  }

  @Test func breaksCanBePausedBySuspend() {
    var m = running(.shortBreak, until: 300, total: 300) { $0.suspendBreak = .pause }
    _ = m.handle(.resumedFromSuspend(gap: .seconds(100)), at: at(200))
    #expect(m.state.phase == .paused(.shortBreak, remaining: .seconds(200), total: .seconds(300)))
  }

  @Test func aPhaseDueBeforeTheLidClosedEndedOnTime() {
    // Focus ended at 1500, lid closed at 1600: the pause policy has nothing to pause.
    var m = running(.focus, until: 1500, total: 1500)
    _ = m.handle(.resumedFromSuspend(gap: .seconds(400)), at: at(2000))
    #expect(m.state.phase == .focusDone)
    #expect(m.state.note == nil)
  }

  @Test func aGapLongerThanTheLimitResetsTheCycle() {
    var m = running(.focus, until: 1500, total: 1500)
    m.state.slot = 3
    m.state.completed = 2
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(7200)), at: at(7300))
    #expect(
      m.state
        == TimerState(
          note: TimerNote(.reset, by: .suspend, .seconds(7200)), completed: 2,
          ledger: LedgerState(serial: 1)))
    #expect(
      effects == [
        .persist,
        hook(
          .focusEnd, .focus, reason: .suspended, slot: 3, completed: 2, next: .focus, total: 1500,
          remaining: 1400),
        recorded(1, .focus, 0, 100, 100, .voided),
      ])
  }

  @Test func noLimitMeansNoReset() {
    var m = running(.focus, until: 1500, total: 1500) { $0.resetAfter = nil }
    _ = m.handle(.resumedFromSuspend(gap: .seconds(100_000)), at: at(100_100))
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(1400), total: .seconds(1500)))
  }

  @Test func suspendWhilePausedOrIdleChangesNothing() {
    var m = TimerMachine(
      state: TimerState(phase: .paused(.focus, remaining: .seconds(5), total: .seconds(10))))
    #expect(m.handle(.resumedFromSuspend(gap: .seconds(60)), at: at(100)).isEmpty)
  }
}
