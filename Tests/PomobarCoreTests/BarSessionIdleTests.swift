import Testing

@testable import PomobarCore

/// `[idle] after`: what the display server says of input becomes away and back.
@Suite struct BarSessionIdleTests {
  static var config: Config {
    var config = Config()
    config.idle.after = .seconds(300)
    return config
  }

  @Test func inputStoppedIsAwayFromWhenItStoppedAndInputAgainIsBack() throws {
    var work = TimerMachine(state: TimerState(), settings: TimerSettings())
    _ = work.handle(.action(.workStart), at: .seconds(10))
    var bar = BarDriver(config: Self.config, document: StateDocument(timer: work.state, written: reading(10)))
    _ = bar.start(at: 20)
    // X11 says how long input had stopped; Wayland only that the threshold passed.
    _ = bar.handle(.idle(.idle(milliseconds: 420_000)), at: 1000)
    #expect(bar.transacted.last == [.backdated(.away, at: .seconds(1000 - 420))])
    #expect(bar.document?.timer.ledger.awaySince == .seconds(580))
    _ = bar.handle(.idle(.active), at: 1200)
    #expect(bar.transacted.last == [.action(.back)])
    _ = bar.handle(.idle(.idle(milliseconds: nil)), at: 2000)
    #expect(bar.transacted.last == [.backdated(.away, at: .seconds(1700))], "the threshold ago")
  }

  @Test func turningTheWatchOffEndsTheAwayItSaid() {
    var work = TimerMachine(state: TimerState(), settings: TimerSettings())
    _ = work.handle(.action(.workStart), at: .seconds(10))
    var bar = BarDriver(config: Self.config, document: StateDocument(timer: work.state, written: reading(10)))
    _ = bar.start(at: 20)
    _ = bar.handle(.idle(.idle(milliseconds: 420_000)), at: 1000)
    #expect(bar.document?.timer.ledger.awaySince == .seconds(580))
    // `[idle]` removed: no watch will see the return, so the away ends now, as at input.
    _ = bar.handle(.configLoaded(Config(), problem: nil), at: 1100)
    #expect(bar.transacted.last == [.action(.back)])
    #expect(bar.document?.timer.ledger.awaySince == nil)
    #expect(bar.document?.timer.ledger.work?.since == .seconds(1100), "the clock the away stopped runs again")
    // Turned on again, the next time input stops is away from then, not from before.
    _ = bar.handle(.configLoaded(Self.config, problem: nil), at: 1200)
    _ = bar.handle(.idle(.idle(milliseconds: nil)), at: 2000)
    #expect(bar.document?.timer.ledger.awaySince == .seconds(1700))
    // A reload that keeps the watch leaves an away as it is.
    _ = bar.handle(.configLoaded(Self.config, problem: nil), at: 2100)
    #expect(bar.document?.timer.ledger.awaySince == .seconds(1700))
  }

  @Test func aWatchThatCannotBeMadeIsShownAndSaidOnce() {
    var bar = BarDriver(config: Self.config)
    _ = bar.start(at: 0)
    let problem = "idle: the X display :0 does not answer"
    let actions = bar.handle(.idleWatch(problem: problem), at: 1)
    #expect(actions.contains(.warn(problem, kind: "idle")))
    #expect(BarDriver.frames(actions).last?.contains("⚠") == true)
    #expect(!bar.handle(.idleWatch(problem: problem), at: 2).contains { if case .warn = $0 { true } else { false } })
    #expect(BarDriver.frames(bar.handle(.idleWatch(problem: nil), at: 3)).last?.contains("⚠") == false)
  }
}

/// Away dated back to when input stopped never reaches before what it stops began.
@Suite struct BackdatedAwayTests {
  @Test func awayStartsNoEarlierThanTheWorkClockOrThePhase() {
    var machine = TimerMachine(state: TimerState(), settings: TimerSettings())
    _ = machine.handle(.action(.workStart), at: .seconds(100))
    _ = machine.handle(.backdated(.away, at: .seconds(40)), at: .seconds(500))
    #expect(machine.state.ledger.awaySince == .seconds(100))
    var focus = TimerMachine(state: TimerState(), settings: TimerSettings())
    _ = focus.handle(.action(.start), at: .seconds(200))
    _ = focus.handle(.backdated(.away, at: .seconds(150)), at: .seconds(400))
    #expect(focus.state.ledger.awaySince == .seconds(200))
  }
}
