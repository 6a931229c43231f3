import Testing

@testable import PomobarCore

/// The bar's wake-up for `[display] urgent-for`.
@Suite struct UrgentForPlanTests {
  @Test func theWakeUpForTheClearIsOneShot() {
    let now = ClockReading(wall: 0, boottime: 100_000_000_000, monotonic: 0, bootID: "b")
    let state = TimerState(phase: .focusDone, urgency: .init(since: .seconds(90)))
    // Clears at 120 s: one wake-up then, none before.
    let plan = TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, urgentFor: .seconds(30))
    #expect(plan?.next(after: now.instant) == .seconds(120))
    #expect(TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, urgentFor: nil) == nil, "no limit: no wake-up")
    let after = ClockReading(wall: 0, boottime: 120_000_000_000, monotonic: 0, bootID: "b")
    #expect(
      TickPlan.of(state, now: after, zone: { _ in 0 }, dayStart: 0, urgentFor: .seconds(30)) == nil, "cleared: asleep")
  }

  @Test func theWorkClocksMinuteComesFirstWhenItIsEarlier() {
    // 13:53 UTC: local midnight is hours back in every zone, so the work clock's grid
    // is anchored at its own start, 5 s ago; its next minute turns in 55 s.
    let now = ClockReading(wall: 50_000_000_000_000, boottime: 100_000_000_000_000, monotonic: 0, bootID: "b")
    var state = TimerState(phase: .focusDone, urgency: .init(since: .seconds(99_990)))
    state.ledger.work = WorkClock(since: .seconds(99_995), project: "api")
    let late = TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, urgentFor: .seconds(600))
    #expect(late?.next(after: now.instant) == .seconds(100_055), "the minute before a clear 10 min away")
    let soon = TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, urgentFor: .seconds(30))
    #expect(soon?.next(after: now.instant) == .seconds(100_020), "the clear before the minute")
  }
}
