import PomobarCore
import PomobarSystem

/// `pomobar history remove|amend|reset` and `pomobar project rename|delete`.
///
/// Each runs whole under the state lock: find, then rewrite (`HistoryRewriter`), which
/// keeps a backup of every line it removes or changes.
enum EditCommands {
  static func remove(_ context: Context, _ given: String) -> Int32 {
    edit(context, "history remove") { history in
      let record = try LedgerCommands.resolve(given, in: history).get()
      return ({ $0.id == record.id ? .remove : .keep }, "removed " + LogCommand.line(record, idWidth: 7))
    }
  }

  static func amend(_ context: Context, _ given: String, project: String) -> Int32 {
    let name = TrackCommand.trimmed(project)
    return edit(context, "history amend") { history in
      let record = try LedgerCommands.resolve(given, in: history).get()
      var amended = record
      amended.project = name.isEmpty ? nil : name
      let change: (LedgerRecord) -> HistoryRewriter.Change = { found in
        guard found.id == record.id, found.project != amended.project else { return .keep }
        var copy = found
        copy.project = amended.project
        return .replace(copy)
      }
      return (change, "amended " + LogCommand.line(amended, idWidth: 7))
    }
  }

  static func rename(_ context: Context, _ old: String, _ new: String) -> Int32 {
    let name = TrackCommand.trimmed(new)
    guard !name.isEmpty else {
      Console.usage("pomobar project rename: the new name is empty\nRun 'pomobar project --help' for usage.")
      return ExitCode.usage
    }
    return edit(context, "project rename") { history in
      guard count(history, { $0.project == old }) > 0 else {
        throw LedgerCommands.Message(text: "no record has the project '\(Shown.plain(old))'")
      }
      let change: (LedgerRecord) -> HistoryRewriter.Change = { record in
        guard record.project == old, old != name else { return .keep }
        var copy = record
        copy.project = name
        return .replace(copy)
      }
      return (change, "renamed '\(Shown.plain(old))' to '\(Shown.plain(name))'")
    }
  }

  static func delete(_ context: Context, _ name: String, yes: Bool) -> Int32 {
    // Asked before the lock is taken: the bars must not wait for a person's answer.
    let found = count(context.history, { $0.project == name })
    guard found > 0 else {
      Console.error("project delete: no record has the project '\(Shown.plain(name))'")
      return ExitCode.failure
    }
    let question = "Delete project '\(Shown.plain(name))' and its \(LedgerCommands.count(found, "record"))?"
    guard LedgerCommands.confirm(question, yes: yes, command: "project delete") else {
      return ExitCode.failure
    }
    return edit(context, "project delete") { _ in
      ({ $0.project == name ? .remove : .keep }, "deleted project '\(Shown.plain(name))'")
    }
  }

  static func reset(_ context: Context, before: CivilTime.Date?, yes: Bool) -> Int32 {
    let selected: (LedgerRecord) -> Bool = { record in
      guard let before else { return true }
      return CivilTime.split(record.start.local).date < before
    }
    let found = count(context.history, selected)
    guard found > 0 else {
      Console.error("history reset: no records to remove")
      return ExitCode.failure
    }
    let scope = before.map { " from before \($0)" } ?? ""
    let question = "Remove all \(LedgerCommands.count(found, "record"))\(scope) from the history?"
    guard LedgerCommands.confirm(question, yes: yes, command: "history reset") else {
      return ExitCode.failure
    }
    return edit(context, "history reset") { _ in
      ({ selected($0) ? .remove : .keep }, "reset the history\(scope)")
    }
  }

  private static func count(_ history: HistoryStore, _ matches: (LedgerRecord) -> Bool) -> Int {
    var found = 0
    history.forEachRecord { if matches($0) { found += 1 } }
    return found
  }

  /// Under the lock: `plan` finds what to change (or throws a message), then the history
  /// is rewritten and the outcome printed with where the backup is.
  private static func edit(
    _ context: Context, _ command: String,
    _ plan: (HistoryStore) throws -> ((LedgerRecord) -> HistoryRewriter.Change, String)
  ) -> Int32 {
    let history = context.history
    do {
      let (summary, done) = try LedgerCommands.locked(context) {
        let (change, done) = try plan(history)
        return (try HistoryRewriter(store: history).rewrite(change), done)
      }
      let counts =
        "\(LedgerCommands.count(summary.removed, "record")) removed, \(LedgerCommands.count(summary.changed, "record")) changed"
      var text = done.hasSuffix("\n") ? done : done + "\n"
      text += "(\(counts)" + (summary.backup.map { "; the previous lines are kept in \($0)" } ?? "") + ")\n"
      Console.out(text)
      return ExitCode.success
    } catch let message as LedgerCommands.Message {
      Console.error("\(command): \(message.text)")
      return ExitCode.failure
    } catch {
      Console.error("\(command): \(error)")
      return ExitCode.failure
    }
  }
}
