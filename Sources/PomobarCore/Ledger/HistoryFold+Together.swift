/// What one command changed: `history undo` takes it back whole.
extension HistoryFold {
  /// The changes made at the moment `change` was (to the nanosecond), by the machine that
  /// made it: its applying edits of that moment (undos when `change` is an undo, the
  /// others when not), and, when that machine is `machine`, the records added then that
  /// nothing removed (`addedRecords`, from its own files). A command's edits and records
  /// share that moment (`HistoryStore.newEdit`); `change` is always among them.
  public func madeTogether(
    with change: Change, on machine: String, addedRecords: [LedgerRecord]
  ) -> [Change] {
    let moment = change.madeNanoseconds
    let undoing = change.isUndo
    var maker: Substring? = nil
    var together: [Change] = []
    switch change {
    case .edit(let edit): maker = edit.machine
    case .added(let record):
      if addedRecords.contains(where: { $0.id == record.id }) { maker = Substring(machine) }
    }
    if let maker {
      together += edits.filter { $0.machine == maker && $0.madeNanoseconds == moment }.map { Change.edit($0) }
        .filter { $0.isUndo == undoing }
    }
    if maker == Substring(machine) && !undoing {
      together += addedRecords.filter { $0.createdNanoseconds == moment && !names(RecordKey($0.id)) }
        .map { Change.added($0) }
    }
    return together.contains(change) ? together : [change] + together
  }
}

extension HistoryFold.Change {
  /// When it was made: an edit's time, or when the record was added.
  public var madeNanoseconds: Int64 {
    switch self {
    case .edit(let edit): return edit.madeNanoseconds
    case .added(let record): return record.createdNanoseconds
    }
  }

  /// When it was made, to the second.
  public var madeAt: WallTime {
    switch self {
    case .edit(let edit): return edit.at
    case .added(let record): return record.created
    }
  }

  public var isUndo: Bool {
    guard case .edit(let edit) = self, case .undo = edit.operation else { return false }
    return true
  }
}
