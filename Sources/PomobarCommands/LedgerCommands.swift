import PomobarCore
import PomobarSystem

/// Runs the ledger's commands, and what they share: the lock, confirmations, ids.
public enum LedgerCommands {
  public static func run(_ command: LedgerCommand) -> Int32 {
    let context = Context.reading(Options())
    switch command {
    case .export(let range, let format, let focus, let kind):
      return ExportCommand.run(context, range, format, focus: focus, kind: kind)
    case .importFile(let request): return ImportCommand.run(context, request)
    case .log(let range, let tags): return LogCommand.run(context, range, tags: tags)
    case .track(let words, let note, let adjust):
      return TrackCommand.run(context, words: words, note: note, adjust: adjust)
    case .historyRemove(let id): return EditCommands.remove(context, id)
    case .historyAmend(let id, let request): return CorrectionCommands.amend(context, id, request)
    case .historySplit(let id, let at): return CorrectionCommands.split(context, id, at: at)
    case .historyJoin(let first, let second): return CorrectionCommands.join(context, first, second)
    case .historyEdit(let range): return HistoryEditCommand.run(context, range)
    case .historyReset(let before, let yes): return EditCommands.reset(context, before: before, yes: yes)
    case .historyUndo(let id): return EditCommands.undo(context, id)
    case .projectRename(let old, let new): return EditCommands.rename(context, old, new)
    case .projectDelete(let name, let yes): return EditCommands.delete(context, name, yes: yes)
    case .bill(let request): return BillCommand.run(context, request)
    }
  }

  /// Counts today's totals in the state again from the history, after a command changed
  /// the history under it (an edit, track, import); a failure is said, and changes
  /// nothing of what the command did.
  /// With `renaming`, a project renamed in the history is renamed in the state too.
  static func recountToday(_ context: Context, renaming: (from: String, to: String?)? = nil) {
    do {
      _ = try context.transact([]) {
        $0.recountToday = true
        $0.renaming = renaming
      }
    } catch {
      Console.warn("today's totals in the state were not counted again: \(error)")
    }
  }

  /// Asks `question` on the terminal; true for y or yes. Without a terminal, only `yes`
  /// (the `--yes` flag) agrees: a script must say what it means.
  static func confirm(_ question: String, yes: Bool, command: String) -> Bool {
    if yes { return true }
    guard FileDescriptor.standardInput.isTerminal else {
      Console.error("\(command): \(question) Not on a terminal: add --yes to go ahead")
      return false
    }
    try? FileDescriptor.standardError.write(question + " [y/N] ")
    var answer: [UInt8] = []
    while let chunk = try? FileDescriptor.standardInput.read(upTo: 1), let byte = chunk.first,
      byte != UInt8(ascii: "\n")
    {
      answer.append(byte)
    }
    let text = String(decoding: answer, as: UTF8.self).lowercased()
    return text == "y" || text == "yes"
  }

  /// The record that `given` names: its full id, or a prefix (4 digits or more) of its
  /// short id as `pomobar log` shows it; an error message when none or several do.
  static func resolve(_ given: String, in history: HistoryStore) -> Result<LedgerRecord, Message> {
    let prefix = given.lowercased()
    // A short id's prefix (4 to 16 hex digits) as the top bits of the hash it is the digits of.
    let digits = prefix.utf8.count
    let byShortID =
      (4...16).contains(digits) && prefix.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    let wanted = byShortID ? UInt64(prefix, radix: 16) : nil
    let exact = Array(given.utf8)
    let matches = history.records { id in
      if let wanted, StableHash.short(utf8: id) >> (64 - 4 * UInt64(digits)) == wanted { return true }
      return id.elementsEqual(exact)
    }
    if let exact = matches.first(where: { $0.id == given }) { return .success(exact) }
    switch matches.count {
    case 0:
      return .failure(Message(text: "no record has the id '\(Shown.plain(given))'; `pomobar log` shows them"))
    case 1:
      return .success(matches[0])
    default:
      let some = matches.prefix(5).map { "\($0.shortID.prefix(12)) (\($0.start.iso8601))" }
      return .failure(
        Message(
          text: "'\(Shown.plain(given))' is ambiguous: it matches \(matches.count) records, "
            + some.joined(separator: ", ") + "; give more digits"))
    }
  }

  struct Message: Error {
    var text: String
  }

  /// `3 records`, `1 record`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
