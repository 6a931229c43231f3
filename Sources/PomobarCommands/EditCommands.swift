import PomobarCore
import PomobarSystem

/// `pomobar history remove|reset|undo` and `pomobar project rename|delete`, and the way
/// every edit is made (`edit`); amend, split, join and edit are `CorrectionCommands` and
/// `HistoryEditCommand`.
///
/// An edit is one more line in this machine's edits file (`HistoryEdit`), never a rewrite:
/// each finds what it names without the lock (reading the history can take a while), then
/// under the lock checks that the edits have not moved meanwhile, appends its line, and
/// counts today's totals in the state again.
enum EditCommands {
  static func remove(_ context: Context, _ given: String) -> Int32 {
    edit(context, "history remove") { history, _, _ in
      let record = try LedgerCommands.resolve(given, in: history).get()
      return HistoryChange([.remove(target: record.id)], "removed " + shown(record))
    }
  }

  static func rename(_ context: Context, _ given: String, _ new: String) -> Int32 {
    guard let name = checkedName(new, command: "project rename", allowEmpty: false) else {
      return ExitCode.usage
    }
    // OLD as written, or else as every name is now kept (`ProjectName.named`).
    let state = context.store.peek()?.timer.ledger
    func known(_ name: String) -> Bool {
      state.map { $0.project == name || $0.work?.project == name || $0.projects.contains(name) } ?? false
    }
    let old = ProjectName.named(given) { known($0) || count(context.history, $0, name).old > 0 }
    // The running interval, the active project and the known ones are renamed too: the
    // bar, `projects` and the next record carry the new name.
    return edit(context, "project rename", renaming: (old, name)) { history, _, _ in
      let (found, existing) = count(history, old, name)
      guard old != name else { throw LedgerCommands.Message(text: "the old and new names are the same") }
      guard found > 0 || known(old) else {
        throw LedgerCommands.Message(
          text: KnownProjects.unknown(old, known: KnownProjects.all(context)) + ": nothing to rename")
      }
      let renamed = "\(LedgerCommands.count(found, "record"))"
      // Onto a name in use, the two projects become one: said, as undo can part them again.
      let merged = existing > 0 || known(name) || context.config.projects[name] != nil
      return HistoryChange(
        [.rename(from: old, to: name)],
        merged
          ? "merged '\(Shown.plain(old))' into existing '\(Shown.plain(name))' (\(renamed) moved, "
            + "\(LedgerCommands.count(existing, "record")) there already)"
          : "renamed '\(Shown.plain(old))' to '\(Shown.plain(name))' in \(renamed)"
      )
    }
  }

  /// How many records have the project `old`, and how many `new`: one reading.
  private static func count(_ history: HistoryStore, _ old: String, _ new: String) -> (old: Int, new: Int) {
    var found = (old: 0, new: 0)
    history.forEachRecord { record in
      if record.project == old { found.old += 1 } else if record.project == new { found.new += 1 }
    }
    return found
  }

  /// Deletes the records of a project and forgets its name in the state (the known
  /// projects, the `project next` cycle, the active project): every name `pomobar projects`
  /// lists goes, but one the config names, which only the file can remove (said, with
  /// where). A name with no records is forgotten without asking: nothing is lost.
  static func delete(_ context: Context, _ given: String, yes: Bool) -> Int32 {
    // Asked before the lock is taken: the bars must not wait for a person's answer. NAME as
    // written, or else in the form every name is now kept (`ProjectName`).
    let state = context.store.peek()?.timer.ledger
    func known(_ name: String) -> Bool {
      state.map { $0.project == name || $0.projects.contains(name) } ?? false
    }
    var found = count(context.history, { $0.project == given })
    let name = ProjectName.named(given) { found > 0 || known($0) || context.config.projects[$0] != nil }
    if name != given { found = count(context.history, { $0.project == name }) }
    let configured = context.config.projects[name].map { settings in
      "'\(Shown.plain(name))' is configured in \(context.configSource.path)"
        + (settings.line.map { ":\($0)" } ?? "") + "; remove it there"
    }
    if state?.work?.project == name {
      Console.error(
        "project delete: '\(Shown.plain(name))' is running: switch project or stop the clock first "
          + "(`pomobar ctl project OTHER`, `pomobar ctl work-stop`)")
      return ExitCode.failure
    }
    guard found > 0 else {
      if known(name) { return forget(context, name, configured: configured) }
      Console.error(
        "project delete: "
          + (configured ?? KnownProjects.unknown(given, known: KnownProjects.all(context, state: false))
            + ": nothing to delete"))
      return ExitCode.failure
    }
    let question = "Delete project '\(Shown.plain(name))' and its \(LedgerCommands.count(found, "record"))?"
    guard LedgerCommands.confirm(question, yes: yes, command: "project delete") else {
      return ExitCode.failure
    }
    return edit(context, "project delete", renaming: (name, nil)) { _, _, _ in
      HistoryChange(
        [.delete(project: name)],
        "deleted project '\(Shown.plain(name))' (\(LedgerCommands.count(found, "record")))"
          + (configured.map { "; it stays listed: " + $0 } ?? ""))
    }
  }

  /// `project delete` of a name only the state knows: off the known projects, no edit.
  private static func forget(_ context: Context, _ name: String, configured: String?) -> Int32 {
    do {
      _ = try context.transact([]) { $0.renaming = (name, nil) }
    } catch {
      Console.error("project delete: \(error)")
      return ExitCode.failure
    }
    Console.out(
      "forgot project '\(Shown.plain(name))' (it had no records)"
        + (configured.map { "; it stays listed: " + $0 } ?? "") + "\n")
    return ExitCode.success
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
    return edit(context, "history reset") { _, _, _ in
      HistoryChange(
        [.reset(before: before)],
        "reset the history\(scope) (\(LedgerCommands.count(found, "record")) removed)")
    }
  }

  /// `history undo [ID]`: reverts the latest change made on this machine, or the one named
  /// (an edit's id as an earlier command printed it, or a record added by track or
  /// import, on any machine), with everything the command that made it did at that moment
  /// (a split's amend and added half, an edit's lines, an import's records, an undo's
  /// undos): one command, one undo.
  static func undo(_ context: Context, _ given: String?) -> Int32 {
    edit(context, "history undo") { history, fold, _ in
      let change: HistoryFold.Change
      var added: [LedgerRecord] = []
      history.forEachAddedRecord(ofMachine: history.machine) { added.append($0) }
      if let given {
        change = try resolveChange(given, history: history, fold: fold)
      } else {
        guard let latest = fold.latestChange(on: history.machine, addedRecords: added) else {
          throw LedgerCommands.Message(text: "nothing to undo: no edit, track or import made on this machine")
        }
        change = latest
      }
      let batch = fold.madeTogether(with: change, on: history.machine, addedRecords: added)
      let records = batch.filter { if case .added = $0 { return true } else { return false } }
      let what: String
      if batch.count == 1 {
        what = describe(change)
      } else if records.count == batch.count {
        what = "the \(batch.count) records added \(records[0].madeAt.iso8601)"
      } else {
        what =
          "\(batch.count) changes made together:\n"
          + batch.map { "  " + describe($0) }.joined(separator: "\n")
      }
      return HistoryChange(batch.map { .undo(target: $0.id) }, "undid " + what)
    }
  }

  /// An edit (by id or a prefix of its short id) or a record added by a person.
  private static func resolveChange(
    _ given: String, history: HistoryStore, fold: HistoryFold
  ) throws -> HistoryFold.Change {
    let prefix = given.lowercased()
    if let edit = fold.edits.first(where: { $0.id == given })
      ?? fold.edits.first(where: {
        prefix.utf8.count >= 4 && $0.shortID.hasPrefix(prefix)
      })
    {
      return .edit(edit)
    }
    let record = try LedgerCommands.resolve(given, in: history).get()
    guard record.at != nil else {
      throw LedgerCommands.Message(
        text: "\(record.shortID.prefix(7)) was recorded by the clock, not added: "
          + "`pomobar history remove \(record.shortID.prefix(7))` removes it")
    }
    return .added(record)
  }

  /// `amended 1a2b3c4 …`, `the removal of …`, for what undo prints.
  static func describe(_ change: HistoryFold.Change) -> String {
    switch change {
    case .added(let record): return "the adding of " + shown(record)
    case .edit(let edit):
      let what: String
      switch edit.operation {
      case .amend(_, let record): what = "the amend of " + shown(record)
      case .remove(let target): what = "the removal of \(StableHash.hex(StableHash.short(target)).prefix(7))"
      case .rename(let from, let to): what = "the rename of '\(Shown.plain(from))' to '\(Shown.plain(to))'"
      case .delete(let project): what = "the deletion of project '\(Shown.plain(project))'"
      case .reset(let before): what = "the reset" + (before.map { " of what was before \($0)" } ?? "")
      case .undo(let target): what = "the undo of \(StableHash.hex(StableHash.short(target)).prefix(7))"
      case .bill(let targets, let invoice, _):
        what = "the bill of \(LedgerCommands.count(targets.count, "record"))"
          + (invoice.map { " on invoice '\(Shown.plain($0))'" } ?? "")
      }
      return what + " (change \(edit.shortID.prefix(7)), made \(edit.at.iso8601))"
    }
  }

  /// A new project name as `ctl project` takes it (`ProjectName`); nil, after saying why
  /// (status 64), for one it refuses. Empty means no project where `allowEmpty`.
  static func checkedName(_ given: String, command: String, allowEmpty: Bool) -> String? {
    switch ProjectName.check(given) {
    case .success(let name): return name
    case .failure(.empty) where allowEmpty: return ""
    case .failure(let problem):
      let topic = command.split(separator: " ")[0]
      Console.usage("pomobar \(command): \(problem)\nRun 'pomobar \(topic) --help' for usage.")
      return nil
    }
  }

  /// A record as `pomobar log` shows it, without the newline.
  static func shown(_ record: LedgerRecord) -> String {
    String(LogCommand.line(record, idWidth: 7).dropLast())
  }

  private static func count(_ history: HistoryStore, _ matches: (LedgerRecord) -> Bool) -> Int {
    var found = 0
    history.forEachRecord { if matches($0) { found += 1 } }
    return found
  }

  /// A command that changes nothing: said on stderr, status 0, as `git` does.
  struct Unchanged: Error {
    var text: String
  }

  /// `plan` finds what to change (or throws a message) without the lock, given the
  /// moment it is made (wall-clock nanoseconds); then, under the lock, if no edit was made
  /// meanwhile, the edits and records are appended and today's totals counted again.
  /// Prints what was done and how to undo it.
  static func edit(
    _ context: Context, _ command: String, renaming: (from: String, to: String?)? = nil,
    _ plan: (HistoryStore, HistoryFold, Int64) throws -> HistoryChange
  ) -> Int32 {
    let history = context.history
    do {
      var attempts = 0
      while true {
        let fold = history.fold()
        let wall = context.store.now().wall
        let change = try plan(history, fold, wall)
        if let refusal = change.refusal { throw LedgerCommands.Message(text: refusal) }
        // Allowed, and said: the invoice sent does not change with the history.
        let billed = fold.billsChanged(by: change.operations) { history.forEachRecord($0) }
        let edits = change.made(at: LocalZone.wallTime(wall: wall)).enumerated().map { index, operation in
          history.newEdit(at: wall, index: index, operation)
        }
        let appended = try context.store.whileLocked { () throws -> Bool in
          // Another edit since the plan (on this machine or synced in) may have changed
          // what it found: plan again.
          guard history.fold().edits == fold.edits else { return false }
          try history.append(change.added)
          try history.append(edits: edits)
          return true
        }
        attempts += 1
        guard appended else {
          if attempts < 3 { continue }
          throw LedgerCommands.Message(text: "the history keeps changing; try again")
        }
        LedgerCommands.recountToday(context, renaming: renaming)
        if let warning = HistoryFold.billWarning(billed) { Console.error("\(command): warning: " + warning) }
        // Any one id of a command's changes undoes them all.
        let undo = "pomobar history undo" + (edits.first.map { " " + $0.shortID.prefix(7) } ?? "")
        Console.out(change.done + "\n(undo with: \(undo))\n")
        return ExitCode.success
      }
    } catch let unchanged as Unchanged {
      Console.error("\(command): \(unchanged.text)")
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
