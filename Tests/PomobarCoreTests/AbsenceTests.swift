import Testing

@testable import PomobarCore

/// The time away is one `Absence`: when it began and the work clock it stopped, which back
/// starts again. What back starts cannot be kept without an absence, nor "by a focus"
/// without a clock. The state file keeps its fields (`away`, `resume_work`,
/// `resume_work_by_focus`) and its bytes.
@Suite struct AbsenceTests {
  static let idle = #"{"phase":"idle","slot":1,"urgent":false,"completed":0,"note":null}"#

  static func file(away: String) -> String {
    PhaseLogTests.file(timer: idle, ledger: PhaseLogTests.ledger(away: away))
  }

  static let written: [(away: String, absence: Absence?)] = [
    (#""away":null,"resume_work":false,"resume_work_by_focus":false"#, nil),
    (#""away":600000000000,"resume_work":false,"resume_work_by_focus":false"#, Absence(since: .seconds(600))),
    (
      #""away":600000000000,"resume_work":true,"resume_work_by_focus":false"#,
      Absence(since: .seconds(600), stoppedWork: .user)
    ),
    (
      #""away":600000000000,"resume_work":true,"resume_work_by_focus":true"#,
      Absence(since: .seconds(600), stoppedWork: .focus)
    ),
  ]

  @Test func filesAreReadIntoTheAbsenceAndWrittenByteForByte() throws {
    for (away, absence) in Self.written {
      let document = try StateDocument(json: Array(Self.file(away: away).utf8))
      #expect(document.timer.ledger.away == absence, "\(away)")
      #expect(document.json() == Self.file(away: away))
    }
  }

  /// Pomobar never wrote these (a hand edit can): what back would start without an
  /// absence, or a focus's clock without a clock, is dropped and not written again.
  static let contradictory: [(away: String, clean: String)] = [
    (
      #""away":null,"resume_work":true,"resume_work_by_focus":true"#,
      #""away":null,"resume_work":false,"resume_work_by_focus":false"#
    ),
    (
      #""away":null,"resume_work":false,"resume_work_by_focus":true"#,
      #""away":null,"resume_work":false,"resume_work_by_focus":false"#
    ),
    (
      #""away":600000000000,"resume_work":false,"resume_work_by_focus":true"#,
      #""away":600000000000,"resume_work":false,"resume_work_by_focus":false"#
    ),
  ]

  @Test func whatBackWouldStartWithoutAnAbsenceIsDropped() throws {
    for (away, clean) in Self.contradictory {
      let document = try StateDocument(json: Array(Self.file(away: away).utf8))
      #expect(document.json() == Self.file(away: clean), "\(away)")
    }
  }

  /// Away and back, whole states: the absence carries the clock it stopped; stopping the
  /// clock by hand while away, or the timer going idle under a focus's clock, forgets it.
  @Test func anAbsenceCarriesTheClockItStopped() {
    var m = TimerMachine(settings: TimerSettings())
    _ = m.handle(.action(.workStart), at: .seconds(0))
    _ = m.handle(.action(.away), at: .seconds(100))
    let away = Absence(since: .seconds(100), stoppedWork: .user)
    #expect(m.state == TimerState(ledger: LedgerState(serial: 1, away: away)))
    _ = m.handle(.action(.workStop), at: .seconds(150))
    #expect(m.state == TimerState(ledger: LedgerState(serial: 1, away: Absence(since: .seconds(100)))))
    _ = m.handle(.action(.back), at: .seconds(200))
    #expect(m.state == TimerState(ledger: LedgerState(serial: 1)), "nothing to start again")

    _ = m.handle(.action(.start), at: .seconds(300))  // its clock: by the focus
    _ = m.handle(.action(.away), at: .seconds(400))
    #expect(m.state.ledger.away == Absence(since: .seconds(400), stoppedWork: .focus))
    _ = m.handle(.action(.stop), at: .seconds(450))
    #expect(m.state.ledger.away == Absence(since: .seconds(400)), "idle: back does not start it")
    _ = m.handle(.action(.back), at: .seconds(500))
    #expect((m.state.ledger.away, m.state.ledger.work) == (nil, nil))
  }
}
