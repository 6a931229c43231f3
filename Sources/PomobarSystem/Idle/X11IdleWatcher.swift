import PomobarCore

/// When input stops and starts again on an X display, as the server itself tells it: two
/// alarms on the SYNC extension's `IDLETIME` counter (milliseconds since the last key or
/// pointer input), one that fires when it reaches the threshold, one when it falls back
/// below it. Nothing is asked every second: the socket becomes readable only when one
/// fires.
///
/// The connection is made and set up synchronously, each answer waited for at most
/// `answerTimeout`, so a server that does not answer costs a bar start a bounded moment
/// and a warning, never a hang.
public final class X11IdleWatcher {
  /// The connection to the server: readable when an alarm fired (or the server went away).
  public let descriptor: FileDescriptor
  private var buffer: [UInt8] = []
  private let sync: X11Wire.Sync
  private let idleAlarm: UInt32
  private let activeAlarm: UInt32
  /// Whether the display was already idle past the threshold when the watch began.
  public private(set) var idleAtStart: Int64?

  /// How long a step of the setup may wait for the server's answer, in milliseconds.
  static let answerTimeout: Int32 = 2000

  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  /// Connects to the display `DISPLAY` names and arms the alarms at `threshold`.
  public init(environment: Environment, threshold: Duration, hostname: String) throws(Problem) {
    guard let name = environment["DISPLAY"] else { throw Problem(description: "DISPLAY is not set") }
    let display: X11Display
    switch X11Display.parse(name) {
    case .success(let parsed): display = parsed
    case .failure(let problem): throw Problem(description: problem.description)
    }
    let authorityPath = environment["XAUTHORITY"] ?? (environment.home + "/.Xauthority")
    let authority = (try? FileSystem.readRegularFile(authorityPath, limit: 1 << 20, followSymlinks: true)) ?? nil
    let (authName, authData) = display.authorization(in: authority ?? [], hostname: hostname)

    let fd: FileDescriptor
    do {
      fd = try UnixSocket.connect(display.socketPath, abstract: true)
    } catch {
      do {
        fd = try UnixSocket.connect(display.socketPath)
      } catch {
        throw Problem(description: "cannot reach the X display \(name): \(error)")
      }
    }
    descriptor = fd
    var buffer: [UInt8] = []
    func fill(_ count: Int) throws(Problem) {
      while buffer.count < count { try Self.awaitAnswer(fd, &buffer, display: name) }
    }
    do {
      try fd.write(X11Wire.setup(authName: authName, authData: authData))
      try fill(8)
      let length = X11Wire.setupLength(buffer[...]) ?? 8
      try fill(length)
      guard case .accepted(let base, let mask) = X11Wire.setupReply(buffer[..<length]) else {
        if case .refused(let reason) = X11Wire.setupReply(buffer[..<length]) {
          throw Problem(description: "the X display \(name) refused the connection: \(reason)")
        }
        throw Problem(description: "the X display \(name) refused the connection")
      }
      buffer.removeFirst(length)
      idleAlarm = base | (1 & mask)
      activeAlarm = base | (2 & mask)

      // QueryExtension, then SYNC's Initialize and ListSystemCounters.
      try fd.write(X11Wire.queryExtension("SYNC"))
      let query = try Self.reply(to: 1, fd: fd, buffer: &buffer, display: name)
      guard query.count >= 12, query[8] == 1 else {
        throw Problem(description: "the X display \(name) has no SYNC extension")
      }
      sync = X11Wire.Sync(opcode: query[9], firstEvent: query[10])
      try fd.write(sync.initialize() + sync.listSystemCounters())
      _ = try Self.reply(to: 2, fd: fd, buffer: &buffer, display: name)
      let counters = try Self.reply(to: 3, fd: fd, buffer: &buffer, display: name)
      let count = Int(counters[8]) | Int(counters[9]) << 8 | Int(counters[10]) << 16 | Int(counters[11]) << 24
      guard let idle = X11Wire.Sync.idleCounter(inCounters: counters[32...], count: count) else {
        throw Problem(description: "the X display \(name) has no IDLETIME counter")
      }
      // Both alarms, then the counter's value: its reply comes after any error the alarms
      // caused.
      let milliseconds = max(1, Int64(threshold.nanoseconds / 1_000_000))
      try fd.write(
        sync.createAlarm(idleAlarm, counter: idle, value: milliseconds, test: .positiveTransition)
          + sync.createAlarm(activeAlarm, counter: idle, value: milliseconds - 1, test: .negativeTransition)
          + sync.queryCounter(idle))
      let value = X11Wire.counterValue(try Self.reply(to: 6, fd: fd, buffer: &buffer, display: name)) ?? 0
      idleAtStart = value >= milliseconds ? value : nil
    } catch let problem as Problem {
      fd.close()
      throw problem
    } catch {
      fd.close()
      throw Problem(description: "cannot speak to the X display \(name): \(error)")
    }
    self.buffer = buffer
  }

  /// Waits for the reply to request `sequence`; an error for it or an earlier one fails.
  private static func reply(
    to sequence: UInt16, fd: FileDescriptor, buffer: inout [UInt8], display: String
  ) throws(Problem) -> [UInt8] {
    while true {
      // One message at a time: a reply that came with this one stays for the next call.
      while let message = X11Wire.next(&buffer) {
        switch message {
        case .reply(let number, let bytes) where number == sequence: return bytes
        case .error(let number, let code):
          throw Problem(description: "the X display \(display) refused request \(number) (error \(code))")
        case .reply, .event: continue
        }
      }
      try awaitAnswer(fd, &buffer, display: display)
    }
  }

  /// More of the server's answer into `buffer`, waited for at most `answerTimeout`.
  private static func awaitAnswer(_ fd: FileDescriptor, _ buffer: inout [UInt8], display: String) throws(Problem) {
    switch fd.receive(into: &buffer, waiting: answerTimeout) {
    case .more: return
    case .timedOut: throw Problem(description: "the X display \(display) does not answer")
    case .closed: throw Problem(description: "the X display \(display) closed the connection")
    }
  }

  /// What the alarms said since the last call: read when the descriptor is readable.
  /// Throws when the server went away (the display closed: a logout).
  public func read() throws(Problem) -> [IdleChange] {
    let open: Bool
    do { open = try descriptor.drain(into: &buffer) } catch {
      throw Problem(description: "the X display connection failed: \(error)")
    }
    guard open else { throw Problem(description: "the X display closed the connection") }
    var changes: [IdleChange] = []
    for message in X11Wire.messages(&buffer) {
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

  deinit { descriptor.close() }
}
