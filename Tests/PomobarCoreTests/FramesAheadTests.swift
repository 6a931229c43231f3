import Testing

@testable import PomobarCore

/// The frames a running phase's ticks write are worked out a minute at a time: each must be
/// the frame that tick would have rendered by itself, and only time may pass meanwhile.
@Suite struct FramesAheadTests {
  static let config = barConfig("[timer]\nfocus = \"3m\"\nshort-break = \"1m\"\n")
  static let plain = barConfig(plainFormat + "[timer]\nfocus = \"3m\"\nshort-break = \"1m\"\n")

  /// Every tick of a 3-minute focus, as the loop's timer fires them (a few hundred
  /// microseconds late): the frames worked out ahead, against a bar that renders every
  /// tick from scratch (a hidden/shown pair before each tick throws its frames away).
  @Test func everyTickWritesTheFrameItWouldHaveRendered() {
    var ahead = BarDriver(config: Self.config, encoder: I3barEncoder(), document: focusDocument(deadline: 180, total: 180))
    var fresh = BarDriver(config: Self.config, encoder: I3barEncoder(), document: focusDocument(deadline: 180, total: 180))
    #expect(ahead.start(at: 0.25) == fresh.start(at: 0.25))
    var written = 0
    for second in 1...179 {
      let at = Double(second) + 0.0003
      let frames = BarDriver.frames(ahead.handle(.timer, at: at))
      _ = fresh.handle([.hidden(true)], at: at - 0.0001)
      let expected = BarDriver.frames(fresh.handle([.hidden(false)], at: at))
      #expect(frames == expected, "tick \(second)")
      written += frames.count
    }
    #expect(written == 179, "one frame a second")
  }

  /// The tick that asks for the next frames writes its own first: they are worked out when
  /// the loop asks, once that frame is written (`workAhead`), or else at the next tick.
  @Test func theTicksOwnFrameDoesNotWaitForTheFramesAhead() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    #expect(BarDriver.frames(bar.handle(.timer, at: 1)) == ["Focus 02:59\n"])
    #expect(bar.session.aheadDue != nil, "not worked out before the frame is written")
    bar.session.workAhead()
    #expect(bar.session.aheadDue == nil)
    #expect(BarDriver.frames(bar.handle(.timer, at: 2)) == ["Focus 02:58\n"])
  }

  /// The 62nd tick's frame is not rendered before its write: the last of a batch (the
  /// 61st) asks for the next one, which is worked out after that frame is written.
  @Test func aBatchThatRunsOutAsksForTheNextAfterItsLastFrame() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    _ = bar.handle(.timer, at: 1)
    bar.session.workAhead()
    for second in 2...61 {
      let left = 180 - second
      let text = "Focus 0\(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)\n"
      #expect(BarDriver.frames(bar.handle(.timer, at: Double(second))) == [text])
      #expect((bar.session.aheadDue != nil) == (second == 61), "second \(second)")
    }
    bar.session.workAhead()
    let built = bar.session.viewsBuilt
    #expect(BarDriver.frames(bar.handle(.timer, at: 62)) == ["Focus 01:58\n"])
    #expect(bar.session.viewsBuilt == built, "the 62nd frame was worked out ahead, not rendered")
    #expect(BarDriver.frames(bar.handle(.timer, at: 120)) == ["Focus 01:00\n"])
  }

  @Test func missedTicksWriteTheNewestFrame() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    #expect(BarDriver.frames(bar.handle(.timer, at: 1)) == ["Focus 02:59\n"])
    // A busy machine: the next wake-up comes 3 s late, and shows the present.
    #expect(BarDriver.frames(bar.handle(.timer, at: 4.2)) == ["Focus 02:56\n"])
    #expect(BarDriver.frames(bar.handle(.timer, at: 5)) == ["Focus 02:55\n"])
  }

  @Test func aSuspendEndsThemAndTheTimerCatchesUp() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    _ = bar.handle(.timer, at: 1)
    // Asleep 100 s between two ticks: boottime moved on, monotonic did not.
    let resumed = ClockReading(
      wall: ns(102), boottime: ns(102), monotonic: ns(2), bootID: "boot")
    bar.now = resumed
    let actions = bar.handle([.timer])
    #expect(bar.transacted.count == 1, "the gap is written: \(actions)")
  }

  @Test func aWallClockStepEndsThem() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    _ = bar.handle(.timer, at: 1)
    // The wall clock stepped an hour ahead; the frames were worked out with the old one.
    bar.now = ClockReading(wall: ns(3602), boottime: ns(2), monotonic: ns(2), bootID: "boot")
    #expect(BarDriver.frames(bar.handle([.timer])) == ["Focus 02:58\n"])
  }

  @Test func anythingElseEndsThem() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    _ = bar.handle(.timer, at: 1)
    // A hook failure now shows at the next tick, not a minute later.
    _ = bar.handle(.hookProblem("hook x failed"), at: 1.5)
    #expect(BarDriver.frames(bar.handle(.timer, at: 2)).first?.contains("⚠") == true)
  }

  @Test func theDeadlineTickIsRenderedAndCaughtUp() {
    var bar = BarDriver(config: Self.plain, document: focusDocument(deadline: 180, total: 180))
    _ = bar.start(at: 0.5)
    for second in 1...179 { _ = bar.handle(.timer, at: Double(second)) }
    #expect(bar.transacted.isEmpty)
    _ = bar.handle(.timer, at: 180)
    #expect(bar.transacted == [[]], "the deadline is written")
  }
}
