import Testing

@testable import PomobarCore

/// The history in memory, as a transition reads it and appends to it; while `failure` is
/// set every append fails with it.
private final class MemoryHistory: TransitionHistory {
  let machine = "m"
  var records: [LedgerRecord] = []
  /// Every append asked for, in order.
  var appends: [[LedgerRecord]] = []
  var failure: String? = nil

  struct Failed: Error, CustomStringConvertible { var description: String }

  init(_ records: [LedgerRecord] = []) { self.records = records }

  func forEachRecord(fromMonthOf first: WallTime, owed: [LedgerRecord], _ body: (LedgerRecord) -> Void) {
    var seen = Set<String>()
    for record in records + owed where seen.insert(record.id).inserted { body(record) }
  }

  func append(_ records: [LedgerRecord]) throws {
    appends.append(records)
    if let failure { throw Failed(description: failure) }
    for record in records where !self.records.contains(where: { $0.id == record.id }) {
      self.records.append(record)
    }
  }
}

private let day: Int64 = 86_400

/// The transition of `document` at `seconds` (UTC, wall clock = timeline).
private func transition(
  _ document: StateDocument?, _ request: TransitionRequest, at seconds: Double,
  history: (any TransitionHistory)? = nil
) throws -> Transition {
  try StateDocument.transition(
    from: document, request, at: reading(seconds), zone: { _ in 0 }, history: history)
}

/// A work record as the machine makes it in these tests (UTC, whole seconds).
private func work(_ id: String, _ start: Int64, _ end: Int64, project: String? = "api") -> LedgerRecord {
  LedgerRecord(
    id: id, kind: .work, start: WallTime(utc: start, offset: 0), end: WallTime(utc: end, offset: 0),
    seconds: end - start, project: project)
}

/// A state file written at `written` whose work clock runs on `project` since `since`.
private func workDocument(since: Int64, written: Int64, owed: [LedgerRecord] = []) -> StateDocument {
  StateDocument(
    timer: TimerState(
      ledger: LedgerState(work: WorkClock(since: .seconds(since), project: "api"), project: "api")),
    written: reading(Double(written)), epoch: "e", owed: owed)
}

/// `StateDocument.transition` call by call, with the whole `Transition` it returns: the
/// moment, the catch-up, the guard, the records and their names, today's and the recent
/// days' totals, and what the file owes the history.
@Suite struct TransitionTests {
  @Test func aFirstChangeWritesAFreshFileWithAnEpoch() throws {
    var machine = TimerMachine()
    let effects = machine.handle(.action(.toggle), at: .seconds(10))
    #expect(
      try transition(nil, TransitionRequest([.action(.toggle)]), at: 10)
        == Transition(
          timer: machine.state, effects: Array(effects.dropFirst()), now: reading(10), applied: true,
          acted: true, writes: true,
          document: StateDocument(
            timer: machine.state, written: reading(10), epoch: String(10_000, radix: 36)),
          records: [], notes: [], historyWrite: .untried))
    #expect(effects.first == .persist)
  }

  @Test func nothingChangedWritesNothing() throws {
    let document = focusDocument(deadline: 1500)
    let history = MemoryHistory()
    #expect(
      try transition(document, TransitionRequest([]), at: 100, history: history)
        == Transition(
          timer: document.timer, effects: [], now: reading(100), applied: true, acted: false, writes: false,
          document: document, records: [], notes: [], historyWrite: .untried))
    #expect(history.appends.isEmpty)
  }

  @Test func theStampStandsUnlessTheFileWasWrittenAfterIt() throws {
    let document = focusDocument(deadline: 1500, written: 50)
    var request = TransitionRequest([.action(.pause)])
    request.stamp = reading(55)
    var machine = TimerMachine(state: document.timer)
    let effects = machine.handle(.action(.pause), at: .seconds(55))
    var written = document
    written.timer = machine.state
    written.written = reading(55)
    written.epoch = String(55_000, radix: 36)
    #expect(
      try transition(document, request, at: 60)
        == Transition(
          timer: machine.state, effects: Array(effects.dropFirst()), now: reading(55), applied: true,
          acted: true, writes: true, document: written, records: [], notes: [], historyWrite: .untried))

    request.stamp = reading(40)
    #expect(
      try transition(document, request, at: 60).now == reading(60), "another copy wrote after the click")
    request.stamp = reading(55, boot: "other")
    #expect(try transition(document, request, at: 60).now == reading(60), "another boot's stamp")
  }

  @Test func aRefusedGuardStillWritesTheCatchUpAndItsRecord() throws {
    var document = focusDocument(deadline: 1500)
    document.epoch = "e"
    var request = TransitionRequest([.action(.skip)])
    request.only = { _ in false }
    let recorder = Recorder(now: reading(1600), zone: { _ in 0 }, epoch: "e")
    let caughtUp = document.caughtUp(to: reading(1600), settings: TimerSettings(), recorder: recorder)
    let focus = LedgerRecord(
      id: ".e.1", kind: .focus, start: WallTime(utc: 0, offset: 0), end: WallTime(utc: 1500, offset: 0),
      seconds: 1500, outcome: .completed)
    #expect(caughtUp.effects.contains(.record(focus, start: .seconds(0), end: .seconds(1500))))
    #expect(
      try transition(document, request, at: 1600)
        == Transition(
          timer: caughtUp.machine.state, effects: Array(caughtUp.effects.dropFirst()), now: reading(1600),
          applied: false, acted: false, writes: true,
          document: StateDocument(
            timer: caughtUp.machine.state, written: reading(1600), epoch: "e", owed: [focus]),
          records: [focus], notes: [], historyWrite: .untried))
  }

  @Test func workRecordsAreNamedCountedInTodayAndOwed() throws {
    let document = workDocument(since: day + 100, written: day + 100)
    let history = MemoryHistory()
    let stopped = try transition(
      document, TransitionRequest([.action(.workStop)]), at: Double(day + 700), history: history)
    let record = work("m.e.1", day + 100, day + 700)
    var timer = document.timer
    timer.ledger.work = nil
    timer.ledger.serial = 1
    timer.ledger.today = DayTotals(day: 1, seconds: [.init(project: "api", seconds: 600)])
    #expect(
      stopped
        == Transition(
          timer: timer,
          effects: [
            hook(.workStop, nil, next: .focus, project: "api"),
            .record(record, start: .seconds(day + 100), end: .seconds(day + 700)),
          ],
          now: reading(Double(day + 700)), applied: true, acted: true, writes: true,
          document: StateDocument(
            timer: timer, written: reading(Double(day + 700)), epoch: "e", owed: [record]),
          records: [record], notes: [], historyWrite: .untried))
    #expect(history.appends.isEmpty, "a transition's own records are appended once it is committed")
  }

  @Test func whatEarlierWritesOweIsAppendedFirstAndThenNoLongerCarried() throws {
    let earlier = work("m.old.1", day, day + 50)
    let document = workDocument(since: day + 100, written: day + 100, owed: [earlier])
    let request = TransitionRequest([.action(.workStop)])

    let history = MemoryHistory()
    let written = try transition(document, request, at: Double(day + 700), history: history)
    #expect(history.appends == [[earlier]])
    #expect(written.records.map(\.id) == ["m.e.1"])
    #expect(written.document.owed == written.records)
    #expect(written.historyWrite == .written)

    let failing = MemoryHistory()
    failing.failure = "disk full"
    let kept = try transition(document, request, at: Double(day + 700), history: failing)
    #expect(failing.appends == [[earlier]])
    #expect(kept.document.owed == [earlier] + kept.records)
    #expect(kept.historyWrite == .failed("disk full"))
    #expect(kept.notes.isEmpty)

    let idle = MemoryHistory()
    #expect(
      try transition(document, TransitionRequest([]), at: Double(day + 200), history: idle).writes == false)
    #expect(idle.appends.isEmpty, "a file that is not written keeps what it owes")
  }

  @Test func owingPastTheBoundLosesTheOldestWithANote() throws {
    let owed = (1...StateDocument.owedKept).map { work("x.e.\($0)", Int64($0) * 10, Int64($0) * 10 + 5) }
    let history = MemoryHistory()
    history.failure = "read-only"
    let stopped = try transition(
      workDocument(since: day + 100, written: day + 100, owed: owed), TransitionRequest([.action(.workStop)]),
      at: Double(day + 700), history: history)
    #expect(stopped.notes == ["the history has not been writable for 501 records; the oldest 1 are lost"])
    #expect(stopped.document.owed == Array(owed.dropFirst()) + stopped.records)
  }

  @Test func aRecountTakesTodayFromTheHistoryAndWhatIsOwed() throws {
    var document = workDocument(
      since: day + 100, written: day + 100, owed: [work("m.e.2", day + 20, day + 80, project: "web")])
    document.timer.ledger.today = DayTotals(day: 1, seconds: [.init(project: "api", seconds: 999)])
    let history = MemoryHistory([work("m.e.1", day - 100, day + 10), work("m.e.0", day - 500, day - 400)])
    var request = TransitionRequest([])
    request.recountToday = true
    let counted = try transition(document, request, at: Double(day + 200), history: history)
    var timer = document.timer
    timer.ledger.today = DayTotals(
      day: 1, seconds: [.init(project: "api", seconds: 10), .init(project: "web", seconds: 60)])
    #expect(
      counted
        == Transition(
          timer: timer, effects: [], now: reading(Double(day + 200)), applied: true, acted: false,
          writes: true,
          document: StateDocument(timer: timer, written: reading(Double(day + 200)), epoch: "e"), records: [],
          notes: [], historyWrite: .written))
    #expect(history.appends == [[work("m.e.2", day + 20, day + 80, project: "web")]])

    #expect(
      try transition(counted.document, request, at: Double(day + 300), history: history).writes == false,
      "counted already")
  }

  @Test func theRecentDaysCountTheIntervalThisTransitionCloses() throws {
    // A clock running since yesterday 20:00, stopped today at 01:00, with a goal set.
    let document = workDocument(since: day + 72_000, written: day + 72_000)
    var request = TransitionRequest([.action(.workStop)])
    request.ledger.dailyGoal = .seconds(8 * 3600)
    let stopped = try transition(document, request, at: Double(2 * day + 3600), history: MemoryHistory())
    var seconds = Array(repeating: Int64(0), count: RecentWork.days)
    seconds[RecentWork.days - 1] = 4 * 3600
    #expect(stopped.timer.ledger.recent == RecentWork(day: 2, seconds: seconds))
    #expect(stopped.timer.ledger.today == DayTotals(day: 2, seconds: [.init(project: "api", seconds: 3600)]))
  }

  @Test func aRenameReachesTheStateAndIsWritten() throws {
    var document = workDocument(since: 100, written: 100)
    document.timer.ledger.projects = ["api"]
    var request = TransitionRequest([])
    request.renaming = ("api", "web")
    let renamed = try transition(document, request, at: 200)
    #expect(renamed.writes && !renamed.acted)
    #expect(renamed.timer.ledger.project == "web" && renamed.timer.ledger.work?.project == "web")
    #expect(renamed.timer.ledger.projects == ["web"])
    request.renaming = ("nobody", "web")
    #expect(try transition(document, request, at: 200).writes == false)
  }

  @Test func decideMakesTheEventsFromTheTimerAsCaughtUp() throws {
    struct Refused: Error {}
    let document = focusDocument(deadline: 1500)
    var request = TransitionRequest([.action(.stop)])
    var seen: (TimerPhase, ClockReading)? = nil
    request.decide = { state, now in
      seen = (state.phase, now)
      return [.action(.toggle)]
    }
    let decided = try transition(document, request, at: 1600)
    #expect(seen?.0 == .focusDone && seen?.1 == reading(1600), "the deadline passed first")
    #expect(decided.acted && decided.timer.phase.kind == .shortBreak, "toggle, not stop")

    request.decide = { _, _ in throw Refused() }
    #expect(throws: Refused.self) { try transition(document, request, at: 1600) }
  }

  @Test func whatCountsAsTheUsersOwnAction() {
    #expect(TransitionRequest([.action(.toggle)]).byUser)
    #expect(TransitionRequest([.backdated(.workStop, at: .seconds(1))]).byUser)
    #expect(!TransitionRequest([.action(.none), .action(.away), .action(.back), .deadlineReached]).byUser)
    var decided = TransitionRequest([])
    decided.decide = { _, _ in [] }
    #expect(decided.byUser)
  }
}
