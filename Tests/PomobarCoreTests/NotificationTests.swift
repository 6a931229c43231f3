import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

private func load(_ text: String) -> ConfigLoad {
  ConfigLoader.load(Array(text.utf8), file: "config.toml")
}

@Suite struct NotificationTextTests {
  @Test func placeholdersAreFilledInAndBracesEscaped() throws {
    let text = try NotificationText("{{{next}}} for {duration}, {completed} done{project}")
    #expect(
      text.render([.next: "short break", .duration: "5 min", .completed: "3", .project: " on api"])
        == "{short break} for 5 min, 3 done on api")
    #expect(try NotificationText("plain").render([:]) == "plain")
    #expect(try NotificationText("").render([.next: "x"]) == "")
  }

  @Test func anUnknownOrBrokenPlaceholderSaysWhereAndWhat() {
    #expect(
      throws: TemplateFailure(offset: 7, message: "unknown placeholder {nxt} (did you mean 'next'?)")
    ) {
      try NotificationText("Next: {nxt}")
    }
    #expect(
      throws: TemplateFailure(offset: 2, message: "'{' is not closed (write '{{' for a brace)")
    ) {
      try NotificationText("a {next")
    }
    #expect(throws: TemplateFailure(offset: 1, message: "'}' without a '{' (write '}}' for a brace)")) {
      try NotificationText("a} b")
    }
  }
}

@Suite struct NotificationConfigTests {
  @Test func readsEveryNotificationAndFocusModeKey() throws {
    let config = try load(
      """
      [display]
      urgent-for = "30s"
      [notifications]
      enabled = true
      command = "notify-send --category=pomodoro"
      urgency = "critical"
      icon = "/usr/share/icons/tomato.svg"
      timeout = "20s"
      actions = false
      focus-done-title = "Tomato {completed}"
      focus-done-body = "Now {next}"
      break-done-title = "Back"
      break-done-body = "{duration} of {next} on {project}"
      [focus-mode]
      dnd = "auto"
      """
    ).get()
    #expect(config.display.urgentFor == .seconds(30))
    let n = config.notifications
    #expect(n.command == ["notify-send", "--category=pomodoro"])
    #expect(n.urgency == .critical)
    #expect(n.icon == "/usr/share/icons/tomato.svg")
    #expect(n.timeout == .seconds(20))
    #expect(n.actions == false)
    #expect(n.focusDoneTitle.template == "Tomato {completed}")
    #expect(n.breakDoneBody.template == "{duration} of {next} on {project}")
    #expect(config.focusMode.dnd == .auto)
    // What check-config prints reads back to the same config.
    #expect(try load(ConfigPrinter.toml(config)).get() == config)
  }

  @Test func falseMeansNoLimitAndAnEmptyIconTheDefault() throws {
    let config = try load("[display]\nurgent-for = false\n[notifications]\ntimeout = false\nicon = \"\"\n")
      .get()
    #expect(config.display.urgentFor == nil)
    #expect(config.notifications.timeout == nil)
    #expect(config.notifications.icon == nil)
    #expect(config == Config())
  }

  @Test func mistakesAreErrorsAtTheirPlace() {
    let errors = load(
      """
      [notifications]
      urgency = "loud"
      focus-done-body = "Next: {nxt}"
      timeout = "0s"
      [focus-mode]
      dnd = "dunstt"
      [display]
      urgent-for = 5.5
      """
    ).errors.map(\.description)
    #expect(
      errors == [
        "config.toml:2:11: 'urgency' must be one of \"low\", \"normal\", \"critical\", not \"loud\" (did you mean 'low'?)",
        "config.toml:3:27: 'focus-done-body': unknown placeholder {nxt} (did you mean 'next'?)",
        "config.toml:4:11: 'timeout' must be at least 1s",
        "config.toml:6:7: 'dnd' must be one of \"off\", \"auto\", \"dunst\", \"mako\", \"swaync\", not \"dunstt\" (did you mean 'dunst'?)",
        "config.toml:8:14: 'urgent-for' must be a duration like \"1h\" or false, not a float",
      ])
  }

  @Test func aBrokenTextKeepsItsPreviousValueOnAReload() throws {
    var good = Config()
    good.notifications.focusDoneTitle = try NotificationText("Done: {completed}")
    let reload = ConfigLoader.load(
      Array("[notifications]\nfocus-done-title = \"{oops}\"\n".utf8), file: "config.toml", fallback: good)
    #expect(reload.errors.count == 1)
    #expect(reload.config.notifications.focusDoneTitle.template == "Done: {completed}")
  }
}

@Suite struct NotificationPlanTests {
  let config = Config()

  func plan(_ ended: PhaseKind, _ state: TimerState) -> NotificationPlan {
    NotificationPlan(ended: ended, state: state, config: config)
  }

  @Test func aFocusThatWaitsOffersTheBreakOrANewFocus() {
    let done = TimerState(phase: .focusDone, slot: 4, completed: 4)
    let p = plan(.focus, done)
    #expect(p.title == "Pomodoro complete")
    #expect(p.body == "Completed: 4. Next: long break, 15 min.")
    #expect(p.buttons.map(\.label) == ["Start break", "New focus"])
    #expect(p.buttons.map(\.action) == [.startBreak, .start])
    #expect(p.buttons.map(\.action.ctlWords) == [["break"], ["start"]])
    #expect(p.subject == "focus-done.4.4")
  }

  @Test func aBreakStartedByAutoAdvanceOffersToSkipItOrTakeFiveMore() {
    var state = TimerState(
      phase: .running(.shortBreak, deadline: at(1800), total: .seconds(300)), completed: 1)
    state.ledger.phaseLog = PhaseLog(start: at(1500))
    let p = plan(.focus, state)
    #expect(p.body == "Completed: 1. Next: short break, 5 min.")
    #expect(p.buttons.map(\.label) == ["Skip break", "+5 min"])
    #expect(p.buttons.map(\.action.ctlWords) == [["start"], ["extend", "5m"]])
  }

  @Test func theEndOfABreakOffersAFocus() {
    var p = plan(.shortBreak, TimerState(phase: .idle, slot: 2, completed: 1))
    #expect(p.title == "Break over")
    #expect(p.body == "Next: focus, 25 min.")
    #expect(p.buttons.map(\.label) == ["Start focus"])
    p = plan(
      .shortBreak, TimerState(phase: .running(.focus, deadline: at(3000), total: .seconds(1500)), slot: 2))
    #expect(p.buttons.map(\.label) == ["Pause"])
    #expect(p.buttons.map(\.action) == [.pause])
  }

  @Test func withoutActionsThereAreNoButtonsAndTheTextsAreTheUsers() throws {
    var config = Config()
    config.notifications.actions = false
    config.notifications.breakDoneBody = try NotificationText("{next} on {project}, {completed} so far")
    var state = TimerState(phase: .idle, completed: 2)
    state.ledger.project = "api"
    let p = NotificationPlan(ended: .longBreak, state: state, config: config)
    #expect(p.buttons.isEmpty)
    #expect(p.body == "focus on api, 2 so far")
  }

  @Test func theSubjectOutlivesAPauseAnExtendAndAProjectButNotANewPhase() {
    var m = TimerMachine(
      settings: {
        var s = TimerSettings()
        s.autoAdvance = .toBreak
        return s
      }())
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.deadlineReached, at: at(1500))  // the break starts by itself
    let subject = NotificationSubject.of(m.state)
    for (action, time) in [(Action.pause, 1510), (.extend(.seconds(300)), 1520), (.resume, 1530)] {
      _ = m.handle(.action(action), at: at(Int64(time)))
      #expect(NotificationSubject.of(m.state) == subject, "\(action)")
    }
    _ = m.handle(.action(.project("api")), at: at(1540))
    #expect(NotificationSubject.of(m.state) == subject)
    _ = m.handle(.action(.skip), at: at(1550))
    #expect(NotificationSubject.of(m.state) != subject)
    // Stop and start again: the same slot and count, another focus.
    let focus = NotificationSubject.of(m.state)
    _ = m.handle(.action(.stop), at: at(1560))
    _ = m.handle(.action(.start), at: at(1570))
    #expect(NotificationSubject.of(m.state) != focus)
  }
}

@Suite struct UrgentForTests {
  @Test func theMachineStampsWhenThePhaseRanOutAndAnActionClearsIt() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.deadlineReached, at: at(1600))
    #expect(m.state.urgent)
    #expect(m.state.urgentSince == at(1500), "the deadline, not when it was noticed")
    _ = m.handle(.action(.startBreak), at: at(1700))
    #expect(!m.state.urgent)
    #expect(m.state.urgentSince == nil)
  }

  @Test func urgentShowsForItsSpanThenClears() {
    let state = TimerState(phase: .focusDone, urgency: .init(since: at(1500)))
    #expect(state.isUrgent(at: at(1529), lasting: .seconds(30)))
    #expect(!state.isUrgent(at: at(1530), lasting: .seconds(30)))
    #expect(state.isUrgent(at: at(99_999), lasting: nil), "without urgent-for: until the next action")
    var config = Config()
    config.display.urgentFor = .seconds(30)
    #expect(ViewModel(state: state, config: config, now: at(1520)).urgent)
    #expect(!ViewModel(state: state, config: config, now: at(1531)).urgent)
    #expect(ViewModel(state: state, config: Config(), now: at(9000)).urgent)
  }

  @Test func theStampIsSavedAndReadBack() throws {
    let written = ClockReading(
      wall: 1_000_000_000_000, boottime: 2_000_000_000_000, monotonic: 1_000, bootID: "b")
    let state = TimerState(
      phase: .focusDone, urgency: .init(since: Instant(nanoseconds: 1_999_000_000_000)))
    let document = StateDocument(timer: state, written: written)
    let back = try StateDocument(json: Array(document.json().utf8))
    #expect(back.timer.urgentSince == state.urgentSince)
    let quiet = StateDocument(timer: TimerState(), written: written)
    #expect(!quiet.json().contains("urgent_since"), "absent when not urgent, as in earlier files")
  }

  @Test func theLastMinuteOfARunningPhaseIsEnding() {
    let config = Config()
    func classes(_ phase: TimerPhase, now: Int64) -> [String] {
      ViewModel(state: TimerState(phase: phase), config: config, now: at(now)).classes
    }
    let focus = TimerPhase.running(.focus, deadline: at(1500), total: .seconds(1500))
    #expect(classes(focus, now: 1439) == ["focus"])
    #expect(classes(focus, now: 1440) == ["focus", "ending"])
    #expect(
      classes(.running(.shortBreak, deadline: at(300), total: .seconds(300)), now: 299) == [
        "short-break", "ending",
      ])
    #expect(
      classes(.paused(.focus, remaining: .seconds(30), total: .seconds(1500)), now: 0) == ["focus", "paused"])
    #expect(classes(.focusDone, now: 0) == ["focus-done"])
  }
}
