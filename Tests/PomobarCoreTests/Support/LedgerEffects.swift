@testable import PomobarCore

/// A `.record` effect with whole-second times, as the machine tests expect them.
func recorded(
  _ serial: Int, _ kind: LedgerRecord.Kind, _ start: Int64, _ end: Int64, _ seconds: Int64,
  _ outcome: LedgerRecord.Outcome?, project: String? = nil, gap: Int64 = 0, note: String? = nil,
  internalCount: Int = 0, externalCount: Int = 0, tags: [String] = []
) -> Effect {
  .record(
    LedgerEntry(
      serial: serial, kind: kind, start: .seconds(start), end: .seconds(end), seconds: seconds,
      project: project, outcome: outcome, internalInterruptions: internalCount,
      externalInterruptions: externalCount, gap: gap, note: note, tags: tags))
}

/// A `.runHook` effect with whole-second times, as the machine tests expect them.
func hook(
  _ event: HookEvent, _ phase: PhaseKind?, reason: EndReason? = nil, slot: Int = 1, completed: Int = 0,
  next: PhaseKind, total: Int64? = nil, remaining: Int64? = nil, endsAt: Int64? = nil,
  project: String? = nil, previousProject: String? = nil, interruption: String? = nil,
  note: String? = nil
) -> Effect {
  .runHook(
    event,
    HookContext(
      phase: phase, reason: reason, slot: slot, completed: completed, next: next,
      total: total.map { .seconds($0) }, remaining: remaining.map { .seconds($0) },
      deadline: endsAt.map { .seconds($0) }, project: project, previousProject: previousProject,
      interruption: interruption, note: note))
}
