import PomobarCore
import PomobarSystem

/// The project names a person has used, for the warnings and suggestions of the commands
/// that take one (`ProjectName.near`).
enum KnownProjects {
  /// The cheap ones, read on every `ctl project`: the state's known projects (the latest
  /// `LedgerState.projectsKept`, the active and the running one) and the config's
  /// `[projects.NAME]` tables.
  static func recent(_ context: Context) -> [String] {
    var names: [String] = []
    if let ledger = context.store.peek()?.timer.ledger {
      names = ledger.projects
      for name in [ledger.project, ledger.work?.project].compactMap({ $0 }) where !names.contains(name) {
        names.append(name)
      }
    }
    for name in context.config.projects.keys.sorted() where !names.contains(name) { names.append(name) }
    return names
  }

  /// `recent` (without the state's names when not `state`) and every project of the
  /// history: for a command that reads the history anyway.
  static func all(_ context: Context, state: Bool = true) -> [String] {
    var names = state ? recent(context) : []
    var seen = Set(names)
    context.history.forEachRecord { record in
      if let name = record.project, seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// The names of the history's records of its latest three months: the projects in use.
  static func lately(_ context: Context) -> [String] {
    var names: [String] = []
    var seen = Set<String>()
    forEachRecentRecord(context) { record in
      if let name = record.project, seen.insert(name).inserted { names.append(name) }
    }
    return names
  }

  /// The tags in use, for the completions: the active ones (`ctl project api +billable`),
  /// then those of the records of the history's latest three months.
  static func tags(_ context: Context) -> [String] {
    let ledger = context.store.peek()?.timer.ledger
    var tags: [String] = []
    var seen = Set<String>()
    for tag in (ledger?.tags ?? []) + (ledger?.work?.tags ?? []) where seen.insert(tag).inserted {
      tags.append(tag)
    }
    forEachRecentRecord(context) { record in
      for tag in record.tags where seen.insert(tag).inserted { tags.append(tag) }
    }
    return tags
  }

  /// Each record of the history's latest three months.
  private static func forEachRecentRecord(_ context: Context, _ body: (LedgerRecord) -> Void) {
    let history = context.history
    guard let last = history.lastMonth() else { return }
    guard let month = CivilTime.Date(last + "-01") else { return }
    history.forEachRecord(from: HistoryTime.month(month, adding: -2), to: last, body)
  }

  /// `new project 'Api' (did you mean 'api'?)` when `name` is new and close to a known
  /// one: the first use of a name is where a typo starts a second project. `recent` is
  /// what `recent` said before the command made `name` known.
  ///
  /// A name `recent` holds is not new; otherwise the projects used `lately` are read too,
  /// and only when one of them is near, the whole history (where `name` may be an old
  /// project): a typo costs a read of the history (about 1 s for 1 M records), a name in
  /// use nothing.
  static func nearWarning(_ name: String?, _ context: Context, recent: [String]) -> String? {
    guard let name, !recent.contains(name) else { return nil }
    var known = recent
    for other in lately(context) where !known.contains(other) { known.append(other) }
    guard ProjectName.near(name, in: known) != nil else { return nil }
    guard let meant = ProjectName.near(name, in: recent + all(context, state: false)) else { return nil }
    return "new project '\(Shown.plain(name))' (did you mean '\(Shown.plain(meant))'?)"
  }

  /// `no project 'nosuch' (known: api, web; did you mean 'api'?)`, listing at most 10.
  static func unknown(_ name: String, known: [String]) -> String {
    let listed = known.prefix(10).map { Shown.plain($0) }.joined(separator: ", ")
    let more = known.count > 10 ? " and \(known.count - 10) more" : ""
    let list = known.isEmpty ? "none yet" : "known: " + listed + more
    let meant = ProjectName.suggestion(for: name, in: known).map { "; did you mean '\(Shown.plain($0))'?" }
    return "no project '\(Shown.plain(name))' (\(list)\(meant ?? ""))"
  }

  /// Why a `--project NAME` filter shows nothing, when no record, the state nor the
  /// config has NAME (`unknown`); nil when it names a project. `report` is what the filter
  /// gave: a project with time in it is known without reading the rest of the history.
  static func refusal(_ name: String, _ context: Context, shown report: Report) -> String? {
    guard !report.projects.contains(where: { $0.name == name }), !recent(context).contains(name) else {
      return nil
    }
    let known = all(context)
    return known.contains(name) ? nil : unknown(name, known: known)
  }
}
