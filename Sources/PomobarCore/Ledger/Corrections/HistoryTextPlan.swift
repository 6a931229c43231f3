/// What an edited `HistoryText` changes: the records to amend, remove and add, each
/// checked as `history amend` and `track` check theirs (and kept as the history can keep
/// them: `LedgerRecord.historyProblem`); or the first line that cannot be applied, and why.
public struct HistoryTextPlan: Equatable, Sendable {
  public struct Amend: Equatable, Sendable {
    public var old: LedgerRecord
    public var new: LedgerRecord
  }

  public var amended: [Amend] = []
  public var removed: [LedgerRecord] = []
  public var added: [LedgerRecord] = []

  public var isEmpty: Bool { amended.isEmpty && removed.isEmpty && added.isEmpty }

  /// Compares `lines` (the text as the person left it) with `shown` (the records written
  /// to it, each with the short id written for it). Changed and added records must keep
  /// one timeline with each other, with the shown records left as they were, with
  /// `neighbours` (records not shown, near the days the lines name) and with `running`
  /// (the work clock running now, up to now), and end by `now`.
  /// `zone` gives the moment of a local clock reading (seconds since the epoch, the local
  /// clock counted as if it were UTC); `newRecord` the id and added time of the `n`th
  /// added record.
  public static func make(
    shown: [(id: String, record: LedgerRecord)], lines: [HistoryText.Line], neighbours: [LedgerRecord],
    running: [LedgerRecord] = [], now: WallTime, zone: (Int64) -> WallTime,
    newRecord: (Int) -> (id: String, at: WallTime, nanoseconds: Int32)
  ) -> Result<HistoryTextPlan, HistoryText.Problem> {
    var plan = HistoryTextPlan()
    var byID: [String: LedgerRecord] = [:]
    for (id, record) in shown { byID[id] = record }
    var seen: [String: Int] = [:]
    // The records as the text leaves them, and the lines whose times must be checked.
    var kept: [String: LedgerRecord] = [:]
    var moved: [(line: HistoryText.Line, record: LedgerRecord)] = []
    for line in lines {
      func problem(_ column: Int, _ message: String) -> Result<HistoryTextPlan, HistoryText.Problem> {
        .failure(HistoryText.Problem(line: line.number, column: column, message))
      }
      var project = line.project
      guard let id = line.id else {
        guard line.kind == .work else {
          return problem(
            line.timesColumn,
            "only work time can be added (a \(line.kind.rawValue) is the timer's); write work")
        }
        if let name = project {
          switch ProjectName.check(name) {
          case .success(let checked): project = checked
          case .failure(let reason): return problem(line.projectColumn, "\(reason)")
          }
        }
        let made = newRecord(plan.added.count)
        let start = zone(line.day.dayNumber * 86_400 + line.start)
        let end = zone(line.day.dayNumber * 86_400 + line.end)
        let record = LedgerRecord(
          id: made.id, kind: .work, start: start, end: end, seconds: max(0, end.utc - start.utc),
          project: project, note: line.note, tags: line.tags, at: made.at, atNanoseconds: made.nanoseconds)
        if let refusal = record.historyProblem { return problem(1, refusal) }
        plan.added.append(record)
        moved.append((line, record))
        continue
      }
      guard let record = byID[id] else {
        return problem(
          1, "no record in this file has the id '\(Shown.plain(id))'; leave out the id to add a record")
      }
      if let earlier = seen[id] { return problem(1, "the id \(id) is on line \(earlier) already") }
      seen[id] = line.number
      let before = HistoryText.line(of: record, id: id)
      if line.sameRecord(as: before) {
        kept[record.id] = record
        continue
      }
      guard line.kind == before.kind else {
        return problem(
          line.timesColumn,
          "a \(before.kind.rawValue) record cannot become \(line.kind.rawValue); remove the line and add one")
      }
      if let name = project, name != before.project {
        switch ProjectName.check(name) {
        case .success(let checked): project = checked
        case .failure(let reason): return problem(line.projectColumn, "\(reason)")
        }
      }
      let base = line.day.dayNumber * 86_400
      let oldBase = before.day.dayNumber * 86_400
      let start = base + line.start == oldBase + before.start ? record.start : zone(base + line.start)
      let end = base + line.end == oldBase + before.end ? record.end : zone(base + line.end)
      var new =
        start == record.start && end == record.end
        ? record : Correction.respanned(record, start: start, end: end)
      new.project = project
      new.note = line.note
      new.tags = line.tags
      new.keepCreated(of: record)
      if let refusal = new.historyProblem { return problem(1, refusal) }
      plan.amended.append(Amend(old: record, new: new))
      kept[record.id] = new
      if start != record.start || end != record.end { moved.append((line, new)) }
    }
    for (id, record) in shown where seen[id] == nil { plan.removed.append(record) }
    let shownIDs = Set(shown.map(\.record.id))
    let others = Array(kept.values) + plan.added + neighbours.filter { !shownIDs.contains($0.id) } + running
    let clocks = Set(running.map(\.id))
    let addedLine = Dictionary(
      uniqueKeysWithValues: moved.filter { $0.line.id == nil }.map { ($0.record.id, $0.line.number) })
    for (line, record) in moved {
      do throws(Correction.Refusal) {
        try Correction.check(record, among: [], now: now)
      } catch {
        return .failure(HistoryText.Problem(line: line.number, column: line.timesColumn, error.text))
      }
      if let other = Correction.firstOverlap(record, among: others) {
        let what =
          clocks.contains(other.id)
          ? Correction.runningClock(other)
          : addedLine[other.id].map { "the record added on line \($0)" }
            ?? Correction.described(other, beside: record)
        return .failure(
          HistoryText.Problem(line: line.number, column: line.timesColumn, "it would overlap " + what))
      }
    }
    return .success(plan)
  }

  /// The local days from the first to the last that `lines` name (a start's day to an
  /// end's), for reading the records a changed one must not overlap; nil for no lines.
  public static func days(of lines: [HistoryText.Line]) -> ClosedRange<CivilTime.Date>? {
    guard let first = lines.map(\.day).min() else { return nil }
    let last = lines.map { $0.day.adding(days: max(0, $0.end) / 86_400) }.max() ?? first
    return first...last
  }
}
