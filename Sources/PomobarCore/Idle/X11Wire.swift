/// The few X11 messages pomobar speaks to learn when input stops and starts again: the
/// connection setup, `QueryExtension`, and the SYNC extension's `Initialize`,
/// `ListSystemCounters`, `QueryCounter` and `CreateAlarm`, with the replies, errors and
/// `AlarmNotify` events they bring. Values only: the bytes go over a socket elsewhere.
///
/// Everything is little-endian: the setup's first byte (`l`) asks the server for that
/// order for the whole connection. The core protocol and the SYNC extension are described
/// in X.Org's "X Window System Protocol" and "X Synchronization Extension Protocol" (3.1).
public enum X11Wire {
  /// The connection setup: byte order, protocol 11.0, and the authorisation (usually
  /// `MIT-MAGIC-COOKIE-1` and its 16 bytes from `XAUTHORITY`; empty for none).
  public static func setup(authName: [UInt8], authData: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "l"), 0]
    out.put16(11)
    out.put16(0)
    out.put16(UInt16(authName.count))
    out.put16(UInt16(authData.count))
    out.put16(0)
    out.putPadded(authName)
    out.putPadded(authData)
    return out
  }

  /// What the server answered the setup with.
  public enum SetupReply: Equatable, Sendable {
    /// Accepted: resource ids this client may make are `base | (n & mask)`.
    case accepted(resourceBase: UInt32, resourceMask: UInt32)
    /// Refused (or more authentication asked for, which pomobar does not do), and why.
    case refused(String)
  }

  /// The bytes the setup reply needs in all, once its first 8 are there; nil before.
  public static func setupLength(_ head: ArraySlice<UInt8>) -> Int? {
    guard head.count >= 8 else { return nil }
    return 8 + Int(head.le16(at: 6)) * 4
  }

  /// Reads a whole setup reply (`setupLength` bytes).
  public static func setupReply(_ bytes: ArraySlice<UInt8>) -> SetupReply {
    let status = bytes[bytes.startIndex]
    switch status {
    case 1:
      guard bytes.count >= 20 else { return .refused("a setup reply too short to read") }
      return .accepted(resourceBase: bytes.le32(at: 12), resourceMask: bytes.le32(at: 16))
    case 0:
      let length = Int(bytes[bytes.startIndex + 1])
      let reason = bytes.dropFirst(8).prefix(length)
      return .refused(String(decoding: reason, as: UTF8.self))
    default:
      return .refused("the server asks for further authentication")
    }
  }

  /// `QueryExtension` (core opcode 98).
  public static func queryExtension(_ name: String) -> [UInt8] {
    let bytes = Array(name.utf8)
    var out: [UInt8] = [98, 0]
    out.put16(UInt16(2 + (bytes.count + 3) / 4))
    out.put16(UInt16(bytes.count))
    out.put16(0)
    out.putPadded(bytes)
    return out
  }

  /// The SYNC extension's requests, by its major opcode from `QueryExtension`.
  public struct Sync: Equatable, Sendable {
    public var opcode: UInt8
    /// The extension's first event code: `AlarmNotify` is this plus 1.
    public var firstEvent: UInt8

    public init(opcode: UInt8, firstEvent: UInt8) {
      self.opcode = opcode
      self.firstEvent = firstEvent
    }

    /// `Initialize` with version 3.1: required before any other SYNC request.
    public func initialize() -> [UInt8] { [opcode, 0, 2, 0, 3, 1, 0, 0] }

    public func listSystemCounters() -> [UInt8] { [opcode, 1, 1, 0] }

    public func queryCounter(_ counter: UInt32) -> [UInt8] {
      var out: [UInt8] = [opcode, 5, 2, 0]
      out.put32(counter)
      return out
    }

    /// How an alarm's counter is compared with its value.
    public enum Test: UInt32, Sendable {
      /// Fires when the counter goes from below the value to at least it.
      case positiveTransition = 0
      /// Fires when the counter goes from above the value to at most it.
      case negativeTransition = 1
    }

    /// `CreateAlarm` on `counter` at the absolute `value`, with `delta` 0 (a transition
    /// alarm stays armed after it fires) and events on.
    public func createAlarm(_ id: UInt32, counter: UInt32, value: Int64, test: Test) -> [UInt8] {
      var out: [UInt8] = [opcode, 8]
      out.put16(3 + 8)  // the header, then 8 values: counter, type, value (2), test, delta (2), events
      out.put32(id)
      out.put32(0x3F)  // counter, value type, value, test type, delta, events
      out.put32(counter)
      out.put32(0)  // absolute
      out.put32(UInt32(truncatingIfNeeded: value >> 32))
      out.put32(UInt32(truncatingIfNeeded: value))
      out.put32(test.rawValue)
      out.put32(0)
      out.put32(0)
      out.put32(1)
      return out
    }

    /// The `IDLETIME` system counter among a `ListSystemCounters` reply's (its body after the
    /// first 32 bytes): the milliseconds since the last input.
    public static func idleCounter(inCounters body: ArraySlice<UInt8>, count: Int) -> UInt32? {
      var index = body.startIndex
      for _ in 0..<count {
        guard index + 14 <= body.endIndex else { return nil }
        let counter = body.le32(at: index - body.startIndex)
        let length = Int(body.le16(at: index - body.startIndex + 12))
        let nameStart = index + 14
        guard nameStart + length <= body.endIndex else { return nil }
        if body[nameStart..<(nameStart + length)].elementsEqual("IDLETIME".utf8) { return counter }
        // Each entry is padded to 4 bytes.
        index += (14 + length + 3) / 4 * 4
      }
      return nil
    }
  }

  /// One message from the server, after the setup.
  public enum Message: Equatable, Sendable {
    /// A reply: the request's sequence number and all its bytes (32 or more).
    case reply(sequence: UInt16, bytes: [UInt8])
    /// An error: the request's sequence number and the error code.
    case error(sequence: UInt16, code: UInt8)
    /// An event: its code (without the "sent by SendEvent" bit) and its 32 bytes.
    case event(code: UInt8, bytes: [UInt8])
  }

  /// The messages at the front of `buffer`, taken out of it; an incomplete one stays for
  /// the next read.
  public static func messages(_ buffer: inout [UInt8]) -> [Message] {
    var messages: [Message] = []
    while let message = next(&buffer) { messages.append(message) }
    return messages
  }

  /// The first message in `buffer`, taken out of it; nil while it is incomplete.
  public static func next(_ buffer: inout [UInt8]) -> Message? {
    while buffer.count >= 32 {
      let kind = buffer[0]
      let sequence = buffer[...].le16(at: 2)
      var length = 32
      if kind == 1 || kind == 35 { length += Int(buffer[...].le32(at: 4)) * 4 }
      guard buffer.count >= length else { return nil }
      defer { buffer.removeFirst(length) }
      switch kind {
      case 0: return .error(sequence: sequence, code: buffer[1])
      case 1: return .reply(sequence: sequence, bytes: Array(buffer[..<length]))
      case 35: continue  // a GenericEvent, never asked for: skipped whole
      default: return .event(code: kind & 0x7F, bytes: Array(buffer[..<32]))
      }
    }
    return nil
  }

  /// An `AlarmNotify` event's alarm and the counter's value (IDLETIME: milliseconds since
  /// the last input) when it fired.
  public static func alarmNotify(_ bytes: [UInt8]) -> (alarm: UInt32, counter: Int64)? {
    guard bytes.count >= 32 else { return nil }
    let slice = bytes[...]
    let high = Int64(Int32(bitPattern: slice.le32(at: 8)))
    return (slice.le32(at: 4), high << 32 | Int64(slice.le32(at: 12)))
  }

  /// A `QueryCounter` reply's value.
  public static func counterValue(_ bytes: [UInt8]) -> Int64? {
    guard bytes.count >= 16 else { return nil }
    let slice = bytes[...]
    let high = Int64(Int32(bitPattern: slice.le32(at: 8)))
    return high << 32 | Int64(slice.le32(at: 12))
  }
}

extension [UInt8] {
  mutating func put16(_ value: UInt16) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func put32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  /// `bytes`, then zeros to a multiple of 4.
  mutating func putPadded(_ bytes: [UInt8]) {
    append(contentsOf: bytes)
    append(contentsOf: repeatElement(0, count: (4 - bytes.count % 4) % 4))
  }
}

extension ArraySlice<UInt8> {
  /// The little-endian 16-bit value `offset` bytes from the slice's start.
  func le16(at offset: Int) -> UInt16 {
    let at = startIndex + offset
    return UInt16(self[at]) | UInt16(self[at + 1]) << 8
  }

  func le32(at offset: Int) -> UInt32 {
    let at = startIndex + offset
    return UInt32(self[at]) | UInt32(self[at + 1]) << 8 | UInt32(self[at + 2]) << 16 | UInt32(self[at + 3]) << 24
  }
}
