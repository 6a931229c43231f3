/// The tables of a document while it is parsed, and TOML's rules for who may add to which.
///
/// TOML forbids defining a table twice, adding to a `[header]` table with dotted keys,
/// extending inline tables, appending with `[[…]]` to a static array and so on. Those rules
/// depend on how each table came to be, which the public `TOMLTable` does not record, so the
/// parser builds this tree instead and converts it at the end. Tables live in one array and
/// refer to each other by index, which makes adding to a table deep in the tree cheap.
struct TableTree {
  /// How a table came to be, which decides what may still be added to it.
  enum Origin {
    /// Defined by a `[header]` or `[[header]]` (or the root): closed to dotted keys from
    /// outside its own section and to another `[header]`.
    case header
    /// Created as a prefix of a longer header, like `a` for `[a.b]`: may still be defined once
    /// by `[a]`, or extended with dotted keys (which makes it `dotted`).
    case implicit
    /// Created by dotted keys (`a.b = 1`): may be extended by more dotted keys and may hold
    /// `[a.c]` sub-tables, but may not be defined by `[a]`.
    case dotted
    /// The top of an inline table under construction.
    case inline
  }

  /// What kind of thing an entry holds while the tree is being built.
  enum Slot {
    /// A finished value: a scalar, a static array or an inline table (closed for good).
    case value
    /// An open table, by index into `tables`; the entry's node is a placeholder until
    /// `materialize` fills it in.
    case table(Int)
    /// An array of tables, by index into `arrays`; the entry's node is an empty array at the
    /// position of the first `[[header]]` until `materialize` fills it in.
    case tableArray(Int)
  }

  /// A table under construction: the public entries plus what each holds. Finished values
  /// are stored in their final form, so converting the tree moves them instead of copying.
  /// Keys are found by a linear scan, which beats hashing for the handful of keys a config
  /// table has; past `indexThreshold` keys a hash index takes over.
  struct Table {
    var position: TOMLPosition
    var origin: Origin
    var depth: Int
    var entries: [TOMLTable.Entry] = []
    var slots: [Slot] = []
    var index: [String: Int] = [:]

    init(position: TOMLPosition, origin: Origin, depth: Int) {
      self.position = position
      self.origin = origin
      self.depth = depth
      entries.reserveCapacity(8)
      slots.reserveCapacity(8)
    }
  }

  /// The index of the document's root table.
  static let rootID = 0

  /// How many keys a table may have before it gets a hash index.
  static let indexThreshold = 16

  /// Every table, the root first.
  var tables = [Table(position: .start, origin: .header, depth: 0)]
  /// The elements of every array of tables, as indices into `tables`.
  var arrays: [[Int]] = []

  /// How many tables exist; inline tables use it to discard their scratch tables afterwards.
  var tableCount: Int { tables.count }

  /// How deeply the table is nested; the root is 0.
  func depth(of table: Int) -> Int { tables[table].depth }

  /// Starts an inline table at nesting `depth`; finish it with `materialize`.
  mutating func makeInlineTable(position: TOMLPosition, depth: Int) -> Int {
    tables.append(Table(position: position, origin: .inline, depth: depth))
    return tables.count - 1
  }

  /// Removes the tables made since `mark` (an inline table's, once it is a value).
  mutating func discardTables(from mark: Int) {
    guard mark > TableTree.rootID && mark < tables.count else { return }
    tables.removeSubrange(mark...)
  }

  // MARK: Storage

  /// Creates a table and stores it under `segment` in `parent`.
  mutating func addTable(
    _ segment: KeySegment, in parent: Int, origin: Origin, position: TOMLPosition
  ) throws(TOMLError) -> Int {
    let table = try makeTable(in: parent, origin: origin, position: position, at: segment.position)
    let placeholder = TOMLNode(value: .table(TOMLTable(position: position)), position: position)
    let entry = TOMLTable.Entry(key: segment.name, keyPosition: segment.position, node: placeholder)
    append(entry, .table(table), to: parent)
    return table
  }

  /// Creates a table one level below `parent`, or fails at `keyPosition` if that is too deep.
  mutating func makeTable(
    in parent: Int, origin: Origin, position: TOMLPosition, at keyPosition: TOMLPosition
  ) throws(TOMLError) -> Int {
    let depth = tables[parent].depth + 1
    guard depth <= TOML.maximumNestingDepth else {
      throw TOMLError(
        position: keyPosition,
        message: "nesting is too deep: at most \(TOML.maximumNestingDepth) levels of tables, "
          + "arrays and inline tables")
    }
    tables.append(Table(position: position, origin: origin, depth: depth))
    return tables.count - 1
  }

  /// The position of `name` among the entries of `table`, if it is there.
  func lookup(_ name: String, in table: Int) -> Int? {
    let count = tables[table].entries.count
    if count > TableTree.indexThreshold {
      return tables[table].index[name]
    }
    var position = 0
    while position < count {
      if tables[table].entries[position].key == name { return position }
      position += 1
    }
    return nil
  }

  /// Appends an entry to a table, indexing its keys once there are more than a few.
  mutating func append(_ entry: TOMLTable.Entry, _ slot: Slot, to table: Int) {
    tables[table].entries.append(entry)
    tables[table].slots.append(slot)
    let count = tables[table].entries.count
    if count == TableTree.indexThreshold + 1 {
      for position in 0..<count {
        tables[table].index[tables[table].entries[position].key] = position
      }
    } else if count > TableTree.indexThreshold {
      tables[table].index[entry.key] = count - 1
    }
  }

  // MARK: Converting

  /// Converts a table and everything under it into the public `TOMLTable`.
  ///
  /// Moves the entries out of the tree rather than copying them, so it may be called only
  /// once per table. Recursive, but nesting is capped at `TOML.maximumNestingDepth`.
  mutating func materialize(_ id: Int) -> TOMLTable {
    var entries: [TOMLTable.Entry] = []
    swap(&entries, &tables[id].entries)
    let slots = tables[id].slots
    for position in slots.indices {
      switch slots[position] {
      case .value:
        continue
      case .table(let child):
        let table = materialize(child)
        entries[position].node = TOMLNode(value: .table(table), position: table.position)
      case .tableArray(let arrayID):
        var elements: [TOMLNode] = []
        elements.reserveCapacity(arrays[arrayID].count)
        for element in arrays[arrayID] {
          let table = materialize(element)
          elements.append(TOMLNode(value: .table(table), position: table.position))
        }
        entries[position].node.value = .array(elements)
      }
    }
    return TOMLTable(entries: entries, position: tables[id].position)
  }
}
