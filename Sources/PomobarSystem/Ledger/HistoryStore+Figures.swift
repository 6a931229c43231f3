import PomobarCore

extension HistoryStore {
  /// The bar's figures of every machine's records (`HistoryFigures`): the months they
  /// need (this month and the week before, or all of them for `{unbilled}` or a total
  /// budget), as the edits leave them, and the bills when `{unbilled}` is shown.
  public func figures(_ request: HistoryFigures.Request, config: Config) -> HistoryFigures {
    var builder = HistoryFigures.Builder(config: config, request: request)
    pending = request.owed
    defer { pending = [] }
    let bills = builder.needsBills ? billFold() : nil
    let billing = bills?.isBilling == true
    let first = builder.readsFrom.map { Self.month(of: WallTime(utc: $0, offset: 0)) }
    forEachRecord(from: first) { record in
      builder.add(record, billed: billing && bills!.isBilled(RecordKey(record.id)))
    }
    return builder.finish()
  }

  /// Whether `path` is one of the history's record or edit files.
  public func holds(_ path: String) -> Bool {
    path.hasSuffix(".jsonl") && FileSystem.directory(of: path) == directory
  }
}
