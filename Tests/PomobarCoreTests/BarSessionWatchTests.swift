import Testing

@testable import PomobarCore

/// The bar's rules with `pomobar watch`'s encoder: a line per change, a wake-up only where
/// something but time changes, nothing while idle.
@Suite struct BarSessionWatchTests {
  static func line(_ fields: String) -> BarAction {
    .write(#"{"v":1,"# + fields + "}\n", replaceable: true)
  }

  static let tail =
    ##""cycle":{"slot":1,"of":4},"color":"#E54D2E","classes":["focus"],"work":null,"project":null,"##
    + ##""tags":[],"note":null,"problem":null,"elapsed":null,"started":null,"overdue":false,"away":null"##

  @Test func aRunningFocusIsOneLineThenAWakeUpAtItsLastMinuteOnly() {
    var bar = BarDriver(encoder: WatchEncoder(), document: focusDocument(deadline: 1500))
    #expect(
      bar.start(at: 0.5) == [
        .write("", replaceable: false), .armTick(after: ns(1439.5), seconds: 1440),
        Self.line(
          ##""at":500,"phase":"focus","paused":false,"urgent":false,"remaining":1500,"total":1500,"##
            + ##""deadline":1500000,"## + Self.tail),
      ])
    // Another copy rewrote the file with the same timer: nothing to say, the wake-up stays.
    #expect(
      bar.handle(.stateRead(focusDocument(deadline: 1500, written: 3), fileExists: true), at: 3)
        == [.armTick(after: ns(1437), seconds: 1437)])
    #expect(
      bar.handle(.timer, at: 1440) == [
        .armTick(after: ns(60), seconds: 60),
        Self.line(
          ##""at":1440000,"phase":"focus","paused":false,"urgent":false,"remaining":60,"total":1500,"##
            + ##""deadline":1500000,"## + Self.tail.replacing(#"["focus"]"#, with: #"["focus","ending"]"#)),
      ])
  }

  @Test func theDeadlineEndsThePhaseAndSaysSoThenNothingIsArmed() throws {
    var bar = BarDriver(encoder: WatchEncoder(), document: focusDocument(deadline: 1500))
    _ = bar.start(at: 1450)
    let actions = bar.handle(.timer, at: 1500)
    #expect(actions.first == .transact([], stamp: nil))
    #expect(actions.contains(.armTick(after: nil, seconds: 1)))
    let lines = BarDriver.frames(actions)
    #expect(lines.count == 1, "the pending state and the saved one are the same: one line")
    let line = try JSON.parse(try #require(lines.first))
    #expect(line["phase"] == "focus-done" && line["urgent"] == true && line["deadline"] == .null)
    #expect(bar.handle(.timer, at: 1600) == [], "nothing changes, nothing is written")
  }

  @Test func idleArmsNothingAndAnActionIsOneLine() throws {
    var bar = BarDriver(encoder: WatchEncoder())
    let started = bar.start(at: 1)
    #expect(started.count == 2 && !started.contains { if case .armTick = $0 { true } else { false } })
    let running = TimerState(phase: .running(.focus, deadline: .seconds(1510), total: .seconds(1500)))
    let actions = bar.handle(
      .stateRead(StateDocument(timer: running, written: reading(10)), fileExists: true), at: 10)
    #expect(actions.count == 2)
    #expect(actions.first == .armTick(after: ns(1440), seconds: 1440))
    #expect(BarDriver.frames(actions).first?.contains(#""phase":"focus""#) == true)
  }
}
