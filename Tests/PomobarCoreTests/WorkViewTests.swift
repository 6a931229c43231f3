import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// The work clock in the bar: beside the timer, or instead of an idle one.
@Suite struct WorkViewTests {
  private func state(project: String? = "api", since: Int64 = 3600) -> TimerState {
    var state = TimerState()
    state.ledger.work = WorkClock(since: at(since), project: project)
    state.ledger.today = DayTotals(
      day: 7, seconds: [.init(project: "api", seconds: 1800), .init(project: "web", seconds: 600)])
    return state
  }

  private let today = LedgerDay(day: 7, start: at(0))

  @Test func theWorkClockShowsTodaysTimeOnItsProjectBesideTheTimer() {
    var config = Config()
    config.projects["api"] = ProjectSettings()
    config.projects["api"]?.color = "#FF8800"
    let view = ViewModel(state: state(), config: config, now: at(3600 + 780), today: today)
    #expect(view.work == WorkView(project: "api", color: "#FF8800", seconds: 2580, total: 3180))
    #expect(view.fullText == "⣿ Ready 25:00 ○○○○ · ● api 0:43")
    #expect(view.timerText == "⣿ Ready 25:00 ○○○○")
    #expect(view.shortText == "⣿ 25:00 ● 0:43")
    #expect(view.tooltip.hasSuffix("Today: 0:53 worked\n● api 0:43 (81%)\n● web 0:10 (19%)"))
    #expect(view.classes == ["idle", "working"])
  }

  @Test func anIntervalThatBeganYesterdayCountsFromTheStartOfToday() {
    let view = ViewModel(state: state(since: -7200), config: Config(), now: at(600), today: today)
    #expect(view.work?.seconds == Int64(2400))
  }

  @Test func showTimerHidesTheWorkClockAndShowWorkHidesAnIdleTimer() {
    var config = Config()
    config.ledger.show = .timer
    #expect(ViewModel(state: state(), config: config, now: at(3600), today: today).work == nil)
    config.ledger.show = .work
    let idle = ViewModel(state: state(), config: config, now: at(3600), today: today)
    #expect(idle.fullText == "● api 0:30")
    #expect(idle.timerText == "")
    var running = state()
    running.phase = .running(.focus, deadline: at(4000), total: .seconds(1500))
    #expect(
      ViewModel(state: running, config: config, now: at(3600), today: today).fullText.contains(
        "Focus 06:40 ●○○○ · ● api 0:30"))
  }

  @Test func i3barGetsTheWorkClockAsABlockOfItsOwn() throws {
    let view = ViewModel(state: state(project: nil), config: Config(), now: at(3600), today: today)
    var encoder = I3barEncoder()
    let blocks = try JSON.parse(encoder.frame(view))
    #expect(blocks[0]?["full_text"] == .string("⣿ Ready 25:00 ○○○○"))
    #expect(blocks[1]?["name"] == "pomobar-work")
    #expect(blocks[1]?["full_text"] == "● work 0:00")
    #expect(blocks[1]?["color"] == .string(Config().color(ofProject: nil)))
    #expect(WorkClicks.action(for: .left) == .workToggle)
    #expect(WorkClicks.action(for: .scrollDown) == .projectPrevious)
  }

  /// Issue 17: a left click on the work block stopped the clock and the block went away,
  /// leaving nothing to click to start it again.
  @Test func aStoppedClockWithAProjectStaysAsAMutedBlockThatALeftClickStarts() throws {
    var stopped = state()
    stopped.ledger.work = nil
    stopped.ledger.project = "api"
    let view = ViewModel(state: stopped, config: Config(), now: at(3600), today: today)
    #expect(
      view.work == WorkView(project: "api", color: Config().display.colors.idle, seconds: 1800, total: 2400, running: false))
    #expect(view.fullText == "⣿ Ready 25:00 ○○○○ · ○ api 0:30")
    #expect(view.classes == ["idle"])
    var encoder = I3barEncoder()
    let blocks = try JSON.parse(encoder.frame(view))
    #expect(blocks[1]?["name"] == "pomobar-work")
    #expect(blocks[1]?["full_text"] == "○ api 0:30")
    #expect(blocks[1]?["color"] == .string(Config().display.colors.idle))
    var json = JSONStatusEncoder()
    let status = try JSON.parse(json.frame(view))
    #expect(status["work"] == nil as JSONValue)
    #expect(status["project"] == "api")
    // No project: nothing to start, no block.
    stopped.ledger.project = nil
    #expect(ViewModel(state: stopped, config: Config(), now: at(3600), today: today).work == nil)
  }

  @Test(arguments: [
    ([1, 1, 1], [34, 33, 33]), ([0, 0], [0, 0]), ([2, 1], [67, 33]), ([5], [100]),
    ([1, 1, 1, 1, 1, 1], [17, 17, 17, 17, 16, 16]),
  ])
  func sharesAlwaysAddUpToAHundred(parts: [Int64], shares: [Int]) {
    #expect(largestRemainderPercentages(parts) == shares)
  }
}
