import PomobarCore
import PomobarSystem

/// `pomobar history edit [RANGE]`: the records of RANGE (this week by default, as `log`)
/// in `$VISUAL`/`$EDITOR` (else `vi`), one line each (`HistoryText`), as `watson edit`
/// does; what the person changed is applied as edits, together: one `history undo` takes
/// it all back.
///
/// A line that cannot be read or applied is named (`FILE:LINE:COL: why`) and, on a
/// terminal, the editor opens again on the text as it was left (`crontab -e` does so);
/// otherwise the command fails and the file is kept, so nothing typed is lost. The
/// history is read once, before the editor runs: the months of the range and a day
/// either side, and the months of any other day a changed line moves a record to.
enum HistoryEditCommand {
  static func run(_ context: Context, _ argument: RangeArgument) -> Int32 {
    let history = context.history
    let range = argument.resolve(today: LocalZone.today())
    var shown: [LedgerRecord] = []
    var neighbours: [LedgerRecord] = []
    let months = range.months
    history.forEachMonth(from: months.first, to: months.last) { _, records in
      for record in records {
        if range.contains(record) { shown.append(record) } else { neighbours.append(record) }
      }
    }
    shown.sort { ($0.start.utc, $0.end.utc, $0.id) < ($1.start.utc, $1.end.utc, $1.id) }
    let width = LogCommand.idWidth(shown.map { StableHash.short($0.id) })
    let listed = shown.map { (id: String($0.shortID.prefix(width)), record: $0) }
    let original = history.fold().edits
    let path = context.environment.stateFolder.historyEdit(process: Processes.current)
    var text = HistoryText.header(describe(range, count: shown.count))
    for (id, record) in listed { text += HistoryText.render(HistoryText.line(of: record, id: id)) }
    do {
      try FileSystem.makeDirectories(context.environment.stateDirectory)
      try FileSystem.writeAtomically(path, Array(text.utf8))
    } catch {
      Console.error("history edit: cannot write \(path): \(error)")
      return ExitCode.failure
    }
    let editor =
      [context.environment["VISUAL"], context.environment["EDITOR"]].compactMap { $0 }
      .first { !$0.isEmpty } ?? "vi"
    while true {
      let status: Int32
      do {
        status = try TerminalProgram.run(shell: editor, arguments: [path])
      } catch {
        return keep(path, "cannot run the editor '\(Shown.plain(editor))': \(error)")
      }
      guard status == 0 else {
        return keep(path, "the editor '\(Shown.plain(editor))' ended with status \(status)")
      }
      let edited: String
      do {
        edited = String(decoding: try FileSystem.read(path) ?? [], as: UTF8.self)
      } catch {
        return keep(path, "cannot read \(path): \(error)")
      }
      var problem: HistoryText.Problem? = nil
      switch HistoryText.parse(edited) {
      case .failure(let found): problem = found
      case .success(let lines):
        let days = HistoryTextPlan.days(of: lines)
        let far = days.map { recordsAround(history, $0, beyond: range) } ?? []
        let planned = plan(context, listed, lines, neighbours + far, wall: context.store.now().wall)
        switch planned {
        case .failure(let found): problem = found
        case .success(let plan) where plan.isEmpty:
          _ = FileSystem.remove(path)
          Console.error("history edit: no change")
          return ExitCode.success
        case .success:
          let status = apply(
            context, path: path, listed: listed, lines: lines, neighbours: neighbours + far,
            original: original)
          if status == ExitCode.success { _ = FileSystem.remove(path) }
          return status
        }
      }
      if let problem {
        Console.located("\(path):\(problem.line):\(problem.column): \(problem.message)")
        guard again() else { return keep(path, "nothing changed") }
      }
    }
  }

  /// The plan for `lines`, with added records made at `wall`.
  static func plan(
    _ context: Context, _ listed: [(id: String, record: LedgerRecord)], _ lines: [HistoryText.Line],
    _ neighbours: [LedgerRecord], wall: Int64
  ) -> Result<HistoryTextPlan, HistoryText.Problem> {
    let history = context.history
    return HistoryTextPlan.make(
      shown: listed, lines: lines, neighbours: neighbours, running: CorrectionCommands.running(context),
      now: LocalZone.wallTime(wall: wall),
      zone: LocalZone.wallTime(local:),
      newRecord: { index in
        (
          CorrectionCommands.addedID(history, wall: wall, index: index), LocalZone.wallTime(wall: wall),
          HistoryStore.fraction(wall)
        )
      })
  }

  /// Applies the plan as one change; refused if an edit was made while the editor ran.
  static func apply(
    _ context: Context, path: String, listed: [(id: String, record: LedgerRecord)], lines: [HistoryText.Line],
    neighbours: [LedgerRecord], original: [HistoryEdit]
  ) -> Int32 {
    EditCommands.edit(context, "history edit") { _, fold, wall in
      guard fold.edits == original else {
        throw LedgerCommands.Message(
          text: "the history was edited while the editor ran; nothing changed, your text is in \(path)")
      }
      let plan: HistoryTextPlan
      switch Self.plan(context, listed, lines, neighbours, wall: wall) {
      case .success(let made): plan = made
      case .failure(let problem):
        throw LedgerCommands.Message(text: "\(path):\(problem.line): \(problem.message)")
      }
      var said: [String] = []
      for amend in plan.amended {
        said.append(
          "amended \(amend.old.shortID.prefix(7)): \(Correction.changes(from: amend.old, to: amend.new))")
      }
      for record in plan.removed { said.append("removed " + EditCommands.shown(record)) }
      for record in plan.added { said.append("added " + EditCommands.shown(record)) }
      return EditCommands.Change(
        plan.amended.map { .amend(target: $0.old.id, record: $0.new) }
          + plan.removed.map { .remove(target: $0.id) },
        added: plan.added, said.joined(separator: "\n"), replacing: plan.amended.map(\.old))
    }
  }

  /// The records of the months around `days` that were not read with the range: a
  /// changed line may move a record to any day.
  static func recordsAround(
    _ history: HistoryStore, _ days: ClosedRange<CivilTime.Date>, beyond range: LedgerRange
  ) -> [LedgerRecord] {
    let read = range.months
    let wanted = LedgerRange(first: days.lowerBound, last: days.upperBound).months
    guard let first = wanted.first, let last = wanted.last else { return [] }
    var found: [LedgerRecord] = []
    for month in months(from: first, to: last) {
      let wasRead = (read.first.map { month >= $0 } ?? true) && (read.last.map { month <= $0 } ?? true)
      if !wasRead { history.forEachRecord(from: month, to: month) { found.append($0) } }
    }
    return found
  }

  /// `YYYY-MM` from `first` to `last`.
  static func months(from first: String, to last: String) -> [String] {
    guard var date = CivilTime.Date(first + "-01"), let end = CivilTime.Date(last + "-01") else { return [] }
    var months: [String] = []
    while date <= end {
      months.append(String(date.description.prefix(7)))
      date = date.adding(days: Int64(CivilTime.daysIn(year: date.year, month: date.month)))
    }
    return months
  }

  /// `this week, 2026-11-23 to 2026-11-29, 42 records`.
  static func describe(_ range: LedgerRange, count: Int) -> String {
    let days: String
    switch (range.first, range.last) {
    case (nil, nil): days = "every record"
    case (let first?, let last?) where first == last: days = "\(first)"
    case (let first, let last):
      days = "\(first.map(\.description) ?? "the start") to \(last.map(\.description) ?? "now")"
    }
    return days + ", " + LedgerCommands.count(count, "record")
  }

  /// Whether to open the editor again: on a terminal, unless the person says no.
  static func again() -> Bool {
    guard FileDescriptor.standardInput.isTerminal else { return false }
    try? FileDescriptor.standardError.write("Edit again? [Y/n] ")
    var answer: [UInt8] = []
    while let chunk = try? FileDescriptor.standardInput.read(upTo: 1), let byte = chunk.first,
      byte != UInt8(ascii: "\n")
    {
      answer.append(byte)
    }
    let text = String(decoding: answer, as: UTF8.self).lowercased()
    return text.isEmpty || text == "y" || text == "yes"
  }

  /// Fails, keeping the file: nothing a person typed is lost.
  static func keep(_ path: String, _ why: String) -> Int32 {
    Console.error("history edit: \(why); the text is kept in \(path)")
    return ExitCode.failure
  }
}
