import PomobarCore

/// When input stops and starts again on an X display, as the server itself tells it: two
/// alarms on the SYNC extension's `IDLETIME` counter (milliseconds since the last key or
/// pointer input), one that fires when it reaches the threshold, one when it falls back
/// below it. Nothing is asked every second: the socket becomes readable only when one
/// fires.
///
/// The connection is made and set up synchronously, each answer waited for a bounded time
/// (`IdleConnection`).
public final class X11IdleWatcher {
  private let connection: IdleConnection
  /// The connection to the server: readable when an alarm fired (or the server went away).
  public var descriptor: FileDescriptor { connection.descriptor }
  private let sync: X11Wire.Sync
  private let idleAlarm: UInt32
  private let activeAlarm: UInt32
  /// How long input had stopped when the watch began, when that was already past the
  /// threshold; nil otherwise.
  public let idleAtStart: Int64?

  public typealias Problem = IdleWatch.Problem

  /// Connects to the display `DISPLAY` names and arms the alarms at `threshold`.
  public init(environment: Environment, threshold: Duration, hostname: String) throws(Problem) {
    guard let name = environment["DISPLAY"] else { throw Problem("DISPLAY is not set") }
    let display: X11Display
    switch X11Display.parse(name) {
    case .success(let parsed): display = parsed
    case .failure(let problem): throw Problem(problem.description)
    }
    let authorityPath = environment["XAUTHORITY"] ?? (environment.home + "/.Xauthority")
    let authority = (try? FileSystem.readRegularFile(authorityPath, limit: 1 << 20, followSymlinks: true)) ?? nil
    let (authName, authData) = display.authorization(in: authority ?? [], hostname: hostname)

    let connection = try IdleConnection(display.socketPath, abstractFirst: true, peer: "the X display \(name)")
    self.connection = connection
    func fill(_ count: Int) throws(Problem) {
      while connection.buffer.count < count { try connection.awaitAnswer() }
    }
    try connection.send(X11Wire.setup(authName: authName, authData: authData))
    try fill(8)
    let length = X11Wire.setupLength(connection.buffer[...]) ?? 8
    try fill(length)
    guard case .accepted(let base, let mask) = X11Wire.setupReply(connection.buffer[..<length]) else {
      if case .refused(let reason) = X11Wire.setupReply(connection.buffer[..<length]) {
        throw Problem("the X display \(name) refused the connection: \(reason)")
      }
      throw Problem("the X display \(name) refused the connection")
    }
    connection.buffer.removeFirst(length)
    idleAlarm = base | (1 & mask)
    activeAlarm = base | (2 & mask)

    // QueryExtension, then SYNC's Initialize and ListSystemCounters.
    try connection.send(X11Wire.queryExtension("SYNC"))
    let query = try Self.reply(to: 1, on: connection)
    guard query.count >= 12, query[8] == 1 else {
      throw Problem("the X display \(name) has no SYNC extension")
    }
    sync = X11Wire.Sync(opcode: query[9], firstEvent: query[10])
    try connection.send(sync.initialize() + sync.listSystemCounters())
    _ = try Self.reply(to: 2, on: connection)
    let counters = try Self.reply(to: 3, on: connection)
    let count = Int(counters[8]) | Int(counters[9]) << 8 | Int(counters[10]) << 16 | Int(counters[11]) << 24
    guard let idle = X11Wire.Sync.idleCounter(inCounters: counters[32...], count: count) else {
      throw Problem("the X display \(name) has no IDLETIME counter")
    }
    // Both alarms, then the counter's value: its reply comes after any error the alarms
    // caused.
    let milliseconds = max(1, Int64(threshold.nanoseconds / 1_000_000))
    try connection.send(
      sync.createAlarm(idleAlarm, counter: idle, value: milliseconds, test: .positiveTransition)
        + sync.createAlarm(activeAlarm, counter: idle, value: milliseconds - 1, test: .negativeTransition)
        + sync.queryCounter(idle))
    let value = X11Wire.counterValue(try Self.reply(to: 6, on: connection)) ?? 0
    idleAtStart = value >= milliseconds ? value : nil
  }

  /// Waits for the reply to request `sequence`; an error for it or an earlier one fails.
  private static func reply(to sequence: UInt16, on connection: IdleConnection) throws(Problem) -> [UInt8] {
    while true {
      // One message at a time: a reply that came with this one stays for the next call.
      while let message = X11Wire.next(&connection.buffer) {
        switch message {
        case .reply(let number, let bytes) where number == sequence: return bytes
        case .error(let number, let code):
          throw Problem("\(connection.peer) refused request \(number) (error \(code))")
        case .reply, .event: continue
        }
      }
      try connection.awaitAnswer()
    }
  }

  /// What the alarms said since the last call: read when the descriptor is readable.
  /// Throws when the server went away (the display closed: a logout).
  public func read() throws(Problem) -> [IdleChange] {
    try connection.drain()
    var changes: [IdleChange] = []
    for message in X11Wire.messages(&connection.buffer) {
      guard case .event(let code, let bytes) = message, code == sync.firstEvent + 1,
        let (alarm, counter) = X11Wire.alarmNotify(bytes)
      else { continue }
      if alarm == idleAlarm {
        changes.append(.idle(milliseconds: counter))
      } else if alarm == activeAlarm {
        changes.append(.active)
      }
    }
    return changes
  }
}
