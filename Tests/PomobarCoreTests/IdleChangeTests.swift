import Testing

@testable import PomobarCore

/// The one rule every idle watcher applies (a bar, `pomobar idle-watch`).
@Suite struct IdleChangeTests {
  @Test func inputStoppedIsAwayDatedBackAsFarAsTheServerCounted() {
    let change = IdleChange.idle(milliseconds: 420_500)
    #expect(
      change.event(at: .seconds(1000), threshold: .seconds(300))
        == .backdated(.away, at: .seconds(1000) - .milliseconds(420_500)))
  }

  @Test func aServerThatDoesNotCountIsAwayTheThresholdAgo() {
    #expect(
      IdleChange.idle(milliseconds: nil).event(at: .seconds(1000), threshold: .seconds(300))
        == .backdated(.away, at: .seconds(700)))
    #expect(
      IdleChange.idle(milliseconds: nil).event(at: .seconds(1000), threshold: nil)
        == .backdated(.away, at: .seconds(1000)))
  }

  @Test func inputAgainIsBack() {
    #expect(IdleChange.active.event(at: .seconds(1000), threshold: .seconds(300)) == .action(.back))
  }
}
