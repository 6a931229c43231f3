import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// A stale away (`ctl away --ago 5m`, then a project and a focus, then back) never adds
/// to a focus or a clock that began after it, and the question never covers time before
/// the clock ran.
@Suite struct StaleAwayTests {
  @Test func aFocusStartedWhileAwayIsNotLengthenedByIt() {
    var m = TimerMachine()
    _ = m.handle(.backdated(.away, at: at(0)), at: at(300))  // ctl away --ago 5m
    _ = m.handle(.action(.project("acme")), at: at(300))
    _ = m.handle(.action(.start), at: at(301))
    let back = m.handle(.action(.back), at: at(302))
    // Not `Focus paused 30:01`: the focus began after the away, which holds nothing of it.
    #expect(m.state.phase == .running(.focus, deadline: at(1801), total: .seconds(1500)), "\(back)")
    #expect(m.state.note == nil)
    #expect(!back.contains { if case .askAway = $0 { true } else { false } }, "\(back)")
    let view = ViewModel(state: m.state, config: Config(), now: at(302))
    #expect(view.fullText == "⣿ Focus 24:59 ●○○○", "\(view.fullText)")
  }

  @Test func theQuestionStartsWhereTheClockBegan() {
    var m = TimerMachine()
    _ = m.handle(.backdated(.away, at: at(0)), at: at(300))
    _ = m.handle(.action(.project("acme")), at: at(300))
    _ = m.handle(.action(.back), at: at(900))
    #expect(m.state.ledger.awayChoice?.from == at(300), "not 5 minutes of acme before acme was set")
    #expect(m.state.ledger.awayChoice?.project == "acme")
    #expect(m.state.ledger.awayChoice?.length == .seconds(600))
  }

  @Test func aClockSwitchedWhileAwayIsAskedAboutForItsOwnProjectAndTime() {
    var m = TimerMachine()
    _ = m.handle(.action(.project("web")), at: at(0))
    _ = m.handle(.action(.away), at: at(600))  // stops web's clock
    _ = m.handle(.action(.project("acme")), at: at(900))  // a clock on acme, while away
    _ = m.handle(.action(.back), at: at(1500))
    let choice = m.state.ledger.awayChoice
    #expect(choice?.project == "acme" && choice?.from == at(900), "\(String(describing: choice))")
  }

  @Test func theClocksPartOfTheAbsenceIsWhatAskAfterMeasures() {
    var m = TimerMachine()
    _ = m.handle(.backdated(.away, at: at(0)), at: at(3600))
    _ = m.handle(.action(.project("acme")), at: at(3600))
    let back = m.handle(.action(.back), at: at(3660))
    // An hour away, but a minute of acme: under [idle] ask-after, as a short absence is.
    #expect(m.state.ledger.awayChoice == nil, "\(back)")
  }

  @Test func aLongStaleAwayDoesNotResetAFocusStartedSince() {
    var m = TimerMachine()
    _ = m.handle(.action(.away), at: at(0))
    _ = m.handle(.action(.start), at: at(7200))  // two hours on: over [suspend] reset-after
    _ = m.handle(.action(.back), at: at(7800))
    #expect(m.state.phase == .running(.focus, deadline: at(8700), total: .seconds(1500)))
  }
}

/// Under `[suspend] focus = "pause"` away holds the focus where it began: the bar shows it
/// as it will be counted, and it does not run out while nobody is there.
@Suite struct AwayHoldsThePhaseTests {
  @Test func aFocusShowsPausedWhileAwayAndDoesNotRunOut() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.backdated(.away, at: at(600)), at: at(900))  // input stopped at 600
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)))
    let away = ViewModel(state: m.state, config: Config(), now: at(1000))
    #expect(away.fullText == "⣇ Focus paused 15:00 ●○○○ · away", "\(away.fullText)")
    #expect(away.paused)
    // Past the focus's end while away: nothing ran out.
    #expect(m.handle(.deadlineReached, at: at(2000)).isEmpty)
    let back = m.handle(.action(.back), at: at(2400))
    #expect(m.state.phase == .paused(.focus, remaining: .seconds(900), total: .seconds(1500)), "\(back)")
    #expect(m.state.note == TimerNote(.paused, by: .away, .seconds(1800)))
    #expect(m.state.ledger.phaseLog?.gap == .seconds(1800))
  }

  @Test func theTooltipSaysSinceWhen() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    // 1000 s is 00:16 local: 600 is 00:10.
    let view = ViewModel(state: m.state, config: Config(), now: at(1000), localSecondOfDay: 1000)
    #expect(view.tooltip.split(separator: "\n").contains("paused: away since 00:10"), "\(view.tooltip)")
    #expect(view.shortText == "⣇ 15:00 ☾")
  }

  @Test func aFocusResumedByHandWhileAwayRunsOnAfterTheReturn() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.resume), at: at(700))  // a stale away: someone is there
    let back = m.handle(.action(.back), at: at(1000))
    #expect(m.state.phase == .running(.focus, deadline: at(1600), total: .seconds(1500)), "\(back)")
    #expect(m.state.note == nil)
  }

  @Test func aBreakTheTimerMovesOnToWhileAwayBeginsHeld() {
    var settings = TimerSettings()
    settings.autoAdvance = .all
    settings.suspendFocus = .count
    settings.suspendBreak = .pause
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(1200))  // the focus counts on while away
    _ = m.handle(.deadlineReached, at: at(1500))
    #expect(m.state.phase == .paused(.shortBreak, remaining: .seconds(300), total: .seconds(300)))
    _ = m.handle(.action(.back), at: at(2000))
    #expect(
      m.state.note == TimerNote(.paused, by: .away, .seconds(500)), "from the break's start, not the away's")
  }

  @Test func aCountedFocusSaysTheQuestionAndWhatItDid() {
    var settings = TimerSettings()
    settings.suspendFocus = .count
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(900))
    let view = ViewModel(state: m.state, config: Config(), now: at(900))
    #expect(view.fullText.hasSuffix("●○○○ · away 5 min?, counted"), "\(view.fullText)")
  }

  @Test func afterTheReturnTheBarSaysTheAwayOnce() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.away), at: at(600))
    _ = m.handle(.action(.back), at: at(720))
    let view = ViewModel(state: m.state, config: Config(), now: at(730))
    #expect(view.fullText == "⣇ Focus paused 15:00 ●○○○ · away 2 min?", "\(view.fullText)")
    #expect(view.shortText == "⣇ 15:00 ?", "\(view.shortText)")
    #expect(view.tooltip.contains("paused: away 2 min"), "the tooltip still says what it did to the timer")
  }
}
