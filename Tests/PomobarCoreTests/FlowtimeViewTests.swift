import Testing

@testable import PomobarCore

private func at(_ seconds: Int64) -> Instant { .seconds(seconds) }
private let day: Int64 = 86_400

private func flowConfig(_ configure: (inout Config) -> Void = { _ in }) -> Config {
  var config = Config()
  config.timer.mode = .flowtime
  configure(&config)
  return config
}

/// A Flowtime focus started at 0, slot 2, running or paused after `pausedAfter` seconds.
private func counting(pausedAfter: Int64? = nil) -> TimerState {
  let phase: TimerPhase =
    pausedAfter.map { .paused(.focus(countsUp: true), remaining: .seconds(day - $0), total: .seconds(day)) }
    ?? .running(.focus(countsUp: true), deadline: at(day), total: .seconds(day))
  return TimerState(phase: phase, slot: 2, completed: 1)
}

@Suite struct FlowtimeViewTests {
  @Test func aCountingUpFocusShowsItsTimeSoFarAndTheBreakItEarned() {
    let view = ViewModel(state: counting(), config: flowConfig(), now: at(754), localSecondOfDay: 9 * 3600)
    #expect(view.time == "12:34")
    #expect(view.fullText == "⣇ Focus 12:34 ●●○○")  // 754 of 1500 s: half the ring filled
    #expect(view.shortText == "⣇ 12:34")
    #expect(view.endsAt == nil)
    #expect(
      view.tooltip == "Focus 2 of 4 · flowtime\n12:34 so far; break earned: 3 min\n1 focus session completed"
    )
    #expect(view.classes == ["focus", "flowtime", "counting-up"])
    #expect((view.remainingSeconds, view.totalSeconds, view.elapsedSeconds) == (0, 0, 754))
    #expect(!view.isEnding)
  }

  @Test func theRingFillsOncePerFocusLengthAndStartsOver() {
    var seen: [String] = []
    for elapsed in stride(from: Int64(0), through: 1501, by: 1) {
      let ring = ViewModel(state: counting(), config: flowConfig(), now: at(elapsed)).ring
      if seen.last != ring { seen.append(ring) }
    }
    #expect(seen == ["⠀", "⠁", "⠃", "⠇", "⡇", "⣇", "⣧", "⣷", "⣿", "⠁"])
  }

  @Test func minutesCountWholeMinutesSoFar() throws {
    let toml =
      "[timer]\nmode = \"flowtime\"\n[display]\nupdate = \"minute\"\n[format]\nfull = \"{minutes} {time}\"\n"
    let config = try ConfigLoader.load(Array(toml.utf8), file: "config.toml").get()
    let view = ViewModel(state: counting(), config: config, now: at(3599))
    #expect(view.fullText == "59m 59m")
  }

  @Test func aPausedFocusSaysSoAndKeepsItsTime() {
    let view = ViewModel(state: counting(pausedAfter: 3000), config: flowConfig(), now: at(9000))
    #expect(view.fullText == "⣿ Focus paused 50:00 ●●○○")
    #expect(
      view.tooltip
        == "Focus paused: 2 of 4 · flowtime\n50:00 so far; break earned: 10 min\n1 focus session completed")
    #expect(view.classes == ["focus", "paused", "flowtime", "counting-up"])
  }

  @Test func idleInFlowtimeWaitsAtZero() {
    let view = ViewModel(state: TimerState(), config: flowConfig(), now: at(0))
    #expect(view.fullText == "⠀ Ready 00:00 ○○○○")
    #expect(view.tooltip == "Ready: Focus 1 of 4, counting up (flowtime)\nno focus sessions completed yet")
    #expect(view.classes == ["idle", "flowtime"])
    #expect(view.elapsedSeconds == nil)
  }

  @Test func theEarnedBreakCountsDownAsAnyBreak() {
    let state = TimerState(phase: .running(.shortBreak, deadline: at(600), total: .seconds(600)), slot: 2)
    let view = ViewModel(state: state, config: flowConfig(), now: at(0))
    #expect(view.fullText == "⣿ Short break 10:00 ●●○○")
    #expect(view.classes == ["short-break", "flowtime"])
  }

  @Test func jsonStatusAddsTheCountOnlyWhileAFocusCountsUp() {
    let counting = JSONStatusEncoder.object(ViewModel(state: counting(), config: flowConfig(), now: at(90)))
    #expect(counting["counts_up"] == .bool(true))
    #expect(counting["elapsed"] == .integer(90))
    #expect(counting["remaining"] == .integer(0))
    let idle = JSONStatusEncoder.object(ViewModel(state: TimerState(), config: flowConfig(), now: at(0)))
    #expect(idle["counts_up"] == nil)
    #expect(idle["elapsed"] == nil)
  }

  @Test func waybarCarriesTheClasses() {
    var encoder = WaybarEncoder()
    let frame = encoder.frame(ViewModel(state: counting(), config: flowConfig(), now: at(90)))
    #expect(frame.contains("\"class\":[\"focus\",\"flowtime\",\"counting-up\"]"))
  }

  @Test func theBreakEndNotificationSaysTheNextFocusCountsUp() {
    let plan = NotificationPlan(ended: .shortBreak, state: TimerState(slot: 2), config: flowConfig())
    #expect(plan.body == "Next: focus, counting up.")
  }

  /// What `pomobar watch` counts from: not the one-day cap, but the focus's start.
  @Test func aCountingUpFocusHasNoDeadlineButTheInstantItCountsFrom() {
    let now = ClockReading(wall: 1_000_754_000_000_000, boottime: 754_000_000_000, monotonic: 0, bootID: "a")
    let running = ViewModel(state: counting(), config: flowConfig(), reading: now, zone: { _ in 0 })
    #expect((running.deadline, running.countsFrom, running.elapsedSeconds) == (nil, at(0), 754))
    #expect(running.madeAt?.milliseconds(at: at(0)) == 1_000_000_000)  // 754 s before the reading
    let paused = ViewModel(
      state: counting(pausedAfter: 60), config: flowConfig(), reading: now, zone: { _ in 0 })
    #expect((paused.deadline, paused.countsFrom, paused.elapsedSeconds) == (nil, nil, 60))
    // A focus that counts down keeps its deadline, and counts from nothing.
    var down = counting()
    down.phase = .running(.focus, deadline: at(day), total: .seconds(day))
    let view = ViewModel(state: down, config: Config(), reading: now, zone: { _ in 0 })
    #expect((view.deadline, view.countsFrom) == (at(day), nil))
  }

  @Test func aCountingUpFocusIsReadBackFromTheStateFile() throws {
    let written = ClockReading(wall: 1_700_000_000_000_000_000, boottime: 0, monotonic: 0, bootID: "a")
    for state in [counting(), counting(pausedAfter: 60)] {
      let json = StateDocument(timer: state, written: written).json()
      #expect(json.contains("\"counts_up\":true"))
      #expect(try StateDocument(json: Array(json.utf8)).timer == state)
    }
    // A file written before Flowtime has no such field: a focus counts down.
    let older = StateDocument(
      timer: TimerState(phase: .running(.focus, deadline: at(1500), total: .seconds(1500))), written: written)
    let read = try StateDocument(json: Array(older.json().utf8))
    #expect(!older.json().contains("counts_up"))
    #expect(!read.timer.countsUp)
  }

  @Test func withMinuteUpdatesABarWakesOnlyWhenTheMinutesSoFarTurn() throws {
    // Started at 10.5 s: its minutes turn at 70.5 s, 130.5 s, ... and the bar wakes there.
    let start = Instant(nanoseconds: 10_500_000_000)
    let state = TimerState(
      phase: .running(.focus(countsUp: true), deadline: start + .seconds(day), total: .seconds(day)))
    let now = ClockReading(
      wall: 12_000_000_000, boottime: 12_000_000_000, monotonic: 12_000_000_000, bootID: "b")
    let plan = try #require(TickPlan.of(state, now: now, zone: { _ in 0 }, dayStart: 0, update: .minute))
    #expect(plan.seconds == 60)
    let wake = plan.next(after: now.instant)
    #expect(wake == start + .seconds(60))
    let config = try ConfigLoader.load(
      Array("[timer]\nmode = \"flowtime\"\n[display]\nupdate = \"minute\"\n".utf8), file: "c"
    ).get()
    #expect(ViewModel(state: state, config: config, now: wake - .milliseconds(1)).time == "0m")
    #expect(ViewModel(state: state, config: config, now: wake).time == "1m")
  }
}
