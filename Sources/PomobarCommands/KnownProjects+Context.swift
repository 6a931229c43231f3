import PomobarCore
import PomobarSystem

/// The project names of `KnownProjects`, read from the state, the config and the history.
extension KnownProjects {
  /// The cheap ones, read on every `ctl project`: the state's and the config's.
  static func recent(_ context: Context) -> [String] {
    recent(context.store.peek()?.timer.ledger, configured: Array(context.config.projects.keys))
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

  /// The tags in use, for the completions: the active ones, then those of the records of
  /// the history's latest three months.
  static func tags(_ context: Context) -> [String] {
    var tags = activeTags(context.store.peek()?.timer.ledger)
    var seen = Set(tags)
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

  static func nearWarning(_ name: String?, _ context: Context, recent: [String]) -> String? {
    nearWarning(name, recent: recent, lately: { lately(context) }, all: { all(context, state: false) })
  }

  static func refusal(_ name: String, _ context: Context, shown report: Report) -> String? {
    refusal(name, shown: report, recent: recent(context), all: { all(context) })
  }
}
