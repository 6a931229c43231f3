@testable import PomobarCore

/// A `.record` effect with whole-second times, as the machine tests expect them: made by
/// the default `Recorder` (the timeline's seconds are UTC seconds, the ids `..SERIAL`);
/// `addedAt`: a person's say at that second.
func recorded(
  _ serial: Int, _ kind: LedgerRecord.Kind, _ start: Int64, _ end: Int64, _ seconds: Int64,
  _ outcome: LedgerRecord.Outcome?, project: String? = nil, gap: Int64 = 0, note: String? = nil,
  internalCount: Int = 0, externalCount: Int = 0, tags: [String] = [], task: TaskRef? = nil,
  addedAt: Int64? = nil
) -> Effect {
  .record(
    LedgerRecord(
      id: "..\(serial)", kind: kind, start: WallTime(utc: start, offset: 0),
      end: WallTime(utc: end, offset: 0),
      seconds: seconds, project: project, outcome: outcome, internalInterruptions: internalCount,
      externalInterruptions: externalCount, gap: gap, note: note, tags: tags, task: task,
      at: addedAt.map { WallTime(utc: $0, offset: 0) }),
    start: .seconds(start), end: .seconds(end))
}

/// A `.runHook` effect with whole-second times, as the machine tests expect them.
func hook(
  _ event: HookEvent, _ phase: PhaseKind?, reason: EndReason? = nil, slot: Int = 1, completed: Int = 0,
  next: PhaseKind, total: Int64? = nil, remaining: Int64? = nil, endsAt: Int64? = nil,
  project: String? = nil, previousProject: String? = nil, interruption: String? = nil,
  note: String? = nil, task: TaskRef? = nil
) -> Effect {
  .runHook(
    event,
    HookContext(
      phase: phase, reason: reason, slot: slot, completed: completed, next: next,
      total: total.map { .seconds($0) }, remaining: remaining.map { .seconds($0) },
      deadline: endsAt.map { .seconds($0) }, project: project, previousProject: previousProject,
      interruption: interruption, note: note, task: task))
}
