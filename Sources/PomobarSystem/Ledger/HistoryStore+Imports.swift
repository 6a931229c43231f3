import PomobarCore

/// What imports remember of the tools they read, beside the history and synced with it:
///
/// - `imported.MACHINE.jsonl`: for a record an import took from a tool and later met
///   again changed there, the tool's latest version of it (a record line under the
///   history record's id, `at` when it was read): the base the next import merges
///   against (`ImportMerge`). Until then the record's own first line is its base.
/// - `import-tags.MACHINE.jsonl`: per tool, the `--project-tags` last given
///   (`{"source":"timewarrior","at":"…","tags":["acme","client-*"]}`).
///
/// Each machine appends to its own files, so a synced folder has one writer per file; a
/// reader takes the latest line (by `at`, then machine) of every machine's.
extension HistoryStore {
  var basesPath: String { directory + "/imported." + machine + ".jsonl" }
  var projectTagsPath: String { directory + "/import-tags." + machine + ".jsonl" }

  private func everyMachine(_ prefix: String) -> [String] {
    FileSystem.names(in: directory).filter { $0.hasPrefix(prefix + ".") && $0.hasSuffix(".jsonl") }.sorted()
      .map { directory + "/" + $0 }
  }

  /// The latest version each tool gave of the records that have one, by record id.
  public func importBases() -> [String: LedgerRecord] {
    var bases: [String: LedgerRecord] = [:]
    for path in everyMachine("imported") {
      read(path) { record in
        if let known = bases[record.id], known.createdNanoseconds > record.createdNanoseconds { return }
        bases[record.id] = record
      }
    }
    return bases
  }

  /// Remembers `bases` (records under their history ids), read at `wall` (nanoseconds).
  /// Callers hold the state lock.
  public func remember(bases: [LedgerRecord], at wall: Int64) throws(SystemError) {
    guard !bases.isEmpty else { return }
    let stamped = bases.map { base in
      var base = base
      base.at = LocalZone.wallTime(wall: wall)
      base.atNanoseconds = Self.fraction(wall)
      return base
    }
    try FileSystem.makeDirectories(directory)
    try appendLines(stamped.map { ($0.id + "@" + String(wall), $0.jsonLine) }, to: basesPath)
  }

  /// The `--project-tags` last given for `source`, on any machine; nil when never.
  public func projectTags(for source: ExchangeFormat) -> [String]? {
    var latest: ProjectTags.Remembered? = nil
    for path in everyMachine("import-tags") {
      readLines(path) { bytes, _ throws(LedgerRecord.DecodeError) in
        let read = try ProjectTags.Remembered(jsonLine: bytes)
        guard read.source == source.rawValue else { return }
        if let latest, latest.madeNanoseconds > read.madeNanoseconds { return }
        latest = read
      }
    }
    return latest?.tags
  }

  /// Remembers `tags` as `source`'s project tags. Callers hold the state lock.
  public func remember(projectTags tags: [String], for source: ExchangeFormat, at wall: Int64) throws(SystemError) {
    let remembered = ProjectTags.Remembered(
      source: source.rawValue, at: LocalZone.wallTime(wall: wall), nanoseconds: Self.fraction(wall), tags: tags)
    try FileSystem.makeDirectories(directory)
    try appendLines([(source.rawValue + "@" + String(wall), remembered.jsonLine)], to: projectTagsPath)
  }

  /// Every record of the months from `first` to `last` as its files hold it, before any
  /// edit, each id once (the first copy, as readers keep).
  public func forEachWritten(from first: String?, to last: String?, _ body: (LedgerRecord) -> Void) {
    var seen = Set<String>()
    var month: String? = nil
    for path in files(from: first, to: last) {
      let name = String(FileSystem.baseName(of: path).prefix(7))
      if name != month {
        seen.removeAll(keepingCapacity: true)
        month = name
      }
      read(path) { record in
        if seen.insert(record.id).inserted { body(record) }
      }
    }
  }
}
