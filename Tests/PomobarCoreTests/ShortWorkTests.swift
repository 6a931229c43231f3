import Testing

@testable import PomobarCore

private func at(ms: Int64) -> Instant { Instant(nanoseconds: ms * 1_000_000) }

/// The work records among `effects`, with where they start on the timer's timeline.
private func work(_ effects: [Effect]) -> [(record: LedgerRecord, start: Instant)] {
  effects.compactMap {
    if case .record(let record, let start, _) = $0, record.kind == .work { (record, start) } else { nil }
  }
}

/// No work record under a second: quick project switches (`ctl project a`, `ctl project
/// b`, `project next` while scrolling) leave only the intervals that were worked.
@Suite struct ShortWorkTests {
  @Test func quickSwitchesLeaveOnlyTheRealIntervals() {
    var m = TimerMachine()
    var records: [(record: LedgerRecord, start: Instant)] = []
    let steps: [(Int64, Action)] = [
      (0, .project("a")), (300, .project("b")), (600, .projectNext), (900, .projectNext),
      (1000, .project("a")), (601_000, .projectNext), (1_200_000, .workStop),
    ]
    for (ms, action) in steps { records += work(m.handle(.action(action), at: at(ms: ms))) }
    #expect(records.map(\.record.project) == ["a", "b"], "\(records)")
    #expect(records.map(\.start) == [at(ms: 1000), at(ms: 601_000)])
    #expect(records.map(\.record.seconds) == [600, 599])
  }

  @Test func aSecondIsKeptAndLessIsNot() {
    var m = TimerMachine()
    _ = m.handle(.action(.workStart), at: at(ms: 0))
    // The clock stops as asked, with its hooks; only the record is left out.
    #expect(m.handle(.action(.workStop), at: at(ms: 999)) == [.persist, hook(.workStop, nil, next: .focus)])
    #expect(m.state.ledger.work == nil)
    _ = m.handle(.action(.workStart), at: at(ms: 2000))
    #expect(work(m.handle(.action(.workStop), at: at(ms: 3000))).map(\.record.seconds) == [1])
  }
}
