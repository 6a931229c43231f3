import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

@Suite struct ViewModelTests {
  let config = Config()

  @Test func idleShowsTheNextFocusInAMutedColour() {
    let view = ViewModel(state: TimerState(), config: config, now: at(0))
    #expect(view.fullText == "⣿ Ready 25:00 ○○○○")
    #expect(view.shortText == "⣿ 25:00")
    #expect(view.color == "#8B8D98")
    #expect(view.classes == ["idle"])
    #expect(view.percentage == 100)
  }

  @Test func runningFocusCountsDownInTomatoAndSaysWhenItEnds() {
    let state = TimerState(
      phase: .running(.focus, deadline: at(1500), total: .seconds(1500)), slot: 2, completed: 1)
    let view = ViewModel(
      state: state, config: config, now: Instant(nanoseconds: 653_500_000_000),
      localSecondOfDay: 14 * 3600 + 10 * 60)
    #expect(view.time == "14:07")  // 846.5 s left rounds up
    #expect(view.fullText == "⣇ Focus 14:07 ●●○○")
    #expect(view.color == "#E54D2E")
    #expect(view.endsAt == "14:24")
    #expect(view.tooltip == "Focus 2 of 4\n14:07 left, ends at 14:24\n1 focus session completed")
  }

  @Test func ringHasNineStepsAndEmptiesClockwise() {
    var seen: [String] = []
    for left in stride(from: Int64(1500), through: 1, by: -1) {
      let state = TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500)))
      let ring = ViewModel(state: state, config: config, now: at(1500 - left)).ring
      if seen.last != ring { seen.append(ring) }
    }
    #expect(seen == ["⣿", "⣷", "⣧", "⣇", "⡇", "⠇", "⠃", "⠁"])
  }

  @Test func pausedIsMutedAndClassed() {
    let state = TimerState(
      phase: .paused(.shortBreak, remaining: .seconds(61), total: .seconds(300)), slot: 1)
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.fullText == "⠃ Short break paused 01:01 ●○○○")  // 61 of 300 s: two of eight dots
    #expect(view.classes == ["short-break", "paused"])
    #expect(view.color == "#8B8D98")
    #expect(view.tooltip.hasPrefix("Short break paused: after focus 1 of 4\n01:01 left of 05:00"))
  }

  @Test(arguments: [
    (PhaseKind.focus, "⣿ Focus paused 12:00 ●●○○", "Focus paused: 2 of 4"),
    (.shortBreak, "⣿ Short break paused 12:00 ●●○○", "Short break paused: after focus 2 of 4"),
    (.longBreak, "⣿ Long break paused 12:00 ●●○○", "Long break paused: after focus 2 of 4"),
  ])
  func aPausedPhaseSaysWhichPhaseIsPaused(kind: PhaseKind, text: String, title: String) {
    let state = TimerState(
      phase: .paused(TimedPhase(kind), remaining: .seconds(720), total: .seconds(720)), slot: 2)
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.fullText == text)
    #expect(view.shortText == "⣿ 12:00")
    #expect(view.tooltip.split(separator: "\n").first.map(String.init) == title)
  }

  @Test func focusDoneIsUrgentAndOffersTheBreak() {
    let state = TimerState(phase: .focusDone, slot: 4, urgency: .init(), completed: 4)
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.fullText == "✓ Focus done ●●●●")
    #expect(view.classes == ["focus-done", "urgent"])
    #expect(view.tooltip.hasPrefix("Focus 4 of 4 done: long break next"))
    #expect(view.percentage == 0)
  }

  @Test func notesAndProblemsReachTheTooltip() {
    let state = TimerState(note: TimerNote(.counted, by: .suspend, .seconds(42 * 60)))
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.tooltip.hasSuffix("\ncounted: suspended 42 min"))
    let broken = ViewModel(state: state, config: config, now: at(0), problem: "config error: x")
    #expect(broken.note == "config error: x")
    #expect(
      broken.tooltip.hasSuffix("\ncounted: suspended 42 min\nconfig error: x"), "both, each on its line")
    #expect(broken.fullText == "⣿ Ready 25:00 ○○○○ · suspended 42 min, counted ⚠")
    #expect(broken.shortText == "⣿ 25:00 ☾ ⚠")
    let quiet = ViewModel(state: TimerState(), config: config, now: at(0), problem: "config error: x")
    #expect(quiet.fullText == "⣿ Ready 25:00 ○○○○ ⚠")
  }

  /// Bars without a tooltip (i3bar, polybar, tmux) see each note too, compactly, after the
  /// dots; the compact form keeps only a mark.
  @Test(arguments: [
    (
      TimerState(
        phase: .paused(.focus, remaining: .seconds(720), total: .seconds(1500)),
        note: TimerNote(.paused, by: .suspend, .seconds(42 * 60))),
      "⡇ Focus paused 12:00 ●○○○ · suspended 42 min", "⡇ 12:00 ☾", "paused: suspended 42 min"
    ),
    (
      TimerState(
        phase: .focusDone, urgency: .init(), note: TimerNote(.counted, by: .suspend, .seconds(600)),
        completed: 1),
      "✓ Focus done ●○○○ · suspended 10 min, counted", "✓ done ☾", "counted: suspended 10 min"
    ),
    (
      TimerState(note: TimerNote(.voided, by: .suspend, .seconds(600))),
      "⣿ Ready 25:00 ○○○○ · suspended 10 min, focus abandoned", "⣿ 25:00 ☾",
      "focus abandoned: suspended 10 min"
    ),
    (
      TimerState(note: TimerNote(.reset, by: .suspend, .seconds(7200)), completed: 3),
      "⣿ Ready 25:00 ○○○○ · away 2 h, cycle reset", "⣿ 25:00 ☾", "cycle reset: away 2 h"
    ),
  ])
  func eachNoteReachesTheTextCompactly(state: TimerState, text: String, short: String, line: String) {
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.fullText == text)
    #expect(view.shortText == short)
    #expect(view.note == line)
    #expect(view.tooltip.split(separator: "\n").last.map(String.init) == line)
  }

  @Test func theNextActionClearsTheNoteFromTheText() {
    var machine = TimerMachine(
      state: TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500))))
    _ = machine.handle(.resumedFromSuspend(gap: .seconds(600)), at: at(700))
    let paused = ViewModel(state: machine.state, config: config, now: at(700))
    #expect(paused.fullText == "⣿ Focus paused 23:20 ●○○○ · suspended 10 min")
    _ = machine.handle(.action(.resume), at: at(700))
    let resumed = ViewModel(state: machine.state, config: config, now: at(700))
    #expect(resumed.fullText == "⣿ Focus 23:20 ●○○○")
    #expect(resumed.shortText == "⣿ 23:20")
  }

  /// Every focus slot up to the current one is filled, whatever the phase: the focus that
  /// runs, is paused, is done, or whose break it is; idle waits before its slot.
  @Test(arguments: [
    (TimerState(), "○○○○"),
    (TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500))), "●○○○"),
    (TimerState(phase: .paused(.focus, remaining: .seconds(60), total: .seconds(1500))), "●○○○"),
    (TimerState(phase: .running(.shortBreak, deadline: at(300), total: .seconds(300))), "●○○○"),
    (TimerState(slot: 2), "●○○○"),
    (TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500)), slot: 2), "●●○○"),
    (TimerState(phase: .paused(.shortBreak, remaining: .seconds(9), total: .seconds(300)), slot: 3), "●●●○"),
    (TimerState(slot: 4), "●●●○"),
    (TimerState(phase: .focusDone, slot: 4), "●●●●"),
    (TimerState(phase: .running(.longBreak, deadline: at(900), total: .seconds(900)), slot: 4), "●●●●"),
  ])
  func dotsFillEverySlotUpToTheCurrentFocus(state: TimerState, dots: String) {
    let view = ViewModel(state: state, config: config, now: at(0))
    #expect(view.dots == dots)
    #expect(view.fullText.hasSuffix(" " + dots))
  }

  /// A skipped focus moves the place in the cycle on but completes nothing: the dots and
  /// the title say focus 1, the count says none, and the tooltip draws no dots beside it.
  @Test func aSkippedFocusFillsItsDotButCountsNothing() {
    var machine = TimerMachine()
    _ = machine.handle(.action(.start), at: at(0))
    _ = machine.handle(.action(.skip), at: at(60))
    let view = ViewModel(state: machine.state, config: config, now: at(60))
    #expect(view.fullText == "⣿ Short break 05:00 ●○○○")
    #expect(view.tooltip == "Short break after focus 1 of 4\n05:00 left\nno focus sessions completed yet")
  }

  @Test func theDotsFollowAWholeCycleAndTheCountOnlyFinishedFocus() {
    var machine = TimerMachine()
    var seen: [String] = []
    var now = at(0)
    func look() {
      let view = ViewModel(state: machine.state, config: config, now: now)
      seen.append("\(view.dots) \(view.tooltip.split(separator: "\n").last!)")
    }
    look()
    for _ in 1...4 {
      _ = machine.handle(.action(.start), at: now)
      look()
      now = now + .seconds(1500)
      _ = machine.handle(.deadlineReached, at: now)
      look()
      _ = machine.handle(.action(.startBreak), at: now)
      look()
      now = now + .seconds(900)
      _ = machine.handle(.deadlineReached, at: now)
    }
    look()
    #expect(
      seen == [
        "○○○○ no focus sessions completed yet",
        "●○○○ no focus sessions completed yet", "●○○○ 1 focus session completed",
        "●○○○ 1 focus session completed",
        "●●○○ 1 focus session completed", "●●○○ 2 focus sessions completed",
        "●●○○ 2 focus sessions completed",
        "●●●○ 2 focus sessions completed", "●●●○ 3 focus sessions completed",
        "●●●○ 3 focus sessions completed",
        "●●●● 3 focus sessions completed", "●●●● 4 focus sessions completed",
        "●●●● 4 focus sessions completed",
        "○○○○ 4 focus sessions completed",
      ])
  }

  @Test func theViewCarriesTheConfiguredStepForTheKeyHelp() {
    var custom = Config()
    custom.timer.step = .seconds(300)
    #expect(ViewModel(state: TimerState(), config: custom, now: at(0)).step == .seconds(300))
    #expect(ViewModel(state: TimerState(), config: config, now: at(0)).step == .seconds(60))
  }

  @Test func aSlotPastAShortenedCycleIsClamped() {
    var small = Config()
    small.timer.longBreakEvery = 2
    let view = ViewModel(state: TimerState(slot: 5), config: small, now: at(0))
    #expect(view.dots == "●○")
    #expect(view.position == 2)
  }
}
