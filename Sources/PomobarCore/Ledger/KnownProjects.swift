/// The project names a person has used, for the warnings and suggestions of the commands
/// that take one (`ProjectName.near`): the rules; the commands read the names from the
/// state, the config and the history.
public enum KnownProjects {
  /// The cheap ones: the state's known projects (`LedgerState.projects`, then the active
  /// and the running one) and the config's `[projects.NAME]` tables, `configured`.
  public static func recent(_ ledger: LedgerState?, configured: [String]) -> [String] {
    var names: [String] = []
    if let ledger {
      names = ledger.projects
      for name in [ledger.project, ledger.work?.project].compactMap({ $0 }) where !names.contains(name) {
        names.append(name)
      }
    }
    for name in configured.sorted() where !names.contains(name) { names.append(name) }
    return names
  }

  /// The tags active in the state (`ctl project api +billable`), then those of the
  /// running clock, each once.
  public static func activeTags(_ ledger: LedgerState?) -> [String] {
    var seen = Set<String>()
    return ((ledger?.tags ?? []) + (ledger?.work?.tags ?? [])).filter { seen.insert($0).inserted }
  }

  /// `new project 'Api' (did you mean 'api'?)` when `name` is new and close to a known
  /// one: the first use of a name is where a typo starts a second project. `recent` is
  /// what the state and config knew before the command made `name` known.
  ///
  /// A name `recent` holds is not new; otherwise the projects used `lately` are read too,
  /// and only when one of them is near, `all` the history's (where `name` may be an old
  /// project): a typo costs a read of the history (about 1 s for 1 M records), a name in
  /// use nothing.
  public static func nearWarning(
    _ name: String?, recent: [String], lately: () -> [String], all: () -> [String]
  ) -> String? {
    guard let name, !recent.contains(name) else { return nil }
    var known = recent
    for other in lately() where !known.contains(other) { known.append(other) }
    guard ProjectName.near(name, in: known) != nil else { return nil }
    guard let meant = ProjectName.near(name, in: recent + all()) else { return nil }
    return "new project '\(Shown.plain(name))' (did you mean '\(Shown.plain(meant))'?)"
  }

  /// `no project 'nosuch' (known: api, web; did you mean 'api'?)`, listing at most 10.
  public static func unknown(_ name: String, known: [String]) -> String {
    let listed = known.prefix(10).map { Shown.plain($0) }.joined(separator: ", ")
    let more = known.count > 10 ? " and \(known.count - 10) more" : ""
    let list = known.isEmpty ? "none yet" : "known: " + listed + more
    let meant = ProjectName.suggestion(for: name, in: known).map { "; did you mean '\(Shown.plain($0))'?" }
    return "no project '\(Shown.plain(name))' (\(list)\(meant ?? ""))"
  }

  /// Why a `--project NAME` filter shows nothing, when no record, the state nor the
  /// config has NAME (`unknown`); nil when it names a project. `report` is what the filter
  /// gave: a project with time in it is known without reading `all` of the history.
  public static func refusal(
    _ name: String, shown report: Report, recent: [String], all: () -> [String]
  ) -> String? {
    guard !report.projects.contains(where: { $0.name == name }), !recent.contains(name) else { return nil }
    let known = all()
    return known.contains(name) ? nil : unknown(name, known: known)
  }
}
