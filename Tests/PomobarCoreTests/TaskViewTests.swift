import Testing

@testable import PomobarCore

/// The task shows: `{task}`, the tooltip, `status --format json`, `watch`, the notification
/// at the focus's end; and nothing of it without one.
@Suite struct TaskViewTests {
  let task = TaskRef(title: "write the report", id: "a3f", source: "taskwarrior")

  func state(task: TaskRef?) -> TimerState {
    var state = TimerState(phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)))
    state.ledger.task = task
    return state
  }

  func config(_ text: String = "") throws -> Config {
    try ConfigLoader.load(Array(text.utf8), file: "config.toml").get()
  }

  @Test func theTaskPlaceholderIsTheTitleAndEmptyWithout() throws {
    let config = try config("[format]\nfull = \"{time} {task} {dots}\"\nshort = \"{task}\"")
    let with = ViewModel(state: state(task: task), config: config, now: .seconds(0))
    #expect(with.fullText == "25:00 write the report ●○○○")
    #expect(with.shortText == "write the report")
    let without = ViewModel(state: state(task: nil), config: config, now: .seconds(0))
    #expect(without.fullText == "25:00 ●○○○")
  }

  @Test func theDefaultTooltipSaysTheTaskAfterThePhase() throws {
    let with = ViewModel(state: state(task: task), config: try config(), now: .seconds(0))
    let without = ViewModel(state: state(task: nil), config: try config(), now: .seconds(0))
    #expect(with.tooltip.split(separator: "\n").contains("Task: write the report"))
    var lines = with.tooltip.split(separator: "\n")
    lines.removeAll { $0 == "Task: write the report" }
    #expect(lines.joined(separator: "\n") == without.tooltip, "the line and nothing else")
    #expect(with.task == task)
    #expect(with != without, "a changed task is a new frame")
  }

  @Test func statusJSONCarriesTheTaskOrNull() throws {
    var encoder = JSONStatusEncoder()
    let with = try JSON.parse(encoder.frame(ViewModel(state: state(task: task), config: try config(), now: .seconds(0))))
    #expect(with["task"] == ["title": "write the report", "id": "a3f", "source": "taskwarrior"])
    let without = try JSON.parse(encoder.frame(ViewModel(state: state(task: nil), config: try config(), now: .seconds(0))))
    #expect(without["task"] == nil as JSONValue)
  }

  @Test func watchLinesHaveTheTaskOnlyWhileOneIsSet() throws {
    var encoder = WatchEncoder()
    let without = encoder.frame(ViewModel(state: state(task: nil), config: try config(), now: .seconds(0)))
    #expect(!without.contains("task"))
    let with = encoder.frame(ViewModel(state: state(task: task), config: try config(), now: .seconds(0)))
    #expect(with.hasSuffix(##""away":null,"task":{"title":"write the report","id":"a3f","source":"taskwarrior"}}"## + "\n"))
    #expect(encoder.frame(ViewModel(state: state(task: task), config: try config(), now: .seconds(0))) == "", "unchanged")
  }

  @Test func theNotificationAtTheFocussEndSaysTheTask() throws {
    var done = TimerState(phase: .focusDone, slot: 1, completed: 1)
    done.ledger.task = task
    let plan = NotificationPlan(ended: .focus, state: done, config: try config())
    #expect(plan.body == "Task: write the report\nCompleted: 1. Next: short break, 5 min.")
    // A text that shows {task} itself says it where it says.
    let own = try config("[notifications]\nfocus-done-title = \"Done: {task}\"")
    let told = NotificationPlan(ended: .focus, state: done, config: own)
    #expect(told.title == "Done: write the report")
    #expect(told.body == "Completed: 1. Next: short break, 5 min.")
    // A break's end is not about the task.
    var idle = TimerState(slot: 2, completed: 1)
    idle.ledger.task = task
    #expect(NotificationPlan(ended: .shortBreak, state: idle, config: try config()).body == "Next: focus, 25 min.")
  }
}
