import Testing

@testable import PomobarCore

/// Whatever pomobar writes, pomobar reads: random lives of the state (any action, odd
/// arguments, sleeps, reboots, wall-clock jumps, a year untouched) written and read back
/// by the transition every copy makes (`StateDocument.transition`). A state the reader refused would be moved aside,
/// with the timer, the running work clock and today's totals.
@Suite struct StateRoundTripTests {
  /// A bigger file is moved aside as not a state file.
  static let sizeLimit = StateDocument.sizeLimit
  static let second: Int64 = 1_000_000_000
  static let day: Int64 = 86_400 * second

  /// Odd names: too long, control characters, escapes, other scripts, blanks.
  static let names: [String] = [
    "api", "web", " spaced\t", "", "   ", String(repeating: "p", count: 1100),
    String(repeating: "\\", count: 300), String(repeating: "\"", count: 199) + "é",
    String(repeating: "日本", count: 120), "line\nbreak", "nul\u{0}", "del\u{7F}", "c1\u{85}x",
    "sep\u{2028}", "e\u{301}\u{301}\u{301}", String(repeating: "x\u{301}", count: 150),
  ]

  static func randomAction(_ random: inout SeededRandom) -> Action {
    let name = names[Int(random.next() % UInt64(names.count))]
    let amount: Duration? =
      random.next() % 3 == 0 ? nil : .seconds(Int64(random.next() % UInt64(7 * 86_400 + 1)))
    let numbered = (0..<60).map { "project-\($0)-" + String(repeating: "\\", count: 90) }
    switch random.next() % 24 {
    case 0: return .start
    case 1: return .pause
    case 2: return .resume
    case 3: return .toggle
    case 4: return .skip
    case 5: return .stop
    case 6: return .reset
    case 7: return .extend(amount)
    case 8: return .shorten(amount)
    case 9: return .startBreak
    case 10: return .workStart
    case 11: return .workStop
    case 12: return .workToggle
    case 13: return random.next() % 2 == 0 ? .project(name) : .project(name, tags: [name, "billable"])
    case 14: return .project(numbered[Int(random.next() % 60)])
    case 15: return .project(nil)
    case 16: return .projectNext
    case 17: return .projectPrevious
    case 18, 19: return .interrupt(external: random.next() % 2 == 0, note: name + name)
    case 20: return .void(random.next() % 2 == 0 ? nil : name)
    case 21: return .away
    case 22: return .back
    case 23 where random.next() % 2 == 0: return .tags([name])
    case 23 where random.next() % 3 == 0:
      return .task(TaskRef(title: name, id: name, source: name, project: name), keepProject: random.next() % 2 == 0)
    case 23 where random.next() % 2 == 0:
      let answer = AwayAnswer.allCases[Int(random.next() % 3)]
      return .awayWas(answer, project: random.next() % 2 == 0 ? nil : AwayProject(name: name, tags: [name]))
    default: return .none
    }
  }

  /// The next clock reading: time passes awake, asleep, across a reboot, or the wall
  /// clock jumps; sometimes by more than a year.
  static func advance(_ now: ClockReading, _ random: inout SeededRandom) -> ClockReading {
    let spans: [Int64] = [
      1, second / 3, 5 * second, 25 * 60 * second, 5 * 3600 * second, day, 9 * day, 400 * day,
    ]
    let span = spans[Int(random.next() % UInt64(spans.count))]
    let step = span == 1 ? 1 : Int64(random.next() % UInt64(span)) + 1
    var next = now
    switch random.next() % 6 {
    case 0:  // asleep
      next.wall += step
      next.boottime += step
      next.monotonic += min(step, second)
    case 1:  // rebooted
      let up = Int64(random.next() % UInt64(600 * second))
      // A boot id never repeats, as /proc's does not.
      next = ClockReading(
        wall: now.wall + step + up, boottime: up, monotonic: up, bootID: "boot-\(random.next())")
    case 2:  // the wall clock set back or forward, the machine running on
      next.wall = max(0, now.wall + (random.next() % 2 == 0 ? step : -step))
      next.boottime += second
      next.monotonic += second
    default:  // awake
      next.wall += step
      next.boottime += step
      next.monotonic += step
    }
    return next
  }

  @Test(arguments: 0..<24 as Range<UInt64>)
  func whateverIsWrittenIsReadBack(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var settings = TimerSettings()
    settings.autoAdvance = [.none, .all, .toBreak, .toFocus][Int(seed % 4)]
    settings.suspendFocus = [.pause, .count, .void][Int(seed % 3)]
    var now = ClockReading(
      wall: 1_700_000_000 * Self.second, boottime: 50 * Self.second, monotonic: 50 * Self.second,
      bootID: "boot-a")
    var document: StateDocument? = nil
    for step in 0..<300 {
      now = Self.advance(now, &random)
      let action = Self.randomAction(&random)
      // The transition as every copy makes it (in UTC, without a history: the records this
      // write owes travel in it).
      let transition = try StateDocument.transition(
        from: document, TransitionRequest([.action(action)], settings: settings), at: now, zone: { _ in 0 },
        history: nil)
      let next = transition.document.committed(as: "\(step)")
      let bytes = Array(next.json().utf8)
      #expect(bytes.count <= Self.sizeLimit, "seed \(seed) step \(step): \(bytes.count) bytes")
      do {
        document = try StateDocument(json: bytes)
      } catch {
        Issue.record(
          "seed \(seed) step \(step) after \(action) at \(now) from \(String(describing: document?.written)) \(String(describing: document?.timer.phase)) to \(transition.timer.phase): \(error)"
        )
        return
      }
    }
  }

  /// The largest state the writer can make: every list full, every name and note at its
  /// bound and made of characters the JSON escapes.
  @Test func theLargestStateFitsTheSizeLimit() throws {
    // 100 characters, 200 bytes: 96 escaped ones, 3 digits, and an e with 50 accents.
    let name = { (i: Int) in
      String(repeating: "\\", count: 96) + "\(i + 100)" + "e" + String(repeating: "\u{301}", count: 50)
    }
    // 20 tags of 50 characters, each escaped: 100 bytes, 200 in the file.
    let tags = (0..<TagName.maxCount).map { String(repeating: "\"", count: 48) + "\($0 + 10)" }
    var ledger = LedgerState(
      work: WorkClock(since: .seconds(1), project: name(0), tags: tags), project: name(0),
      projects: (0..<LedgerState.projectsKept).map(name), serial: Int(Int32.max),
      phaseLog: PhaseLog(
        internalInterruptions: 100_000, externalInterruptions: 100_000,
        notes: Array(
          repeating: String(repeating: "\"", count: Action.noteBytes), count: LedgerState.notesKept)))
    ledger.tags = tags
    // A task at every bound, escaped: its title, id, source kind and project.
    let task = TaskRef(
      title: String(repeating: "\"", count: TaskRef.maxCharacters), id: String(repeating: "\"", count: TaskRef.maxIDBytes),
      source: String(repeating: "\"", count: TaskRef.maxSourceBytes), project: name(0),
      estimate: TaskRef.maxEstimate)
    ledger.task = task
    ledger.work?.task = task
    ledger.awayChoice = AwayChoice(
      from: .seconds(1), to: .seconds(2), project: name(0), tags: tags,
      timer: TimerNote(.paused, by: .away, .seconds(1)), phaseCovered: true, answerBy: .seconds(3))
    for i in 0..<LedgerState.projectsKept { ledger.today.add(8 * 86_400, project: name(i), today: 1) }
    let timer = TimerState(
      phase: .paused(.focus, remaining: .seconds(86_400), total: .seconds(86_400)), slot: 1, urgency: .init(),
      note: nil, completed: 10_000_000, ledger: ledger)
    var document = StateDocument(
      timer: timer,
      written: ClockReading(
        wall: 1 << 61, boottime: 1 << 40, monotonic: 1 << 40, bootID: String(repeating: "f", count: 36)),
      commits: (0..<StateDocument.commitsKept).map { "\(4_000_000 + $0).\(Int64.max - Int64($0))" },
      epoch: "m5x9a2b")
    // And as many owed records as the file keeps, each with the longest note a focus can
    // end with (every note joined), all of it escaped twice.
    let note = Array(repeating: String(repeating: "\"", count: Action.noteBytes), count: LedgerState.notesKept + 1)
      .joined(separator: "; ")
    document.owed = StateDocument.keptOwed(
      (0..<StateDocument.owedKept * 2).map { i in
        LedgerRecord(
          id: "3d1219c7c4c5.m5x9a2b.\(i)", kind: .focus, start: WallTime(utc: 1, offset: 50_400),
          end: WallTime(utc: 2, offset: -43_200), seconds: 1, project: name(i % 100), outcome: .voided,
          internalInterruptions: 100_000, externalInterruptions: 100_000, gap: 1, note: note, tags: tags,
          task: task)
      })
    #expect(!document.owed.isEmpty)
    let bytes = Array(document.json().utf8)
    #expect(bytes.count <= Self.sizeLimit, "\(bytes.count) bytes")
    #expect(try StateDocument(json: bytes) == document)
  }

  // MARK: - Each bound the writer could pass, written through the machine and read back

  static let boot = ClockReading(
    wall: 1_700_000_000 * second, boottime: 100 * second, monotonic: 100 * second, bootID: "a")

  /// Writes `machine`'s state as a transaction at `now` would, and reads it back.
  static func roundTrip(_ machine: TimerMachine, at now: ClockReading) throws -> StateDocument {
    try StateDocument(json: Array(StateDocument(timer: machine.state, written: now).json().utf8))
  }

  static func later(_ reading: ClockReading, by seconds: Int64) -> ClockReading {
    ClockReading(
      wall: reading.wall + seconds * second, boottime: reading.boottime + seconds * second,
      monotonic: reading.monotonic + seconds * second, bootID: reading.bootID)
  }

  @Test func aNameTheOldReaderRefusedIsCutByTheMachine() throws {
    var machine = TimerMachine(settings: TimerSettings())
    _ = machine.handle(.action(.project(String(repeating: "p", count: 1100) + "\n")), at: Self.boot.instant)
    let read = try Self.roundTrip(machine, at: Self.boot)
    #expect(read.timer.ledger.project == String(repeating: "p", count: ProjectName.maxCharacters))
    #expect(read.timer.ledger.work?.project == read.timer.ledger.project)
  }

  @Test func anAbsenceAcrossARebootIsReadBack() throws {
    // Away 2 h before a reboot: the new boot's timeline puts that before its start.
    var machine = TimerMachine(settings: TimerSettings())
    _ = machine.handle(.action(.away), at: Self.boot.instant)
    let written = Self.later(Self.boot, by: 7200)
    let rebooted = ClockReading(
      wall: written.wall + 60 * Self.second, boottime: 30 * Self.second, monotonic: 30 * Self.second,
      bootID: "b")
    let document = StateDocument(timer: machine.state, written: written)
    let (caughtUp, _, _) = document.caughtUp(to: rebooted, settings: TimerSettings())
    #expect(caughtUp.state.ledger.awaySince!.nanoseconds < 0)
    let read = try Self.roundTrip(caughtUp, at: rebooted)
    #expect(read.timer.ledger.awaySince == caughtUp.state.ledger.awaySince)
  }

  @Test func anExtraBreakIsReadBack() throws {
    var machine = TimerMachine()
    _ = machine.handle(.action(.startBreak), at: Self.boot.instant)
    #expect(machine.state.extraBreak)
    #expect(try Self.roundTrip(machine, at: Self.boot).timer == machine.state)
  }

  @Test func aFocusTheAwayHoldsIsReadBackAsHeld() throws {
    var machine = TimerMachine()
    _ = machine.handle(.action(.start), at: Self.boot.instant)
    _ = machine.handle(.action(.away), at: Self.later(Self.boot, by: 60).instant)
    #expect(machine.state.ledger.pausedByAway)
    #expect(try Self.roundTrip(machine, at: Self.later(Self.boot, by: 60)).timer == machine.state)
  }

  @Test func anUrgentFlagAcrossARebootIsReadBack() throws {
    let state = TimerState(phase: .focusDone, urgency: .init(since: Self.boot.instant))
    let rebooted = ClockReading(
      wall: Self.boot.wall + 3600 * Self.second, boottime: 5 * Self.second, monotonic: 5 * Self.second,
      bootID: "b")
    let (caughtUp, _, _) = StateDocument(timer: state, written: Self.boot).caughtUp(
      to: rebooted, settings: TimerSettings())
    #expect(caughtUp.state.urgentSince!.nanoseconds < 0)
    #expect(try Self.roundTrip(caughtUp, at: rebooted).timer.urgentSince == caughtUp.state.urgentSince)
  }

  @Test func aWorkClockRunningForOverAYearIsReadBack() throws {
    var machine = TimerMachine(settings: TimerSettings())
    _ = machine.handle(.action(.workStart), at: Self.boot.instant)
    let now = Self.later(Self.boot, by: 400 * 86_400)
    _ = machine.handle(.action(.start), at: now.instant)  // a transition a year on
    let read = try Self.roundTrip(machine, at: now)
    #expect(read.timer.ledger.work != nil)
    #expect(read.timer.ledger.phaseStart == now.instant)
  }

  @Test func todaysTotalsPastTheReadersBoundAreKeptAtIt() throws {
    // A clock set back again and again makes one day count more than a day of work.
    var machine = TimerMachine(settings: TimerSettings())
    for _ in 0..<9 { machine.state.ledger.today.add(86_400, project: "api", today: 7) }
    let read = try Self.roundTrip(machine, at: Self.boot)
    #expect(read.timer.ledger.today.total(for: "api") == 8 * 86_400)
  }

  @Test func theWeeksEarlierDaysAreReadBackAndAnOlderStateHasNone() throws {
    var machine = TimerMachine(settings: TimerSettings())
    let week: [Int64] = [0, 0, 28_800, 30_600, 27_000, 0]
    machine.state.ledger.recent = RecentWork(day: 20_415, seconds: week + [5 * 86_400])
    let read = try Self.roundTrip(machine, at: Self.boot)
    // A day past the bound (two days) is kept at it.
    #expect(read.timer.ledger.recent == RecentWork(day: 20_415, seconds: week + [2 * 86_400]))
    let older = try Self.roundTrip(TimerMachine(settings: TimerSettings()), at: Self.boot)
    #expect(older.timer.ledger.recent == nil)
  }

  @Test func interruptionsPastTheReadersBoundAreKeptAtIt() throws {
    var machine = TimerMachine(settings: TimerSettings())
    _ = machine.handle(.action(.start), at: Self.boot.instant)
    for _ in 0...100_000 {
      _ = machine.handle(.action(.interrupt(external: true, note: nil)), at: Self.boot.instant)
    }
    let read = try Self.roundTrip(machine, at: Self.boot)
    #expect(read.timer.ledger.phaseLog?.externalInterruptions == 100_000)
  }
}
