import PomobarCore
import PomobarSystem

/// `pomobar import FILE [--from FORMAT]`: records from an export, each added once.
enum ImportCommand {
  /// Larger files are refused rather than read: ten busy years export to far less.
  static let sizeLimit = 1 << 30
  /// Problems listed one by one before the rest are only counted.
  static let problemsListed = 20

  static func run(_ context: Context, _ path: String, _ given: ExchangeFormat?) -> Int32 {
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
    guard let format = given ?? ExchangeFormat.guess(bytes) else {
      Console.error(
        "import: \(path): cannot tell its format; give --from "
          + ExchangeFormat.allCases.filter(\.isReadable).map(\.rawValue).joined(separator: "|"))
      return ExitCode.failure
    }
    var records: [LedgerRecord] = []
    var invalid = 0
    ImportDecoder.decode(bytes, as: format, offsets: LocalZone.offset(atUTC:)) { entry in
      switch entry {
      case .success(let record): records.append(record)
      case .failure(let problem):
        invalid += 1
        if invalid <= problemsListed {
          let separator = format == .csv ? ":" : ": "
          let place = format == .csv ? problem.place.replacingLinePrefix : problem.place
          Console.located("\(path)\(separator)\(place): \(problem.message)")
        }
      }
    }
    if invalid > problemsListed {
      Console.located("\(path): \(invalid - problemsListed) more invalid entries not listed")
    }
    let history = context.history
    let plan = ImportPlan(importing: records, existing: existingRecords(history, around: records))
    // Added by a person, now: `history undo` takes the whole import back.
    let wall = context.store.now().wall
    let fresh = plan.fresh.map { record in
      var record = record
      record.at = LocalZone.wallTime(wall: wall)
      record.atNanoseconds = HistoryStore.fraction(wall)
      return record
    }
    // A record changed in the other tool since it was imported (same id, other content)
    // replaces the one in the history, as an amend: the old one stays underneath.
    let amends = plan.changed.enumerated().map { index, pair in
      var record = pair.new
      record.keepCreated(of: pair.old)
      return history.newEdit(at: wall, index: index, .amend(target: pair.old.id, record: record))
    }
    let added: HistoryStore.Added
    do {
      added = try LedgerCommands.locked(context) {
        try history.append(edits: amends)
        return try history.add(fresh)
      }
    } catch {
      Console.error("import: cannot write the history: \(error)")
      return ExitCode.failure
    }
    if added.added > 0 || !amends.isEmpty { LedgerCommands.recountToday(context) }
    let present = plan.present + added.present
    var summary =
      "\(path) (\(format.rawValue)): \(LedgerCommands.count(added.added, "record")) added, "
      + "\(present + plan.covered + invalid) skipped (\(present) already there, "
    if plan.covered > 0 { summary += "\(plan.covered) within records already there, " }
    summary += "\(invalid) invalid)"
    if plan.overlapping > 0 {
      summary += "; \(LedgerCommands.count(plan.overlapping, "added record")) overlap"
        + (plan.overlapping == 1 ? "s" : "") + " others of the same kind, which reports count twice"
    }
    if !plan.changed.isEmpty {
      summary += "; \(plan.changed.count) replaced (changed since imported before: same id, other content)"
    }
    Console.out(summary + "\n")
    for (old, new) in plan.changed.prefix(problemsListed) {
      Console.located(
        "\(path): \(old.shortID) changed: was \(old.start.iso8601) to \(old.end.iso8601), "
          + "now \(new.start.iso8601) to \(new.end.iso8601)")
    }
    return invalid == 0 ? ExitCode.success : ExitCode.failure
  }
}

extension ImportCommand {
  /// The records of the months `records` touch, a month either side (an interval can
  /// overlap one that started the month before).
  static func existingRecords(_ history: HistoryStore, around records: [LedgerRecord]) -> [LedgerRecord] {
    guard let first = records.map(\.start.utc).min(), let last = records.map(\.end.utc).max() else { return [] }
    let from = HistoryTime.month(CivilTime.split(first).date, adding: -1)
    let to = HistoryTime.month(CivilTime.split(last).date, adding: 1)
    var existing: [LedgerRecord] = []
    history.forEachRecord(from: from, to: to) { existing.append($0) }
    return existing
  }
}

extension String {
  /// `line 12` as `12`, for `FILE:12: message`.
  fileprivate var replacingLinePrefix: String {
    utf8.starts(with: "line ".utf8) ? String(dropFirst(5)) : self
  }
}
