import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// What the bar and the notification show of a time away that waits for an answer.
@Suite struct AwayViewTests {
  /// Idle, the clock on `api` since 2000, away from 600 to 2000 waiting until 2600.
  private var state: TimerState {
    var state = TimerState()
    state.ledger.project = "api"
    state.ledger.awayChoice = AwayChoice(
      from: at(600), to: at(2000), project: "api", timer: TimerNote(.paused, by: .away, .seconds(1400)),
      answerBy: at(2600))
    return state
  }

  @Test func theBarShowsAMarkAClassAndHowToAnswer() {
    // 2100 s is 00:35 local: 600 is 00:10, 2000 00:33, 2600 00:43.
    let view = ViewModel(state: state, config: Config(), now: at(2100), localSecondOfDay: 2100)
    #expect(view.fullText == "⣿ Ready 25:00 ○○○○ · away 23 min?")
    #expect(view.shortText == "⣿ 25:00 ?")
    #expect(view.classes == ["idle", "away-pending"])
    let line =
      "Away 23 min (00:10-00:33), the clock on api: what was it? pomobar ctl away-was "
      + "work|discard|break, or the notification's buttons; unanswered, discarded at 00:43"
    #expect(view.tooltip.split(separator: "\n").last.map(String.init) == line)
    #expect(
      view.away
        == AwayView(
          seconds: 1400, project: "api", from: "00:10", to: "00:33", answerBy: "00:43", unanswered: .discard))
    let object = JSONStatusEncoder.object(view)
    #expect(object["away"]?["answer_by"] == "00:43")
    #expect(object["away"]?["unanswered"] == "discard")
  }

  @Test func aHiddenIdleTimerStillShowsTheQuestion() {
    var config = Config()
    config.display.hideWhenIdle = true
    let view = ViewModel(state: state, config: config, now: at(2100))
    #expect(view.fullText == "away 23 min?")
    #expect(view.shortText == "?")
  }

  @Test func theNotificationAsksWithTheAnswersAsButtons() {
    var config = Config()
    config.ledger.away.unanswered = .work
    let plan = NotificationPlan(away: state.ledger.awayChoice!, state: state, config: config)
    #expect(plan.title == "Away 23 min")
    #expect(
      plan.body
        == "What was it? The clock was on api.\npaused: away 23 min.\nUnanswered, it is kept as work in 10 min."
    )
    #expect(plan.buttons.map(\.name) == ["away-work", "away-discard", "away-break"])
    #expect(plan.buttons.map(\.action) == [.awayWas(.work), .awayWas(.discard), .awayWas(.break)])
    #expect(plan.buttons.map(\.label) == ["Keep as work", "Discard", "Was a break"])
    #expect(NotificationSubject.holds(plan.subject, in: state))
    var moved = state
    moved.phase = .running(.focus, deadline: at(3600), total: .seconds(1500))
    #expect(NotificationSubject.holds(plan.subject, in: moved), "the timer moving on leaves it alone")
    var answered = state
    answered.ledger.awayChoice = nil
    #expect(!NotificationSubject.holds(plan.subject, in: answered), "answered, its buttons are stale")
    let focusDone = NotificationSubject.of(TimerState(phase: .focusDone))
    #expect(
      !NotificationSubject.holds(focusDone, in: answered), "a phase's notification keeps its own subject")
  }
}
