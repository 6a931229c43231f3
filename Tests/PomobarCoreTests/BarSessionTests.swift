import Testing

@testable import PomobarCore

/// The bar's rules for what it writes and when it wakes, with time moved by hand: the
/// header and the frames, the ticks, `[display] update` and `urgent-for`, a hidden bar, a
/// resize, a stale state. (Saves, reloads and problems: `BarSessionProblemTests`; clicks
/// and keys: `BarSessionInputTests`; `--wrap`: `BarSessionWrapTests`.)
@Suite struct BarSessionTests {
  static let header = #"{"version":1,"click_events":true,"stop_signal":23,"cont_signal":18}"# + "\n[\n"

  @Test func theHeaderGoesOutThenTheFirstFrameAndAnIdleBarArmsNothing() {
    var bar = BarDriver(encoder: I3barEncoder())
    #expect(
      bar.start(at: 5) == [
        .write(Self.header, replaceable: false),
        .write(
          i3barFrame(block("⣿ Ready 25:00 ○○○○", short: "⣿ 25:00", color: "#8B8D98"), first: true),
          replaceable: true),
      ])
    // Idle: nothing changes by itself, so no timer fires and nothing is written.
    #expect(bar.handle(.timer, at: 60) == [])
    #expect(bar.transacted == [])
  }

  @Test func aRunningPhaseTicksOnItsDeadlinesGridAndWritesOnlyWhenTheTextChanges() {
    var bar = BarDriver(config: barConfig(plainFormat), document: focusDocument(deadline: 1500.25))
    #expect(
      bar.start(at: 0.5) == [
        .write("", replaceable: false), .armTick(after: ns(0.75), seconds: 1),
        .write("Focus 25:00\n", replaceable: true),
      ])
    // The tick where the display turns: one frame, the plan unchanged (no re-arming).
    #expect(bar.handle(.timer, at: 1.25) == [.write("Focus 24:59\n", replaceable: true)])
    // A second wake-up in the same displayed second writes nothing.
    #expect(bar.handle(.timer, at: 1.9) == [])
    #expect(bar.handle(.timer, at: 2.25) == [.write("Focus 24:58\n", replaceable: true)])
    #expect(bar.transacted == [])
  }

  @Test func theTickIsArmedAgainOnlyWhenThePlanChanges() {
    var bar = BarDriver(config: barConfig(plainFormat), document: focusDocument(deadline: 1500))
    #expect(bar.start(at: 0.5).contains(.armTick(after: ns(0.5), seconds: 1)))
    // Paused (another copy wrote it): the ticks stop, and a paused bar writes nothing more.
    var paused = TimerState(phase: .paused(.focus, remaining: .seconds(1490), total: .seconds(1500)))
    paused.slot = 1
    let pausedDocument = StateDocument(timer: paused, written: reading(10))
    #expect(
      bar.handle(.stateRead(pausedDocument, fileExists: true), at: 10.2) == [
        .armTick(after: nil, seconds: 1), .write("Focus paused 24:50\n", replaceable: true),
      ])
    #expect(bar.handle(.timer, at: 11) == [])
    #expect(bar.handle(.stateRead(pausedDocument, fileExists: true), at: 30) == [])
    // Resumed with a deadline off the old grid: armed again, on the new grid.
    #expect(
      bar.handle(.stateRead(focusDocument(deadline: 1530.6, written: 40), fileExists: true), at: 40.1) == [
        .armTick(after: ns(0.5), seconds: 1), .write("Focus 24:51\n", replaceable: true),
      ])
  }

  @Test func minuteUpdatesWakeOnTheMinuteGridAndWriteOncePerMinute() {
    let config = barConfig(plainFormat + "[display]\nupdate = \"minute\"\n")
    var bar = BarDriver(config: config, document: focusDocument(deadline: 1500))
    #expect(
      bar.start(at: 0.3) == [
        .write("", replaceable: false), .armTick(after: ns(59.7), seconds: 60),
        .write("Focus 25m\n", replaceable: true),
      ])
    #expect(bar.handle(.timer, at: 60) == [.write("Focus 24m\n", replaceable: true)])
    #expect(bar.handle(.timer, at: 120) == [.write("Focus 23m\n", replaceable: true)])
  }

  @Test func urgentForClearsTheFlagAtItsEndWithOneWakeUpThere() {
    let config = barConfig("[timer]\nfocus = \"2s\"\n[display]\nurgent-for = \"2s\"\n")
    var bar = BarDriver(
      config: config, encoder: I3barEncoder(), document: focusDocument(deadline: 2, total: 2))
    _ = bar.start(at: 0.2)
    // The deadline: one transaction, whose new state shows at once, urgent.
    let done = bar.handle(.timer, at: 2)
    #expect(
      done == [
        .transact([], stamp: nil),
        .write(
          i3barFrame(block("✓ Focus done ●○○○", short: "✓ done", color: "#E54D2E", urgent: true)),
          replaceable: true),
        // The one wake-up: where the flag clears, urgent-for after the deadline.
        .armTick(after: ns(2), seconds: 2),
      ])
    #expect(
      bar.handle(.timer, at: 4) == [
        .armTick(after: nil, seconds: 1),
        .write(
          i3barFrame(block("✓ Focus done ●○○○", short: "✓ done", color: "#E54D2E")),
          replaceable: true),
      ])
    #expect(bar.handle(.timer, at: 10) == [])
    #expect(bar.transacted == [[]])
  }

  @Test func aHiddenBarWritesNothingButKeepsTimeAndShowsTheCurrentFrameWhenShown() {
    var bar = BarDriver(config: barConfig(plainFormat), document: focusDocument(deadline: 20, total: 20))
    _ = bar.start(at: 0)
    #expect(bar.handle(.hidden(true), at: 0.5) == [])
    #expect(bar.session.isHidden)
    #expect(bar.handle(.timer, at: 1) == [])
    #expect(bar.handle(.timer, at: 2) == [])
    // Shown again: the current frame at once, not at the next tick.
    #expect(bar.handle(.hidden(false), at: 2.5) == [.write("Focus 00:18\n", replaceable: true)])
    // While hidden, the phase still ends on time: the state is written, nothing shown.
    _ = bar.handle(.hidden(true), at: 3)
    #expect(bar.handle(.timer, at: 20) == [.transact([], stamp: nil), .armTick(after: nil, seconds: 1)])
    #expect(bar.document?.timer.phase == .focusDone)
    #expect(bar.handle(.hidden(false), at: 25) == [.write("✓ Focus done ●○○○\n", replaceable: true)])
  }

  @Test func aResizeRedrawsTheFrameEvenWhenTheTextIsTheSame() {
    var bar = BarDriver(config: barConfig(plainFormat))
    _ = bar.start(at: 0)
    #expect(bar.handle(.resized(width: 40), at: 1) == [.write("Ready 25:00\n", replaceable: true)])
    #expect(bar.handle(.timer, at: 2) == [])
  }

  @Test func aStaleStateAsksForOneTransactionAndShowsItsOutcome() {
    // The file says a focus runs until 10 s; the bar starts at 12 s.
    var bar = BarDriver(config: barConfig(plainFormat), document: focusDocument(deadline: 10, written: 1))
    #expect(
      bar.start(at: 12) == [
        .write("", replaceable: false), .transact([], stamp: nil),
        .write("✓ Focus done ●○○○\n", replaceable: true),
      ])
    #expect(bar.document?.timer.phase == .focusDone)
    #expect(bar.document?.written == reading(12))
    // Written: nothing more to do, however often it wakes.
    #expect(bar.handle(.timer, at: 13) == [])
    #expect(bar.handle(.stateRead(bar.document, fileExists: true), at: 14) == [])
    #expect(bar.transacted == [[]])
  }

  @Test func aMissingStateFileIsNotWrittenButAnUnreadableOneIs() {
    var missing = BarDriver(config: barConfig(plainFormat))
    #expect(
      missing.start(at: 1) == [.write("", replaceable: false), .write("Ready 25:00\n", replaceable: true)])
    // A file that is there but unusable (nil document) is replaced by a fresh state.
    var unusable = BarDriver(config: barConfig(plainFormat))
    #expect(
      unusable.handle(.started(nil, fileExists: true), at: 1) == [
        .write("", replaceable: false), .transact([], stamp: nil), .write("Ready 25:00\n", replaceable: true),
      ])
  }
}
