import PomobarCore
import PomobarSystem

/// `pomobar history amend|split|join`: a record's times, project or note corrected, one
/// record cut in two, two made one; each an edit (`EditCommands.edit`), checked against
/// the timeline it belongs to (`Correction`), and taken back by one `history undo`.
///
/// TIME words are read by `EditTime.local` alone (`9:05` on the record's start day, or
/// `2026-11-23 09:05`), so that `track`'s parser can take its place in one spot.
enum CorrectionCommands {
  /// `history amend ID [--start TIME] [--end TIME] [--project NAME] [--note TEXT]`.
  static func amend(_ context: Context, _ given: String, _ request: AmendRequest) -> Int32 {
    var project: String? = nil
    if let name = request.project {
      guard let checked = EditCommands.checkedName(name, command: "history amend", allowEmpty: true) else {
        return ExitCode.usage
      }
      project = checked
    }
    if let note = request.note, case .failure(let problem) = NoteText.check(note) {
      return usage("history amend", "--note: \(problem)")
    }
    var tags: [String]? = nil
    if let given = request.tags {
      // The words as `log` prints them; a tag without its `+` is taken too.
      let words: [String]
      do { words = try ShellWords.split(given) } catch {
        return usage("history amend", "--tags '\(Shown.plain(given))': \(error)")
      }
      switch TagName.split(words.map { $0.hasPrefix("+") ? $0 : "+" + $0 }) {
      case .success(let split): tags = split.tags
      case .failure(let problem): return usage("history amend", "--tags: \(problem); write them like '+billable +acme'")
      }
    }
    for (option, text) in [("--start", request.start), ("--end", request.end)] {
      if let text, EditTime.local(text, on: CivilTime.Date(year: 2000, month: 1, day: 1)) == nil {
        return usage("history amend", "\(option) '\(Shown.plain(text))' is not a time like \(EditTime.forms)")
      }
    }
    return EditCommands.edit(context, "history amend") { history, _, _ in
      let record = try LedgerCommands.resolve(given, in: history).get()
      let day = CivilTime.split(record.start.local).date
      let moment = { (text: String?) in
        text.flatMap { EditTime.local($0, on: day) }.map(LocalZone.wallTime(local:))
      }
      var amended = Correction.amended(
        record,
        Correction.Amendment(
          start: moment(request.start), end: moment(request.end), project: project, note: request.note, tags: tags))
      guard amended != record else {
        throw EditCommands.Unchanged(text: "nothing to change: \(record.shortID.prefix(7)) is already so")
      }
      if amended.start != record.start || amended.end != record.end {
        try check(context, amended)
      }
      amended.keepCreated(of: record)
      return HistoryChange(
        [.amend(target: record.id, record: amended)],
        "amended \(record.shortID.prefix(7)): \(Correction.changes(from: record, to: amended))\n  "
          + EditCommands.shown(amended), replacing: [record])
    }
  }

  /// `history split ID AT`: the record ends at AT, and a new one (added now) starts there,
  /// on the bill the record is on, if any.
  static func split(_ context: Context, _ given: String, at text: String) -> Int32 {
    guard EditTime.local(text, on: CivilTime.Date(year: 2000, month: 1, day: 1)) != nil else {
      return usage("history split", "'\(Shown.plain(text))' is not a time like \(EditTime.forms)")
    }
    return EditCommands.edit(context, "history split") { history, fold, wall in
      let record = try LedgerCommands.resolve(given, in: history).get()
      let day = CivilTime.split(record.start.local).date
      let moment = LocalZone.wallTime(local: EditTime.local(text, on: day)!)
      let (first, second) = try refused {
        try Correction.split(
          record, at: moment, secondID: addedID(history, wall: wall, index: 0),
          added: LocalZone.wallTime(wall: wall), addedNanoseconds: HistoryStore.fraction(wall))
      }
      var amended = first
      amended.keepCreated(of: record)
      var operations: [HistoryEdit.Operation] = [.amend(target: record.id, record: amended)]
      var billed = ""
      if let bill = fold.bill(of: record.id) {
        // The same billed work in two pieces: the second half stays on the bill too.
        operations.append(.bill(targets: [second.id], invoice: bill.invoice, continues: bill.edit))
        billed = "\nboth halves stay billed (\(bill.described))"
      }
      return HistoryChange(
        operations, added: [second],
        "split \(record.shortID.prefix(7)) at \(Correction.clock(moment)):\n  " + EditCommands.shown(amended)
          + "\n  "
          + EditCommands.shown(second) + billed, replacing: [record])
    }
  }

  /// `history join ID ID`: two work records of one project, with nothing between them,
  /// made one that spans both (the first keeps its id; the second is removed).
  static func join(_ context: Context, _ one: String, _ two: String) -> Int32 {
    EditCommands.edit(context, "history join") { history, _, _ in
      let a = try LedgerCommands.resolve(one, in: history).get()
      let b = try LedgerCommands.resolve(two, in: history).get()
      let span = min(a.start.utc, b.start.utc)..<max(a.end.utc, b.end.utc)
      let between = context.history.records(overlapping: span).filter { $0.id != a.id && $0.id != b.id }
      var joined = try refused { try Correction.join(a, b, between: between, running: running(context)) }
      let (first, second) = joined.id == a.id ? (a, b) : (b, a)
      joined.keepCreated(of: first)
      let counted = second.start.utc - first.end.utc
      return HistoryChange(
        [.amend(target: first.id, record: joined), .remove(target: second.id)],
        "joined \(first.shortID.prefix(7)) and \(second.shortID.prefix(7))"
          + (counted > 0 ? " (the \(Correction.duration(counted)) between them counts)" : "") + ":\n  "
          + EditCommands.shown(joined), replacing: [first])
    }
  }

  /// An id for the `index`th record a command made at `wall` adds: unique to this
  /// machine and that nanosecond.
  static func addedID(_ history: HistoryStore, wall: Int64, index: Int) -> String {
    "\(history.machine).added.\(String(wall, radix: 36)).\(index)"
  }

  /// Refuses `record`, moved by a correction, if it ends before it starts or in the
  /// future, or overlaps a record of its timeline or the running work clock.
  static func check(_ context: Context, _ record: LedgerRecord) throws {
    let now = LocalZone.wallTime(wall: context.store.now().wall)
    let others = context.history.records(overlapping: record.span)
    try refused { try Correction.check(record, among: others, running: running(context), now: now) }
  }

  /// The work clock running now, as an interval up to now (none when stopped).
  static func running(_ context: Context) -> [LedgerRecord] {
    guard let document = context.store.peek() else { return [] }
    let now = context.store.now()
    return Ledger.openIntervals(document.staleness(at: now).timer, now: now)
  }

  /// `body`'s result, a refusal becoming the message the command prints.
  static func refused<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let refusal as Correction.Refusal {
      throw LedgerCommands.Message(text: refusal.text)
    }
  }

  static func usage(_ command: String, _ message: String) -> Int32 {
    Console.usage("pomobar \(command): \(message)\nRun 'pomobar history --help' for usage.")
    return ExitCode.usage
  }
}
