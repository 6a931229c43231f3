import Testing

@testable import PomobarCore

/// A task's estimate, read from its source, and its focus time so far (every machine's,
/// from the bar's fold of the history) shown as progress: `{task-progress}`, the default
/// tooltip's task line, `status --format json`'s `spent`.
@Suite struct TaskProgressTests {
  let report = TaskRef(title: "write the report", id: "u-2", source: "taskwarrior", estimate: .seconds(7200))
  let config = barConfig("[format]\nfull = \"{task} {task-progress}\"\n")

  /// A focus of `minutes` on `task`, made on `machine`.
  func focus(_ task: TaskRef?, minutes: Int64, machine: String = "m1", serial: Int = 1) -> LedgerRecord {
    var record = ledgerRecord(
      .focus, "2026-11-27T08:00:00Z", "2026-11-27T09:00:00Z", seconds: minutes * 60,
      id: "\(machine).f.\(serial)")
    record.task = task
    return record
  }

  func figures(_ records: [LedgerRecord], task: TaskRef?, config: Config? = nil) -> HistoryFigures {
    var builder = HistoryFigures.Builder(
      config: config ?? self.config,
      request: .init(day: 0, dayBegan: 0, base: DayTotals(), owed: [], task: task))
    for record in records { builder.add(record) }
    return builder.finish()
  }

  /// A focus on `task` running for `elapsed` of its 25 min at 0 s.
  func running(_ task: TaskRef?, elapsed: Int64 = 0) -> TimerState {
    var state = TimerState(
      phase: .running(.focus, deadline: .seconds(1500 - elapsed), total: .seconds(1500)))
    state.ledger.task = task
    return state
  }

  // MARK: - The estimate, from each source

  @Test func taskwarriorsDurationUDAIsTheEstimate() throws {
    let export = """
      [{"id":1,"description":"a","uuid":"u-1","estimate":"PT2H"},
      {"id":2,"description":"b","uuid":"u-2","estimate":"P1DT1H30M15S"},
      {"id":3,"description":"c","uuid":"u-3","estimate":"P2W"},
      {"id":4,"description":"d","uuid":"u-4","estimate":"2h"},
      {"id":5,"description":"e","uuid":"u-5","estimate":"PT0S"},
      {"id":6,"description":"f","uuid":"u-6","estimate":90},
      {"id":7,"description":"g","uuid":"u-7"}]
      """
    let tasks = try TaskListing.read(Array(export.utf8), source: .taskwarrior).get()
    #expect(
      tasks.map(\.estimate) == [
        .seconds(7200), .seconds(86_400 + 5415), .seconds(14 * 86_400), nil, nil, nil, nil,
      ])
    for refused in ["P", "PT", "P1H", "PT1D", "PT1H2", "P-1D", "PT1.5H", "P99999999999999999999D", "xP1D"] {
      #expect(Taskwarrior.isoDuration(refused).flatMap { $0 > .zero ? $0 : nil } == nil, "\(refused)")
    }
    #expect(Taskwarrior.isoDuration("P1Y1M") == .seconds(395 * 86_400))
  }

  @Test func theHookStartsATaskWithItsEstimate() {
    let change = TaskwarriorHook.change(
      old: #"{"uuid":"u-2","description":"write the report"}"#,
      new: #"{"uuid":"u-2","description":"write the report","start":"20261127T080000Z","estimate":"PT2H"}"#)
    #expect(
      change
        == .started(
          TaskRef(title: "write the report", id: "u-2", source: "taskwarrior", estimate: .seconds(7200))))
  }

  @Test func todoTxtAndACommandSayItWithEst() throws {
    let file = "(A) write the report +acme est:1h30m\nplan the week est:soon\ncall Bob est:45\n"
    let tasks = try TaskListing.read(Array(file.utf8), source: .todoTxt).get()
    #expect(tasks.map(\.title) == ["write the report", "plan the week", "call Bob"])
    #expect(tasks.map(\.estimate) == [.seconds(5400), nil, .seconds(2700)])
    let lines = try TaskListing.read(Array("review PR 12 +acme est:2h\n".utf8), source: .command).get()
    #expect(lines.map(\.estimate) == [.seconds(7200)])
    #expect(lines.map(\.title) == ["review PR 12"])
  }

  // MARK: - The fold

  @Test func theFoldSumsEveryMachinesFocusOnTheTaskAndNothingElse() {
    let renamed = TaskRef(title: "write the final report", id: "u-2", source: "taskwarrior")
    let other = TaskRef(title: "write the report", id: "u-9", source: "taskwarrior")
    var work = focus(report, minutes: 60, serial: 9)
    work.kind = .work
    let folded = figures(
      [
        focus(report, minutes: 25), focus(renamed, minutes: 20, machine: "m2"),
        focus(other, minutes: 25, serial: 2),
        focus(nil, minutes: 25, serial: 3), work,
      ], task: report)
    #expect(folded.task?.ref == report)
    #expect(folded.task?.seconds == Int64(45 * 60))
    // A task named by hand is told by its title.
    let byHand = TaskRef(title: "tidy")
    #expect(
      figures(
        [focus(byHand, minutes: 10), focus(TaskRef(title: "tidy", id: "x", source: "command"), minutes: 5)],
        task: byHand
      )
      .task?.seconds == 600)
    // Nothing asked for: nothing summed, and the months read stay the month's.
    #expect(figures([focus(report, minutes: 25)], task: nil).task == nil)
    let builder = { (task: TaskRef?) in
      HistoryFigures.Builder(
        config: config, request: .init(day: 0, dayBegan: 0, base: DayTotals(), owed: [], task: task))
    }
    #expect(builder(nil).readsFrom != nil)
    #expect(builder(report).readsFrom == nil, "a task's time may be of any month")
  }

  @Test func progressIsTheFoldAndTheRunningFocusAgainstTheEstimate() {
    let folded = figures([focus(report, minutes: 60)], task: report)
    #expect(folded.taskProgressText(running(report, elapsed: 15 * 60), now: .seconds(0)) == "1:15 of 2h")
    var paused = running(report)
    paused.phase = .paused(.focus, remaining: .seconds(600), total: .seconds(1500))
    #expect(folded.taskSpent(paused, now: .seconds(0)) == Int64(3600 + 900))
    var unestimated = report
    unestimated.estimate = nil
    #expect(folded.taskProgressText(running(unestimated, elapsed: 60), now: .seconds(0)) == "1:01")
    // Another task than the fold's: nothing until its own fold.
    let other = TaskRef(title: "call Bob", id: "u-4", source: "taskwarrior")
    #expect(folded.taskProgressText(running(other), now: .seconds(0)) == "")
    #expect(folded.taskSpent(running(nil), now: .seconds(0)) == nil)
  }

  // MARK: - What shows it

  @Test func thePlaceholderTheTooltipAndStatusJSONShowIt() throws {
    let folded = figures([focus(report, minutes: 60)], task: report)
    let view = ViewModel(
      state: running(report, elapsed: 15 * 60), config: config, now: .seconds(0), figures: folded)
    #expect(view.fullText == "write the report 1:15 of 2h")
    #expect(view.tooltip.split(separator: "\n").contains("Task: write the report, 1:15 of 2h"))
    #expect(view.taskSpent == 4500)
    var encoder = JSONStatusEncoder()
    let json = try JSON.parse(encoder.frame(view))
    #expect(json["task"]?["spent"] == .integer(4500))
    #expect(json["task"]?["estimate"] == .integer(7200))
    // Before the fold (or without `{task-progress}`): the title alone, and no `spent`.
    let unfolded = ViewModel(state: running(report), config: config, now: .seconds(0))
    #expect(unfolded.fullText == "write the report")
    #expect(unfolded.tooltip.split(separator: "\n").contains("Task: write the report"))
    #expect(try JSON.parse(encoder.frame(unfolded))["task"]?["spent"] == nil)
  }

  @Test func onlyTheProgressPlaceholderAsksTheFoldForTheTask() {
    #expect(Placeholder.taskProgress.needs == [.history])
    #expect(HistoryFigures.task(running(report), config) == report)
    #expect(HistoryFigures.task(running(report), barConfig("[format]\nfull = \"{task} {today}\"\n")) == nil)
    #expect(!HistoryFigures.wanted(barConfig("[format]\nfull = \"{task}\"\n")))
  }

  /// The bar folds for the state's task, and again when the task changes (not when only
  /// the clock moves on); the fold's figures show at once.
  @Test func theBarFoldsAgainForAnotherTask() {
    var bar = BarDriver(config: config, document: StateDocument(timer: running(report), written: reading(0)))
    let isFold = { (action: BarAction) in if case .fold = action { true } else { false } }
    let started = bar.start(at: 0)
    guard case .fold(let request)? = started.first(where: isFold) else {
      Issue.record("no fold")
      return
    }
    #expect(request.task == report)
    var builder = HistoryFigures.Builder(config: config, request: request)
    builder.add(focus(report, minutes: 30, machine: "laptop"))
    #expect(
      BarDriver.frames(bar.handle(.figures(builder.finish()), at: 60)) == ["write the report 0:31 of 2h\n"])
    // The same task, its estimate edited: no fold.
    var edited = report
    edited.estimate = .seconds(3600)
    #expect(
      !bar.handle(
        .stateRead(StateDocument(timer: running(edited), written: reading(61)), fileExists: true), at: 61
      )
      .contains(where: isFold))
    let other = TaskRef(title: "call Bob", id: "u-4", source: "taskwarrior")
    let actions = bar.handle(
      .stateRead(StateDocument(timer: running(other), written: reading(62)), fileExists: true), at: 62)
    #expect(actions.contains { if case .fold(let asked) = $0 { asked.task == other } else { false } })
    #expect(BarDriver.frames(actions) == ["call Bob\n"], "not the other task's time")
  }

  /// A focus on the task that ends: the state owes its record to the history until it is
  /// appended, and it counts meanwhile (no drop to the time before it); the fold that
  /// reads it from the history counts it once.
  @Test func aFocusThatEndsDoesNotDropOutWhileItsRecordIsFolded() {
    var bar = BarDriver(config: config, document: StateDocument(timer: running(report), written: reading(0)))
    let isFold = { (action: BarAction) in if case .fold = action { true } else { false } }
    guard case .fold(let first)? = bar.start(at: 0).first(where: isFold) else {
      Issue.record("no fold")
      return
    }
    var builder = HistoryFigures.Builder(config: config, request: first)
    builder.add(focus(report, minutes: 30, machine: "laptop"))
    #expect(
      BarDriver.frames(bar.handle(.figures(builder.finish()), at: 60)) == ["write the report 0:31 of 2h\n"])
    var idle = TimerState()
    idle.ledger.task = report
    var ended = StateDocument(timer: idle, written: reading(1500))
    let record = focus(report, minutes: 25, serial: 7)
    ended.owed = [record]
    #expect(
      BarDriver.frames(bar.handle(.stateRead(ended, fileExists: true), at: 1500)) == [
        "write the report 0:55 of 2h\n"
      ])
    guard case .fold(let again)? = bar.handle(.historyChanged, at: 1501).first(where: isFold) else {
      Issue.record("no fold after the append")
      return
    }
    var appended = HistoryFigures.Builder(config: config, request: again)
    appended.add(focus(report, minutes: 30, machine: "laptop"))
    appended.add(record)
    #expect(
      BarDriver.frames(bar.handle(.figures(appended.finish()), at: 1502)) == [], "0:55 still, counted once")
    #expect(bar.session.figures?.taskSpent(idle, now: .seconds(1502)) == Int64(55 * 60))
  }
}
