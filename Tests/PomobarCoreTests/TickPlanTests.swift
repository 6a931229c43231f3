import Testing

@testable import PomobarCore

/// When a bar wakes, worked out from the state: no timing, only the plan.
@Suite struct TickPlanTests {
  static func reading(_ seconds: Double) -> ClockReading {
    let nanoseconds = Int64(seconds * 1e9)
    return ClockReading(wall: nanoseconds, boottime: nanoseconds, monotonic: nanoseconds, bootID: "boot")
  }

  /// Every wake-up of a phase that runs from `start` to `deadline`, as the loop's timer
  /// would fire them.
  static func wakes(deadline: Int64, from start: Double, update: DisplayUpdate) -> [Int64] {
    let state = TimerState(phase: .running(.focus, deadline: .seconds(deadline), total: .seconds(1500)))
    guard let plan = TickPlan.of(state, now: reading(start), zone: { _ in 0 }, dayStart: 0, update: update) else {
      return []
    }
    var wakes: [Int64] = []
    var at = plan.next(after: reading(start).instant)
    while at <= .seconds(deadline) {
      wakes.append(at.nanoseconds)
      at = at + .seconds(plan.seconds)
    }
    return wakes
  }

  @Test func minuteUpdatesWakeOnceAMinuteExactlyWhenTheMinutesLeftTurn() throws {
    // 25 minutes from 0.3 s in: the first wake is where 25m turns to 24m (remaining 24:00).
    let wakes = Self.wakes(deadline: 1500, from: 0.3, update: .minute)
    #expect(wakes.count == 25)
    #expect(wakes.first == 60_000_000_000)
    #expect(wakes.last == 1_500_000_000_000)
    #expect(zip(wakes, wakes.dropFirst()).allSatisfy { $1 - $0 == 60_000_000_000 })
    // At each wake the text is new, and just before it was the previous minute.
    let config = try #require(
      try? ConfigLoader.load(Array("[display]\nupdate = \"minute\"\n".utf8), file: "c").get())
    let state = TimerState(phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)))
    for wake in wakes.dropLast() {
      let before = ViewModel(state: state, config: config, now: Instant(nanoseconds: wake - 1_000_000)).time
      let after = ViewModel(state: state, config: config, now: Instant(nanoseconds: wake)).time
      #expect(before != after, "\(wake)")
    }
  }

  @Test func secondUpdatesWakeEverySecondOnTheDeadlinesGrid() {
    let wakes = Self.wakes(deadline: 1500, from: 0.3, update: .second)
    #expect(wakes.count == 1500)
    #expect(wakes.first == 1_000_000_000)
  }

  @Test func nothingRunningMeansNoWakes() {
    #expect(TickPlan.of(TimerState(), now: Self.reading(5), zone: { _ in 0 }, dayStart: 0, update: .minute) == nil)
  }

  /// The muted work block (clock stopped, a project set) shows today's total: it wakes once,
  /// when the ledger's next day begins (at 4:00 with `day-starts-at`, in the local zone).
  @Test func aStoppedClockWithAProjectWakesWhenTheNextDayBegins() throws {
    var state = TimerState()
    state.ledger.project = "api"
    let now = Self.reading(86_400 * 3 + 10 * 3600)  // 10:00 UTC, 11:00 at +1 h
    let plan = try #require(TickPlan.of(state, now: now, zone: { _ in 3600 }, dayStart: 4 * 3600))
    // The next 4:00 at +1 h is 3:00 UTC the next day.
    #expect(plan.next(after: now.instant) == .seconds(86_400 * 4 + 3 * 3600))
    state.ledger.project = nil
    #expect(TickPlan.of(state, now: now, zone: { _ in 3600 }, dayStart: 4 * 3600) == nil)
  }

  /// A time away that `[idle] unanswered` answers at 130 s is a wake-up while a phase runs
  /// on the minute grid too, not up to a minute late at the grid's next turn.
  @Test func theAwayAnswerWakesAPhaseOnTheMinuteGrid() throws {
    var state = TimerState(phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)))
    state.ledger.awayChoice = AwayChoice(
      from: .seconds(0), to: .seconds(10), project: nil, answerBy: .seconds(130))
    let now = Self.reading(125)
    let plan = try #require(TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, update: .minute))
    #expect(plan.next(after: now.instant) == .seconds(130))
  }
}

/// `pomobar watch` counts nothing itself: it wakes only when what it says changes.
@Suite struct TickPlanChangesTests {
  static func plan(_ state: TimerState, at seconds: Double, urgentFor: Duration? = nil) -> TickPlan? {
    TickPlan.changes(state, now: reading(seconds), zone: { _ in 0 }, dayStart: 0, urgentFor: urgentFor)
  }

  @Test func aRunningPhaseWakesWhenItsLastMinuteBeginsThenAtItsDeadline() {
    let state = TimerState(phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)))
    #expect(Self.plan(state, at: 0.3) == TickPlan(anchor: .seconds(1440), seconds: 1440))
    #expect(Self.plan(state, at: 1440) == TickPlan(anchor: .seconds(1500), seconds: 60))
    #expect(Self.plan(state, at: 1499.5) == TickPlan(anchor: .seconds(1500), seconds: 1))
  }

  /// A Flowtime focus's deadline is only the one-day cap: no `ending` a minute before it.
  @Test func aFocusThatCountsUpWakesOnlyAtTheOneDayCap() {
    let state = TimerState(
      phase: .running(.focus(countsUp: true), deadline: .seconds(86_410), total: .seconds(86_400)))
    #expect(Self.plan(state, at: 10) == TickPlan(anchor: .seconds(86_410), seconds: 86_400))
    #expect(Self.plan(state, at: 86_360) == TickPlan(anchor: .seconds(86_410), seconds: 50))
  }

  @Test func idlePausedOrDoneArmNothing() {
    #expect(Self.plan(TimerState(), at: 5) == nil)
    #expect(
      Self.plan(TimerState(phase: .paused(.focus, remaining: .seconds(60), total: .seconds(1500))), at: 5)
        == nil)
    #expect(Self.plan(TimerState(phase: .focusDone), at: 5) == nil)
  }

  @Test func theUrgentFlagClearingAndTheNextDayAreWakeUps() {
    let urgent = TimerState(phase: .focusDone, urgency: .init(since: .seconds(100)))
    #expect(
      Self.plan(urgent, at: 110, urgentFor: .seconds(30)) == TickPlan(anchor: .seconds(130), seconds: 20))
    var state = TimerState()
    state.ledger.project = "api"
    #expect(Self.plan(state, at: 3600) == TickPlan(anchor: .seconds(86_400), seconds: 82_800))
  }
}
