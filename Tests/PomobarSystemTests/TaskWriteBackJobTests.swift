import PomobarCore
import Testing

@testable import PomobarSystem

/// The write-back is one more command of a focus's start and end in the effect job: so it
/// runs once, as hooks do; without a task from a source, the job is what it was.
@Suite struct TaskWriteBackJobTests {
  static let now = ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b")

  static func context(_ task: TaskRef?, reason: EndReason? = nil) -> HookContext {
    HookContext(
      phase: .focus, reason: reason, slot: 1, completed: 0, next: .shortBreak, total: .seconds(1500),
      remaining: .seconds(60), task: task)
  }

  @Test func aTaskwarriorFocusIsStartedAndEndedThroughTheRunner() throws {
    var config = Config()
    config.hooks[.focusEnd] = ["echo end"]
    let task = TaskRef(title: "write", id: "u-1", source: "taskwarrior", project: "acme")
    let runner = EffectRunner(config: config, logFolder: "/s")
    let end = try #require(
      runner.job(for: [.runHook(.focusEnd, Self.context(task, reason: .stopped))], now: Self.now))
    #expect(end.commands.map(\.label) == ["focus-end", "task-write-back"])
    #expect(
      end.commands[1].arguments == [
        "/proc/self/exe", "__task-write-back", "taskwarrior", "end", "24", "stopped", "~/todo.txt", "u-1",
      ])
    #expect(end.commands[1].environment.contains("POMOBAR_WRITE_BACK=1"))
    #expect(end.commands[1].environment.contains("POMOBAR_TASK_ID=u-1"))
    #expect(end.commands[1].environment.contains("POMOBAR_MINUTES=24"))
    let start = runner.job(for: [.runHook(.focusStart, Self.context(task))], now: Self.now)
    #expect(
      start?.commands.map { Array($0.arguments.prefix(4)) } == [
        ["/proc/self/exe", "__task-write-back", "taskwarrior", "start"]
      ])
  }

  /// A task chosen for a running focus (`Effect.writeBack`): taskwarrior's started, and
  /// the one the focus had stopped (`release`); todo.txt writes only at the end; a
  /// command source's command sees the start as `focus-start`.
  @Test func aTaskChosenDuringAFocusIsWrittenBackThroughTheRunner() throws {
    let task = TaskRef(title: "write", id: "u-1", source: "taskwarrior")
    let runner = EffectRunner(config: Config(), logFolder: "/s")
    let job = try #require(
      runner.job(
        for: [.writeBack(.release, Self.context(task)), .writeBack(.start, Self.context(task))], now: Self.now
      ))
    #expect(
      job.commands.map { Array($0.arguments.dropFirst().prefix(3)) } == [
        ["__task-write-back", "taskwarrior", "release"], ["__task-write-back", "taskwarrior", "start"],
      ])
    #expect(job.commands.map(\.label) == ["task-write-back", "task-write-back"])
    #expect(TaskWriteBack(arguments: Array(job.commands[0].arguments.dropFirst(2)))?.annotation == nil)
    let line = TaskRef(title: "write", id: "write +acme", source: "todo.txt")
    #expect(
      runner.job(
        for: [.writeBack(.release, Self.context(line)), .writeBack(.start, Self.context(line))], now: Self.now
      )
        == nil)
    var config = Config()
    config.tasks.writeBackCommand = "echo"
    let command = TaskRef(title: "write", id: "write", source: "command")
    let commands = EffectRunner(config: config, logFolder: "/s").job(
      for: [.writeBack(.release, Self.context(command)), .writeBack(.start, Self.context(command))],
      now: Self.now
    )?.commands
    #expect(commands?.map(\.arguments) == [["/bin/sh", "-c", "echo"]])
    #expect(commands?.first?.environment.contains("POMOBAR_EVENT=focus-start") == true)
  }

  @Test func withoutATaskFromASourceOrWithWriteBackOffNothingIsAdded() {
    var config = Config()
    config.hooks[.focusEnd] = ["echo end"]
    let byHand = TaskRef(title: "write")
    for task in [nil, byHand] {
      let job = EffectRunner(config: config, logFolder: "/s").job(
        for: [.runHook(.focusEnd, Self.context(task))], now: Self.now)
      #expect(job?.commands.map(\.label) == ["focus-end"])
    }
    config.tasks.writeBack = false
    let off = EffectRunner(config: config, logFolder: "/s").job(
      for: [.runHook(.focusEnd, Self.context(TaskRef(title: "w", id: "u", source: "taskwarrior")))],
      now: Self.now)
    #expect(off?.commands.map(\.label) == ["focus-end"])
  }
}
