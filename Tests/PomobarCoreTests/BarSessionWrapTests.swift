import Testing

@testable import PomobarCore

/// `--wrap`: pomobar's block merged into another status command's line, a marker while
/// that command is down, clicks on its blocks passed on to it.
@Suite struct BarSessionWrapTests {
  static let cpu = #"{"name":"cpu","full_text":"cpu 3%"}"#
  static let clock = #"{"name":"time","full_text":"12:00"}"#
  static let ready = block("Ready 25:00", short: "⣿ 25:00", color: "#8B8D98")

  static func wrapBar(position: String = "\"first\"") -> BarDriver {
    BarDriver(
      config: barConfig(plainFormat + "[wrap]\nposition = \(position)\n"), encoder: I3barEncoder(),
      input: .clicks, wrapping: "i3status")
  }

  static func blocks(_ blocks: String...) -> BarEvent { .wrappedBlocks(blocks.map { Array($0.utf8) }) }

  @Test func oneLineCarriesBothAndTheCommandsBlocksAreNotWrittenBeforePomobarsFirstFrame() {
    var bar = Self.wrapBar()
    // The command's line read in the wake-up that starts the bar (after the header, before
    // pomobar's first frame): not written alone, but in that frame.
    #expect(
      bar.handle(
        [.started(nil, fileExists: false), .wrappedStarted(problem: nil), Self.blocks(Self.cpu)], at: 0)
        == [
          .write(BarSessionTests.header, replaceable: false),
          .write(i3barFrame(Self.ready, Self.cpu, first: true), replaceable: true),
        ])
    // A new line from the command: written at once, with pomobar's block as it was.
    #expect(
      bar.handle(Self.blocks(Self.cpu, Self.clock), at: 1) == [
        .write(i3barFrame(Self.ready, Self.cpu, Self.clock), replaceable: true)
      ])
  }

  /// While a phase counts seconds, the loop reads the command's output on the ticks: a tick
  /// that brings its newest blocks writes one line with both (not one line for each), from
  /// the frames worked out ahead.
  @Test func aTickThatReadTheCommandsLineWritesOneLineWithBoth() {
    var bar = BarDriver(
      config: barConfig(plainFormat + "[timer]\nfocus = \"3m\"\n[wrap]\nposition = \"first\"\n"),
      encoder: I3barEncoder(), input: .clicks, wrapping: "i3status",
      document: focusDocument(deadline: 180, total: 180))
    _ = bar.handle(
      [.started(bar.document, fileExists: true), .wrappedStarted(problem: nil), Self.blocks(Self.cpu)],
      at: 0.25)
    _ = bar.handle(.timer, at: 1)
    let focus = block("Focus 02:58", short: "⣿ 02:58", color: "#E54D2E")
    #expect(
      bar.handle([.timer, Self.blocks(Self.cpu, Self.clock)], at: 2) == [
        .write(i3barFrame(focus, Self.cpu, Self.clock), replaceable: true)
      ])
    #expect(bar.transacted.isEmpty)
  }

  @Test func whileTheCommandIsDownAMarkerTakesItsPlace() {
    var bar = Self.wrapBar(position: "\"last\"")
    _ = bar.handle(
      [.started(nil, fileExists: false), .wrappedStarted(problem: nil), Self.blocks(Self.cpu)], at: 0)
    let marker =
      #"{"name":"pomobar-wrap","instance":"pomodoro","full_text":"⚠ exited with status 1","#
      + ##""short_text":"⚠ i3status","color":"#E5484D","urgent":false,"markup":"none"}"##
    let warned = block("Ready 25:00 ⚠", short: "⣿ 25:00 ⚠", color: "#8B8D98")
    #expect(
      bar.handle(.wrappedEnded(problem: "exited with status 1"), at: 1) == [
        .write(i3barFrame(marker, warned), replaceable: true)
      ])
    // Started again: the marker and the ⚠ go; then its blocks, as it writes them.
    #expect(
      bar.handle(.wrappedStarted(problem: nil), at: 2) == [.write(i3barFrame(Self.ready), replaceable: true)])
    #expect(
      bar.handle(Self.blocks(Self.clock), at: 2.1) == [
        .write(i3barFrame(Self.clock, Self.ready), replaceable: true)
      ])
    // Clicks on the marker go nowhere.
    #expect(
      bar.handle(
        .input(Array(("[\n" + BarSessionInputTests.click("pomobar-wrap", button: 1) + "\n").utf8)), at: 3)
        == [])
  }

  @Test func clicksOnTheCommandsBlocksArePassedOnAndPomobarsAreItsOwn() {
    var bar = Self.wrapBar()
    _ = bar.handle(
      [.started(nil, fileExists: false), .wrappedStarted(problem: nil), Self.blocks(Self.cpu)], at: 0)
    let theirs = #"{"name":"cpu","button":1,"x":3}"#
    let unnamed = #"{"button":3}"#
    let ours = BarSessionInputTests.click("pomobar", button: 1)
    let actions = bar.handle(
      .input(Array(("[\n" + theirs + "\n," + unnamed + "\n," + ours + "\n").utf8)), at: 1)
    #expect(
      Array(actions.prefix(3)) == [
        .forward(Array(theirs.utf8)), .forward(Array(unnamed.utf8)),
        .transact([.action(.toggle)], stamp: reading(1)),
      ])
    #expect(
      BarDriver.frames(actions) == [
        i3barFrame(block("Focus 25:00", short: "⣿ 25:00", color: "#E54D2E"), Self.cpu)
      ])
    // The work block is pomobar's too.
    _ = bar.handle(
      .input(Array(("," + BarSessionInputTests.click("pomobar-work", button: 1) + "\n").utf8)), at: 2)
    #expect(bar.transacted.last == [.action(.workToggle)])
  }

  @Test func whileHiddenNothingIsWrittenAndShownAgainTheLatestLineIs() {
    var bar = Self.wrapBar()
    _ = bar.handle(
      [.started(nil, fileExists: false), .wrappedStarted(problem: nil), Self.blocks(Self.cpu)], at: 0)
    #expect(bar.handle(.hidden(true), at: 1) == [])
    #expect(bar.handle(Self.blocks(Self.clock), at: 2) == [])
    #expect(
      bar.handle(.hidden(false), at: 3) == [.write(i3barFrame(Self.ready, Self.clock), replaceable: true)])
  }

  @Test func aReloadThatMovesPomobarsBlockRedrawsAtOnce() {
    var bar = Self.wrapBar()
    _ = bar.handle(
      [.started(nil, fileExists: false), .wrappedStarted(problem: nil), Self.blocks(Self.cpu, Self.clock)],
      at: 0)
    let moved = barConfig(plainFormat + "[wrap]\nposition = 1\n")
    #expect(
      bar.handle(.configLoaded(moved, problem: nil), at: 1) == [
        .write(i3barFrame(Self.cpu, Self.ready, Self.clock), replaceable: true)
      ])
    // The same position again: nothing changed, nothing written.
    #expect(bar.handle(.configLoaded(moved, problem: nil), at: 2) == [])
  }

  @Test func aCommandThatCannotStartShowsTheMarkerFromTheFirstFrame() {
    var bar = Self.wrapBar()
    let frames = BarDriver.frames(
      bar.handle([.started(nil, fileExists: false), .wrappedStarted(problem: "i3status: not found")], at: 0))
    #expect(frames.count == 1)
    #expect(frames.first?.contains(#""full_text":"⚠ i3status: not found""#) == true, "\(frames)")
    #expect(frames.first?.contains(#""full_text":"Ready 25:00 ⚠""#) == true, "\(frames)")
  }

  @Test func aCommandThatWritesNothingUsableShowsWhyOnceUntilItDoes() {
    var bar = Self.wrapBar(position: "\"last\"")
    _ = bar.handle([.started(nil, fileExists: false), .wrappedStarted(problem: nil)], at: 0)
    let why = "'i3status' wrote something unusable: a line that is not JSON was skipped: x"
    let marker =
      #"{"name":"pomobar-wrap","instance":"pomodoro","full_text":"⚠ "# + why + #"","#
      + ##""short_text":"⚠ i3status","color":"#E5484D","urgent":false,"markup":"none"}"##
    let warned = block("Ready 25:00 ⚠", short: "⣿ 25:00 ⚠", color: "#8B8D98")
    // Nothing usable yet: the reason takes the command's place, and pomobar's block has ⚠.
    #expect(
      bar.handle(.wrappedUnusable(problem: why), at: 1) == [
        .write(i3barFrame(marker, warned), replaceable: true)
      ])
    // Once per problem: more of it changes nothing.
    #expect(bar.handle(.wrappedUnusable(problem: why + "y"), at: 2) == [])
    // A usable line: its blocks, and the ⚠ goes, in one line.
    #expect(
      bar.handle(Self.blocks(Self.cpu), at: 3) == [
        .write(i3barFrame(Self.cpu, Self.ready), replaceable: true)
      ])
    #expect(
      bar.handle(Self.blocks(Self.clock), at: 4) == [
        .write(i3barFrame(Self.clock, Self.ready), replaceable: true)
      ])
    // After a usable line, garbage keeps that line up, with ⚠ on pomobar's block.
    #expect(
      bar.handle(.wrappedUnusable(problem: why), at: 5) == [
        .write(i3barFrame(Self.clock, warned), replaceable: true)
      ])
  }
}
