import Testing

@testable import PomobarCore

/// `[projects.NAME] focus`, `short-break`, `long-break`: a project's own phase lengths.
@Suite struct ProjectLengthTests {
  func load(_ text: String) -> ConfigLoad { ConfigLoader.load(Array(text.utf8), file: "config.toml") }

  let text = """
    [timer]
    focus = "25m"
    [projects.acme]
    focus = "50m"
    short-break = "10m"
    [projects."deep work"]
    long-break = "40m"
    [projects.web]
    color = "#3E63DD"
    """

  @Test func theKeysReadIntoTheProjectAndTheTimer() throws {
    let config = try load(text).get()
    #expect(config.project("acme").lengths.focus == .seconds(3000))
    #expect(config.project("acme").lengths.shortBreak == .seconds(600))
    #expect(config.project("acme").lengths.longBreak == nil)
    #expect(config.timer.projectLengths.keys.sorted() == ["acme", "deep work"], "none for a project without")
    #expect(config.timer.length(of: .focus, for: "acme") == .seconds(3000))
    #expect(config.timer.length(of: .longBreak, for: "acme") == .seconds(900), "[timer]'s where it sets none")
    #expect(config.timer.length(of: .focus, for: "web") == .seconds(1500))
    #expect(config.timer.length(of: .focus, for: nil) == .seconds(1500))
  }

  @Test func aBrokenLengthIsAMistakeAtItsPlace() {
    let load = load("[projects.acme]\nfocus = \"0s\"\nshort-break = \"5 mns\"\n")
    #expect(
      load.errors.map(\.description) == [
        "config.toml:2:9: 'focus' must be at least 1s",
        "config.toml:3:18: 'short-break': cannot read \"5 mns\" as a duration: 'mns' is not a unit; write 5 mins",
      ])
  }

  @Test func checkConfigPrintsThem() throws {
    let printed = ConfigPrinter.toml(try load(text).get())
    #expect(printed.contains("[projects.acme]\nfocus = \"50m\"\nshort-break = \"10m\"\n"), "\(printed)")
  }

  @Test func aFocusStartedOnTheProjectTakesItsLengthAndItsBreakToo() throws {
    let config = try load(text).get()
    var m = TimerMachine(settings: config.timer, ledger: config.ledger)
    _ = m.handle(.action(.project("acme")), at: .seconds(0))
    _ = m.handle(.action(.start), at: .seconds(10))
    #expect(m.state.phase == .running(.focus, deadline: .seconds(3010), total: .seconds(3000)))
    _ = m.handle(.deadlineReached, at: .seconds(3010))
    _ = m.handle(.action(.startBreak), at: .seconds(3010))
    #expect(m.state.phase == .running(.shortBreak, deadline: .seconds(3610), total: .seconds(600)))
    // Switching project while a phase runs leaves its length; the next one is the new project's.
    _ = m.handle(.action(.project("web")), at: .seconds(3100))
    #expect(m.state.phase == .running(.shortBreak, deadline: .seconds(3610), total: .seconds(600)))
    _ = m.handle(.action(.start), at: .seconds(3200))
    #expect(m.state.phase == .running(.focus, deadline: .seconds(4700), total: .seconds(1500)))
  }

  @Test func theBarsRingAndTheNotificationFollowIt() throws {
    let config = try load(text).get()
    var state = TimerState()
    state.ledger.project = "acme"
    let view = ViewModel(state: state, config: config, now: .seconds(0))
    #expect(view.totalSeconds == 3000)
    #expect(view.time == "50:00")
    #expect(view.tooltip.hasPrefix("Ready: Focus 1 of 4, 50 min\n"), "\(view.tooltip)")
    state.phase = .focusDone
    let plan = NotificationPlan(ended: .focus, state: state, config: config)
    #expect(plan.body.contains("10 min"), "\(plan.body)")
  }

  @Test func flowtimeStillCountsUp() throws {
    var config = try load(text).get()
    config.timer.mode = .flowtime
    #expect(config.timer.length(of: .focus, for: "acme") == TimerMachine.longestPhase)
    #expect(config.timer.length(of: .shortBreak, for: "acme") == .seconds(600))
  }
}
