import PomobarCore
import Testing

@testable import PomobarSystem

/// The bar's wake-up for `[display] urgent-for`.
@Suite struct UrgentForPlanTests {
  @Test func theWakeUpForTheClearIsOneShotAndYieldsToAnEarlierWorkMinute() {
    let now = ClockReading(wall: 0, boottime: 100_000_000_000, monotonic: 0, bootID: "b")
    let state = TimerState(phase: .focusDone, urgent: true, urgentSince: .seconds(90))
    // Clears at 120 s: one wake-up then, none before.
    let plan = BarLoop.tickPlan(of: state, now: now, dayStart: 0, urgentFor: .seconds(30))
    #expect(plan?.next(after: now.instant) == .seconds(120))
    #expect(BarLoop.tickPlan(of: state, now: now, dayStart: 0, urgentFor: nil) == nil, "no limit: no wake-up")
    let after = ClockReading(wall: 0, boottime: 120_000_000_000, monotonic: 0, bootID: "b")
    #expect(
      BarLoop.tickPlan(of: state, now: after, dayStart: 0, urgentFor: .seconds(30)) == nil, "cleared: asleep")
  }
}
