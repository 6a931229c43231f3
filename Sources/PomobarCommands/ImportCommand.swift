import PomobarCore
import PomobarSystem

/// `pomobar import FILE [--from FORMAT] [--project-tags LIST] [--dry-run]`: records from
/// an export, each added once; read again, merged (`ImportPlan`).
enum ImportCommand {
  /// Larger files are refused rather than read: ten busy years export to far less.
  static let sizeLimit = 1 << 30
  /// Problems and changes listed one by one before the rest are only counted.
  static let listed = 20

  static func run(_ context: Context, _ request: ImportRequest) -> Int32 {
    let path = request.path
    let bytes: [UInt8]
    do {
      guard let read = try FileSystem.readRegularFile(path, limit: sizeLimit) else {
        Console.error("import: \(path): no such file")
        return ExitCode.failure
      }
      bytes = read
    } catch {
      Console.error("import: \(error)")
      return ExitCode.failure
    }
    guard let format = request.format ?? ExchangeFormat.guess(bytes) else {
      Console.error(
        "import: \(path): cannot tell its format; give --from "
          + ExchangeFormat.allCases.filter(\.isReadable).map(\.rawValue).joined(separator: "|"))
      return ExitCode.failure
    }
    let history = context.history
    let source = Source(format)
    let projects = source.tracked ? projectTags(context, format, given: request.projectTags) : ProjectTags()
    var records: [LedgerRecord] = []
    var invalid = 0
    var marks: [String: String?] = [:]
    let mark = { (id: String, invoice: String?) in marks[id] = invoice }
    ImportDecoder.decode(
      bytes, as: format, offsets: LocalZone.offset(atUTC:), projects: projects, billed: mark
    ) { entry in
      switch entry {
      case .success(let record): records.append(record)
      case .failure(let problem):
        invalid += 1
        if invalid <= listed {
          let separator = format == .csv ? ":" : ": "
          let place = format == .csv ? problem.place.replacingLinePrefix : problem.place
          Console.located("\(path)\(separator)\(place): \(problem.message)")
        }
      }
    }
    if invalid > listed { Console.located("\(path): \(invalid - listed) more invalid entries not listed") }

    let around = months(around: records)
    let written = Written(history, around, source: source)
    var existing: [LedgerRecord] = []
    history.forEachRecord(from: around?.from, to: around?.to) { existing.append($0) }
    let plan = ImportPlan(
      importing: records, known: written.known, existing: existing, removedBy: written.removedBy,
      source: source.name, marks: marks)
    // pomobar's own export says what was billed: a restore keeps it (`bill`'s edit).
    let bills = plan.bills(unbilledIn: history.billFold())

    var report = Report(path: path, format: format, plan: plan, invalid: invalid)
    report.unnamed = ambiguous(records, projects)
    if format == .timewarrior {
      report.projectless = records.filter { $0.kind == .work && $0.project == nil && !$0.tags.isEmpty }.count
        - report.unnamed.filter { $0.0.kind == .work }.count
    }
    report.bills = bills
    if request.dryRun {
      Console.out(report.summary(dryRun: true))
      report.listChanges()
      Console.out(report.totals(records))
      return invalid == 0 ? ExitCode.success : ExitCode.failure
    }

    // Added by a person, now: `history undo` takes the whole import back (its records
    // and its amends share this moment).
    let wall = context.store.now().wall
    let fresh = plan.fresh.map { record in
      var record = record
      record.at = LocalZone.wallTime(wall: wall)
      record.atNanoseconds = HistoryStore.fraction(wall)
      return record
    }
    let amends = plan.amends.enumerated().map { index, pair in
      var record = pair.new
      record.keepCreated(of: pair.old)
      return history.newEdit(at: wall, index: index, .amend(target: pair.old.id, record: record))
    }
    let billEdits = bills.enumerated().map { index, bill in
      history.newEdit(at: wall, index: amends.count + index, bill)
    }
    let added: HistoryStore.Added
    do {
      added = try context.store.whileLocked {
        try history.append(edits: amends)
        try history.remember(bases: plan.bases, at: wall)
        if let given = request.projectTags, source.tracked {
          try history.remember(projectTags: given, for: format, at: wall)
        }
        let added = try history.add(fresh)
        try history.append(edits: billEdits)
        return added
      }
    } catch {
      Console.error("import: cannot write the history: \(error)")
      return ExitCode.failure
    }
    if added.added > 0 || !amends.isEmpty { LedgerCommands.recountToday(context) }
    // The tool's changes of billed records are taken, and said as every edit says them.
    let billed = history.fold().billsChanged(by: amends.map(\.operation)) { _ in }
    if let warning = HistoryFold.billWarning(billed) { Console.error("import: warning: " + warning) }
    report.added = added
    Console.out(report.summary(dryRun: false))
    report.listChanges()
    if let given = request.projectTags, source.tracked {
      Console.out(
        given.isEmpty
          ? "project tags for \(format.rawValue): none (forgotten)\n"
          : "project tags for \(format.rawValue), remembered for the next import: \(given.joined(separator: ", "))\n")
    }
    return invalid == 0 ? ExitCode.success : ExitCode.failure
  }

  /// Which tool a format's records come from, for the merge: timewarrior and Watson are
  /// tracked (an import remembers what they said), pomobar's own CSV and JSON carry ids.
  struct Source {
    var format: ExchangeFormat
    init(_ format: ExchangeFormat) { self.format = format }
    var tracked: Bool { format == .timewarrior || format == .watson }
    var name: String { tracked ? format.rawValue : "the file" }
  }

  /// The project rule for a timewarrior import: the config's projects and those of the
  /// history's records that did not come from timewarrior (a project an earlier import
  /// made of a tag is not evidence that the tag is a project), and the tags the user
  /// names now, or named last time.
  static func projectTags(_ context: Context, _ format: ExchangeFormat, given: [String]?) -> ProjectTags {
    var known = Set(context.config.projects.keys)
    context.history.forEachRecord { record in
      if let project = record.project, !record.came(from: format) { known.insert(project) }
    }
    return ProjectTags(known: known, patterns: given ?? context.history.projectTags(for: format) ?? [])
  }

  /// The records read whose tags name two or more projects: imported without one.
  static func ambiguous(_ records: [LedgerRecord], _ projects: ProjectTags) -> [(LedgerRecord, [String])] {
    guard !projects.known.isEmpty || !projects.patterns.isEmpty else { return [] }
    return records.compactMap { record in
      guard record.project == nil else { return nil }
      let candidates = projects.candidates(among: record.tags)
      return candidates.count > 1 ? (record, candidates) : nil
    }
  }

  /// The months `records` touch, a month either side (an interval can overlap one that
  /// started the month before, and a moved one can have been there).
  static func months(around records: [LedgerRecord]) -> (from: String, to: String)? {
    guard let first = records.map(\.start.utc).min(), let last = records.map(\.end.utc).max() else { return nil }
    let from = HistoryTime.month(CivilTime.split(first).date, adding: -1)
    let to = HistoryTime.month(CivilTime.split(last).date, adding: 1)
    return (from, to)
  }
}

extension ImportCommand {
  /// The history's records as written, against its edits: those an earlier import took
  /// from the tool (with what it said of them last), and the ids that no longer count.
  struct Written {
    var known: [ImportPlan.Known] = []
    var removedBy: [String: String] = [:]

    init(_ history: HistoryStore, _ months: (from: String, to: String)?, source: Source) {
      guard let months else { return }
      let fold = history.fold()
      let bases = source.tracked ? history.importBases() : [:]
      history.forEachWritten(from: months.from, to: months.to) { original in
        let mine = source.tracked && original.came(from: source.format)
        switch fold.outcome(of: original) {
        case .kept(let record):
          if mine { known.append(ImportPlan.Known(local: record, base: bases[original.id] ?? original)) }
        case .removed(let edit):
          if mine, case .remove = edit.operation {
            // A person removed what the tool had: matched again, it stays removed.
            known.append(ImportPlan.Known(local: nil, base: bases[original.id] ?? original))
          } else {
            removedBy[original.id] = edit.id
          }
        }
      }
    }
  }

  /// What an import says.
  struct Report {
    var path: String
    var format: ExchangeFormat
    var plan: ImportPlan
    var invalid: Int
    var added: HistoryStore.Added? = nil
    var unnamed: [(LedgerRecord, [String])] = []
    /// The bills the import keeps (`ImportPlan.bills`).
    var bills: [HistoryEdit.Operation] = []
    /// Work read from timewarrior with tags, none of which names a project.
    var projectless = 0

    func summary(dryRun: Bool) -> String {
      let addedCount = added?.added ?? plan.fresh.count
      let present = plan.present + (added?.present ?? 0)
      let changed = plan.amends.count
      var text = "\(path) (\(format.rawValue))" + (dryRun ? ", dry run, nothing written: " : ": ")
      text += LedgerCommands.count(addedCount, "record") + (dryRun ? " would be added, " : " added, ")
      text += "\(changed) " + (dryRun ? "would change, " : "changed, ")
      text += "\(present + plan.covered + plan.keptRemoved + invalid) skipped (\(present) already there, "
      if plan.covered > 0 { text += "\(plan.covered) within records already there, " }
      if plan.keptRemoved > 0 { text += "\(plan.keptRemoved) removed here, " }
      text += "\(invalid) invalid)"
      if plan.overlapping > 0 {
        text += "; \(LedgerCommands.count(plan.overlapping, "added record")) overlap"
          + (plan.overlapping == 1 ? "s" : "") + " others of the same kind, which reports count twice"
      }
      text += "\n"
      var billed: [String] = []
      for case .bill(let targets, let invoice, _) in bills {
        let named = invoice.map { "invoice '\(Shown.plain($0))'" } ?? "no invoice"
        billed.append("\(LedgerCommands.count(targets.count, "record")) on \(named)")
      }
      if !billed.isEmpty {
        text += (dryRun ? "would keep the bills of the file: " : "kept the bills of the file: ")
          + billed.joined(separator: ", ") + "\n"
      }
      if !unnamed.isEmpty {
        let (record, names) = unnamed[0]
        text +=
          "\(LedgerCommands.count(unnamed.count, "record")) without a project: tags name several "
          + "(\(record.shortID.prefix(7)): \(names.map { "'\($0)'" }.joined(separator: " and "))); "
          + "give it a project:NAME tag, or set one here with history edit\n"
      }
      if projectless > 0 {
        text +=
          "\(LedgerCommands.count(projectless, "work record")) read with tags but no project: no tag names "
          + "one; name the clients' tags with --project-tags 'acme,globex,…' (see --dry-run)\n"
      }
      return text
    }

    /// `33d10b4: project 'globex' → 'billable' (changed in timewarrior)`, one line per
    /// change, on stderr like other notices.
    func listChanges() {
      var lines: [String] = []
      for merge in plan.merged {
        for change in merge.changes { lines.append("\(merge.local.shortID.prefix(7)): \(change)") }
      }
      for line in lines.prefix(listed) { Console.located("\(path): \(line)") }
      if lines.count > listed { Console.located("\(path): \(lines.count - listed) more changes not listed") }
    }

    /// The work read, per project and per tag, as the import takes it: what a wrong
    /// mapping of tags to projects shows up in.
    func totals(_ records: [LedgerRecord]) -> String {
      var projects: [String: Int64] = [:]
      var tags: [String: Int64] = [:]
      for record in records where record.kind == .work {
        projects[record.project ?? "", default: 0] += record.seconds
        for tag in Set(record.tags) { tags[tag, default: 0] += record.seconds }
      }
      func table(_ title: String, _ rows: [String: Int64], none: String) -> String {
        guard !rows.isEmpty else { return "" }
        let sorted = rows.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        let names = sorted.map { $0.key.isEmpty ? none : $0.key }
        let width = min(40, names.map(\.count).max() ?? 0)
        var text = title + "\n"
        for (name, row) in zip(names, sorted) {
          text += "  " + name + String(repeating: " ", count: max(1, width - name.count + 2))
            + Correction.duration(row.value) + "\n"
        }
        return text
      }
      return table("work read, per project:", projects, none: "(no project)")
        + table("work read, per tag:", tags, none: "")
    }
  }
}

extension String {
  /// `line 12` as `12`, for `FILE:12: message`.
  fileprivate var replacingLinePrefix: String {
    utf8.starts(with: "line ".utf8) ? String(dropFirst(5)) : self
  }
}
