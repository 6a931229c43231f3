/// The state file's JSON form.
///
/// ```json
/// {"version":1,
///  "written":{"wall":…,"boottime":…,"monotonic":…,"boot_id":"…"},
///  "timer":{"phase":"running","kind":"focus","deadline":…,"total":…,
///           "slot":2,"urgent":false,"completed":5,"note":null},
///  "ledger":{…}, "epoch":"…", "commits":["…"], "owed":["{…a history line…}"]}
/// ```
/// (`ledger`: see `StateDocument+Ledger`.)
/// Times are integer nanoseconds. `phase` is `idle`, `running`, `paused` (with `remaining`
/// instead of `deadline`) or `focus-done`.
/// `urgent_since` is there while urgent; `extra_break: true` while a break taken from idle
/// (no focus earned it) runs or is paused; `counts_up: true` while a Flowtime focus (whose
/// deadline is only the one-day cap) runs or is paused. The file is written as before these
/// moved into `TimedPhase` and `TimerState.Urgency`, byte for byte, so an older copy on the
/// same machine reads it; of a combination that cannot be (`counts_up` on a break or while
/// idle, `extra_break` on anything but a short break, `urgent_since` without `urgent`) the
/// part that cannot is dropped.
extension StateDocument {
  /// A state file that cannot be used, and why.
  public struct DecodeError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  public func json() -> String {
    let clocks: JSONValue = [
      "wall": .integer(written.wall), "boottime": .integer(written.boottime),
      "monotonic": .integer(written.monotonic), "boot_id": .string(written.bootID),
    ]
    var fields: [(String, JSONValue)] = []
    switch timer.phase {
    case .idle:
      fields.append(("phase", "idle"))
    case .focusDone:
      fields.append(("phase", "focus-done"))
    case .running(let timed, let deadline, let total):
      fields += [
        ("phase", "running"), ("kind", .string(timed.kind.rawValue)),
        ("deadline", .integer(deadline.nanoseconds)), ("total", .integer(total.nanoseconds)),
      ]
    case .paused(let timed, let remaining, let total):
      fields += [
        ("phase", "paused"), ("kind", .string(timed.kind.rawValue)),
        ("remaining", .integer(remaining.nanoseconds)), ("total", .integer(total.nanoseconds)),
      ]
    }
    fields += [
      ("slot", .integer(Int64(timer.slot))), ("urgent", .bool(timer.urgency != nil)),
      ("completed", .integer(Int64(timer.completed))), ("note", Self.encode(timer.note)),
    ]
    if let since = timer.urgency?.since { fields.append(("urgent_since", .integer(since.nanoseconds))) }
    if timer.phase.timed?.isExtra == true { fields.append(("extra_break", .bool(true))) }
    if timer.phase.timed?.countsUp == true { fields.append(("counts_up", .bool(true))) }
    let document: JSONValue = [
      "version": .integer(Self.version), "written": clocks, "timer": .object(fields),
      "ledger": Self.encode(timer.ledger), "epoch": .string(epoch),
      "commits": .array(commits.map { .string($0) }),
      "owed": .array(owed.map { .string(String($0.jsonLine.dropLast())) }),
    ]
    return JSON.serialize(document) + "\n"
  }

  public init(json bytes: [UInt8]) throws(DecodeError) {
    let root: JSONValue
    do {
      root = try JSON.parse(bytes)
    } catch {
      throw DecodeError(message: "not JSON (\(error))")
    }
    guard let version = root["version"]?.int64Value else { throw DecodeError(message: "no version") }
    guard version == Self.version else {
      throw DecodeError(message: "version \(version), this pomobar reads version \(Self.version)")
    }
    guard let clocks = root["written"], let timer = root["timer"] else {
      throw DecodeError(message: "missing 'written' or 'timer'")
    }
    written = ClockReading(
      wall: try Self.integer(clocks, "wall", in: Self.clockRange),
      boottime: try Self.integer(clocks, "boottime", in: Self.clockRange),
      monotonic: try Self.integer(clocks, "monotonic", in: Self.clockRange),
      bootID: clocks["boot_id"]?.stringValue ?? "")

    // Every number is range-checked: the arithmetic that follows must never trap on a
    // file that is well-formed JSON but nonsense.
    let phase: TimerPhase
    switch timer["phase"]?.stringValue {
    case "idle": phase = .idle
    case "focus-done": phase = .focusDone
    case "running":
      let deadline = try Self.integer(timer, "deadline", in: Self.clockRange)
      guard abs(deadline - written.boottime) <= Self.longestSpan else {
        throw DecodeError(message: "'deadline' is more than 8 days from when the file was written")
      }
      phase = .running(
        try Self.timed(timer), deadline: Instant(nanoseconds: deadline),
        total: .nanoseconds(try Self.integer(timer, "total", in: 0...Self.longestSpan)))
    case "paused":
      phase = .paused(
        try Self.timed(timer),
        remaining: .nanoseconds(try Self.integer(timer, "remaining", in: 0...Self.longestSpan)),
        total: .nanoseconds(try Self.integer(timer, "total", in: 0...Self.longestSpan)))
    default:
      throw DecodeError(message: "unknown phase")
    }
    let slot = try Self.integer(timer, "slot", in: 1...10_000)
    let completed = try Self.integer(timer, "completed", in: 0...10_000_000)
    self.timer = TimerState(
      phase: phase, slot: Int(slot), urgency: try Self.urgency(timer, written: written),
      note: try Self.decodeNote(timer["note"]), completed: Int(completed),
      ledger: try Self.decodeLedger(root["ledger"], written: written))
    epoch = root["epoch"]?.stringValue ?? ""
    // Absent in files of earlier versions; names that are not strings are dropped.
    if case .array(let names)? = root["commits"] {
      commits = names.suffix(Self.commitsKept).compactMap(\.stringValue)
    } else {
      commits = []
    }
    // Absent in files of earlier versions; a line that does not read is not a record, and
    // does not make the state unusable.
    owed = []
    if case .array(let lines)? = root["owed"] {
      for case .string(let line) in lines.suffix(Self.owedKept) {
        if let record = try? LedgerRecord(jsonLine: line) { owed.append(record) }
      }
    }
  }

  /// The urgent flag, and when it was set: that is absent in files of earlier versions,
  /// and dropped when far from when the file was written (another boot's clock). A time
  /// without the flag is dropped too (but must still be a number).
  static func urgency(_ timer: JSONValue, written: ClockReading) throws(DecodeError) -> TimerState.Urgency? {
    var since: Instant?
    if timer["urgent_since"] != nil, timer["urgent_since"] != .null {
      // Any integer: a reboot moves the instant into the new boot's timeline, where it can
      // lie before the boot (below zero).
      let read = try clamped(timer, "urgent_since", in: -clockRange.upperBound...clockRange.upperBound)
      if abs(read - written.boottime) <= longestSpan { since = Instant(nanoseconds: read) }
    }
    guard timer["urgent"]?.boolValue == true else { return nil }
    return TimerState.Urgency(since: since)
  }

  /// Clock readings and instants: from 0 to about the year 2116 in nanoseconds.
  static let clockRange: ClosedRange<Int64> = 0...(1 << 62)
  /// No phase, pause or gap worth keeping is longer than this (phases are capped at a day).
  static let longestSpan: Int64 = 8 * 86_400 * 1_000_000_000
  /// Suspend gaps: up to a century.
  static let gapRange: ClosedRange<Int64> = 0...(100 * 366 * 86_400 * 1_000_000_000)

  static func integer(
    _ object: JSONValue, _ key: String, in range: ClosedRange<Int64>
  ) throws(DecodeError) -> Int64 {
    guard let value = object[key]?.int64Value else { throw DecodeError(message: "missing '\(key)'") }
    guard range.contains(value) else {
      throw DecodeError(message: "'\(key)' is out of range (\(value))")
    }
    return value
  }

  /// An integer brought into `range`, for numbers that pomobar itself can carry past a
  /// bound (a count, a total, an instant long ago): kept at the bound rather than the
  /// whole state moved aside. Missing or not an integer is still an error.
  static func clamped(
    _ object: JSONValue, _ key: String, in range: ClosedRange<Int64>
  ) throws(DecodeError) -> Int64 {
    guard let value = object[key]?.int64Value else { throw DecodeError(message: "missing '\(key)'") }
    return min(max(value, range.lowerBound), range.upperBound)
  }

  /// A running or paused phase's kind, counting up or extra where it can be.
  private static func timed(_ object: JSONValue) throws(DecodeError) -> TimedPhase {
    guard let name = object["kind"]?.stringValue, let kind = PhaseKind(rawValue: name) else {
      throw DecodeError(message: "unknown phase kind")
    }
    return TimedPhase(
      kind, countsUp: object["counts_up"]?.boolValue == true, extra: object["extra_break"]?.boolValue == true)
  }

  /// A note's `kind` in the file: one name for each outcome and cause.
  static func noteName(_ outcome: TimerNote.Outcome, _ cause: TimerNote.Cause) -> String {
    switch (outcome, cause) {
    case (.paused, .suspend): return "paused-by-suspend"
    case (.counted, .suspend): return "counted-suspend"
    case (.voided, .suspend): return "voided-by-suspend"
    case (.reset, .suspend): return "reset-by-suspend"
    case (.paused, .away): return "paused-while-away"
    case (.counted, .away): return "counted-away"
    case (.voided, .away): return "voided-while-away"
    case (.reset, .away): return "reset-while-away"
    }
  }

  static func encode(_ note: TimerNote?) -> JSONValue {
    guard let note else { return .null }
    return ["kind": .string(noteName(note.outcome, note.cause)), "gap": .integer(note.gap.nanoseconds)]
  }

  /// An unknown note, or one whose gap is not a number in range, is dropped rather than
  /// failing the whole file: it is only a remark.
  static func decodeNote(_ value: JSONValue?) throws(DecodeError) -> TimerNote? {
    guard let value, let name = value["kind"]?.stringValue, let ns = value["gap"]?.int64Value,
      gapRange.contains(ns)
    else { return nil }
    for outcome in TimerNote.Outcome.allCases {
      for cause in TimerNote.Cause.allCases where noteName(outcome, cause) == name {
        return TimerNote(outcome, by: cause, .nanoseconds(ns))
      }
    }
    return nil
  }
}
