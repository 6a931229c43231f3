import Testing

@testable import PomobarCore

/// `ctl --at`/`--ago`: the moment's words, the instant they name, and each action applied
/// then, with the whole effect list.
@Suite struct BackdateTests {
  /// Now: 2026-11-25 08:00:00 UTC, 100,000 s into the boot.
  static let now: Int64 = 100_000
  static let reading = ClockReading(
    wall: 1_795_593_600 * 1_000_000_000, boottime: now * 1_000_000_000, monotonic: now * 1_000_000_000,
    bootID: "a")
  static var utc: Ledger { Ledger(zone: { _ in 0 }, now: reading, dayStart: 0) }
  static let hour: Int64 = 3600

  /// The middle of the second a time of day names, where `Ledger.instant` puts it.
  static func mid(_ instant: Instant) -> Instant { instant + .milliseconds(500) }

  /// `hours` before now on the timeline.
  static func before(hours: Int64, minutes: Int64 = 0) -> Instant {
    .seconds(now - hours * hour - minutes * 60)
  }

  static func clock(_ text: String) -> Moment {
    guard case .success(let moment) = Moment.at(text) else { fatalError("'\(text)' does not read") }
    return moment
  }

  static func problem(_ read: Result<Moment, Moment.Problem>) -> String? {
    guard case .failure(let problem) = read else { return nil }
    return problem.description
  }

  // MARK: - Words

  @Test func timesOfDayAndDurationsRead() {
    #expect(Moment.at("18:00") == .success(.clock(second: 18 * 3600, day: nil)))
    #expect(Moment.at("9:05") == .success(.clock(second: 9 * 3600 + 300, day: nil)))
    #expect(Moment.at("09:05:30") == .success(.clock(second: 9 * 3600 + 330, day: nil)))
    #expect(Moment.at("yesterday 18:00") == .success(.clock(second: 18 * 3600, day: .yesterday)))
    #expect(Moment.at("today 0:00") == .success(.clock(second: 0, day: .today)))
    #expect(Moment.ago("5m") == .success(.ago(.seconds(300))))
    #expect(Moment.ago("1h30m") == .success(.ago(.seconds(5400))))
  }

  @Test func aWrongWordIsNamedWithTheFormThatWorks() {
    for word in ["25:00", "9", "9.00", "9:60", "+9:00", "9:5:"] {
      #expect(
        Self.problem(Moment.at(word))
          == "cannot read '\(word)' as a time of day: write it like 18:00, 9:05 or 'yesterday 18:00'")
    }
    #expect(
      Self.problem(Moment.at("monday 9:00"))
        == "cannot read 'monday 9:00' as a time: write it like 18:00, 9:05 or 'yesterday 18:00'")
    #expect(Self.problem(Moment.at("yesterday")) == "'yesterday' needs a time of day: --at 'yesterday 18:00'")
    #expect(
      Self.problem(Moment.ago("soon")) == "cannot read 'soon' as a duration; write it like 5m, 90s or 1h30m")
    #expect(Self.problem(Moment.ago("200h")) == "'200h' is out of range: at most a week (168h)")
  }

  // MARK: - The instant

  @Test func aTimeOfDayIsTodaysOnceItHasPassed() {
    #expect(Self.utc.instant(of: Self.clock("7:00"), since: nil) == .success(Self.mid(Self.before(hours: 1))))
    // In the second it names: now.
    #expect(Self.utc.instant(of: Self.clock("8:00"), since: nil) == .success(.seconds(Self.now)))
    #expect(
      Self.utc.instant(of: .ago(.seconds(300)), since: nil) == .success(Self.before(hours: 0, minutes: 5)))
    #expect(
      Self.utc.instant(of: Self.clock("yesterday 18:00"), since: nil)
        == .success(Self.mid(Self.before(hours: 14))))
  }

  @Test func aTimeNotYetComeIsYesterdaysOnlyForWhatRanThen() {
    // A clock forgotten since yesterday 9:00, stopped --at 18:00 at 8:00 the next morning.
    #expect(
      Self.utc.instant(of: Self.clock("18:00"), since: Self.before(hours: 23))
        == .success(Self.mid(Self.before(hours: 14))))
    // Nothing running: 18:00 is in the future, not yesterday's.
    #expect(
      Self.utc.instant(of: Self.clock("18:00"), since: nil)
        == .failure(.future(.seconds(Self.now + 10 * Self.hour), now: .seconds(Self.now))))
    // Running since after yesterday's 18:00: today's, in the future.
    #expect(
      Self.utc.instant(of: Self.clock("18:00"), since: Self.before(hours: 12))
        == .failure(.future(.seconds(Self.now + 10 * Self.hour), now: .seconds(Self.now))))
    // Named, it is that day's whatever runs.
    #expect(
      Self.utc.instant(of: Self.clock("today 18:00"), since: Self.before(hours: 23))
        == .failure(.future(.seconds(Self.now + 10 * Self.hour), now: .seconds(Self.now))))
  }

  @Test func aMomentBeforeTheStartIsRefused() {
    #expect(
      Self.utc.instant(of: Self.clock("6:00"), since: Self.before(hours: 1))
        == .failure(.beforeStart(Self.mid(Self.before(hours: 2)), start: Self.before(hours: 1))))
    #expect(
      Self.utc.instant(of: .ago(.seconds(7200)), since: Self.before(hours: 1))
        == .failure(.beforeStart(Self.before(hours: 2), start: Self.before(hours: 1))))
  }

  @Test func aTimeOfDayIsLocal() {
    // UTC+1: 8:00 UTC is 9:00 local, so 8:30 local was half an hour ago.
    let berlin = Ledger(zone: { _ in 3600 }, now: Self.reading, dayStart: 0)
    #expect(
      berlin.instant(of: Self.clock("8:30"), since: nil)
        == .success(Self.mid(Self.before(hours: 0, minutes: 30))))
  }

  // MARK: - The work clock

  static func machine(_ state: TimerState = TimerState()) -> TimerMachine {
    TimerMachine(state: state)
  }

  static func working(since: Instant, project: String? = "api", byFocus: Bool = false) -> TimerState {
    TimerState(
      ledger: LedgerState(
        work: WorkClock(since: since, project: project, byFocus: byFocus), project: project,
        projects: project.map { [$0] } ?? []))
  }

  /// Checks `action` at `moment` and applies it as `ctl` does; the effects, or the refusal.
  static func backdate(
    _ m: inout TimerMachine, _ action: Action, _ moment: Moment
  ) -> Result<(Backdating, [Effect]), BackdateRefusal> {
    switch m.backdating(action, to: moment, ledger: utc) {
    case .failure(let refusal): return .failure(refusal)
    case .success(let backdating):
      return .success((backdating, m.handle(.backdated(action, at: backdating.moment), at: .seconds(now))))
    }
  }

  @Test func workStopAtEndsTheIntervalThen() throws {
    var m = Self.machine(Self.working(since: Self.before(hours: 23)))
    let (backdating, effects) = try Self.backdate(&m, .workStop, .ago(.seconds(14 * Self.hour))).get()
    #expect(backdating == Backdating(moment: Self.before(hours: 14), claims: []))
    let start = Self.now - 23 * Self.hour
    let end = Self.now - 14 * Self.hour
    #expect(
      effects == [
        .persist, hook(.workStop, nil, next: .focus, project: "api"),
        recorded(1, .work, start, end, end - start, nil, project: "api"),
      ])
    #expect(m.state.ledger.work == nil)
  }

  @Test func workStopBeforeTheClockStartedIsRefused() {
    var m = Self.machine(Self.working(since: Self.before(hours: 1)))
    #expect(
      m.backdating(.workStop, to: Self.clock("6:30"), ledger: Self.utc)
        == .failure(.beforeStart(Self.mid(Self.before(hours: 1, minutes: 30)), start: Self.before(hours: 1))))
    #expect(m.handle(.deadlineReached, at: .seconds(Self.now)).isEmpty)
  }

  @Test func anActionThatChangesNothingHasNoMomentToCheck() throws {
    // Stopped, `work stop --at 18:00` says the clock is not running, not that 18:00 is to come.
    var m = Self.machine()
    let (backdating, effects) = try Self.backdate(&m, .workStop, Self.clock("18:00")).get()
    #expect(backdating == Backdating(moment: .seconds(Self.now), claims: []))
    #expect(effects.isEmpty)
    // The same while a phase that ran out is still flagged.
    let urgent = Self.machine(TimerState(phase: .focusDone, urgency: .init(since: Self.before(hours: 1))))
    #expect(
      urgent.backdating(.workStop, to: Self.clock("18:00"), ledger: Self.utc)
        == .success(Backdating(moment: .seconds(Self.now), claims: [])))
  }

  @Test func workStartAtStartsTheClockThenAndClaimsTheTimeSince() throws {
    var m = Self.machine()
    let (backdating, effects) = try Self.backdate(&m, .workStart, .ago(.seconds(Self.hour))).get()
    #expect(backdating == Backdating(moment: Self.before(hours: 1), claims: [.work]))
    #expect(effects == [.persist, hook(.workStart, nil, next: .focus)])
    #expect(m.state.ledger.work == WorkClock(since: Self.before(hours: 1), project: nil))
  }

  @Test func workStartAtMovesTheStartOfARunningClock() throws {
    var m = Self.machine(Self.working(since: Self.before(hours: 0, minutes: 10), byFocus: true))
    let (backdating, effects) = try Self.backdate(&m, .workStart, .ago(.seconds(1800))).get()
    #expect(backdating.claims == [.work])
    #expect(effects == [.persist])
    #expect(m.state.ledger.work == WorkClock(since: Self.before(hours: 0, minutes: 30), project: "api"))
  }

  @Test func workToggleAtStopsARunningClock() throws {
    var m = Self.machine(Self.working(since: Self.before(hours: 2)))
    let (_, effects) = try Self.backdate(&m, .workToggle, .ago(.seconds(3600))).get()
    #expect(effects.contains(recorded(1, .work, Self.now - 7200, Self.now - 3600, 3600, nil, project: "api")))
    #expect(m.state.ledger.work == nil)
  }

  @Test func projectAtSwitchesThen() throws {
    var m = Self.machine(Self.working(since: Self.before(hours: 2)))
    let (backdating, effects) = try Self.backdate(&m, .project("web"), .ago(.seconds(Self.hour))).get()
    #expect(backdating.claims == [.work])
    #expect(
      effects == [
        .persist, recorded(1, .work, Self.now - 7200, Self.now - 3600, 3600, nil, project: "api"),
        hook(.project, nil, next: .focus, project: "web", previousProject: "api"),
      ])
    #expect(m.state.ledger.work == WorkClock(since: Self.before(hours: 1), project: "web"))
    // Not before the interval it closes.
    #expect(
      m.backdating(.project("api"), to: Self.clock("6:00"), ledger: Self.utc)
        == .failure(.beforeStart(Self.mid(Self.before(hours: 2)), start: Self.before(hours: 1))))
  }

  @Test func awayAgoStopsTheClockWhereInputStoppedNotBeforeItStarted() throws {
    // swayidle's `timeout 300 'pomobar ctl away --ago 5m'`: away since the last input.
    var m = Self.machine(Self.working(since: Self.before(hours: 1)))
    let (backdating, effects) = try Self.backdate(&m, .away, .ago(.seconds(300))).get()
    #expect(backdating == Backdating(moment: .seconds(Self.now - 300), claims: []))
    let (start, end) = (Self.now - Self.hour, Self.now - 300)
    #expect(
      effects == [
        .persist, hook(.away, nil, next: .focus, project: "api"),
        hook(.workStop, nil, next: .focus, project: "api"),
        recorded(1, .work, start, end, end - start, nil, project: "api"),
      ])
    #expect(m.state.ledger.work == nil)
    #expect(m.state.ledger.away == Absence(since: .seconds(Self.now - 300), stoppedWork: .user))
    // A clock started after the moment: away from its start, no interval before it.
    var late = Self.machine(Self.working(since: Self.before(hours: 0, minutes: 2)))
    let (_, lateEffects) = try Self.backdate(&late, .away, .ago(.seconds(300))).get()
    #expect(
      lateEffects == [
        .persist, hook(.away, nil, next: .focus, project: "api"),
        hook(.workStop, nil, next: .focus, project: "api"),
      ])
    // Not in the future.
    #expect(
      Self.machine(Self.working(since: Self.before(hours: 1))).backdating(
        .away, to: Self.clock("9:00"), ledger: Self.utc)
        == .failure(.future(.seconds(Self.now + Self.hour), now: .seconds(Self.now))))
  }

  // MARK: - The timer

  @Test func startAgoRunsAFocusThatBeganThen() throws {
    var m = Self.machine()
    let (backdating, _) = try Self.backdate(&m, .start, .ago(.seconds(300))).get()
    let then = Self.now - 300
    #expect(
      backdating == Backdating(moment: .seconds(then), claims: [.work, .focus, .shortBreak, .longBreak]))
    #expect(m.state.phase == .running(.focus, deadline: .seconds(then + 1500), total: .seconds(1500)))
    #expect(m.state.ledger.phaseStart == .seconds(then))
    #expect(m.state.ledger.work == WorkClock(since: .seconds(then), project: nil, byFocus: true))
  }

  @Test func aFocusThatWouldBeOverIsRefused() {
    let m = Self.machine()
    #expect(
      m.backdating(.start, to: .ago(.seconds(1500)), ledger: Self.utc)
        == .failure(.over(.focus, start: .seconds(Self.now - 1500), end: .seconds(Self.now))))
    let paused = Self.machine(
      TimerState(phase: .paused(.focus, remaining: .seconds(60), total: .seconds(1500))))
    #expect(paused.backdating(.start, to: .ago(.seconds(60)), ledger: Self.utc) == .failure(.paused(.focus)))
  }

  @Test func startAtEndsTheRunningBreakThen() throws {
    var state = TimerState(
      phase: .running(.shortBreak, deadline: .seconds(Self.now + 60), total: .seconds(300)))
    state.ledger.phaseLog = PhaseLog(start: .seconds(Self.now - 240))
    var m = Self.machine(state)
    #expect(
      m.backdating(.start, to: .ago(.seconds(300)), ledger: Self.utc)
        == .failure(.beforeStart(.seconds(Self.now - 300), start: .seconds(Self.now - 240))))
    let (_, effects) = try Self.backdate(&m, .start, .ago(.seconds(60))).get()
    #expect(effects.contains(recorded(1, .shortBreak, Self.now - 240, Self.now - 60, 180, .skipped)))
    #expect(
      m.state.phase == .running(.focus, deadline: .seconds(Self.now - 60 + 1500), total: .seconds(1500)))
    #expect(m.state.slot == 2)
  }

  @Test func stopAtEndsTheFocusAndTheClockItStartedThen() throws {
    var m = Self.machine()
    _ = m.handle(.action(.project("api")), at: .seconds(Self.now - 1200))
    _ = m.handle(.action(.workStop), at: .seconds(Self.now - 1200))
    _ = m.handle(.action(.start), at: .seconds(Self.now - 1200))
    let (backdating, effects) = try Self.backdate(&m, .stop, .ago(.seconds(600))).get()
    #expect(backdating.claims.isEmpty)
    let (start, end) = (Self.now - 1200, Self.now - 600)
    #expect(
      effects == [
        .persist,
        hook(
          .stop, .focus, next: .focus, total: 1500, remaining: 900, endsAt: Self.now + 300, project: "api"),
        hook(.focusEnd, .focus, reason: .stopped, next: .focus, total: 1500, remaining: 900, project: "api"),
        recorded(1, .focus, start, end, 600, .stopped, project: "api"),
        hook(.workStop, nil, next: .focus, project: "api"),
        recorded(2, .work, start, end, 600, nil, project: "api"),
      ])
    #expect(m.state.phase == .idle)
    #expect(m.state.ledger.work == nil)
  }

  @Test func stopAtCountsAPausedPhaseNoLongerThanItSpans() throws {
    var state = TimerState(phase: .paused(.focus, remaining: .seconds(300), total: .seconds(1500)))
    state.ledger.phaseLog = PhaseLog(start: .seconds(Self.now - 1800))
    var m = Self.machine(state)
    let (_, effects) = try Self.backdate(&m, .stop, .ago(.seconds(1200))).get()
    #expect(effects.contains(recorded(1, .focus, Self.now - 1800, Self.now - 1200, 600, .stopped)))
  }

  @Test func stopBeforeThePhaseOrItsClockBeganIsRefused() {
    var m = Self.machine()
    _ = m.handle(.action(.start), at: .seconds(Self.now - 600))
    #expect(
      m.backdating(.stop, to: .ago(.seconds(700)), ledger: Self.utc)
        == .failure(.beforeStart(.seconds(Self.now - 700), start: .seconds(Self.now - 600))))
    // The clock the focus started came back later (away, back): not before it either.
    m.state.ledger.work?.since = .seconds(Self.now - 300)
    #expect(
      m.backdating(.stop, to: .ago(.seconds(400)), ledger: Self.utc)
        == .failure(.beforeStart(.seconds(Self.now - 400), start: .seconds(Self.now - 300))))
  }

  // MARK: - One timeline

  @Test func whatAStartClaimsMayNotOverlapTheHistory() {
    func record(_ id: String, _ kind: LedgerRecord.Kind, _ start: Int64, _ end: Int64) -> LedgerRecord {
      LedgerRecord(
        id: id, kind: kind, start: WallTime(utc: start, offset: 0), end: WallTime(utc: end, offset: 0),
        seconds: end - start)
    }
    let records = [
      record("focus", .focus, 900, 1000), record("late", .work, 1500, 1600),
      record("early", .work, 1000, 1200),
      record("touching", .work, 500, 1000),
    ]
    let work = Backdating(moment: .seconds(0), claims: [.work])
    #expect(work.conflict(in: records, span: 1000..<2000)?.id == "early")
    #expect(work.conflict(in: records, span: 1200..<1500) == nil)
    let phases = Backdating(moment: .seconds(0), claims: [.focus, .shortBreak, .longBreak])
    #expect(phases.conflict(in: records, span: 950..<2000)?.id == "focus")
    #expect(Backdating(moment: .seconds(0), claims: []).conflict(in: records, span: 0..<2000) == nil)
  }

  @Test func aRefusalSaysWhatAndWhen() {
    let time = { (instant: Instant) in "\(instant.nanoseconds / 1_000_000_000)" }
    let record = { (found: LedgerRecord) in found.id }
    #expect(
      BackdateRefusal.future(.seconds(2), now: .seconds(1)).message(time: time, record: record)
        == "2 is in the future (it is 1)")
    #expect(
      BackdateRefusal.beforeStart(.seconds(1), start: .seconds(2)).message(time: time, record: record)
        == "1 is before it started, at 2")
    #expect(BackdateRefusal.future(.seconds(2), now: .seconds(1)).isUsage)
    #expect(!BackdateRefusal.paused(.focus).isUsage)
  }
}
