import Testing

@testable import PomobarCore

/// What the bar does when things go wrong, and when they are put right: a save that fails
/// (retried on a backoff, the timer computed in memory meanwhile), a config reloaded with
/// or without mistakes, a hook that failed. Each problem shows as ⚠, with its reason in
/// the tooltip.
@Suite struct BarSessionProblemTests {
  /// Plain texts and a one-line tooltip, so that a waybar frame reads as a golden line.
  static let config = barConfig(plainFormat + "tooltip = \"{phase}\"\n")

  /// The waybar frame of a done focus, with `problem` (nil: none).
  static func doneFrame(problem: String?) -> String {
    let tooltip = problem.map { #"Focus done\n"# + $0 } ?? "Focus done"
    return #"{"text":"✓ Focus done ●○○○"# + (problem == nil ? "" : " ⚠")
      + #"","alt":"focus-done","tooltip":"\#(tooltip)","class":["focus-done","urgent"],"percentage":0}"#
      + "\n"
  }

  @Test func aFailingSaveWarnsShowsTheTimerComputedInMemoryAndRetriesAfter1Then2Then4Seconds() {
    var bar = BarDriver(
      config: Self.config, encoder: WaybarEncoder(), document: focusDocument(deadline: 2, total: 2))
    _ = bar.start(at: 0.2)
    bar.saveProblem = "disk full"
    let problem = "cannot save the timer: disk full"
    // The deadline: the save fails, and the focus is done all the same, with ⚠ and why.
    #expect(
      bar.handle(.timer, at: 2) == [
        .transact([], stamp: nil), .warn(problem, kind: nil), .armRetry(after: ns(1)),
        .armTick(after: nil, seconds: 1), .write(Self.doneFrame(problem: problem), replaceable: true),
      ])
    #expect(bar.session.stateProblem == problem)
    #expect(bar.document?.timer.phase == .running(.focus, deadline: .seconds(2), total: .seconds(2)))
    // Each retry fails: warned (the system's `Warnings` says it once a minute), and the
    // next one armed after twice the pause, at most 4 s. Nothing else: no ticks, no frames.
    #expect(
      bar.handle(.timer, at: 3) == [
        .transact([], stamp: nil), .warn(problem, kind: nil), .armRetry(after: ns(2)),
      ])
    #expect(
      bar.handle(.timer, at: 5) == [
        .transact([], stamp: nil), .warn(problem, kind: nil), .armRetry(after: ns(4)),
      ])
    #expect(
      bar.handle(.timer, at: 9) == [
        .transact([], stamp: nil), .warn(problem, kind: nil), .armRetry(after: ns(4)),
      ])
    // A wake-up before the pause is over (a stray tick) does not try.
    #expect(bar.handle(.timer, at: 10) == [])
    #expect(bar.transacted.count == 4)
  }

  @Test func aChangeInTheStateFolderRetriesSoonerButNotMoreThanFourTimesASecond() {
    var bar = BarDriver(
      config: Self.config, encoder: WaybarEncoder(), document: focusDocument(deadline: 2, total: 2))
    _ = bar.start(at: 0.2)
    bar.saveProblem = "disk full"
    let problem = "cannot save the timer: disk full"
    _ = bar.handle(.timer, at: 2)  // fails; the next try is due at 3
    // Too soon after the last try: nothing.
    #expect(bar.handle(.stateFolderChanged, at: 2.1) == [])
    #expect(bar.handle(.stateFolderChanged, at: 2.2) == [])
    // A quarter of a second after it: tried, failed, and the backoff goes on (2 s).
    #expect(
      bar.handle(.stateFolderChanged, at: 2.25) == [
        .transact([], stamp: nil), .warn(problem, kind: nil), .armRetry(after: ns(2)),
      ])
    #expect(bar.handle(.stateFolderChanged, at: 2.4) == [])
    // Space was freed: the next change saves, the ⚠ goes and the retry is disarmed.
    bar.saveProblem = nil
    #expect(
      bar.handle(.stateFolderChanged, at: 2.5) == [
        .transact([], stamp: nil), .armRetry(after: nil),
        .write(Self.doneFrame(problem: nil), replaceable: true),
      ])
    #expect(bar.session.stateProblem == nil)
    #expect(bar.document?.timer.phase == .focusDone)
    #expect(bar.document?.written == reading(2.5))
    #expect(bar.transacted.count == 3)
    // Saved: nothing more to retry, however the folder changes.
    #expect(bar.handle(.stateFolderChanged, at: 3) == [])
    #expect(bar.handle(.timer, at: 4) == [])
  }

  @Test func aSaveAfterFailuresStartsTheBackoffAgainFromOneSecond() {
    var bar = BarDriver(
      config: Self.config, encoder: WaybarEncoder(), document: focusDocument(deadline: 2, total: 2))
    _ = bar.start(at: 0.2)
    bar.saveProblem = "disk full"
    _ = bar.handle(.timer, at: 2)
    _ = bar.handle(.timer, at: 3)
    bar.saveProblem = nil
    _ = bar.handle(.timer, at: 5)
    // The next failure waits 1 s again, not 4.
    bar.saveProblem = "read-only file system"
    bar.document = focusDocument(deadline: 20, total: 10, written: 10)
    _ = bar.handle(.stateRead(bar.document, fileExists: true), at: 10)
    #expect(
      bar.handle(.timer, at: 20).prefix(3) == [
        .transact([], stamp: nil), .warn("cannot save the timer: read-only file system", kind: nil),
        .armRetry(after: ns(1)),
      ])
  }

  @Test func aReloadedConfigShowsAtOnceAndItsProblemShowsWithAWarningSign() {
    var bar = BarDriver(
      config: Self.config, encoder: WaybarEncoder(), document: focusDocument(deadline: 1500))
    _ = bar.start(at: 0.5)
    // A new text, and ticks once a minute: the frame at once, the tick armed again.
    let minutes = barConfig(
      "[format]\nfull = \"{time} left\"\ntooltip = \"{phase}\"\n[display]\nupdate = \"minute\"\n")
    #expect(
      bar.handle(.configLoaded(minutes, problem: nil), at: 0.5) == [
        .armTick(after: ns(59.5), seconds: 60),
        .write(
          #"{"text":"25m left","alt":"focus","tooltip":"Focus","class":["focus"],"percentage":100}"# + "\n",
          replaceable: true),
      ])
    // A reload with a mistake: the keys that were read, and the mistake beside the timer.
    let mistake = "config.toml:3:1: unknown key 'updat' in [display] (did you mean 'update'?)"
    #expect(
      bar.handle(.configLoaded(minutes, problem: mistake), at: 1) == [
        .write(
          #"{"text":"25m left ⚠","alt":"focus","tooltip":"Focus\n\#(mistake)","class":["focus"],"#
            + #""percentage":100}"# + "\n",
          replaceable: true)
      ])
    // Fixed: the ⚠ goes.
    #expect(
      bar.handle(.configLoaded(minutes, problem: nil), at: 2) == [
        .write(
          #"{"text":"25m left","alt":"focus","tooltip":"Focus","class":["focus"],"percentage":100}"# + "\n",
          replaceable: true)
      ])
    #expect(bar.session.config == minutes)
  }

  @Test func aHookProblemIsWarnedOnceEachTimeItIsNewAndShownWhileItStands() {
    var bar = BarDriver(config: barConfig(plainFormat))
    _ = bar.start(at: 0)
    let failed = "focus-end hook `notify-send done` exited with status 127"
    #expect(
      bar.handle(.hookProblem(failed), at: 1) == [
        .warn(failed, kind: "hook failed"), .write("Ready 25:00 ⚠\n", replaceable: true),
      ])
    // The same failure read again (another file change): said and shown already.
    #expect(bar.handle(.hookProblem(failed), at: 2) == [])
    // Another failure: said, and the view has its reason (the tooltip; a plain line looks
    // the same).
    let other = "break-start hook `paplay x` timed out after 10 s"
    #expect(
      bar.handle(.hookProblem(other), at: 3) == [
        .warn(other, kind: "hook failed"), .write("Ready 25:00 ⚠\n", replaceable: true),
      ])
    // Cleared (the user acted), then failing again: said again.
    #expect(bar.handle(.hookProblem(nil), at: 4) == [.write("Ready 25:00\n", replaceable: true)])
    #expect(
      bar.handle(.hookProblem(other), at: 5) == [
        .warn(other, kind: "hook failed"), .write("Ready 25:00 ⚠\n", replaceable: true),
      ])
  }

  @Test func everyStandingProblemIsSaidInTheTooltipInOneLine() {
    var bar = BarDriver(
      config: Self.config, configProblem: "config.toml:1:1: bad", encoder: WaybarEncoder(),
      document: focusDocument(deadline: 2, total: 2))
    _ = bar.start(at: 0)
    bar.saveProblem = "disk full"
    _ = bar.handle(.hookProblem("a hook failed"), at: 1)
    let frames = BarDriver.frames(bar.handle(.timer, at: 2))
    #expect(
      frames == [
        Self.doneFrame(problem: "config.toml:1:1: bad; cannot save the timer: disk full; a hook failed")
      ])
  }
}
