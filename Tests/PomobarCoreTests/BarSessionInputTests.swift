import Testing

@testable import PomobarCore

/// What arrives on stdin: i3bar click events for the timer and work blocks, keys at a
/// terminal; each read is one transaction, stamped with the moment it was read.
@Suite struct BarSessionInputTests {
  static func click(_ name: String, button: Int, instance: String = "pomodoro") -> String {
    #"{"name":"\#(name)","instance":"\#(instance)","button":\#(button),"x":10,"y":5}"#
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// An idle i3bar bar that reads clicks, started at 0 s.
  static func clickBar() -> BarDriver {
    var bar = BarDriver(config: barConfig(plainFormat), encoder: I3barEncoder(), input: .clicks)
    _ = bar.start(at: 0)
    return bar
  }

  @Test func aClickOnTheTimerBlockIsOneTransactionStampedWithTheReadTime() {
    var bar = Self.clickBar()
    #expect(
      bar.handle(.input(Self.bytes("[\n" + Self.click("pomobar", button: 1) + "\n")), at: 10.4) == [
        .transact([.action(.toggle)], stamp: reading(10.4)),
        .write(i3barFrame(block("Focus 25:00", short: "⣿ 25:00", color: "#E54D2E")), replaceable: true),
        .armTick(after: ns(1), seconds: 1),
      ])
    #expect(
      bar.document?.timer.phase
        == .running(.focus, deadline: Instant(nanoseconds: ns(1510.4)), total: .seconds(1500)))
  }

  @Test func eachButtonDoesWhatTheClickMapSays() {
    var bar = Self.clickBar()
    let lines = (1...5).map { "," + Self.click("pomobar", button: $0) + "\n" }
    _ = bar.handle(.input(Self.bytes("[\n")), at: 1)
    for (index, line) in lines.enumerated() {
      _ = bar.handle(.input(Self.bytes(line)), at: Double(2 + index))
    }
    #expect(
      bar.transacted == [
        [.action(.toggle)], [.action(.stop)], [.action(.skip)], [.action(.extend(nil))],
        [.action(.shorten(nil))],
      ])
  }

  @Test func aClickMappedToPickTaskStartsThePickerAndChangesNothing() {
    var bar = BarDriver(
      config: barConfig(plainFormat + "[clicks]\nmiddle = \"pick-task\"\n"), encoder: I3barEncoder(),
      input: .clicks)
    _ = bar.start(at: 0)
    _ = bar.handle(.input(Self.bytes("[\n")), at: 1)
    #expect(bar.handle(.input(Self.bytes(Self.click("pomobar", button: 2) + "\n")), at: 2) == [.pickTask])
    #expect(bar.transacted.isEmpty)
  }

  @Test func aClickOnTheWorkBlockDrivesTheWorkClock() {
    var bar = Self.clickBar()
    _ = bar.handle(.input(Self.bytes("[\n")), at: 1)
    let actions = bar.handle(.input(Self.bytes(Self.click("pomobar-work", button: 1) + "\n")), at: 2)
    #expect(actions.first == .transact([.action(.workToggle)], stamp: reading(2)))
    #expect(bar.document?.timer.ledger.work != nil)
    for (button, action) in [
      (2, Action.project(nil)), (3, .projectNext), (4, .projectNext), (5, .projectPrevious),
    ] {
      _ = bar.handle(.input(Self.bytes("," + Self.click("pomobar-work", button: button) + "\n")), at: 3)
      #expect(bar.transacted.last == [.action(action)])
    }
  }

  @Test func clicksOnOtherBlocksOrInstancesAreIgnoredAndBadLinesWarned() {
    var bar = Self.clickBar()
    #expect(bar.handle(.input(Self.bytes("[\n" + Self.click("cpu", button: 1) + "\n")), at: 1) == [])
    #expect(
      bar.handle(.input(Self.bytes("," + Self.click("pomobar", button: 1, instance: "other") + "\n")), at: 2)
        == [])
    #expect(bar.handle(.input(Self.bytes(#",{"name":"pomobar","button":"# + "\n")), at: 3).count == 1)
    let bad = bar.handle(.input(Self.bytes(",{\"name\":\"pomobar\",\n")), at: 4)
    guard case .warn(let message, let kind) = bad.first, bad.count == 1 else {
      Issue.record("\(bad)")
      return
    }
    #expect(kind == "click input")
    #expect(message.contains("not JSON"), "\(message)")
    // Mouse buttons the map has nothing for (8: back) do nothing.
    #expect(bar.handle(.input(Self.bytes("," + Self.click("pomobar", button: 8) + "\n")), at: 5) == [])
    #expect(bar.transacted == [])
  }

  @Test func aBurstOfClicksInOneReadIsOneTransaction() {
    var bar = Self.clickBar()
    let burst =
      "[\n" + Self.click("pomobar", button: 1) + "\n," + Self.click("pomobar", button: 4) + "\n,"
      + Self.click("pomobar", button: 4) + "\n"
    let actions = bar.handle(.input(Self.bytes(burst)), at: 7)
    #expect(
      actions.first
        == .transact([.action(.toggle), .action(.extend(nil)), .action(.extend(nil))], stamp: reading(7)))
    #expect(bar.transacted.count == 1)
    #expect(
      BarDriver.frames(actions) == [i3barFrame(block("Focus 27:00", short: "⣿ 27:00", color: "#E54D2E"))])
  }

  @Test func aClickSplitAcrossTwoReadsActsOnceWhenItsLineIsComplete() {
    var bar = Self.clickBar()
    let line = "[\n" + Self.click("pomobar", button: 1) + "\n"
    let middle = line.index(line.startIndex, offsetBy: line.count / 2)
    #expect(bar.handle(.input(Self.bytes(String(line[..<middle]))), at: 1) == [])
    #expect(
      bar.handle(.input(Self.bytes(String(line[middle...]))), at: 2).first
        == .transact([.action(.toggle)], stamp: reading(2)))
    #expect(bar.transacted.count == 1)
  }

  @Test func keysAtATerminalAreActionsAndQuitComesAfterTheTransaction() {
    var bar = BarDriver(config: barConfig(plainFormat), input: .keys)
    _ = bar.start(at: 0)
    #expect(
      bar.handle(.input(Self.bytes(" ")), at: 1) == [
        .transact([.action(.toggle)], stamp: reading(1)), .write("Focus 25:00\n", replaceable: true),
        .armTick(after: ns(1), seconds: 1),
      ])
    // Keys that mean nothing do nothing.
    #expect(bar.handle(.input(Self.bytes("z?")), at: 1.5) == [])
    // `s` then `q` in one read: the skip is done, then the bar quits; keys after `q` are not
    // read. `BarLoop` stops at `.quit`, so a quit before the transaction loses the skip.
    let skipThenQuit = bar.handle(.input(Self.bytes("sqx")), at: 2)
    #expect(
      skipThenQuit == [
        .transact([.action(.skip)], stamp: reading(2)), .write("Short break 05:00\n", replaceable: true),
        .armTick(after: ns(1), seconds: 1), .quit,
      ])
    #expect(bar.transacted == [[.action(.toggle)], [.action(.skip)]])
    // Ctrl-C and Ctrl-D quit too.
    for key: UInt8 in [3, 4] { #expect(bar.handle(.input([key]), at: 3) == [.quit]) }
  }

  @Test func noInputIsReadForBarsThatDoNotSendIt() {
    var bar = BarDriver(config: barConfig(plainFormat), input: .none)
    _ = bar.start(at: 0)
    #expect(bar.handle(.input(Self.bytes("[\n" + Self.click("pomobar", button: 1) + "\n q")), at: 1) == [])
  }
}
