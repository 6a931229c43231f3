import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// Break care on with 90 min to the reminder, 5 min breaks, 15 min snoozes.
private func machine(_ state: TimerState = TimerState()) -> TimerMachine {
  var settings = TimerSettings()
  settings.breaks.remindAfter = .seconds(5400)
  return TimerMachine(state: state, settings: settings)
}

/// The work clock's start and stop hooks with no phase and no project.
private let workStart = hook(.workStart, nil, next: .focus)
private let workStop = hook(.workStop, nil, next: .focus)
private let overdue = hook(.overdue, nil, next: .focus)

private func care(
  since: Int64?, rest: Int64? = nil, snoozed: Int64? = nil, reminded: Int64? = nil, due: Int64? = nil,
  broken: Int64? = nil
) -> BreakCare {
  BreakCare(
    since: since.map(at), restSince: rest.map(at), snoozedUntil: snoozed.map(at),
    remindedAt: reminded.map(at),
    due: due.map(at), brokenStretch: broken.map(at))
}

@Suite struct BreakCareTests {
  @Test func overdueFiresOnceAtItsMoment() {
    var m = machine()
    #expect(m.handle(.action(.workStart), at: at(0)) == [.persist, workStart])
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400))
    #expect(m.state.ledger.breaks.due == at(5400), "the bar wakes then")
    #expect(m.handle(.deadlineReached, at: at(5399)) == [])
    #expect(
      m.handle(.deadlineReached, at: at(5400)) == [.persist, overdue, .remindBreak(worked: .seconds(5400))])
    #expect(m.state.ledger.breaks == care(since: 0, reminded: 5400))
    #expect(m.handle(.deadlineReached, at: at(5401)) == [], "once")
    #expect(m.handle(.deadlineReached, at: at(9000)) == [], "still once")
  }

  @Test func aCatchUpFiresAtTheMomentItWasDueNotWhenNoticed() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    #expect(
      m.handle(.deadlineReached, at: at(7000)) == [.persist, overdue, .remindBreak(worked: .seconds(5400))])
    #expect(m.state.ledger.breaks.remindedAt == at(5400))
  }

  @Test func snoozeMovesTheReminder() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.deadlineReached, at: at(5400))
    #expect(m.handle(.action(.snooze(nil)), at: at(5500)) == [.persist])
    #expect(m.state.ledger.breaks == care(since: 0, snoozed: 6400, due: 6400), "15 min from the snooze")
    #expect(m.handle(.deadlineReached, at: at(6399)) == [])
    #expect(
      m.handle(.deadlineReached, at: at(6400)) == [.persist, overdue, .remindBreak(worked: .seconds(6400))])
    #expect(m.handle(.action(.snooze(.seconds(60))), at: at(6500)) == [.persist])
    #expect(m.state.ledger.breaks.due == at(6560), "a snooze of a given length")
  }

  @Test func snoozeBeforeTheReminderPutsItOffOnlyWhenLater() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    #expect(m.handle(.action(.snooze(nil)), at: at(100)) == [.persist])
    #expect(m.state.ledger.breaks.due == at(5400), "a snooze ending before the reminder leaves it")
    _ = m.handle(.action(.snooze(nil)), at: at(5000))
    #expect(m.state.ledger.breaks.due == at(5900))
  }

  @Test func snoozeWithoutWorkOrWithBreakCareOffChangesNothing() {
    var m = machine()
    #expect(m.handle(.action(.snooze(nil)), at: at(0)) == [])
    var off = TimerMachine()
    _ = off.handle(.action(.workStart), at: at(0))
    #expect(off.handle(.action(.snooze(nil)), at: at(10)) == [])
    #expect(off.state.ledger.breaks == BreakCare(), "off: nothing kept, nothing to wake for")
    #expect(TickPlan.breakCare(off.state, now: at(10), urgentFor: nil) == [])
    #expect(off.handle(.deadlineReached, at: at(100_000)) == [])
  }

  @Test func aStopOfFiveMinutesIsABreakAndAShorterOneIsNot() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    #expect(
      m.handle(.action(.workStop), at: at(3000))
        == [.persist, workStop, recorded(1, .work, 0, 3000, 3000, nil)])
    #expect(m.state.ledger.breaks == care(since: 0, rest: 3000))
    #expect(m.handle(.action(.workStart), at: at(3100)) == [.persist, workStart])
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400), "100 s is no break: the stretch goes on")
    _ = m.handle(.action(.workStop), at: at(4000))
    #expect(m.handle(.action(.workStart), at: at(4300)) == [.persist, workStart])
    #expect(
      m.state.ledger.breaks == care(since: 4300, due: 9700, broken: 0), "5 min is a break: a new stretch")
    #expect(m.handle(.deadlineReached, at: at(5400)) == [])
  }

  @Test func aBreakEndsAnOverdueStretch() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.deadlineReached, at: at(5400))
    _ = m.handle(.action(.workStop), at: at(5500))
    #expect(m.state.ledger.breaks.isOverdue == false, "resting: not shown as overdue")
    #expect(m.handle(.deadlineReached, at: at(5800)) == [.persist], "the rest has become a break")
    #expect(m.state.ledger.breaks == care(since: nil, broken: 0))
    _ = m.handle(.action(.workStart), at: at(6000))
    #expect(m.state.ledger.breaks == care(since: 6000, due: 11400, broken: 0))
  }

  @Test func aPomodoroBreakThatRunsOutIsABreakWhateverItsLength() {
    var settings = TimerSettings()
    settings.breaks.remindAfter = .seconds(5400)
    settings.shortBreak = .seconds(120)
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.startBreak), at: at(3000))
    #expect(m.state.ledger.breaks == care(since: 0, rest: 3000), "a Pomodoro break is not work, clock or not")
    _ = m.handle(.deadlineReached, at: at(3120))
    #expect(m.state.ledger.breaks == care(since: 3120, due: 8520, broken: 0), "2 min, run out: a break")
  }

  @Test func workAfterABreakThatRanOutWhileNoCopyRanCountsFromItsEnd() {
    var settings = TimerSettings()
    settings.breaks.remindAfter = .seconds(5400)
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.startBreak), at: at(3000))
    // The clock the user started runs through the break; noticed long after it ended.
    _ = m.handle(.deadlineReached, at: at(4000))
    #expect(m.state.ledger.breaks == care(since: 3300, due: 8700, broken: 0))
  }

  @Test func aLongSuspendIsABreakButWhatWasDueBeforeItStillFires() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    // Asleep from 5500 to 6000: the reminder was due at 5400, before the lid closed.
    #expect(
      m.handle(.resumedFromSuspend(gap: .seconds(500)), at: at(6000))
        == [.persist, recorded(1, .work, 0, 5500, 5500, nil), overdue, .remindBreak(worked: .seconds(5400))])
    #expect(m.state.ledger.breaks == care(since: 6000, due: 11400, broken: 0), "then the sleep was a break")
    var late = machine()
    _ = late.handle(.action(.workStart), at: at(0))
    #expect(
      late.handle(.resumedFromSuspend(gap: .seconds(1000)), at: at(6000))
        == [.persist, recorded(1, .work, 0, 5000, 5000, nil)], "asleep before it was due: no reminder")
  }

  @Test func aFocusCountsAsWorkWithoutTheWorkClock() {
    var m = machine()
    m.ledger.focusStartsWork = false
    _ = m.handle(.action(.start), at: at(0))
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400))
    _ = m.handle(.action(.pause), at: at(600))
    #expect(m.state.ledger.breaks == care(since: 0, rest: 600), "a paused focus with no clock is not work")
  }

  @Test func awayLongEnoughIsABreakFromWhenInputStopped() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    // `[idle] after = "5m"`: noticed at 3300, away since 3000.
    _ = m.handle(.backdated(.away, at: at(3000)), at: at(3300))
    #expect(m.state.ledger.breaks == care(since: nil, broken: 0), "5 min away: a break already")
    _ = m.handle(.action(.back), at: at(3400))
    #expect(m.state.ledger.breaks == care(since: 3400, due: 8800, broken: 0))
  }

  @Test func anAbsenceCalledABreakOnReturnIsOne() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.away), at: at(3000))
    _ = m.handle(.action(.back), at: at(3100))
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400), "100 s: no break by itself")
    // The choice on return: "was a break".
    m.breakEnded(at: at(3100))
    #expect(m.state.ledger.breaks == care(since: 3100, due: 8500, broken: 0))
    #expect(m.handle(.deadlineReached, at: at(5400)) == [])
  }

  @Test func anAbsenceCalledWorkOnReturnIsNoBreak() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.away), at: at(3000))
    _ = m.handle(.action(.back), at: at(6000))
    #expect(m.state.ledger.breaks == care(since: 6000, due: 11400, broken: 0), "50 min away: a break")
    // The choice on return: "keep as work". The stretch from 0 goes on, and it is overdue.
    m.breakUndone(at: at(6010))
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400))
    #expect(
      m.handle(.deadlineReached, at: at(6010)) == [.persist, overdue, .remindBreak(worked: .seconds(5400))])
  }

  @Test func aShortAbsenceIsNoBreak() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.action(.away), at: at(3000))
    #expect(m.state.ledger.breaks == care(since: 0, rest: 3000))
    _ = m.handle(.action(.back), at: at(3100))
    #expect(m.state.ledger.breaks == care(since: 0, due: 5400))
  }

  @Test func aLongSuspendIsABreak() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.resumedFromSuspend(gap: .seconds(600)), at: at(3600))
    #expect(m.state.ledger.breaks == care(since: 3600, due: 9000, broken: 0))
  }

  @Test func severalBarsOverOneStateFireItOnce() throws {
    var first = machine()
    _ = first.handle(.action(.workStart), at: at(0))
    let before = StateDocument(
      timer: first.state, written: ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b"))
    // Under the lock, each copy reads what the one before wrote, and applies its wake-up.
    var a = machine(try StateDocument(json: Array(before.json().utf8)).timer)
    #expect(
      a.handle(.deadlineReached, at: at(5400)) == [.persist, overdue, .remindBreak(worked: .seconds(5400))])
    let written = StateDocument(
      timer: a.state, written: ClockReading(wall: 0, boottime: 5_400_000_000_000, monotonic: 0, bootID: "b"))
    var b = machine(try StateDocument(json: Array(written.json().utf8)).timer)
    #expect(b.handle(.deadlineReached, at: at(5400)) == [], "the second bar finds it done")
    #expect(b.state.ledger.breaks == care(since: 0, reminded: 5400))
  }

  @Test func theStretchSurvivesARestartAndOlderStateFilesStillRead() throws {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(100))
    _ = m.handle(.action(.snooze(.seconds(6000))), at: at(200))
    let written = ClockReading(wall: 0, boottime: 200_000_000_000, monotonic: 0, bootID: "b")
    let text = StateDocument(timer: m.state, written: written).json()
    #expect(text.contains(#""breaks":{"since":100000000000,"rest_since":null,"snoozed_until":6200000000000"#))
    #expect(try StateDocument(json: Array(text.utf8)).timer == m.state)
    var old = m.state
    old.ledger.breaks = BreakCare()
    let older = StateDocument(timer: old, written: written).json()
    #expect(!older.contains("breaks"), "nothing written while break care keeps nothing")
    #expect(try StateDocument(json: Array(older.utf8)).timer.ledger.breaks == BreakCare())
  }

  @Test func turningItOnOrChangingItIsNoticedByTheBar() {
    var state = TimerState()
    state.ledger.work = WorkClock(since: at(0), project: nil)
    var settings = TimerSettings()
    #expect(!TimerMachine.breakCareIsBehind(state, settings: settings, at: at(10)), "off")
    settings.breaks.remindAfter = .seconds(5400)
    #expect(TimerMachine.breakCareIsBehind(state, settings: settings, at: at(10)), "turned on while working")
    var m = TimerMachine(state: state, settings: settings)
    _ = m.handle(.deadlineReached, at: at(10))
    #expect(!TimerMachine.breakCareIsBehind(m.state, settings: settings, at: at(20)))
    settings.breaks.remindAfter = .seconds(3600)
    #expect(!TimerMachine.breakCareIsBehind(m.state, settings: settings, at: at(3609)))
    #expect(
      TimerMachine.breakCareIsBehind(m.state, settings: settings, at: at(3610)), "a shorter remind-after")
    // A copy with break care off, or a longer remind-after, leaves the state alone: two
    // copies with different configs never undo each other's writes in turn.
    #expect(!TimerMachine.breakCareIsBehind(m.state, settings: TimerSettings(), at: at(20)))
    settings.breaks.remindAfter = .seconds(7200)
    #expect(!TimerMachine.breakCareIsBehind(m.state, settings: settings, at: at(5400)))
  }

  @Test func theReminderIsAWakeUpAndTheOverdueStretchShowsOnTheBar() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    let reading = { (seconds: Int64) in
      ClockReading(wall: 0, boottime: seconds * 1_000_000_000, monotonic: 0, bootID: "b")
    }
    let plan = TickPlan.of(m.state, now: reading(5340), zone: { _ in 0 }, dayStart: 0)
    #expect(plan?.next(after: at(5340)) == at(5400), "the last minute's wake-up is the reminder")
    _ = m.handle(.deadlineReached, at: at(5400))
    var config = Config()
    config.timer = m.settings
    config.display.urgentFor = .seconds(900)
    let view = ViewModel(state: m.state, config: config, now: at(6120))
    #expect(view.classes.contains("overdue"))
    #expect(view.urgent)
    #expect(view.tooltip.hasSuffix("Working 1 h 42 min without a break"), "\(view.tooltip)")
    #expect(
      !ViewModel(state: m.state, config: config, now: at(6300)).urgent, "urgent-for counts from the reminder")
    #expect(ViewModel(state: m.state, config: config, now: at(6300)).classes.contains("overdue"))
    var off = config
    off.timer.breaks.remindAfter = nil
    #expect(!ViewModel(state: m.state, config: off, now: at(6300)).classes.contains("overdue"), "turned off")
    let clears = TickPlan.of(
      m.state, now: reading(6200), zone: { _ in 0 }, dayStart: 0, urgentFor: .seconds(900))
    #expect(clears?.next(after: at(6200)) == at(6210), "the tooltip's minute turns before the flag clears")
    _ = m.handle(.action(.snooze(nil)), at: at(6400))
    #expect(!ViewModel(state: m.state, config: config, now: at(6400)).classes.contains("overdue"))
  }

  @Test func theNotificationOffersABreakAndASnoozeWhileItsStretchLasts() {
    var m = machine()
    _ = m.handle(.action(.workStart), at: at(0))
    _ = m.handle(.deadlineReached, at: at(5400))
    let plan = NotificationPlan(overdue: .seconds(5400), state: m.state, config: Config())
    #expect(plan.title == "Time for a break")
    #expect(plan.body == "Working 1 h 30 min without a break")
    #expect(plan.buttons.map(\.label) == ["Take a break", "Snooze 15 min"])
    #expect(plan.buttons.map(\.action.ctlWords) == [["break"], ["snooze", "15m"]])
    #expect(NotificationSubject.holds(plan.subject, in: m.state))
    var project = m
    _ = project.handle(.action(.project("api")), at: at(5500))
    #expect(NotificationSubject.holds(plan.subject, in: project.state), "a project switch is the same work")
    var snoozed = m
    _ = snoozed.handle(.action(.snooze(nil)), at: at(5500))
    #expect(!NotificationSubject.holds(plan.subject, in: snoozed.state))
    _ = m.handle(.action(.startBreak), at: at(5500))
    _ = m.handle(.deadlineReached, at: at(5800))
    #expect(!NotificationSubject.holds(plan.subject, in: m.state), "a break taken: stale")
  }

  @Test func theNotificationsTextsAreTheConfigs() throws {
    var config = Config()
    config.timer.breaks.title = try NotificationText("Pause! ({project})")
    config.timer.breaks.body = try NotificationText("{duration} am Stück, {next} wartet")
    config.timer.breaks.snooze = .seconds(600)
    var state = TimerState()
    state.ledger.project = "api"
    let plan = NotificationPlan(overdue: .seconds(6000), state: state, config: config)
    #expect(plan.title == "Pause! (api)")
    #expect(plan.body == "1 h 40 min am Stück, short break wartet")
    #expect(plan.buttons.map(\.label) == ["Take a break", "Snooze 10 min"])
    config.notifications.actions = false
    #expect(NotificationPlan(overdue: .seconds(6000), state: state, config: config).buttons.isEmpty)
  }
}
