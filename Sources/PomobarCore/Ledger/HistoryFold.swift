/// Every machine's edits, folded over the records: what every reader sees.
///
/// The rules, the same on every machine whatever order the files arrived in:
/// - Edits apply in the order they were made (to the nanosecond), then by machine, then
///   by id (bytes). An edit named by an undo that applies does not apply; an undo can
///   itself be undone.
/// - A record named by a `remove`, or by an `undo` (one a person added), is gone for good:
///   an amend made elsewhere before the removal was seen does not bring it back.
/// - An `amend` replaces the record whole; the last one applies.
/// - A `bill` marks its records billed (`BillMark`) and changes nothing else; a record
///   two bills name stays on the first (a second machine's bill of it, made before it saw
///   the first, does not move it). One that `continues` a bill (a billed record's split-off
///   half) puts its records on that bill, while it applies.
/// - `rename`, `delete` and `reset` apply to the records created (`LedgerRecord.created`)
///   before them (to the nanosecond; a record the clock wrote counts from its end); a rename made before a record's last amend was seen by whoever amended
///   it and is not applied again, while a delete or reset before it still removes it.
///
/// Built once per read from the edits alone (a few per cent of a history); then each
/// record costs one dictionary look-up when any edit names it, and a pass over the few
/// project-wide edits.
public struct HistoryFold: Sendable {
  /// Edits that apply, in order.
  public private(set) var edits: [HistoryEdit] = []
  /// Per record id: its last applying amend, or that it is removed (places in `edits`, so
  /// that a fold of many edits holds each edit once).
  private var targeted: [RecordKey: Fate] = [:]
  /// The ids `targeted` holds, for telling most records no edit names without a look-up.
  private var named = RecordKeyFilter()
  /// The places in `edits` of the renames, deletes and resets that apply, in order.
  private var projectWide: [Int] = []
  /// Undone edits, by id.
  public private(set) var undone: Set<String> = []
  /// Per billed record: the place in `edits` of its first bill that applies (`BillMark`).
  var billed: [RecordKey: Int] = [:]
  /// The keys `billed` holds: a report asks for every record, and most are not billed.
  var billedFilter = RecordKeyFilter()

  enum Fate: Sendable {
    /// By the edit at this place: a `remove`, or an `undo` of a record a person added.
    case removed(by: Int)
    /// By the amend at this place.
    case amended(Int)
  }

  public init() {}

  /// How far a chain of undos is followed (a cycle of undos cannot loop).
  static let undoDepth = 64

  /// Given `all` to keep (`consume` it), the fold holds the edits once: those that apply
  /// are put in order in its own storage (200,000 edits held twice cost 48 MiB).
  public init(_ all: consuming [HistoryEdit]) {
    // Each id once; then the order, with its keys made once per edit rather than per
    // comparison (ten thousand edits made in one second compare by machine and id), and
    // indices sorted rather than the (large) edits moved.
    var ids = Set<String>(minimumCapacity: all.count)
    var order: [Int] = []
    order.reserveCapacity(all.count)
    // By place, not by element: an edit copied is a dozen references counted.
    for index in all.indices where ids.insert(all[index].id).inserted { order.append(index) }
    let times = all.indices.map { all[$0].madeNanoseconds }
    let machines = all.indices.map { all[$0].machine }
    order.sort { a, b in
      if times[a] != times[b] { return times[a] < times[b] }
      if machines[a] != machines[b] { return machines[a].utf8.lexicographicallyPrecedes(machines[b].utf8) }
      return all[a].id.utf8.lexicographicallyPrecedes(all[b].id.utf8)
    }
    // An edit applies unless an undo that applies names it; undos name earlier changes, and
    // a chain is followed from its end with a bound, so a cycle cannot loop.
    var undosOf: [String: [String]] = [:]
    for index in order {
      if case .undo(let target) = all[index].operation { undosOf[target, default: []].append(all[index].id) }
    }
    var memo: [String: Bool] = [:]
    func applies(_ id: String, depth: Int) -> Bool {
      guard let undos = undosOf[id] else { return true }
      if let known = memo[id] { return known }
      guard depth < Self.undoDepth else { return true }
      let result = !undos.contains { applies($0, depth: depth + 1) }
      memo[id] = result
      return result
    }
    var kept: [Int] = []
    kept.reserveCapacity(order.count)
    for index in order {
      if applies(all[index].id, depth: 0) { kept.append(index) } else { undone.insert(all[index].id) }
    }
    Self.arrange(&all, first: kept)
    edits = all
    targeted.reserveCapacity(edits.count)
    // The bills a split-off half's bill can continue (whatever the order of the clocks).
    var bills: [String: Int] = [:]
    for index in edits.indices {
      if case .bill(_, _, nil) = edits[index].operation { bills[edits[index].id] = index }
    }
    for index in edits.indices {
      switch edits[index].operation {
      case .amend(let target, _):
        if case .removed? = targeted[RecordKey(target)] { continue }
        targeted[RecordKey(target)] = .amended(index)
      case .remove(let target):
        targeted[RecordKey(target)] = .removed(by: index)
      case .undo(let target):
        // An undo of a record (not of an edit) removes it.
        if !ids.contains(target) { targeted[RecordKey(target)] = .removed(by: index) }
      case .rename, .delete, .reset:
        projectWide.append(index)
      case .bill(let targets, _, let continues):
        // A split-off half is on the bill it continues (its invoice, time and id), and
        // only while that applies.
        var place = index
        if let continues {
          guard let first = bills[continues] else { continue }
          place = first
        }
        for target in targets where billed[RecordKey(target)] == nil { billed[RecordKey(target)] = place }
      }
    }
    named = RecordKeyFilter(targeted.keys)
    billedFilter = RecordKeyFilter(billed.keys)
    amendedOrder = amendedPlaces()
  }

  /// Makes `edits` hold, in place, those at the places `first` in that order, and no others.
  static func arrange(_ edits: inout [HistoryEdit], first: [Int]) {
    // Every place's source: `first`, then the rest; each cycle of that permutation is
    // followed once, by swaps.
    var source = first
    var taken = [Bool](repeating: false, count: edits.count)
    for index in first { taken[index] = true }
    for index in edits.indices where !taken[index] { source.append(index) }
    var done = [Bool](repeating: false, count: edits.count)
    for start in edits.indices where !done[start] {
      var place = start
      while true {
        done[place] = true
        let from = source[place]
        if from == start { break }
        edits.swapAt(place, from)
        place = from
      }
    }
    edits.removeLast(edits.count - first.count)
  }

  public var isEmpty: Bool { edits.isEmpty }

  /// Whether any edit names the record `id` (it is then read through `final(amended:)` or
  /// not at all).
  public func names(_ key: RecordKey) -> Bool { named.mayHold(key) && targeted[key] != nil }

  /// Whether the edits leave the record `key` as it was read: no edit names it and no
  /// rename, delete or reset applies; `final` is then the record itself.
  public func keepsAsRead(_ key: RecordKey) -> Bool { projectWide.isEmpty && !names(key) }

  /// The record as the edits leave it; nil when removed. For a record no edit names, and
  /// for which an amend stands (`amended` then gives it), `original` is what was read.
  public func final(_ original: LedgerRecord, key: RecordKey? = nil) -> LedgerRecord? {
    let key = key ?? RecordKey(original.id)
    guard names(key) else { return applyProjectWide(original) }
    return nil  // removed, or amended: read from `amended`, wherever its original is
  }

  /// The records an amend stands for, as the edits leave them, in order of start: read
  /// apart from the files, since an amend may move a record into another month than its
  /// original's.
  public var amended: [LedgerRecord] { finals(amendedOrder[...]) }

  /// The places in `edits` of the amends that stand, in order of their records' start
  /// (then id): a rename, delete or reset changes neither, so a month's are found by
  /// bisection and only they are made final.
  private var amendedOrder: [Int] = []

  /// The amended records that start in the UTC seconds `span`, as `amended` gives them.
  public func amended(startingIn span: Range<Int64>) -> [LedgerRecord] {
    func firstPlace(atOrAfter second: Int64) -> Int {
      var (low, high) = (0, amendedOrder.count)
      while low < high {
        let middle = (low + high) / 2
        if record(amendedAt: amendedOrder[middle]).start.utc < second { low = middle + 1 } else { high = middle }
      }
      return low
    }
    return finals(amendedOrder[firstPlace(atOrAfter: span.lowerBound)..<firstPlace(atOrAfter: span.upperBound)])
  }

  private func finals(_ places: ArraySlice<Int>) -> [LedgerRecord] {
    places.compactMap { applyProjectWide(record(amendedAt: $0), amendedAt: $0) }
  }

  /// The record the amend at `index` in `edits` made.
  private func record(amendedAt index: Int) -> LedgerRecord {
    guard case .amend(_, let record) = edits[index].operation else { preconditionFailure("not an amend") }
    return record
  }

  private func amendedPlaces() -> [Int] {
    var places: [(start: Int64, index: Int)] = []
    for case .amended(let index) in targeted.values { places.append((record(amendedAt: index).start.utc, index)) }
    places.sort { a, b in
      if a.start != b.start { return a.start < b.start }
      return record(amendedAt: a.index).id < record(amendedAt: b.index).id
    }
    return places.map(\.index)
  }

  /// `record` after the project-wide edits made since it was created. For an amended
  /// record (`amendedAt` the amend's place), the renames before the amend were seen by the
  /// person who amended it and are not applied again; a removal before it still stands.
  private func applyProjectWide(_ record: LedgerRecord, amendedAt: Int = -1) -> LedgerRecord? {
    guard case .kept(let record) = projectWide(record, amendedAt: amendedAt) else { return nil }
    return record
  }

  /// What the project-wide edits made since `record` was created do to it.
  private func projectWide(_ record: LedgerRecord, amendedAt: Int = -1) -> Outcome {
    guard !projectWide.isEmpty else { return .kept(record) }
    var record = record
    let created = record.createdNanoseconds
    for place in projectWide where created <= edits[place].madeNanoseconds {
      let edit = edits[place]
      switch edit.operation {
      case .rename(let from, let to):
        if place > amendedAt && record.project == from {
          record.project = to
          record.updated = edit.at
        }
      case .delete(let project):
        if record.project == project { return .removed(by: edit) }
      case .reset(let before):
        if let before, CivilTime.split(record.start.local).date >= before { continue }
        return .removed(by: edit)
      case .amend, .remove, .undo, .bill:
        continue
      }
    }
    return .kept(record)
  }

  /// What the edits do to a record as it was written.
  public enum Outcome: Equatable, Sendable {
    /// It is read as this (amended, renamed, or as it was).
    case kept(LedgerRecord)
    /// The edit that removed it: a `remove`, an `undo` of the record, a `delete` of its
    /// project or a `reset`.
    case removed(by: HistoryEdit)
  }

  /// What the edits do to `original`, a record as one of the files holds it: for an
  /// import, which must know a record a person removed (`remove`) from one a reset, a
  /// project's delete or an undo of its import took away.
  public func outcome(of original: LedgerRecord) -> Outcome {
    switch targeted[RecordKey(original.id)] {
    case .removed(let index)?: return .removed(by: edits[index])
    case .amended(let index)?: return projectWide(record(amendedAt: index), amendedAt: index)
    case nil: return projectWide(original)
    }
  }

  /// The latest change a person made on `machine` that can be undone: an applying edit
  /// of that machine that is not an undo, or a record added there (`candidates`, from the
  /// machine's own files, with `at`, in the order they were written) that nothing removed;
  /// nil when none; of records made in the same nanosecond, the one written last.
  public func latestChange(on machine: String, addedRecords candidates: [LedgerRecord]) -> Change? {
    let edit = edits.last {
      guard $0.machine == machine else { return false }
      if case .undo = $0.operation { return false } else { return true }
    }
    var record: LedgerRecord? = nil
    for candidate in candidates where candidate.at != nil && !names(RecordKey(candidate.id)) {
      if record.map({ candidate.createdNanoseconds >= $0.createdNanoseconds }) ?? true { record = candidate }
    }
    switch (edit, record) {
    case (nil, nil): return nil
    case (let edit?, nil): return .edit(edit)
    case (nil, let record?): return .added(record)
    case (let edit?, let record?):
      return edit.madeNanoseconds >= record.createdNanoseconds ? .edit(edit) : .added(record)
    }
  }

  /// What `history undo` reverts.
  public enum Change: Equatable, Sendable {
    case edit(HistoryEdit)
    case added(LedgerRecord)

    public var id: String {
      switch self {
      case .edit(let edit): return edit.id
      case .added(let record): return record.id
      }
    }
  }
}
