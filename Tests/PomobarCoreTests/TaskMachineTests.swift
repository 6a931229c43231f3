import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }

/// `ctl task`: the task of the running or next focus, through the machine, with the whole
/// effect list.
@Suite struct TaskMachineTests {
  let report = TaskRef(title: "write the report")
  let fromSource = TaskRef(title: "fix login", id: "a3f", source: "taskwarrior", project: "api")

  @Test func aTaskSetWhileIdleIsTheNextFocussAndStartsNothing() {
    var m = TimerMachine()
    #expect(m.handle(.action(.task(report)), at: at(0)) == [.persist])
    #expect(m.state.ledger.task == report)
    #expect(m.state.ledger.work == nil, "no clock is started")
    #expect(m.state.phase == .idle)
    #expect(m.handle(.action(.task(report)), at: at(5)).isEmpty, "the same task changes nothing")
  }

  @Test func theFocusRecordAndTheWorkIntervalCarryTheTaskAndABreakDoesNot() {
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    _ = m.handle(.action(.task(report)), at: at(100))
    let effects = m.handle(.deadlineReached, at: at(1500))
    #expect(effects.contains(recorded(2, .focus, 0, 1500, 1500, .completed, task: report)))
    #expect(
      effects.contains(
        hook(.focusEnd, .focus, reason: .completed, completed: 1, next: .shortBreak, total: 1500, remaining: 0,
          task: report)))
    // The clock the focus started ran 0-100 without the task (closed when it was set),
    // then with it; the break has none.
    _ = m.handle(.action(.startBreak), at: at(1500))
    let records = m.handle(.action(.stop), at: at(1800)).compactMap { effect -> LedgerRecord? in
      if case .record(let record, _, _) = effect { return record } else { return nil }
    }
    #expect(records.map(\.kind) == [.shortBreak, .work])
    #expect(records.map(\.task) == [nil, report])
    #expect(m.state.ledger.task == report, "kept for the focuses after it")
  }

  @Test func settingATaskClosesTheRunningIntervalAndTakesItsProject() {
    var m = TimerMachine()
    _ = m.handle(.action(.project("web", tags: ["billable"])), at: at(0))
    #expect(
      m.handle(.action(.task(fromSource)), at: at(600)) == [
        .persist, recorded(1, .work, 0, 600, 600, nil, project: "web", tags: ["billable"]),
        hook(.project, nil, next: .focus, project: "api", previousProject: "web", task: fromSource),
      ])
    #expect(m.state.ledger.project == "api")
    #expect(m.state.ledger.tags == [], "a project the task brings comes without the old one's tags")
    #expect(m.state.ledger.projects == ["web", "api"])
    #expect(m.state.ledger.work == WorkClock(since: at(600), project: "api", task: fromSource))
    // Cleared: the interval with the task closes, the project stays.
    #expect(
      m.handle(.action(.task(nil)), at: at(900)) == [
        .persist, recorded(2, .work, 600, 900, 300, nil, project: "api", task: fromSource),
      ])
    #expect(m.state.ledger.task == nil)
    #expect(m.state.ledger.project == "api")
  }

  @Test func keepProjectKeepsTheProjectAndItsTags() {
    var m = TimerMachine()
    _ = m.handle(.action(.project("web", tags: ["billable"])), at: at(0))
    #expect(
      m.handle(.action(.task(fromSource, keepProject: true)), at: at(600)) == [
        .persist, recorded(1, .work, 0, 600, 600, nil, project: "web", tags: ["billable"]),
      ])
    #expect(m.state.ledger.work == WorkClock(since: at(600), project: "web", tags: ["billable"], task: fromSource))
  }

  /// A task chosen while a focus runs is written back for that focus (`Effect.writeBack`,
  /// one effect of the transaction, so once): started in its source, and the task the
  /// focus had let go; the same task again, or a choice outside a focus, writes nothing.
  @Test func aTaskChosenDuringAFocusIsStartedAndTheOneItHadLetGo() {
    let bob = TaskRef(title: "call Bob", id: "b0b", source: "taskwarrior")
    let writeBacks = { (effects: [Effect]) in
      effects.compactMap { effect -> String? in
        guard case .writeBack(let step, let context) = effect else { return nil }
        return "\(step.rawValue) \(context.task?.title ?? "-")"
      }
    }
    var m = TimerMachine()
    _ = m.handle(.action(.start), at: at(0))
    let chosen = m.handle(.action(.task(fromSource)), at: at(100))
    #expect(writeBacks(chosen) == ["start fix login"])
    let context = HookContext(
      phase: .focus, slot: 1, completed: 0, next: .shortBreak, total: .seconds(1500),
      remaining: .seconds(1400),
      deadline: at(1500), project: "api", task: fromSource)
    #expect(chosen.last == .writeBack(.start, context))
    #expect(
      writeBacks(m.handle(.action(.task(bob)), at: at(200))) == ["release fix login", "start call Bob"])
    var estimated = bob
    estimated.estimate = .seconds(3600)
    #expect(writeBacks(m.handle(.action(.task(estimated)), at: at(300))) == [], "the same task")
    _ = m.handle(.action(.pause), at: at(400))
    #expect(writeBacks(m.handle(.action(.task(nil)), at: at(500))) == ["release call Bob"], "paused, cleared")
    // At the focus's end, its hooks (and through them the write-back) as before.
    _ = m.handle(.action(.task(fromSource)), at: at(600))
    _ = m.handle(.action(.stop), at: at(700))
    #expect(writeBacks(m.handle(.action(.task(bob)), at: at(800))) == [], "no focus runs")
  }

  @Test func aTaskOutOfBoundsIsCutByTheMachine() {
    var m = TimerMachine()
    _ = m.handle(.action(.task(TaskRef(title: "a\nb  c", id: ""))), at: at(0))
    #expect(m.state.ledger.task == TaskRef(title: "a b c"))
    _ = m.handle(.action(.task(TaskRef(title: " \n"))), at: at(1))
    #expect(m.state.ledger.task == nil, "nothing left of it is no task")
  }
}
