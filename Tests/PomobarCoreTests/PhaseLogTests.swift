import Testing

@testable import PomobarCore

/// What a phase's record will carry (its start, the time it did not count, interruptions
/// and their notes, whether the time away holds it paused) is one `PhaseLog`, kept with the
/// phase: a running or paused phase has one, idle and focus done have none, and only a
/// paused phase is held by the time away. The state file keeps its fields and its bytes.
@Suite struct PhaseLogTests {
  static let log = PhaseLog(
    start: .seconds(100), gap: .seconds(60), internalInterruptions: 1, externalInterruptions: 2,
    notes: ["external: phone"], heldByAway: true)
  static let running = TimerPhase.running(.focus, deadline: .seconds(1600), total: .seconds(1500))
  static let paused = TimerPhase.paused(.focus, remaining: .seconds(900), total: .seconds(1500))

  @Test func noStateHoldsALogWithoutItsPhase() {
    for phase in [TimerPhase.idle, .focusDone] {
      #expect(TimerState(phase: phase, ledger: LedgerState(phaseLog: Self.log)).ledger.phaseLog == nil)
    }
    // Every way the state is written keeps it so: the phase, the ledger, the whole ledger.
    var state = TimerState(phase: Self.paused, ledger: LedgerState(phaseLog: Self.log))
    #expect(state.ledger.phaseLog == Self.log, "a paused phase keeps all of it")
    state.phase = .focusDone
    #expect(state.ledger.phaseLog == nil)
    state.ledger.phaseLog = Self.log
    #expect(state.ledger.phaseLog == nil)
    state.ledger = LedgerState(phaseLog: Self.log)
    #expect(state.ledger.phaseLog == nil)
    #expect((state.ledger.phaseStart, state.ledger.pausedByAway) == (nil, false))
  }

  @Test func aRunningOrPausedPhaseHasALogAndOnlyAPausedOneIsHeldByAway() {
    #expect(TimerState(phase: Self.running).ledger.phaseLog == PhaseLog())
    #expect(TimerState(phase: Self.paused).ledger.phaseLog == PhaseLog())
    var held = Self.log
    held.heldByAway = false
    #expect(TimerState(phase: Self.running, ledger: LedgerState(phaseLog: Self.log)).ledger.phaseLog == held)
    var state = TimerState(phase: Self.paused, ledger: LedgerState(phaseLog: Self.log))
    state.phase = Self.running
    #expect(state.ledger.phaseLog == held, "running again, it is no longer held; the rest stays")
    state.ledger.phaseLog?.heldByAway = true
    #expect(state.ledger.phaseLog == held)
    state.ledger.phaseLog = nil
    #expect(state.ledger.phaseLog == PhaseLog(), "running with no start, as in a file from before the ledger")
  }

  /// A state file of one version with `timer` and `ledger`, as `json()` writes it.
  static func file(timer: String, ledger: String) -> String {
    #"{"version":1,"written":{"wall":1,"boottime":1000000000,"monotonic":1,"boot_id":"b"},"timer":"#
      + timer + #","ledger":"# + ledger + #","epoch":"","commits":[],"owed":[]}"# + "\n"
  }

  /// The ledger object with the phase's fields as given, the rest empty.
  static func ledger(
    _ phase: String = noPhase, heldByAway: Bool = false,
    away: String = #""away":600000000000,"resume_work":false,"resume_work_by_focus":false"#
  ) -> String {
    #"{"work":null,"project":null,"projects":[],"serial":3,"# + away + #","away_choice":null,"# + phase
      + #","today":{"day":0,"projects":[]},"recent":null"# + (heldByAway ? #","away_paused":true}"# : "}")
  }

  static let noPhase = #""phase_start":null,"phase_gap":0,"internal":0,"external":0,"notes":[]"#
  static let focusTimer =
    #"{"phase":"paused","kind":"focus","remaining":900000000000,"total":1500000000000,"slot":1,"#
    + #""urgent":false,"completed":0,"note":null}"#
  static let idleTimer = #"{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":null}"#
  static let noted =
    #""phase_start":100000000000,"phase_gap":60000000000,"internal":1,"external":2,"notes":["external: phone"]"#

  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var log: PhaseLog?
    var testDescription: String { file }
  }

  /// Files as pomobar writes them, before and after the log moved into one value.
  static let written: [Case] = [
    Case(file: file(timer: idleTimer, ledger: ledger(noPhase)), log: nil),
    Case(file: file(timer: focusTimer, ledger: ledger(noted, heldByAway: true)), log: log),
    Case(
      file: file(timer: focusTimer, ledger: ledger(noted)),
      log: PhaseLog(
        start: .seconds(100), gap: .seconds(60), internalInterruptions: 1, externalInterruptions: 2,
        notes: ["external: phone"])),
    // From a version before the ledger kept the phase's start.
    Case(file: file(timer: focusTimer, ledger: ledger(noPhase)), log: PhaseLog()),
  ]

  @Test(arguments: written)
  func filesAreReadIntoTheLogAndWrittenByteForByte(_ written: Case) throws {
    let document = try StateDocument(json: Array(written.file.utf8))
    #expect(document.timer.ledger.phaseLog == written.log)
    #expect(document.json() == written.file)
  }

  /// Files with what no phase has (pomobar never wrote them; a hand edit can): the phase's
  /// fields without a running or paused phase, a running phase held by away. Dropped on
  /// reading, and not written again.
  static let contradictory: [(file: String, clean: String)] = [
    (file(timer: idleTimer, ledger: ledger(noted)), file(timer: idleTimer, ledger: ledger(noPhase))),
    (
      file(timer: idleTimer, ledger: ledger(noPhase, heldByAway: true)),
      file(timer: idleTimer, ledger: ledger(noPhase))
    ),
    (
      file(
        timer: #"{"phase":"focus-done","slot":1,"urgent":true,"completed":1,"note":null}"#,
        ledger: ledger(noted, heldByAway: true)),
      file(
        timer: #"{"phase":"focus-done","slot":1,"urgent":true,"completed":1,"note":null}"#,
        ledger: ledger(noPhase))
    ),
    (
      file(
        timer: #"{"phase":"running","kind":"short-break","deadline":1500000000000,"total":300000000000,"#
          + #""slot":1,"urgent":false,"completed":1,"note":null}"#,
        ledger: ledger(noPhase, heldByAway: true)),
      file(
        timer: #"{"phase":"running","kind":"short-break","deadline":1500000000000,"total":300000000000,"#
          + #""slot":1,"urgent":false,"completed":1,"note":null}"#,
        ledger: ledger(noPhase))
    ),
  ]

  @Test func whatNoPhaseHasIsDroppedOnReadingAndNotWrittenAgain() throws {
    for (file, clean) in Self.contradictory {
      let document = try StateDocument(json: Array(file.utf8))
      #expect(document.json() == clean, "\(file)")
      #expect(try StateDocument(json: Array(clean.utf8)) == document)
    }
  }

  /// The machine keeps the log with the phase through a focus's life, whole states each
  /// step: begun with its start, noted, held by away, resumed by hand, ended.
  @Test func aFocusCarriesItsLogFromStartToEnd() {
    var settings = TimerSettings()
    settings.suspendFocus = .pause
    var m = TimerMachine(settings: settings)
    _ = m.handle(.action(.start), at: .seconds(0))
    let started = TimerState(
      phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)),
      ledger: LedgerState(
        work: WorkClock(since: .seconds(0), project: nil, byFocus: true),
        phaseLog: PhaseLog(start: .seconds(0))))
    #expect(m.state == started)
    _ = m.handle(.action(.interrupt(external: true, note: "phone")), at: .seconds(100))
    var noted = started
    noted.ledger.phaseLog = PhaseLog(start: .seconds(0), externalInterruptions: 1, notes: ["external: phone"])
    #expect(m.state == noted)
    _ = m.handle(.action(.away), at: .seconds(200))
    var away = noted
    away.phase = .paused(.focus, remaining: .seconds(1300), total: .seconds(1500))
    // Away stops the focus's work clock (its record the first), to start it again at back.
    (away.ledger.work, away.ledger.serial) = (nil, 1)
    away.ledger.away = Absence(since: .seconds(200), stoppedWork: .focus)
    away.ledger.phaseLog?.heldByAway = true
    #expect(m.state == away)
    #expect(m.state.ledger.pausedByAway)
    _ = m.handle(.action(.resume), at: .seconds(300))
    var resumed = away
    resumed.phase = .running(.focus, deadline: .seconds(1600), total: .seconds(1500))
    #expect(m.state == resumed)
    #expect(m.state.ledger.phaseLog == noted.ledger.phaseLog, "resumed by hand: no longer held")
    _ = m.handle(.action(.back), at: .seconds(400))
    _ = m.handle(.deadlineReached, at: .seconds(1600))
    #expect(m.state.phase == .focusDone)
    #expect(m.state.ledger.phaseLog == nil, "the log went with its phase")
  }
}
