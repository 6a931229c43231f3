/// TOML's rules for adding keys and tables to the tree: dotted keys, `[table]` and `[[array]]`.
///
/// Each operation walks the key's segments through the tree, creating what is missing and
/// checking what exists against how it was made (see `TableTree.Origin`); every refusal is an
/// error at the offending key segment or header that says what is already there and where.
extension TableTree {
  /// Adds `key = node` to `table`, creating or entering the tables named by a dotted key.
  mutating func insert(_ node: TOMLNode, at key: Key, in table: Int) throws(TOMLError) {
    var current = table
    for offset in 0..<(key.count - 1) {
      let segment = key[offset]
      guard let found = lookup(segment.name, in: current) else {
        current = try addTable(segment, in: current, origin: .dotted, position: segment.position)
        continue
      }
      var entry: TOMLTable.Entry { tables[current].entries[found] }
      var prefix: String { Key.display(key[...offset]) }
      var problem: String { "cannot add key '\(Key.display(key))'" }
      switch tables[current].slots[found] {
      case .table(let child):
        switch tables[child].origin {
        case .implicit:
          tables[child].origin = .dotted
          current = child
        case .dotted:
          current = child
        case .header, .inline:
          throw TOMLError(
            position: segment.position,
            message: "\(problem) with dotted keys: '\(prefix)' was defined by a [table] header "
              + "at \(tables[child].position)")
        }
      case .tableArray:
        throw TOMLError(
          position: segment.position,
          message: "\(problem) with dotted keys: '\(prefix)' is an array of tables "
            + "(defined at \(entry.node.position))")
      case .value:
        throw TOMLError(
          position: segment.position,
          message: "\(problem): \(TableTree.conflict(prefix, entry))")
      }
    }
    let last = key[key.endIndex - 1]
    if let found = lookup(last.name, in: current) {
      let first = tables[current].entries[found].keyPosition
      throw TOMLError(
        position: last.position,
        message: "duplicate key '\(Key.display(key))' (first defined at \(first))")
    }
    append(TOMLTable.Entry(key: last.name, keyPosition: last.position, node: node), .value, to: current)
  }

  /// Handles `[key]` at `header`: defines the table (creating its parents) and returns it.
  mutating func defineTable(at key: Key, header: TOMLPosition) throws(TOMLError) -> Int {
    let parent = try enterParents(of: key, isArray: false)
    let last = key[key.endIndex - 1]
    guard let found = lookup(last.name, in: parent) else {
      return try addTable(last, in: parent, origin: .header, position: header)
    }
    var path: String { Key.display(key) }
    let entry = tables[parent].entries[found]
    switch tables[parent].slots[found] {
    case .table(let child):
      switch tables[child].origin {
      case .implicit:
        tables[child].origin = .header
        tables[child].position = header
        return child
      case .header, .inline:
        throw TOMLError(
          position: header,
          message: "duplicate table [\(path)] (first defined at \(tables[child].position))")
      case .dotted:
        throw TOMLError(
          position: header,
          message:
            "cannot define table [\(path)]: it was already created by dotted keys at \(entry.keyPosition)")
      }
    case .tableArray:
      throw TOMLError(
        position: header,
        message: "cannot define table [\(path)]: '\(path)' is already an array of tables "
          + "(defined at \(entry.node.position))")
    case .value:
      throw TOMLError(
        position: header,
        message: "cannot define table [\(path)]: \(TableTree.conflict(path, entry))")
    }
  }

  /// Handles `[[key]]` at `header`: appends a new table to the array (creating it) and
  /// returns the new table.
  mutating func appendArrayElement(at key: Key, header: TOMLPosition) throws(TOMLError) -> Int {
    let parent = try enterParents(of: key, isArray: true)
    let last = key[key.endIndex - 1]
    guard let found = lookup(last.name, in: parent) else {
      let element = try makeTable(in: parent, origin: .header, position: header, at: last.position)
      arrays.append([element])
      let placeholder = TOMLNode(value: .array([]), position: header)
      let entry = TOMLTable.Entry(key: last.name, keyPosition: last.position, node: placeholder)
      append(entry, .tableArray(arrays.count - 1), to: parent)
      return element
    }
    var path: String { Key.display(key) }
    let entry = tables[parent].entries[found]
    switch tables[parent].slots[found] {
    case .tableArray(let arrayID):
      let element = try makeTable(in: parent, origin: .header, position: header, at: last.position)
      arrays[arrayID].append(element)
      return element
    case .table(let child):
      throw TOMLError(
        position: header,
        message: "cannot define array of tables [[\(path)]]: '\(path)' is already a table "
          + "(defined at \(tables[child].position))")
    case .value:
      if case .array = entry.node.value {
        throw TOMLError(
          position: header,
          message:
            "cannot append to static array '\(path)' (defined at \(entry.keyPosition)) with [[\(path)]]")
      }
      throw TOMLError(
        position: header,
        message: "cannot define array of tables [[\(path)]]: \(TableTree.conflict(path, entry))")
    }
  }

  /// Walks the tables named by all but the last segment of a header's key, creating missing
  /// ones as implicit tables and entering the last element of arrays of tables.
  private mutating func enterParents(of key: Key, isArray: Bool) throws(TOMLError) -> Int {
    var current = TableTree.rootID
    for offset in 0..<(key.count - 1) {
      let segment = key[offset]
      guard let found = lookup(segment.name, in: current) else {
        current = try addTable(segment, in: current, origin: .implicit, position: segment.position)
        continue
      }
      switch tables[current].slots[found] {
      case .table(let child):
        current = child
      case .tableArray(let arrayID):
        guard let lastElement = arrays[arrayID].last else { return current }
        current = lastElement
      case .value:
        let prefix = Key.display(key[...offset])
        let header = isArray ? "[[\(Key.display(key))]]" : "[\(Key.display(key))]"
        let entry = tables[current].entries[found]
        throw TOMLError(
          position: segment.position,
          message: "cannot define table \(header): \(TableTree.conflict(prefix, entry))")
      }
    }
    return current
  }

  /// Explains why `path`, whose entry holds a finished value, cannot take more keys.
  static func conflict(_ path: String, _ entry: TOMLTable.Entry) -> String {
    let defined = entry.keyPosition
    switch entry.node.value {
    case .table:
      return "'\(path)' is an inline table (defined at \(entry.node.position)), "
        + "and inline tables cannot be extended"
    case .array:
      return "'\(path)' is already a static array (defined at \(defined))"
    case .integer:
      return "'\(path)' is already an integer (defined at \(defined))"
    case .string, .float, .boolean:
      return "'\(path)' is already a \(entry.node.value.typeName) (defined at \(defined))"
    }
  }
}
