@testable import PomobarCore

/// A `.record` effect with whole-second times, as the machine tests expect them.
func recorded(
  _ serial: Int, _ kind: LedgerRecord.Kind, _ start: Int64, _ end: Int64, _ seconds: Int64,
  _ outcome: LedgerRecord.Outcome?, project: String? = nil, gap: Int64 = 0, note: String? = nil,
  internalCount: Int = 0, externalCount: Int = 0
) -> Effect {
  .record(
    LedgerEntry(
      serial: serial, kind: kind, start: .seconds(start), end: .seconds(end), seconds: seconds,
      project: project, outcome: outcome, internalInterruptions: internalCount,
      externalInterruptions: externalCount, gap: gap, note: note))
}
