import Testing

@testable import PomobarCore

/// The bar's saving state, step by step (fine, a transaction under way, failing and
/// retried, fine again), and what a click costs: one view.
@Suite struct BarSessionSavingTests {
  @Test func theSavingStateGoesFromFineToTransactingToFailingAndBack() {
    var session = BarSession(
      config: barConfig(plainFormat), encoder: PlainEncoder(), input: .keys, zone: { _ in 0 })
    _ = session.handle([.started(nil, fileExists: false)], at: reading(0))
    #expect(session.saving == .fine)
    // A key asks for a transaction, under way until its outcome comes: meanwhile a tick
    // shows nothing and asks for no second one.
    #expect(
      session.handle([.input(Array(" ".utf8))], at: reading(1)) == [
        .transact([.action(.toggle)], stamp: reading(1))
      ])
    #expect(session.saving == .transacting(retrying: nil))
    #expect(session.handle([.timer], at: reading(1.5)) == [])
    // It fails: said, ⚠, and a retry 1 s later.
    let problem = "cannot save the timer: disk full"
    var retry = Backoff()
    retry.failed(at: ns(2))
    #expect(
      session.handle([.saveFailed("disk full")], at: reading(2)).prefix(2) == [
        .warn(problem, kind: nil), .armRetry(after: ns(1)),
      ])
    #expect(session.saving == .failing(.init(problem: problem, retry: retry)))
    #expect(session.stateProblem == problem)
    // The retry is a transaction too; its failure stands while it is under way.
    #expect(session.handle([.timer], at: reading(3)) == [.transact([], stamp: nil)])
    #expect(session.saving == .transacting(retrying: .init(problem: problem, retry: retry)))
    #expect(session.stateProblem == problem)
    // Saved: fine, and the retry disarmed.
    let saved = StateDocument(timer: TimerState(), written: reading(3))
    #expect(session.handle([.saved(saved)], at: reading(3)).first == .armRetry(after: nil))
    #expect(session.saving == .fine)
    #expect(session.stateProblem == nil)
  }

  @Test func aFolderThatCannotBeUsedIsAFailureThatAnOpenTransactionKeeps() {
    var session = BarSession(
      config: barConfig(plainFormat), encoder: PlainEncoder(), input: .keys, zone: { _ in 0 })
    _ = session.handle([.started(nil, fileExists: false)], at: reading(0))
    _ = session.handle([.input(Array(" ".utf8))], at: reading(1))
    _ = session.handle([.stateFolderUnusable("permission denied")], at: reading(1))
    let failure = BarSession.SaveFailure(problem: "cannot use the state folder: permission denied")
    #expect(session.saving == .transacting(retrying: failure))
    _ = session.handle([.saveFailed("permission denied")], at: reading(1))
    #expect(session.saving.failure?.problem == "cannot save the timer: permission denied")
  }

  @Test func aWakeUpAsksForOneTransactionAfterEverythingElse() {
    var bar = BarDriver(config: barConfig(plainFormat + "[idle]\nafter = \"5m\"\n"), input: .keys)
    _ = bar.start(at: 0)
    // A key, and a reload that stops watching idle (which ends any away): one transaction
    // with both, after the warning that came with them.
    let actions = bar.handle(
      [
        .input(Array(" ".utf8)), .configLoaded(barConfig(plainFormat), problem: nil),
        .idleWatch(problem: "idle: gone"),
      ], at: 1)
    #expect(bar.transacted.count == 1)
    #expect(bar.transacted.first?.first == .action(.toggle))
    #expect(bar.transacted.first?.count == 2)
    #expect(
      actions.prefix(2) == [
        .warn("idle: gone", kind: "idle"), .transact(bar.transacted[0], stamp: reading(1)),
      ])
  }

  @Test func aClickBuildsOneViewAndItsSavedStateIsNotBuiltAgain() {
    var bar = BarDriver(config: barConfig(plainFormat), encoder: I3barEncoder(), input: .clicks)
    _ = bar.start(at: 0)
    _ = bar.handle(.input(Array("[\n".utf8)), at: 1)
    let built = bar.session.viewsBuilt
    let click = #"{"name":"pomobar","instance":"pomodoro","button":1,"x":10,"y":5}"# + "\n"
    let actions = bar.handle(.input(Array(click.utf8)), at: 2.4)
    #expect(actions.first == .transact([.action(.toggle)], stamp: reading(2.4)))
    #expect(BarDriver.frames(actions).count == 1)
    #expect(bar.session.viewsBuilt == built + 1, "the pending state's view, which is the saved one's")
    // The next second is a change of its own: one view.
    #expect(BarDriver.frames(bar.handle(.timer, at: 3.4)).count == 1)
    #expect(bar.session.viewsBuilt == built + 2)
    // A wake-up that changes nothing the view is built from builds none.
    _ = bar.handle(.stateFolderChanged, at: 3.4)
    #expect(bar.session.viewsBuilt == built + 2)
  }
}
