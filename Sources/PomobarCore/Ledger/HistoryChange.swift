/// What one command changes in the history: edits, and records it adds (with `at`, the
/// moment it was made), all made at one moment so that one undo takes them back
/// together; and what to say once done.
public struct HistoryChange: Equatable, Sendable {
  public var operations: [HistoryEdit.Operation]
  public var added: [LedgerRecord] = []
  public var done: String
  /// The records the amends replace, by id (`HistoryEdit.Operation.made`).
  public var originals: [String: LedgerRecord] = [:]

  public init(
    _ operations: [HistoryEdit.Operation], added: [LedgerRecord] = [], _ done: String,
    replacing originals: [LedgerRecord] = []
  ) {
    self.operations = operations
    self.added = added
    self.done = done
    for record in originals { self.originals[record.id] = record }
  }

  /// The operations as made at `moment`, each with the record an amend replaces.
  public func made(at moment: WallTime) -> [HistoryEdit.Operation] {
    operations.map { operation in
      guard case .amend(let target, _) = operation else { return operation }
      return operation.made(at: moment, replacing: originals[target])
    }
  }

  /// Why the change cannot be written: a record it adds or amends that the history
  /// cannot keep as it is (`LedgerRecord.historyProblem`: a time outside 1970 to 9999, a
  /// note too long), named by its short id; nil when it can.
  public var refusal: String? {
    var records = added
    for case .amend(_, let record) in operations { records.append(record) }
    for record in records {
      if let problem = record.historyProblem { return "\(record.shortID.prefix(7)): \(problem)" }
    }
    return nil
  }
}
