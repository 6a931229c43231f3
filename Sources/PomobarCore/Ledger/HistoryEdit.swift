/// A change to the history, kept as one more line: nothing already written is ever
/// rewritten, by this machine or another.
///
/// Each machine appends its edits to its own `edits.MACHINE.jsonl`, so a folder synced
/// between machines (Syncthing, git) never has two writers for one file; every reader folds
/// every machine's edits over every machine's records the same way (`HistoryFold`), and
/// the record an edit changed is still there underneath it, so undo is one more edit.
///
/// ```json
/// {"id":"3d1219c7c4c5.lq2x8k.1f3","op":"amend","at":"2026-11-24T18:02:11+01:00","target":"3d1219c7c4c5.kx2p9q.142","record":{…}}
/// {"id":…,"op":"remove","at":…,"target":"…"}
/// {"id":…,"op":"rename","at":…,"from":"api","to":"backend"}
/// {"id":…,"op":"delete","at":…,"project":"old"}
/// {"id":…,"op":"reset","at":…,"before":"2026-01-01"}     (null: everything)
/// {"id":…,"op":"undo","at":…,"target":"an edit's id, or an added record's"}
/// {"id":…,"op":"bill","at":…,"invoice":"2026-042","targets":["…","…"]}   (invoice null: none given)
/// {"id":…,"op":"bill","at":…,"invoice":"2026-042","targets":["…"],"continues":"the bill's id"}
/// ```
public struct HistoryEdit: Equatable, Sendable {
  public enum Operation: Equatable, Sendable {
    /// The record `target` is now `record` (same id), whole.
    case amend(target: String, record: LedgerRecord)
    case remove(target: String)
    /// Records of project `from` created before the edit are of project `to`.
    case rename(from: String, to: String)
    /// Records of the project created before the edit are removed.
    case delete(project: String)
    /// Records created before the edit that started before the date (all when nil) are removed.
    case reset(before: CivilTime.Date?)
    /// The edit `target` no longer applies; or the record `target` (one a person added
    /// with `track` or `import`) is removed.
    case undo(target: String)
    /// The records `targets` are billed, on `invoice` when one was given (`BillMark`):
    /// one line for a month's bill; a record billed before stays on its first bill.
    /// `continues`: the bill (an edit's id) these records are a part of, the second half
    /// of a billed record that was split: on that bill while it applies (versions before
    /// this key read it as a bill of its own).
    case bill(targets: [String], invoice: String?, continues: String? = nil)
  }

  /// Unique: `MACHINE.TIME.PID` (base 36), made by the machine that wrote it.
  public var id: String
  /// When it was made: edits apply in this order, then by machine, then by id
  /// (`HistoryFold`).
  public var at: WallTime
  /// The fraction of `at`'s second, in nanoseconds.
  public var nanoseconds: Int32
  public var operation: Operation

  public init(id: String, at: WallTime, nanoseconds: Int32 = 0, _ operation: Operation) {
    self.id = id
    self.at = at
    self.nanoseconds = nanoseconds
    self.operation = operation
  }

  /// `at` in nanoseconds since the epoch.
  public var madeNanoseconds: Int64 { at.utc * 1_000_000_000 + Int64(nanoseconds) }

  /// The machine that made it: the first part of its id.
  public var machine: Substring { id[..<(id.utf8.firstIndex(of: UInt8(ascii: ".")) ?? id.endIndex)] }

  public var shortID: String { StableHash.hex(StableHash.short(id)) }

  // MARK: - The line

  public var jsonLine: String {
    var out = "{\"id\":" + JSON.quote(id) + ",\"op\":"
    switch operation {
    case .amend: out += "\"amend\""
    case .remove: out += "\"remove\""
    case .rename: out += "\"rename\""
    case .delete: out += "\"delete\""
    case .reset: out += "\"reset\""
    case .undo: out += "\"undo\""
    case .bill: out += "\"bill\""
    }
    out += ",\"at\":\"\(at.iso8601(nanoseconds: nanoseconds))\""
    switch operation {
    case .amend(let target, let record):
      var line = record.jsonLine
      line.removeLast()
      out += ",\"target\":" + JSON.quote(target) + ",\"record\":" + line
    case .remove(let target), .undo(let target):
      out += ",\"target\":" + JSON.quote(target)
    case .rename(let from, let to):
      out += ",\"from\":" + JSON.quote(from) + ",\"to\":" + JSON.quote(to)
    case .delete(let project):
      out += ",\"project\":" + JSON.quote(project)
    case .reset(let before):
      out += ",\"before\":" + (before.map { "\"\($0)\"" } ?? "null")
    case .bill(let targets, let invoice, let continues):
      out += ",\"invoice\":" + (invoice.map(JSON.quote) ?? "null") + ",\"targets\":["
      out += targets.map(JSON.quote).joined(separator: ",") + "]"
      if let continues { out += ",\"continues\":" + JSON.quote(continues) }
    }
    return out + "}\n"
  }

  public init(jsonLine bytes: some Collection<UInt8>) throws(LedgerRecord.DecodeError) {
    let array = Array(bytes)
    let result: Result<HistoryEdit, LedgerRecord.DecodeError> = array.withUnsafeBufferPointer { line in
      do throws(LedgerRecord.DecodeError) { return .success(try HistoryEdit(jsonLine: line)) } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// Reads one line (without its newline), in place.
  public init(jsonLine bytes: UnsafeBufferPointer<UInt8>) throws(LedgerRecord.DecodeError) {
    if let fast = Self.scan(bytes) {
      self = fast
      return
    }
    try self.init(parsing: Array(bytes))
  }

  /// The line as this program writes it (`jsonLine`): string and null values in a flat
  /// object, then for an amend the record as its own line's object, read by the record's
  /// own fast scanner. nil for anything else, which the full parser then reads (or says
  /// what is wrong with): a month of edits must not cost a generic parse each.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> HistoryEdit? {
    var id: String?, target: String?, from: String?, to: String?
    var op: UnsafeBufferPointer<UInt8>?, stamp: UnsafeBufferPointer<UInt8>?
    var project: String?, before: String?, invoice: String?, continues: String?
    var targets: [String]? = nil
    var record: LedgerRecord? = nil
    var index = 1
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "{"), bytes[bytes.count - 1] == UInt8(ascii: "}") else {
      return nil
    }
    while index < bytes.count {
      guard let key = FlatObjectScanner.string(bytes, &index), index < bytes.count,
        bytes[index] == UInt8(ascii: ":")
      else { return nil }
      index += 1
      guard index < bytes.count else { return nil }
      if FlatObjectScanner.equal(key, "record") {
        // The record runs to the line's last byte but one.
        let object = UnsafeBufferPointer(rebasing: bytes[index..<(bytes.count - 1)])
        guard let read = try? LedgerRecord(jsonLine: object) else { return nil }
        record = read
        index = bytes.count - 1
      } else if FlatObjectScanner.equal(key, "targets") {
        // A bill's ids: plain strings, as this program writes them.
        guard let ids = strings(bytes, &index) else { return nil }
        targets = ids
      } else if bytes[index] == UInt8(ascii: "\"") {
        guard let value = FlatObjectScanner.string(bytes, &index) else { return nil }
        let text = { String(decoding: value, as: UTF8.self) }
        switch key.count {
        case 2 where FlatObjectScanner.equal(key, "id"): id = text()
        case 2 where FlatObjectScanner.equal(key, "op"): op = value
        case 2 where FlatObjectScanner.equal(key, "at"): stamp = value
        case 2 where FlatObjectScanner.equal(key, "to"): to = text()
        case 4 where FlatObjectScanner.equal(key, "from"): from = text()
        case 6 where FlatObjectScanner.equal(key, "target"): target = text()
        case 6 where FlatObjectScanner.equal(key, "before"): before = text()
        case 7 where FlatObjectScanner.equal(key, "project"): project = text()
        case 7 where FlatObjectScanner.equal(key, "invoice"): invoice = text()
        case 9 where FlatObjectScanner.equal(key, "continues"): continues = text()
        default: break
        }
      } else if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n") {
        index += 4  // null
      } else {
        return nil
      }
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "}") { break }
      guard bytes[index] == UInt8(ascii: ",") else { return nil }
      index += 1
    }
    guard index == bytes.count - 1, let id, !id.isEmpty, let stamp, let at = WallTime(iso8601Bytes: stamp), let op
    else { return nil }
    let operation: Operation
    switch String(decoding: op, as: UTF8.self) {
    case "amend":
      guard let target, let record, record.id == target else { return nil }
      operation = .amend(target: target, record: record)
    case "remove":
      guard let target else { return nil }
      operation = .remove(target: target)
    case "undo":
      guard let target else { return nil }
      operation = .undo(target: target)
    case "rename":
      guard let from, let to else { return nil }
      operation = .rename(from: from, to: to)
    case "delete":
      guard let project else { return nil }
      operation = .delete(project: project)
    case "reset":
      var date: CivilTime.Date? = nil
      if let before {
        guard let given = CivilTime.Date(before) else { return nil }
        date = given
      }
      operation = .reset(before: date)
    case "bill":
      guard let targets, !targets.isEmpty, !targets.contains(where: \.isEmpty), invoice?.isEmpty != true,
        continues?.isEmpty != true
      else {
        return nil
      }
      operation = .bill(targets: targets, invoice: invoice, continues: continues)
    default: return nil
    }
    return HistoryEdit(id: id, at: at, nanoseconds: WallTime.nanoseconds(iso8601Bytes: stamp), operation)
  }

  /// `["a","b"]` at `index`, each a string `FlatObjectScanner.string` reads; nil for
  /// anything else.
  private static func strings(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> [String]? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    index += 1
    var strings: [String] = []
    while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
      if !strings.isEmpty {
        guard bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
      }
      guard let value = FlatObjectScanner.string(bytes, &index) else { return nil }
      strings.append(String(decoding: value, as: UTF8.self))
    }
    guard index < bytes.count else { return nil }
    index += 1
    return strings
  }

  private init(parsing bytes: [UInt8]) throws(LedgerRecord.DecodeError) {
    typealias Failure = LedgerRecord.DecodeError
    let value: JSONValue
    do {
      value = try JSON.parse(bytes)
    } catch {
      throw Failure(message: "not JSON (\(error))")
    }
    func text(_ key: String) throws(Failure) -> String {
      guard let text = value[key]?.stringValue, !text.isEmpty else {
        throw Failure(message: "no '\(key)'")
      }
      return text
    }
    let id = try text("id")
    let stamp = try text("at")
    guard let at = WallTime(iso8601: stamp) else {
      throw Failure(message: "no 'at' time like 2026-11-23T09:00:00+01:00")
    }
    let operation: Operation
    switch try text("op") {
    case "amend":
      guard let record = value["record"], case .object = record else { throw Failure(message: "no 'record'") }
      let line = Array(JSON.serialize(record).utf8)
      let amended = try line.withUnsafeBufferPointer { bytes throws(Failure) in try LedgerRecord(jsonLine: bytes) }
      let target = try text("target")
      guard amended.id == target else { throw Failure(message: "the record's id is not the 'target'") }
      operation = .amend(target: target, record: amended)
    case "remove": operation = .remove(target: try text("target"))
    case "undo": operation = .undo(target: try text("target"))
    case "rename": operation = .rename(from: try text("from"), to: try text("to"))
    case "delete": operation = .delete(project: try text("project"))
    case "reset":
      var before: CivilTime.Date? = nil
      if let given = value["before"], !given.isNull {
        guard let date = given.stringValue.flatMap({ CivilTime.Date($0) }) else {
          throw Failure(message: "'before' is not a date like 2026-11-23")
        }
        before = date
      }
      operation = .reset(before: before)
    case "bill":
      guard let targets = value["targets"]?.stringsValue, !targets.isEmpty, !targets.contains(where: \.isEmpty)
      else {
        throw Failure(message: "no 'targets', a list of record ids")
      }
      var invoice: String? = nil
      if let given = value["invoice"], !given.isNull {
        guard let text = given.stringValue, !text.isEmpty else {
          throw Failure(message: "'invoice' is not a text")
        }
        invoice = text
      }
      var continues: String? = nil
      if let given = value["continues"], !given.isNull {
        guard let text = given.stringValue, !text.isEmpty else {
          throw Failure(message: "'continues' is not an edit's id")
        }
        continues = text
      }
      operation = .bill(targets: targets, invoice: invoice, continues: continues)
    case let other:
      throw Failure(message: "unknown 'op' \(JSON.quote(other))")
    }
    self.init(id: id, at: at, nanoseconds: WallTime.nanoseconds(iso8601: stamp), operation)
  }
}

extension HistoryEdit.Operation {
  /// The operation as a person makes it at `moment`: an amend that changes what a
  /// Watson frame holds (its times, project or tags) makes its record `updated` then, so a
  /// tool that takes the newer side by its change time (`watson sync`) takes it; one that
  /// changes only what no frame holds (a note) leaves the frame as Watson has it.
  ///
  /// - Parameter original: the record the amend replaces, when known.
  public func made(at moment: WallTime, replacing original: LedgerRecord? = nil) -> Self {
    guard case .amend(let target, var record) = self else { return self }
    if let original, original.span == record.span, original.project == record.project,
      Set(original.tags) == Set(record.tags)
    {
      return self
    }
    record.updated = moment
    return .amend(target: target, record: record)
  }
}
