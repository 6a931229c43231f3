import Testing

@testable import PomobarCore

/// A counting-up focus, an extra break and urgency live in the phase (`TimedPhase`) and in
/// `TimerState.Urgency`, so a state that cannot be (a break that counts up, `urgent_since`
/// without `urgent`) cannot be built. The state file keeps its old fields, written byte for
/// byte as before, and a file with a combination that cannot be loses the part that cannot.
@Suite struct TimedPhaseFileTests {
  /// A state file of one version with `timer` as its timer object, written at boottime 1 s.
  static func file(_ timer: String) -> String {
    #"{"version":1,"written":{"wall":1,"boottime":1000000000,"monotonic":1,"boot_id":"b"},"timer":"#
      + timer + "}"
  }

  /// The timer object as `json()` writes it.
  static func timerText(_ document: StateDocument) throws -> Substring {
    let json = document.json()
    let start = try #require(json.firstRange(of: #""timer":"#)).upperBound
    let end = try #require(json.firstRange(of: #","ledger":"#)).lowerBound
    return json[start..<end]
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var timer: String
    var state: TimerState
    var testDescription: String { timer }
  }

  static let day = Duration.seconds(86_400)

  /// Timer objects as the writer before `TimedPhase` wrote them, one per field it may add.
  static let older: [Case] = [
    Case(
      timer: #"{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":null}"#, state: TimerState()),
    Case(
      timer: #"{"phase":"running","kind":"focus","deadline":1500000000000,"total":86400000000000,"slot":2,"#
        + #""urgent":false,"completed":1,"note":null,"counts_up":true}"#,
      state: TimerState(
        phase: .running(.focus(countsUp: true), deadline: .seconds(1500), total: day), slot: 2,
        completed: 1)),
    Case(
      timer: #"{"phase":"paused","kind":"short-break","remaining":60000000000,"total":300000000000,"slot":4,"#
        + #""urgent":false,"completed":3,"note":null,"extra_break":true}"#,
      state: TimerState(
        phase: .paused(.shortBreak(extra: true), remaining: .seconds(60), total: .seconds(300)), slot: 4,
        completed: 3)),
    Case(
      timer:
        #"{"phase":"running","kind":"long-break","deadline":1500000000000,"total":900000000000,"slot":4,"#
        + #""urgent":true,"completed":4,"note":null,"urgent_since":600000000000}"#,
      state: TimerState(
        phase: .running(.longBreak, deadline: .seconds(1500), total: .seconds(900)), slot: 4,
        urgency: .init(since: .seconds(600)), completed: 4)),
    // Urgent in a file from before `urgent_since`: urgent until the next action.
    Case(
      timer: #"{"phase":"focus-done","slot":1,"urgent":true,"completed":1,"note":null}"#,
      state: TimerState(phase: .focusDone, urgency: .init(), completed: 1)),
    // All three: a break ran out, the Flowtime focus after it started and away paused it.
    Case(
      timer: #"{"phase":"paused","kind":"focus","remaining":86340000000000,"total":86400000000000,"slot":1,"#
        + #""urgent":true,"completed":0,"note":null,"urgent_since":600000000000,"counts_up":true}"#,
      state: TimerState(
        phase: .paused(.focus(countsUp: true), remaining: .seconds(86_340), total: day),
        urgency: .init(since: .seconds(600)))),
  ]

  @Test(arguments: older)
  func olderFilesReadIntoThePhaseAndAreWrittenByteForByte(_ old: Case) throws {
    let document = try StateDocument(json: Array(Self.file(old.timer).utf8))
    #expect(document.timer == old.state)
    #expect(try Self.timerText(document) == old.timer)
  }

  /// Every phase with what it can carry goes through the file and back.
  @Test func everyPhaseWithWhatItCarriesRoundTrips() throws {
    let kinds: [TimedPhase] = [
      .focus, .focus(countsUp: true), .shortBreak, .shortBreak(extra: true), .longBreak,
    ]
    let phases: [TimerPhase] =
      [.idle, .focusDone]
      + kinds.flatMap {
        [
          .running($0, deadline: .seconds(1500), total: .seconds(1500)),
          .paused($0, remaining: .seconds(5), total: .seconds(9)),
        ]
      }
    for phase in phases {
      for urgency in [nil, TimerState.Urgency(), TimerState.Urgency(since: .seconds(600))] {
        let state = TimerState(phase: phase, slot: 3, urgency: urgency, completed: 2)
        let written = ClockReading(wall: 1, boottime: 1_000_000_000, monotonic: 1, bootID: "b")
        let json = StateDocument(timer: state, written: written).json()
        #expect(try StateDocument(json: Array(json.utf8)).timer == state, "\(json)")
      }
    }
  }

  /// Files with a combination no phase has (pomobar never wrote them; a hand edit can):
  /// what means nothing for the phase is dropped, as before, and the rest is read. One
  /// change: `extra_break` on a long break (which `ctl break` never starts) was kept and
  /// kept the cycle from moving on when it ended; now it is a long break like any other.
  static let contradictory: [Case] = [
    Case(
      timer: #"{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":null,"#
        + #""counts_up":true,"extra_break":true}"#,
      state: TimerState()),
    Case(
      timer: #"{"phase":"focus-done","slot":2,"urgent":false,"completed":1,"note":null,"#
        + #""urgent_since":600000000000,"counts_up":true}"#,
      state: TimerState(phase: .focusDone, slot: 2, completed: 1)),
    Case(
      timer: #"{"phase":"running","kind":"short-break","deadline":1500000000000,"total":300000000000,"#
        + #""slot":1,"completed":0,"note":null,"urgent_since":600000000000,"counts_up":true}"#,
      state: TimerState(phase: .running(.shortBreak, deadline: .seconds(1500), total: .seconds(300)))),
    Case(
      timer: #"{"phase":"running","kind":"focus","deadline":1500000000000,"total":1500000000000,"#
        + #""slot":1,"urgent":false,"completed":0,"note":null,"extra_break":true}"#,
      state: TimerState(phase: .running(.focus, deadline: .seconds(1500), total: .seconds(1500)))),
    Case(
      timer: #"{"phase":"paused","kind":"long-break","remaining":60000000000,"total":900000000000,"#
        + #""slot":4,"urgent":false,"completed":4,"note":null,"extra_break":true}"#,
      state: TimerState(
        phase: .paused(.longBreak, remaining: .seconds(60), total: .seconds(900)), slot: 4, completed: 4)),
    Case(
      timer: #"{"phase":"running","kind":"focus","deadline":1500000000000,"total":86400000000000,"#
        + #""slot":1,"urgent":false,"completed":0,"note":null,"extra_break":true,"counts_up":true}"#,
      state: TimerState(phase: .running(.focus(countsUp: true), deadline: .seconds(1500), total: day))),
    // When it became urgent, from another boot's clock (more than 8 days off): urgent
    // until the next action.
    Case(
      timer: #"{"phase":"focus-done","slot":1,"urgent":true,"completed":1,"note":null,"#
        + #""urgent_since":999000000000000}"#,
      state: TimerState(phase: .focusDone, urgency: .init(), completed: 1)),
  ]

  @Test(arguments: contradictory)
  func whatNoPhaseHasIsDroppedOnReadingAndNotWrittenAgain(_ odd: Case) throws {
    let document = try StateDocument(json: Array(Self.file(odd.timer).utf8))
    #expect(document.timer == odd.state)
    let clean = StateDocument(timer: odd.state, written: document.written)
    #expect(try Self.timerText(document) == Self.timerText(clean))
  }

  /// A time without the flag is dropped, but a time that is not a number still makes the
  /// file unusable, as before.
  @Test func anUrgentSinceThatIsNotANumberIsRefusedUrgentOrNot() {
    for urgent in ["true", "false"] {
      let timer =
        #"{"phase":"idle","slot":1,"urgent":\#(urgent),"completed":0,"note":null,"urgent_since":"x"}"#
      #expect(throws: StateDocument.DecodeError.self) {
        try StateDocument(json: Array(Self.file(timer).utf8))
      }
    }
  }

  /// What a counting-up focus, an extra break and urgency are read from.
  @Test func theFlagsAreReadFromThePhase() {
    let urgent = TimerState(
      phase: .paused(.focus(countsUp: true), remaining: .seconds(5), total: .seconds(9)),
      urgency: .init(since: .seconds(600)))
    #expect(
      (urgent.countsUp, urgent.extraBreak, urgent.urgent, urgent.urgentSince) == (
        true, false, true, Instant.seconds(600)
      ))
    let extra = TimerState(
      phase: .running(.shortBreak(extra: true), deadline: .seconds(9), total: .seconds(9)))
    #expect((extra.countsUp, extra.extraBreak, extra.urgent, extra.urgentSince) == (false, true, false, nil))
    let older = TimerState(phase: .focusDone, urgency: .init())
    #expect((older.countsUp, older.extraBreak, older.urgent, older.urgentSince) == (false, false, true, nil))
    // Where a flag means nothing, the phase made from a kind drops it.
    #expect(TimedPhase(.longBreak, countsUp: true, extra: true) == .longBreak)
    #expect(TimedPhase(.shortBreak, countsUp: true) == .shortBreak)
    #expect(TimedPhase(.focus, extra: true) == .focus)
  }
}
