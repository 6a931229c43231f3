import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }
private let day: Int64 = 86_400

private func flowSettings(_ configure: (inout TimerSettings) -> Void = { _ in }) -> TimerSettings {
  var settings = TimerSettings()
  settings.mode = .flowtime
  configure(&settings)
  return settings
}

/// A Flowtime focus started at `start`, running (or paused at `pausedAfter` seconds).
private func flowing(since start: Int64 = 0, pausedAfter: Int64? = nil, slot: Int = 1) -> TimerState {
  let phase: TimerPhase =
    pausedAfter.map { .paused(.focus(countsUp: true), remaining: .seconds(day - $0), total: .seconds(day)) }
    ?? .running(.focus(countsUp: true), deadline: at(start + day), total: .seconds(day))
  var state = TimerState(phase: phase, slot: slot)
  state.ledger.phaseLog = PhaseLog(start: at(start))
  return state
}

private func machine(_ state: TimerState = TimerState(), _ settings: TimerSettings = flowSettings())
  -> TimerMachine
{
  TimerMachine(state: state, settings: settings)
}

/// The effects of ending a Flowtime focus (from `start`, at `end`, after `ran` seconds of
/// focus) as completed into the `rest`-second short break it earned, after `.persist`.
private func endedIntoItsBreak(slot: Int = 1, start: Int64 = 0, end: Int64, ran: Int64, rest: Int64)
  -> [Effect]
{
  [
    hook(.focusEnd, .focus, reason: .completed, slot: slot, completed: 1, next: .shortBreak, total: ran),
    hook(.focusDone, .focus, reason: .completed, slot: slot, completed: 1, next: .shortBreak, total: ran),
    recorded(1, .focus, start, end, ran, .completed),
    hook(
      .breakStart, .shortBreak, slot: slot, completed: 1, next: .focus, total: rest, remaining: rest,
      endsAt: end + rest),
  ]
}

@Suite struct TimerMachineFlowtimeTests {
  @Test func startInFlowtimeCountsUpWithNoEnd() {
    var m = machine()
    let effects = m.handle(.action(.start), at: at(100))
    #expect(m.state.phase == .running(.focus(countsUp: true), deadline: at(100 + day), total: .seconds(day)))
    #expect(m.state.countsUp)
    #expect(
      effects == [
        .persist, hook(.focusStart, .focus, next: .shortBreak, total: 0),
        hook(.workStart, .focus, next: .shortBreak, total: 0),
      ])
  }

  @Test func toggleEndsTheFocusAsCompletedIntoTheBreakItEarned() {
    var m = machine(flowing())
    let effects = m.handle(.action(.toggle), at: at(3000))
    #expect(m.state.phase == .running(.shortBreak, deadline: at(3600), total: .seconds(600)))
    #expect(!m.state.countsUp)
    #expect(m.state.completed == 1)
    #expect(effects == [.persist] + endedIntoItsBreak(end: 3000, ran: 3000, rest: 600))
  }

  @Test func skipSaysSoThenEndsTheFocusIntoItsBreak() {
    var m = machine(flowing(slot: 4))
    let effects = m.handle(.action(.skip), at: at(1200))
    // No long break in Flowtime, even at the end of a cycle.
    #expect(m.state.phase == .running(.shortBreak, deadline: at(1440), total: .seconds(240)))
    #expect(
      effects
        == [.persist, hook(.skip, .focus, slot: 4, next: .shortBreak, total: 1200)]
        + endedIntoItsBreak(slot: 4, end: 1200, ran: 1200, rest: 240))
  }

  @Test func breakFromAPausedFocusCountsOnlyTheTimeItRan() {
    var m = machine(flowing(pausedAfter: 1500))
    let effects = m.handle(.action(.startBreak), at: at(9000))
    #expect(m.state.phase == .running(.shortBreak, deadline: at(9300), total: .seconds(300)))
    #expect(effects == [.persist] + endedIntoItsBreak(end: 9000, ran: 1500, rest: 300))
  }

  @Test func toggleOnAPausedFocusResumesIt() {
    var m = machine(flowing(pausedAfter: 600))
    let effects = m.handle(.action(.toggle), at: at(2000))
    #expect(
      m.state.phase == .running(.focus(countsUp: true), deadline: at(2000 - 600 + day), total: .seconds(day)))
    #expect(m.state.countsUp)
    #expect(effects == [.persist, hook(.resume, .focus, next: .shortBreak, total: 600)])
  }

  @Test func pauseKeepsTheTimeSoFar() {
    var m = machine(flowing())
    let effects = m.handle(.action(.pause), at: at(700))
    #expect(
      m.state.phase == .paused(.focus(countsUp: true), remaining: .seconds(day - 700), total: .seconds(day)))
    #expect(effects == [.persist, hook(.pause, .focus, next: .shortBreak, total: 700)])
  }

  @Test func stopEndsTheFocusWithItsRealLengthAndNoBreak() {
    var m = machine(flowing(slot: 2))
    let effects = m.handle(.action(.stop), at: at(1800))
    #expect(m.state.phase == .idle)
    #expect(!m.state.countsUp)
    #expect(m.state.completed == 0)
    #expect(
      effects == [
        .persist, hook(.stop, .focus, slot: 2, next: .focus, total: 1800),
        hook(.focusEnd, .focus, reason: .stopped, slot: 2, next: .focus, total: 1800),
        recorded(1, .focus, 0, 1800, 1800, .stopped),
      ])
  }

  @Test func extendAndShortenHaveNoEndToMove() {
    for action in [Action.extend(nil), .shorten(.seconds(300))] {
      var m = machine(flowing())
      let before = m.state
      #expect(m.handle(.action(action), at: at(600)).isEmpty)
      #expect(m.state == before)
      #expect(action.unchanged(in: before) == "no deadline to move: the focus counts up")
    }
  }

  @Test func theBreakItEarnedEndsAsAnyBreakDoes() {
    var m = machine(flowing())
    _ = m.handle(.action(.toggle), at: at(3000))
    let effects = m.handle(.deadlineReached, at: at(3600))
    #expect(m.state.phase == .idle)
    #expect(m.state.slot == 2)
    #expect(
      effects == [
        .persist,
        hook(
          .breakEnd, .shortBreak, reason: .completed, completed: 1, next: .focus, total: 600, remaining: 0),
        recorded(2, .shortBreak, 3000, 3600, 600, .completed),
        .notify(ended: .shortBreak, next: .idle),
      ])
  }

  @Test func autoAdvanceToFocusStartsTheNextFocusCountingUp() {
    var m = machine(flowing(), flowSettings { $0.autoAdvance = .all })
    _ = m.handle(.action(.toggle), at: at(3000))
    let effects = m.handle(.deadlineReached, at: at(3600))
    #expect(m.state.phase == .running(.focus(countsUp: true), deadline: at(3600 + day), total: .seconds(day)))
    #expect(m.state.countsUp)
    #expect(
      effects == [
        .persist,
        hook(
          .breakEnd, .shortBreak, reason: .completed, completed: 1, next: .focus, total: 600, remaining: 0),
        recorded(2, .shortBreak, 3000, 3600, 600, .completed),
        hook(.focusStart, .focus, slot: 2, completed: 1, next: .shortBreak, total: 0),
        hook(.workStart, .focus, slot: 2, completed: 1, next: .shortBreak, total: 0),
        .notify(ended: .shortBreak, next: m.state.phase),
      ])
  }

  @Test func suspendWithPauseStopsTheCountWhereTheLidClosed() {
    var m = machine(flowing())
    let effects = m.handle(.resumedFromSuspend(gap: .seconds(600)), at: at(1600))
    #expect(
      m.state.phase == .paused(.focus(countsUp: true), remaining: .seconds(day - 1000), total: .seconds(day)))
    #expect(m.state.note == TimerNote(.paused, by: .suspend, .seconds(600)))
    #expect(effects == [.persist, hook(.pause, .focus, reason: .suspended, next: .shortBreak, total: 1000)])
    _ = m.handle(.action(.resume), at: at(1700))
    let ended = m.handle(.action(.toggle), at: at(2700))
    #expect(ended.contains(recorded(1, .focus, 0, 2700, 2000, .completed, gap: 600)))
  }

  @Test func awayWithCountKeepsCountingAndVoidAbandons() {
    var counted = machine(flowing(), flowSettings { $0.suspendFocus = .count })
    _ = counted.handle(.action(.away), at: at(1000))
    _ = counted.handle(.action(.back), at: at(1600))
    #expect(counted.state.phase == .running(.focus(countsUp: true), deadline: at(day), total: .seconds(day)))
    #expect(counted.state.note == TimerNote(.counted, by: .away, .seconds(600)))

    var voided = machine(flowing(), flowSettings { $0.suspendFocus = .void })
    _ = voided.handle(.action(.away), at: at(1000))
    let effects = voided.handle(.action(.back), at: at(1600))
    #expect(voided.state.phase == .idle)
    #expect(!voided.state.countsUp)
    #expect(
      effects == [
        .persist, hook(.back, .focus, next: .shortBreak, total: 1600),
        hook(.focusEnd, .focus, reason: .suspended, next: .focus, total: 1000),
        recorded(1, .focus, 0, 1000, 1000, .voided, gap: 600),
      ])
  }

  @Test func aFocusKeepsTheModeItStartedInWhenTheConfigChanges() {
    // Counting up, then the config says pomodoro: it still counts up and earns its break.
    var up = machine(flowing(slot: 4))
    up.settings.mode = .pomodoro
    _ = up.handle(.deadlineReached, at: at(4500))
    #expect(up.state.countsUp)
    _ = up.handle(.action(.toggle), at: at(4500))
    #expect(up.state.phase == .running(.shortBreak, deadline: at(5400), total: .seconds(900)))

    // Counting down, then the config says flowtime: it runs out at its deadline, and the
    // break that follows is Flowtime's (no long break).
    var down = TimerMachine(
      state: TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500)), slot: 4),
      settings: TimerSettings())
    down.settings.mode = .flowtime
    #expect(
      down.handle(.action(.toggle), at: at(100)).contains(
        hook(.pause, .focus, slot: 4, next: .shortBreak, total: 1500, remaining: 1400)))
    #expect(down.state.phase == .paused(.focus, remaining: .seconds(1400), total: .seconds(1500)))
    _ = down.handle(.action(.resume), at: at(100))
    _ = down.handle(.deadlineReached, at: at(1500))
    #expect(down.state.phase == .focusDone)
    #expect(down.state.completed == 1)
  }

  @Test func theOneDayCapEndsAForgottenFocus() {
    var m = machine(flowing())
    _ = m.handle(.deadlineReached, at: at(day))
    #expect(m.state.phase == .focusDone)
    #expect(!m.state.countsUp)
  }

  @Test func earnedBreaksFollowTheRatioToTheNearestMinuteWithinBounds() {
    var breaks = FlowtimeBreaks()
    #expect(breaks.length(after: .seconds(50 * 60)) == .seconds(600))
    #expect(breaks.length(after: .seconds(37 * 60)) == .seconds(7 * 60))  // 7.4 min
    #expect(breaks.length(after: .seconds(38 * 60)) == .seconds(8 * 60))  // 7.6 min
    #expect(breaks.length(after: .seconds(20)) == .seconds(60))  // at least a minute
    #expect(breaks.length(after: .seconds(4 * 3600)) == .seconds(30 * 60))  // at most break-max
    breaks.ratio = 3
    #expect(breaks.length(after: .seconds(45 * 60)) == .seconds(15 * 60))
  }

  @Test func earnedBreaksFollowTheStepsWhenGiven() {
    var breaks = FlowtimeBreaks()
    breaks.steps = [
      BreakStep(focus: .seconds(25 * 60), rest: .seconds(300)),
      BreakStep(focus: .seconds(50 * 60), rest: .seconds(480)),
      BreakStep(focus: .seconds(90 * 60), rest: .seconds(900)),
    ]
    #expect(breaks.length(after: .seconds(10 * 60)) == .seconds(300))
    #expect(breaks.length(after: .seconds(25 * 60)) == .seconds(300))
    #expect(breaks.length(after: .seconds(25 * 60 + 1)) == .seconds(480))
    #expect(breaks.length(after: .seconds(80 * 60)) == .seconds(900))
    #expect(breaks.length(after: .seconds(5 * 3600)) == .seconds(900))  // past the last row
  }
}
