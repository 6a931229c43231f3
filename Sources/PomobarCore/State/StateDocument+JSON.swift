/// The state file's JSON form.
///
/// ```json
/// {"version":1,
///  "written":{"wall":…,"boottime":…,"monotonic":…,"boot_id":"…"},
///  "timer":{"phase":"running","kind":"focus","deadline":…,"total":…,
///           "slot":2,"urgent":false,"completed":5,"note":null}}
/// ```
/// Times are integer nanoseconds. `phase` is `idle`, `running`, `paused` (with `remaining`
/// instead of `deadline`) or `focus-done`.
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
    case .running(let kind, let deadline, let total):
      fields += [
        ("phase", "running"), ("kind", .string(kind.rawValue)),
        ("deadline", .integer(deadline.nanoseconds)), ("total", .integer(total.nanoseconds)),
      ]
    case .paused(let kind, let remaining, let total):
      fields += [
        ("phase", "paused"), ("kind", .string(kind.rawValue)),
        ("remaining", .integer(remaining.nanoseconds)), ("total", .integer(total.nanoseconds)),
      ]
    }
    fields += [
      ("slot", .integer(Int64(timer.slot))), ("urgent", .bool(timer.urgent)),
      ("completed", .integer(Int64(timer.completed))), ("note", Self.encode(timer.note)),
    ]
    let document: JSONValue = [
      "version": .integer(Self.version), "written": clocks, "timer": .object(fields),
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
      wall: try Self.integer(clocks, "wall"), boottime: try Self.integer(clocks, "boottime"),
      monotonic: try Self.integer(clocks, "monotonic"),
      bootID: clocks["boot_id"]?.stringValue ?? "")

    let phase: TimerPhase
    switch timer["phase"]?.stringValue {
    case "idle": phase = .idle
    case "focus-done": phase = .focusDone
    case "running":
      phase = .running(
        try Self.kind(timer), deadline: Instant(nanoseconds: try Self.integer(timer, "deadline")),
        total: .nanoseconds(try Self.integer(timer, "total")))
    case "paused":
      phase = .paused(
        try Self.kind(timer), remaining: .nanoseconds(try Self.integer(timer, "remaining")),
        total: .nanoseconds(try Self.integer(timer, "total")))
    default:
      throw DecodeError(message: "unknown phase")
    }
    let slot = try Self.integer(timer, "slot")
    let completed = try Self.integer(timer, "completed")
    guard (1...10_000).contains(slot), (0...10_000_000).contains(completed) else {
      throw DecodeError(message: "slot or completed out of range")
    }
    self.timer = TimerState(
      phase: phase, slot: Int(slot), urgent: timer["urgent"]?.boolValue ?? false,
      note: Self.decodeNote(timer["note"]), completed: Int(completed))
  }

  private static func integer(_ object: JSONValue, _ key: String) throws(DecodeError) -> Int64 {
    guard let value = object[key]?.int64Value else { throw DecodeError(message: "missing '\(key)'") }
    return value
  }

  private static func kind(_ object: JSONValue) throws(DecodeError) -> PhaseKind {
    guard let name = object["kind"]?.stringValue, let kind = PhaseKind(rawValue: name) else {
      throw DecodeError(message: "unknown phase kind")
    }
    return kind
  }

  private static func encode(_ note: TimerNote?) -> JSONValue {
    guard let note else { return .null }
    let (name, gap): (String, Duration)
    switch note {
    case .pausedBySuspend(let g): (name, gap) = ("paused-by-suspend", g)
    case .countedSuspend(let g): (name, gap) = ("counted-suspend", g)
    case .voidedBySuspend(let g): (name, gap) = ("voided-by-suspend", g)
    case .resetBySuspend(let g): (name, gap) = ("reset-by-suspend", g)
    }
    return ["kind": .string(name), "gap": .integer(gap.nanoseconds)]
  }

  /// An unknown note is dropped rather than failing the whole file: it is only a remark.
  private static func decodeNote(_ value: JSONValue?) -> TimerNote? {
    guard let value, let name = value["kind"]?.stringValue, let ns = value["gap"]?.int64Value
    else { return nil }
    let gap = Duration.nanoseconds(ns)
    switch name {
    case "paused-by-suspend": return .pausedBySuspend(gap)
    case "counted-suspend": return .countedSuspend(gap)
    case "voided-by-suspend": return .voidedBySuspend(gap)
    case "reset-by-suspend": return .resetBySuspend(gap)
    default: return nil
    }
  }
}
