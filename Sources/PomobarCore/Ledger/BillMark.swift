/// That a record was billed: by which `bill` edit, when, on which invoice.
///
/// A bill is an edit (`HistoryEdit.Operation.bill`) naming its records, so it syncs,
/// folds and undoes as every edit does; the record itself is not changed, and an amend
/// of it keeps its bill (same id), which is why changing a billed record warns
/// (`HistoryFold.billsChanged`).
public struct BillMark: Equatable, Sendable {
  /// `--invoice ID`, when one was given.
  public var invoice: String?
  /// When the bill was made.
  public var at: WallTime
  /// The bill's edit id (`history undo` takes it).
  public var edit: String

  public init(invoice: String?, at: WallTime, edit: String) {
    self.invoice = invoice
    self.at = at
    self.edit = edit
  }

  /// `invoice 2026-042, billed 2026-11-30`; `billed 2026-11-30` without an invoice.
  public var described: String {
    let day = "billed " + CivilTime.split(at.local).date.description
    return invoice.map { "invoice " + $0 + ", " + day } ?? day
  }
}

extension HistoryFold {
  /// Whether any bill applies: exports and reports show billed time only then, so a
  /// history without bills reads as it always did.
  public var isBilling: Bool { !billed.isEmpty }

  /// Whether a bill marks the record: one look at a bit for most records.
  public func isBilled(_ key: RecordKey) -> Bool { billedFilter.mayHold(key) && billed[key] != nil }

  /// The record's bill, nil when unbilled: the first bill that names it and applies.
  public func bill(of key: RecordKey) -> BillMark? {
    guard billedFilter.mayHold(key), let place = billed[key] else { return nil }
    let edit = edits[place]
    guard case .bill(_, let invoice, _) = edit.operation else { return nil }
    return BillMark(invoice: invoice, at: edit.at, edit: edit.id)
  }

  public func bill(of id: String) -> BillMark? { isBilling ? bill(of: RecordKey(id)) : nil }

  /// The billed records that `operations`, made now, would change, with their bills:
  /// those an amend, a remove or an undo (of an added record, or of an amend) names, and
  /// those a rename, a delete or a reset reaches (`forEachRecord` is then called with
  /// every record of the history; not at all otherwise). In order: named ones first,
  /// then as read.
  public func billsChanged(
    by operations: [HistoryEdit.Operation], forEachRecord: ((LedgerRecord) -> Void) -> Void
  ) -> [(id: String, bill: BillMark)] {
    guard isBilling else { return [] }
    var found: [(id: String, bill: BillMark)] = []
    var seen = Set<String>()
    var projectWide: [HistoryEdit.Operation] = []
    for operation in operations {
      switch operation {
      case .amend(let target, _), .remove(let target), .undo(let target):
        // An undo of an amend puts its record back as it was: a change of that record too.
        var record = target
        if case .undo = operation,
          case .amend(let amended, _)? = edits.first(where: { $0.id == target })?.operation
        {
          record = amended
        }
        if let bill = bill(of: record), seen.insert(record).inserted { found.append((record, bill)) }
      case .rename, .delete, .reset:
        projectWide.append(operation)
      case .bill:
        continue
      }
    }
    guard !projectWide.isEmpty else { return found }
    forEachRecord { record in
      guard let bill = bill(of: record.id), projectWide.contains(where: { $0.reaches(record) }),
        seen.insert(record.id).inserted
      else { return }
      found.append((record.id, bill))
    }
    return found
  }

  /// What a person is told when a change reaches billed records (`billList`). nil when
  /// none.
  public static func billWarning(_ changed: [(id: String, bill: BillMark)]) -> String? {
    guard !changed.isEmpty else { return nil }
    let count = changed.count == 1 ? "a billed record" : "\(changed.count) billed records"
    return "this changes \(count): " + billList(changed)
      + "; the invoice does not change with it (`pomobar history undo` takes the change back)"
  }

  /// Billed records per bill: their short ids (the first five) and the bill,
  /// `1a2b3c4, 5e6f7a8 (invoice 41, billed 2026-10-31); 9c0d1e2 (billed 2026-11-30)`.
  public static func billList(_ changed: [(id: String, bill: BillMark)]) -> String {
    var groups: [(bill: BillMark, ids: [String])] = []
    for (id, bill) in changed {
      let short = String(StableHash.hex(StableHash.short(id)).prefix(7))
      if let index = groups.firstIndex(where: { $0.bill.edit == bill.edit }) {
        groups[index].ids.append(short)
      } else {
        groups.append((bill, [short]))
      }
    }
    let parts = groups.map { group in
      let ids = group.ids.prefix(5).joined(separator: ", ") + (group.ids.count > 5 ? ", …" : "")
      return "\(ids) (\(group.bill.described))"
    }
    return parts.joined(separator: "; ")
  }
}

extension HistoryEdit.Operation {
  /// Whether a rename, delete or reset made now reaches `record` (one in the history
  /// now); false for the operations that name their records.
  func reaches(_ record: LedgerRecord) -> Bool {
    switch self {
    case .rename(let from, _): return record.project == from
    case .delete(let project): return record.project == project
    case .reset(let before):
      return before.map { CivilTime.split(record.start.local).date < $0 } ?? true
    case .amend, .remove, .undo, .bill: return false
    }
  }

  /// The operations that bill `targets`: one line each of at most `budget` bytes of ids
  /// (a month's bill is one line; a year's of thousands of records, a few, all within the
  /// line a reader takes, `LedgerRecord.lineLimit`), made together, so one undo takes
  /// them all back.
  public static func bills(
    _ targets: [String], invoice: String?, budget: Int = LedgerRecord.lineLimit / 2
  ) -> [Self] {
    var operations: [Self] = []
    var chunk: [String] = []
    var size = 0
    for target in targets {
      let bytes = JSON.quote(target).utf8.count + 1
      if !chunk.isEmpty, size + bytes > budget {
        operations.append(.bill(targets: chunk, invoice: invoice))
        chunk = []
        size = 0
      }
      chunk.append(target)
      size += bytes
    }
    if !chunk.isEmpty { operations.append(.bill(targets: chunk, invoice: invoice)) }
    return operations
  }
}
