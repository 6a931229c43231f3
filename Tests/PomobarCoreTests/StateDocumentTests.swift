import Testing

@testable import PomobarCore

private let boot = "boot-a"

private func reading(wall: Int64, boottime: Int64, monotonic: Int64, boot: String = boot)
  -> ClockReading
{
  ClockReading(
    wall: wall * 1_000_000_000, boottime: boottime * 1_000_000_000,
    monotonic: monotonic * 1_000_000_000, bootID: boot)
}

@Suite struct StateDocumentTests {
  let running = TimerState(
    phase: .running(.focus, deadline: .seconds(1600), total: .seconds(1500)), slot: 2, urgency: .init(),
    note: TimerNote(.counted, by: .suspend, .seconds(5)), completed: 9)

  @Test func roundTripsEveryPhase() throws {
    let phases: [TimerPhase] = [
      .idle, .focusDone, .running(.longBreak, deadline: .seconds(5), total: .seconds(900)),
      .paused(.shortBreak, remaining: .nanoseconds(123_456_789), total: .seconds(300)),
    ]
    for phase in phases {
      var state = running
      state.phase = phase
      let document = StateDocument(
        timer: state, written: reading(wall: 1_700_000_000, boottime: 100, monotonic: 90))
      let decoded = try StateDocument(json: Array(document.json().utf8))
      #expect(decoded == document)
    }
  }

  @Test func sameBootWithoutSleepKeepsInstantsAsTheyAre() {
    let document = StateDocument(timer: running, written: reading(wall: 1000, boottime: 100, monotonic: 100))
    let (timer, asleep) = document.reconciled(with: reading(wall: 9999, boottime: 500, monotonic: 500))
    #expect(timer == running)
    #expect(asleep == .zero)  // a wall-clock jump is not sleep
  }

  @Test func sleepIsTheGrowthOfBoottimeOverMonotonic() {
    let document = StateDocument(timer: running, written: reading(wall: 1000, boottime: 100, monotonic: 100))
    let (_, asleep) = document.reconciled(with: reading(wall: 1700, boottime: 800, monotonic: 200))
    #expect(asleep == .seconds(600))
  }

  @Test func aRebootCountsTheWholeWallGapAndShiftsTheDeadline() {
    // Written at boottime 100 (deadline 1600 = 1500 s later); rebooted, now 50 s into the
    // new boot and 400 s of wall time later.
    let document = StateDocument(timer: running, written: reading(wall: 1000, boottime: 100, monotonic: 100))
    let (timer, asleep) = document.reconciled(
      with: reading(wall: 1400, boottime: 50, monotonic: 50, boot: "boot-b"))
    #expect(asleep == .seconds(400))
    // The write lies 400 s before now (50 - 400 = -350), the deadline 1500 s after it.
    #expect(timer.deadline == .seconds(-350 + 1500))
  }

  /// Across a reboot every instant the state holds moves onto the new timeline, by one
  /// shift: a state with all of them set (in a band no other number of the file is in)
  /// keeps none in the band once reconciled, and has as many, moved, where they went.
  @Test func aRebootMovesEveryInstantOfTheState() throws {
    let band: Int64 = 4_000_000_000_000_000
    var k: Int64 = 0
    func instant() -> Instant {
      k += 1
      return Instant(nanoseconds: band + k * 1_000_000_000)
    }
    var state = TimerState(
      phase: .running(.focus, deadline: instant(), total: .seconds(1500)), urgency: .init(since: instant()))
    state.ledger.work = WorkClock(since: instant(), project: "api")
    state.ledger.away = Absence(since: instant())
    state.ledger.phaseLog = PhaseLog(start: instant())
    state.ledger.awayChoice = AwayChoice(
      from: instant(), to: instant(), project: nil, phaseCovered: false, answerBy: instant())
    state.ledger.breaks = BreakCare(
      since: instant(), restSince: instant(), snoozedUntil: instant(), remindedAt: instant(), due: instant(),
      brokenStretch: instant())
    let document = StateDocument(timer: state, written: reading(wall: 2_000_000, boottime: 0, monotonic: 0))
    // A million seconds of wall time later, at the start of another boot: everything moves
    // a million seconds back on the new timeline.
    let (timer, _) = document.reconciled(
      with: reading(wall: 3_000_000, boottime: 0, monotonic: 0, boot: "b"))
    func numbers(in band: Range<Int64>, _ timer: TimerState) -> Int {
      let json = StateDocument(timer: timer, written: document.written).json()
      return json.split(whereSeparator: { !$0.isNumber && $0 != "-" }).compactMap { Int64($0) }
        .filter(band.contains).count
    }
    let width: Int64 = 1_000_000_000_000
    let moved = band - 1_000_000 * 1_000_000_000
    #expect(numbers(in: band..<band + width, state) == Int(k), "every instant of the state is set")
    #expect(numbers(in: band..<band + width, timer) == 0)
    #expect(numbers(in: moved..<moved + width, timer) == Int(k))
  }

  @Test func rejectsFilesItCannotUse() {
    let bad = [
      "", "garbage", "{}", #"{"version":99,"written":{},"timer":{}}"#,
      #"{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1},"timer":{"phase":"warp"}}"#,
      #"{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1},"timer":{"phase":"idle","slot":0,"completed":0}}"#,
    ]
    for text in bad {
      #expect(throws: StateDocument.DecodeError.self) { try StateDocument(json: Array(text.utf8)) }
    }
  }

  /// A note whose gap no state can hold is dropped (it is only a remark), never trusted
  /// into arithmetic that would trap.
  @Test(arguments: [
    #""note":{"kind":"paused-by-suspend","gap":-9223372036854775808}"#,
    #""note":{"kind":"counted-suspend","gap":9223372036854775807}"#,
  ])
  func outOfRangeNoteGapsAreDropped(note: String) throws {
    let json =
      #"{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1,"boot_id":"b"},"#
      + #""timer":{"phase":"idle","slot":1,"urgent":false,"completed":0,\#(note)}}"#
    #expect(try StateDocument(json: Array(json.utf8)).timer.note == nil)
  }

  /// The eight notes as files have always named them (`paused-by-suspend`, ...): each
  /// reads as its outcome and cause, and is written back under the same name.
  @Test(arguments: [
    ("paused-by-suspend", TimerNote.Outcome.paused, TimerNote.Cause.suspend),
    ("counted-suspend", .counted, .suspend), ("voided-by-suspend", .voided, .suspend),
    ("reset-by-suspend", .reset, .suspend), ("paused-while-away", .paused, .away),
    ("counted-away", .counted, .away), ("voided-while-away", .voided, .away),
    ("reset-while-away", .reset, .away),
  ])
  func notesOfOlderFilesReadAndAreWrittenTheSame(
    name: String, outcome: TimerNote.Outcome, cause: TimerNote.Cause
  ) throws {
    let note = #"{"kind":"\#(name)","gap":5000000000}"#
    let json =
      #"{"version":1,"written":{"wall":1,"boottime":1,"monotonic":1,"boot_id":"b"},"#
      + #""timer":{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":\#(note)}}"#
    let document = try StateDocument(json: Array(json.utf8))
    #expect(document.timer.note == TimerNote(outcome, by: cause, .seconds(5)))
    #expect(document.json().contains(#""note":\#(note)"#))
  }

  @Test(arguments: [
    #""phase":"running","kind":"focus","deadline":9223372036854775807,"total":1500000000000"#,
    #""phase":"running","kind":"focus","deadline":1000000000000000,"total":1500000000000"#,
    #""phase":"running","kind":"focus","deadline":2000000000,"total":-1"#,
    #""phase":"paused","kind":"focus","remaining":-5,"total":1500000000000"#,
    #""phase":"paused","kind":"focus","remaining":5,"total":9223372036854775807"#,
  ])
  func outOfRangePhaseNumbersAreRefused(phase: String) {
    let json =
      #"{"version":1,"written":{"wall":1,"boottime":1000000000,"monotonic":1,"boot_id":"b"},"#
      + #""timer":{\#(phase),"slot":1,"urgent":false,"completed":0,"note":null}}"#
    #expect(throws: StateDocument.DecodeError.self) { try StateDocument(json: Array(json.utf8)) }
  }

  @Test func outOfRangeClockReadingsAreRefused() {
    for clocks in [
      #""wall":-1,"boottime":1,"monotonic":1"#, #""wall":1,"boottime":9223372036854775807,"monotonic":1"#,
    ] {
      let json =
        #"{"version":1,"written":{\#(clocks),"boot_id":"b"},"#
        + #""timer":{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":null}}"#
      #expect(throws: StateDocument.DecodeError.self) { try StateDocument(json: Array(json.utf8)) }
    }
  }

  @Test func wholeSecondsAreDefinedForEveryDuration() {
    #expect(Duration.nanoseconds(Int64.min).floorSeconds == Int64.min / 1_000_000_000 - 1)
    #expect(Duration.nanoseconds(Int64.max).ceilSeconds == Int64.max / 1_000_000_000 + 1)
    #expect(Duration.nanoseconds(-1).floorSeconds == -1)
    #expect(Duration.nanoseconds(-1).ceilSeconds == 0)
    #expect(Duration.nanoseconds(1).ceilSeconds == 1)
    #expect(Duration.seconds(3).floorSeconds == 3)
  }
}
