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
        "import: \(path): cannot tell its format; give --from \(ExchangeFormat.names.joined(separator: "|"))")
      return ExitCode.failure
    }
    var records: [LedgerRecord] = []
    var invalid = 0
    let now = LocalZone.now()
    ImportDecoder.decode(bytes, as: format, offsets: LocalZone.offset(atUTC:)) { entry in
      switch entry {
      case .success(var record):
        record.at = now  // added by a person: `history undo` can take it back
        records.append(record)
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
    let added: HistoryStore.Added
    do {
      added = try LedgerCommands.locked(context) { try history.add(records) }
    } catch {
      Console.error("import: cannot write the history: \(error)")
      return ExitCode.failure
    }
    if added.added > 0 { LedgerCommands.recountToday(context) }
    Console.out(
      "\(path) (\(format.rawValue)): \(LedgerCommands.count(added.added, "record")) added, "
        + "\(added.present + invalid) skipped (\(added.present) already there, \(invalid) invalid)\n")
    return invalid == 0 ? ExitCode.success : ExitCode.failure
  }
}

extension String {
  /// `line 12` as `12`, for `FILE:12: message`.
  fileprivate var replacingLinePrefix: String {
    utf8.starts(with: "line ".utf8) ? String(dropFirst(5)) : self
  }
}
