/// A bar's stdout that never blocks: when the bar reads slowly or not at all, only the
/// newest frame waits.
///
/// A bar that hangs, or that the user stopped, stops reading its pipe; a blocking write
/// would then freeze this copy, and with it every copy and `pomobar ctl` waiting for the
/// state lock it might hold. So the pipe is written without blocking: what cannot be
/// written now waits here, and the loop asks `epoll` to say when the pipe has room. Bytes
/// already begun (the rest of a frame, the protocol header) are kept in order, since the
/// bar would misread a cut frame; of the frames not yet begun only the latest is kept,
/// since each frame shows the whole state and an older one is worth nothing.
///
/// The descriptor is a second open of the same pipe (`/proc/self/fd/1`) with
/// `O_NONBLOCK`, so the flag does not leak to other holders of the pipe or terminal;
/// where that cannot be opened (a socket), the flag is set on stdout itself and cleared
/// again at the end.
public final class FrameWriter {
  public let fd: FileDescriptor
  private let reopened: Bool
  /// Bytes that must go out, in order, before anything else.
  private var begun: [UInt8] = []
  /// The newest frame not yet begun.
  private var waiting: [UInt8]?

  public init(_ target: FileDescriptor = .standardOutput) {
    let path = "/proc/self/fd/\(target.rawValue)"
    if let fd = try? FileDescriptor.open(path, [.writeOnly, .nonBlocking, .noControllingTerminal]) {
      self.fd = fd
      reopened = true
    } else {
      fd = target
      reopened = false
      target.setNonBlocking(true)
    }
  }

  deinit {
    if reopened { fd.close() } else { fd.setNonBlocking(false) }
  }

  /// Whether bytes are waiting for the pipe to have room.
  public var isBacklogged: Bool { !begun.isEmpty || waiting != nil }

  /// Writes `text` now if the pipe has room, else keeps it for `flush()`.
  ///
  /// - Parameter replaceable: a frame a later frame makes worthless (true), or bytes that
  ///   must be written whatever follows (a protocol header).
  /// - Returns: false when the reader is gone.
  public func submit(_ text: String, replaceable: Bool = true) -> Bool {
    guard isBacklogged else {
      // The usual case, on every tick: written straight from the string, nothing copied.
      var text = text
      var written: Int?
      do {
        written = try text.withUTF8 { bytes throws(SystemError) in
          try fd.writeSome(UnsafeRawBufferPointer(bytes))
        }
      } catch {
        return false  // EPIPE: the bar went away
      }
      if written == text.utf8.count { return true }
      begun = Array(text.utf8.dropFirst(written ?? 0))
      return true
    }
    let bytes = Array(text.utf8)
    if replaceable {
      waiting = bytes
    } else {
      if let frame = waiting { begun += frame }
      waiting = nil
      begun += bytes
    }
    return true
  }

  /// Writes what is waiting, as far as the pipe takes it; false when the reader is gone.
  @discardableResult
  public func flush() -> Bool {
    while true {
      if begun.isEmpty {
        guard let frame = waiting else { return true }
        begun = frame
        waiting = nil
      }
      let written: Int
      do {
        // nil: no room now, and the loop waits for it.
        guard let count = try fd.writeSome(begun) else { return true }
        written = count
      } catch {
        return false  // EPIPE: the bar went away
      }
      begun.removeFirst(written)
    }
  }
}
