import Testing

@testable import PomobarCore

/// The timeline's zero is Thursday 1970-01-01 00:00 UTC in the machine's tests.
private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }
private let hour: Int64 = 3600
private let day: Int64 = 86_400

private func machine(
  _ state: TimerState = TimerState(), forgot: Duration? = .seconds(300), focusOnReturn: Bool = false,
  endOfDay: Int? = nil, watched: Bool = true, ledger: LedgerSettings = LedgerSettings()
) -> TimerMachine {
  var settings = TimerSettings()
  settings.nudges.forgotToStart = forgot
  settings.nudges.focusOnReturn = focusOnReturn
  settings.nudges.endOfDay = endOfDay
  settings.nudges.inputWatched = watched
  return TimerMachine(state: state, settings: settings, ledger: ledger)
}

/// The nudges among `effects`.
private func nudges(_ effects: [Effect]) -> [Nudge] {
  effects.compactMap { if case .nudge(let nudge) = $0 { return nudge } else { return nil } }
}

private let forgot = Nudge.forgotToStart(quiet: .seconds(300), project: nil)

@Suite struct ForgotToStartTests {
  @Test func firesOnceAtItsMomentInsideWorkHours() {
    var m = machine()
    #expect(m.handle(.deadlineReached, at: at(9 * hour)) == [.persist], "the stretch is kept")
    #expect(m.state.ledger.nudges == Nudges(quietSince: at(9 * hour), forgotDue: at(9 * hour + 300)))
    #expect(m.state.nextDue == at(9 * hour + 300), "the bar wakes then")
    #expect(m.handle(.deadlineReached, at: at(9 * hour + 299)) == [])
    #expect(m.handle(.deadlineReached, at: at(9 * hour + 300)) == [.persist, .nudge(forgot)])
    #expect(m.state.nextDue == nil, "nothing more to wake for")
    #expect(m.handle(.deadlineReached, at: at(9 * hour + 301)) == [], "once")
    #expect(m.handle(.deadlineReached, at: at(12 * hour)) == [], "never twice for the same stretch")
  }

  @Test func itNamesTheLastProject() {
    var m = machine()
    _ = m.handle(.action(.project("acme")), at: at(9 * hour))
    _ = m.handle(.action(.workStop), at: at(10 * hour))
    let effects = m.handle(.deadlineReached, at: at(10 * hour + 300))
    #expect(nudges(effects) == [.forgotToStart(quiet: .seconds(300), project: "acme")])
  }

  @Test func beforeWorkHoursItCountsFromTheirStart() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(7 * hour))
    #expect(m.state.ledger.nudges.forgotDue == at(9 * hour + 300))
  }

  @Test func lateInTheDayItWaitsForTheNextWorkDay() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(17 * hour + 58 * 60))  // Thursday 17:58
    #expect(m.state.ledger.nudges.forgotDue == at(day + 9 * hour + 300), "Friday 09:05")
  }

  @Test func notOnADayThatIsNoWorkDay() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(2 * day + 10 * hour))  // Saturday 10:00
    #expect(m.state.ledger.nudges.forgotDue == at(4 * day + 9 * hour + 300), "Monday 09:05")
    var ledger = LedgerSettings()
    ledger.daysOff = [CivilTime.Date(year: 1970, month: 1, day: 5)]
    var off = machine(ledger: ledger)
    _ = off.handle(.deadlineReached, at: at(2 * day + 10 * hour))
    #expect(off.state.ledger.nudges.forgotDue == at(5 * day + 9 * hour + 300), "a day off: Tuesday")
    #expect(off.handle(.deadlineReached, at: at(2 * day + 10 * hour + 300)) == [])
  }

  @Test func aFocusOrTheClockBreaksTheStretchAndTheNextOneIsNudgedAgain() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(9 * hour))
    _ = m.handle(.action(.start), at: at(9 * hour + 200))
    #expect(m.state.ledger.nudges == Nudges(), "a focus runs: no stretch")
    #expect(nudges(m.handle(.deadlineReached, at: at(9 * hour + 300))) == [])
    _ = m.handle(.action(.stop), at: at(9 * hour + 600))
    #expect(m.state.ledger.nudges.forgotDue == at(9 * hour + 900), "a new stretch from the stop")
    #expect(nudges(m.handle(.deadlineReached, at: at(9 * hour + 900))) == [forgot])
    _ = m.handle(.action(.workStart), at: at(10 * hour))
    _ = m.handle(.action(.workStop), at: at(10 * hour + 60))
    #expect(nudges(m.handle(.deadlineReached, at: at(10 * hour + 360))) == [forgot], "the next stretch")
  }

  @Test func awayIsNotAtTheComputer() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(9 * hour))
    _ = m.handle(.backdated(.away, at: at(9 * hour + 100)), at: at(9 * hour + 200))
    #expect(m.state.ledger.nudges == Nudges())
    #expect(nudges(m.handle(.deadlineReached, at: at(9 * hour + 300))) == [])
    _ = m.handle(.action(.back), at: at(10 * hour))
    #expect(m.state.ledger.nudges.forgotDue == at(10 * hour + 300), "counted from the return")
  }

  @Test func withoutTheIdleWatchItCannotTellAndStaysQuiet() {
    var m = machine(watched: false)
    #expect(m.handle(.deadlineReached, at: at(9 * hour)) == [])
    #expect(m.state.ledger.nudges == Nudges())
  }

  @Test func theButtonsHoldOnlyForTheStretch() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(9 * hour))
    _ = m.handle(.deadlineReached, at: at(9 * hour + 300))
    let subject = NotificationSubject.forgot(m.state)
    #expect(NotificationSubject.holds(subject, in: m.state))
    _ = m.handle(.action(.start), at: at(9 * hour + 400))  // Start, pressed
    #expect(!NotificationSubject.holds(subject, in: m.state), "a second press does nothing")
    _ = m.handle(.action(.stop), at: at(9 * hour + 500))
    #expect(!NotificationSubject.holds(subject, in: m.state), "nor on the next stretch")
    #expect(!NotificationSubject.holds(NotificationSubject.forgot(TimerState()), in: TimerState()))
  }

  @Test func severalBarsOverOneStateFireItOnce() throws {
    var first = machine()
    _ = first.handle(.deadlineReached, at: at(9 * hour))
    func written(_ state: TimerState, _ seconds: Int64) throws -> TimerState {
      let reading = ClockReading(wall: 0, boottime: seconds * 1_000_000_000, monotonic: 0, bootID: "b")
      return try StateDocument(json: Array(StateDocument(timer: state, written: reading).json().utf8)).timer
    }
    var a = machine(try written(first.state, 9 * hour))
    #expect(a.handle(.deadlineReached, at: at(9 * hour + 300)) == [.persist, .nudge(forgot)])
    var b = machine(try written(a.state, 9 * hour + 300))
    #expect(b.handle(.deadlineReached, at: at(9 * hour + 300)) == [], "the second bar finds it done")
    #expect(b.state == a.state)
  }
}

@Suite struct NudgesOffTests {
  @Test func offTheyKeepNothingAndTheFileIsAsBefore() {
    var m = machine(forgot: nil)
    _ = m.handle(.action(.workStart), at: at(9 * hour))
    _ = m.handle(.action(.workStop), at: at(10 * hour))
    #expect(m.state.ledger.nudges == Nudges())
    let text = StateDocument(
      timer: m.state, written: ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b")
    )
    .json()
    #expect(!text.contains("nudges"))
    #expect(
      TickPlan.of(
        m.state, now: ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b"), zone: { _ in 0 },
        dayStart: 0) == nil)
  }

  @Test func turnedOffTheStretchIsForgotten() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(9 * hour))
    m.settings.nudges.forgotToStart = nil
    #expect(m.handle(.deadlineReached, at: at(9 * hour + 10)) == [.persist])
    #expect(m.state.ledger.nudges == Nudges())
  }

  @Test func turnedOnABarAsksForATransaction() {
    var settings = TimerSettings()
    #expect(!TimerMachine.nudgesAreBehind(TimerState(), settings: settings))
    settings.nudges.forgotToStart = .seconds(300)
    settings.nudges.inputWatched = true
    #expect(TimerMachine.nudgesAreBehind(TimerState(), settings: settings))
  }
}

@Suite struct FocusOnReturnTests {
  /// A short break that runs out at 10:05 while away since 10:01.
  func awayThroughABreak(_ m: inout TimerMachine) {
    _ = m.handle(.action(.startBreak), at: at(10 * hour))
    _ = m.handle(.backdated(.away, at: at(10 * hour + 60)), at: at(10 * hour + 120))
    _ = m.handle(.deadlineReached, at: at(10 * hour + 300))
  }

  @Test func theReturnStartsTheNextFocus() {
    var m = machine(forgot: nil, focusOnReturn: true)
    awayThroughABreak(&m)
    #expect(m.state.phase == .idle)
    _ = m.handle(.action(.back), at: at(10 * hour + 1200))
    #expect(m.state.phase == .running(.focus, deadline: at(10 * hour + 1200 + 1500), total: .seconds(1500)))
  }

  @Test func aFocusAutoAdvanceStartedWhileAwayIsResumed() {
    var m = machine(forgot: nil, focusOnReturn: true)
    m.settings.autoAdvance = .toFocus
    awayThroughABreak(&m)
    #expect(
      m.state.phase == .paused(.focus, remaining: .seconds(1500), total: .seconds(1500)), "held by the away")
    _ = m.handle(.action(.back), at: at(10 * hour + 1200))
    #expect(m.state.phase == .running(.focus, deadline: at(10 * hour + 1200 + 1500), total: .seconds(1500)))
    #expect(m.state.note == nil)
    var off = machine(forgot: nil, focusOnReturn: false)
    off.settings.autoAdvance = .toFocus
    awayThroughABreak(&off)
    _ = off.handle(.action(.back), at: at(10 * hour + 1200))
    #expect(off.state.phase == .paused(.focus, remaining: .seconds(1500), total: .seconds(1500)), "as before")
  }

  @Test func offTheTimerWaits() {
    var m = machine(forgot: nil, focusOnReturn: false)
    awayThroughABreak(&m)
    _ = m.handle(.action(.back), at: at(10 * hour + 1200))
    #expect(m.state.phase == .idle)
  }

  @Test func notBeforeTheBreakRanOut() {
    var m = machine(forgot: nil, focusOnReturn: true)
    _ = m.handle(.action(.startBreak), at: at(10 * hour))
    _ = m.handle(.backdated(.away, at: at(10 * hour + 60)), at: at(10 * hour + 120))
    _ = m.handle(.action(.back), at: at(10 * hour + 200))
    #expect(m.state.phase.kind == .shortBreak)
  }

  @Test func notAfterYouActedOrStopped() {
    var m = machine(forgot: nil, focusOnReturn: true)
    _ = m.handle(.action(.startBreak), at: at(10 * hour))
    _ = m.handle(.action(.stop), at: at(10 * hour + 30))
    _ = m.handle(.backdated(.away, at: at(10 * hour + 60)), at: at(10 * hour + 120))
    _ = m.handle(.action(.back), at: at(10 * hour + 1200))
    #expect(m.state.phase == .idle, "a stopped break is no break that ran out")
  }
}

@Suite struct EndOfDayTests {
  @Test func firesAtTheTimeWhileTheClockRunsAndADayLater() {
    var m = machine(forgot: nil, endOfDay: 18 * 3600)
    _ = m.handle(.action(.project("acme")), at: at(10 * hour))
    #expect(m.state.ledger.nudges.endOfDayDue == at(18 * hour))
    #expect(m.handle(.deadlineReached, at: at(18 * hour - 1)) == [])
    #expect(
      m.handle(.deadlineReached, at: at(18 * hour))
        == [.persist, .nudge(.endOfDay(project: "acme", at: "18:00", lastInput: "18:00"))])
    #expect(m.handle(.deadlineReached, at: at(18 * hour + 60)) == [], "once")
    #expect(m.state.ledger.nudges.endOfDayDue == at(day + 18 * hour), "the next day's")
    let subject = NotificationSubject.endOfDay(m.state)
    #expect(NotificationSubject.holds(subject, in: m.state))
    _ = m.handle(.action(.workStop), at: at(18 * hour + 120))  // Stop now, pressed
    #expect(m.state.ledger.nudges == Nudges())
    #expect(!NotificationSubject.holds(subject, in: m.state), "a second press does nothing")
  }

  @Test func aClockStartedAfterTheTimeIsAskedTheNextDay() {
    var m = machine(forgot: nil, endOfDay: 18 * 3600)
    _ = m.handle(.action(.workStart), at: at(19 * hour))
    #expect(m.state.ledger.nudges.endOfDayDue == at(day + 18 * hour))
  }

  @Test func awayItOffersWhereInputStopped() {
    var ledger = LedgerSettings()
    ledger.awayStopsWork = false
    var m = machine(forgot: nil, endOfDay: 18 * 3600, ledger: ledger)
    _ = m.handle(.action(.project("acme")), at: at(10 * hour))
    _ = m.handle(.backdated(.away, at: at(17 * hour + 42 * 60)), at: at(17 * hour + 50 * 60))
    #expect(
      nudges(m.handle(.deadlineReached, at: at(18 * hour)))
        == [.endOfDay(project: "acme", at: "18:00", lastInput: "17:42")])
    let plan = NotificationPlan(
      nudge: .endOfDay(project: "acme", at: "18:00", lastInput: "17:42"), state: m.state, config: Config())
    #expect(plan.title == "Still tracking acme")
    #expect(plan.buttons.map(\.ctlWords) == [["work", "stop"], ["work", "stop", "--at", "17:42"]])
  }
}

@Suite struct NudgeConfigTests {
  func load(_ text: String) -> ConfigLoad { ConfigLoader.load(Array(text.utf8), file: "config.toml") }

  @Test func theKeysRead() throws {
    let config = try load(
      """
      [idle]
      after = "5m"
      [nudges]
      forgot-to-start = "5m"
      work-from = "08:30"
      work-until = "17:00"
      focus-on-return = true
      end-of-day = "18:00"
      """
    ).get()
    let nudges = config.timer.nudges
    #expect(nudges.forgotToStart == .seconds(300))
    #expect((nudges.workFrom, nudges.workUntil) == (8 * 3600 + 1800, 17 * 3600))
    #expect(nudges.focusOnReturn)
    #expect(nudges.endOfDay == 18 * 3600)
    #expect(nudges.inputWatched, "[idle] after watches input")
    #expect(load("[nudges]\nend-of-day = false\n").errors.isEmpty)
    #expect(
      load("[nudges]\nend-of-day = \"6pm\"\n").errors.map(\.description) == [
        "config.toml:2:14: 'end-of-day' must be a time of day like \"04:00\", not \"6pm\""
      ])
  }

  @Test func forgotToStartWithoutTheIdleWatchIsAWarningAtItsPlace() {
    let load = load("[nudges]\nforgot-to-start = \"5m\"\n")
    #expect(load.errors.isEmpty)
    #expect(
      load.warnings.map(\.description) == [
        "config.toml:2:19: 'forgot-to-start' needs [idle] after: without watching input pomobar cannot tell "
          + "you are at the computer, and it never fires"
      ])
    #expect(self.load("[idle]\nafter = \"5m\"\n[nudges]\nforgot-to-start = \"5m\"\n").warnings.isEmpty)
  }
}

/// A copy without a bar (`pomobar idle-watch`) wakes when a nudge is due, as a bar does:
/// `StateDocument.nudgeWake`.
@Suite struct NudgeWakeTests {
  @Test func itWakesAtTheNextNudgeAtOnceWhenBehindAndNeverWithThemOff() {
    var m = machine()
    _ = m.handle(.deadlineReached, at: at(9 * hour))
    let document = StateDocument(timer: m.state, written: reading(Double(9 * hour)))
    let wake = { (seconds: Int64) in document.nudgeWake(at: reading(Double(seconds)), settings: m.settings) }
    #expect(wake(9 * hour) == Int64(300 * 1_000_000_000), "forgot-to-start's moment")
    #expect(wake(9 * hour + 299) == 1_000_000_000)
    #expect(wake(9 * hour + 301) == 0, "past: at once")
    // Turned on while the stretch runs, nothing kept yet: at once, for the transaction
    // that starts counting it.
    let fresh = StateDocument(timer: TimerState(), written: reading(Double(9 * hour)))
    #expect(fresh.nudgeWake(at: reading(Double(9 * hour)), settings: m.settings) == 0)
    // A focus runs: nothing to wake for; nudges off: never.
    _ = m.handle(.action(.start), at: at(9 * hour + 10))
    let running = StateDocument(timer: m.state, written: reading(Double(9 * hour + 10)))
    #expect(running.nudgeWake(at: reading(Double(9 * hour + 10)), settings: m.settings) == nil)
    #expect(document.nudgeWake(at: reading(Double(9 * hour)), settings: TimerSettings()) == nil)
  }
}
