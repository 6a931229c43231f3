/// The few Wayland messages pomobar speaks to learn when input stops and starts again:
/// the registry, a seat, and an idle timer from `ext_idle_notifier_v1` (the standard one)
/// or `org_kde_kwin_idle` (what sway 1.7 and KWin offer). Values only: the bytes go over
/// the compositor's socket elsewhere.
///
/// A message is the object's id, then its size (header included) in the high 16 bits and
/// the opcode in the low 16 of one word, then the arguments, each a 4-byte word in the
/// machine's byte order (a string: its length with the NUL, then its bytes, padded to 4).
public enum WaylandWire {
  /// The display object every connection starts with.
  public static let display: UInt32 = 1

  /// A request: `object`'s `opcode` with `arguments` already laid out.
  public static func request(_ object: UInt32, _ opcode: UInt16, _ arguments: [UInt8] = []) -> [UInt8] {
    var out: [UInt8] = []
    out.put32(object)
    out.put32(UInt32(8 + arguments.count) << 16 | UInt32(opcode))
    return out + arguments
  }

  /// An argument list of words and strings.
  public enum Argument {
    case uint(UInt32)
    case string(String)
  }

  public static func arguments(_ values: [Argument]) -> [UInt8] {
    var out: [UInt8] = []
    for value in values {
      switch value {
      case .uint(let word): out.put32(word)
      case .string(let text):
        let bytes = Array(text.utf8) + [0]
        out.put32(UInt32(bytes.count))
        out.putPadded(bytes)
      }
    }
    return out
  }

  /// `wl_display.get_registry(registry)`.
  public static func getRegistry(_ registry: UInt32) -> [UInt8] { request(display, 1, arguments([.uint(registry)])) }

  /// `wl_display.sync(callback)`: its `done` comes after every event the requests before
  /// it caused.
  public static func sync(_ callback: UInt32) -> [UInt8] { request(display, 0, arguments([.uint(callback)])) }

  /// `wl_registry.bind(name, interface, version, id)`.
  public static func bind(registry: UInt32, name: UInt32, interface: String, version: UInt32, id: UInt32) -> [UInt8] {
    request(registry, 0, arguments([.uint(name), .string(interface), .uint(version), .uint(id)]))
  }

  /// The idle protocols, and how each asks for a timer.
  public enum IdleProtocol: String, Sendable, CaseIterable {
    case standard = "ext_idle_notifier_v1"
    case kde = "org_kde_kwin_idle"

    /// The request that makes timer `id` on `seat` for `milliseconds` of no input. Its
    /// events: 0 idle, 1 resumed, for both.
    public func timer(notifier: UInt32, id: UInt32, seat: UInt32, milliseconds: UInt32) -> [UInt8] {
      switch self {
      case .standard:
        // get_idle_notification(id, timeout, seat), opcode 1 (0 is destroy).
        return request(notifier, 1, arguments([.uint(id), .uint(milliseconds), .uint(seat)]))
      case .kde:
        // get_idle_timeout(id, seat, timeout), opcode 0.
        return request(notifier, 0, arguments([.uint(id), .uint(seat), .uint(milliseconds)]))
      }
    }
  }

  /// One event from the compositor.
  public struct Event: Equatable, Sendable {
    public var object: UInt32
    public var opcode: UInt16
    public var arguments: [UInt8]

    /// The word at argument position `index` words in (for events of words only).
    public func word(_ index: Int) -> UInt32? {
      guard arguments.count >= (index + 1) * 4 else { return nil }
      return arguments[...].le32(at: index * 4)
    }

    /// A `wl_registry.global`: the global's name, its interface and version.
    public var global: (name: UInt32, interface: String, version: UInt32)? {
      guard opcode == 0, let name = word(0), let length = word(1).map(Int.init), length > 0,
        arguments.count >= 8 + (length + 3) / 4 * 4 + 4
      else { return nil }
      let text = String(decoding: arguments[8..<(8 + length - 1)], as: UTF8.self)
      let versionAt = 8 + (length + 3) / 4 * 4
      return (name, text, arguments[...].le32(at: versionAt))
    }

    /// A `wl_display.error`: the object, the code and the message.
    public var displayError: String? {
      guard object == WaylandWire.display, opcode == 0, let object = word(0), let code = word(1) else { return nil }
      var message = ""
      if let length = word(2).map(Int.init), length > 0, arguments.count >= 12 + length {
        message = String(decoding: arguments[12..<(12 + length - 1)], as: UTF8.self)
      }
      return "object \(object), code \(code): \(message)"
    }
  }

  /// The events at the front of `buffer`, taken out of it; an incomplete one stays.
  public static func events(_ buffer: inout [UInt8]) -> [Event] {
    var events: [Event] = []
    var index = 0
    while buffer.count - index >= 8 {
      let slice = buffer[index...]
      let object = slice.le32(at: 0)
      let word = slice.le32(at: 4)
      let size = Int(word >> 16)
      // A size below the header is a broken stream: what is left cannot be read.
      guard size >= 8 else {
        buffer.removeAll()
        return events
      }
      guard buffer.count - index >= size else { break }
      events.append(
        Event(object: object, opcode: UInt16(word & 0xFFFF), arguments: Array(buffer[(index + 8)..<(index + size)])))
      index += size
    }
    buffer.removeFirst(index)
    return events
  }
}
