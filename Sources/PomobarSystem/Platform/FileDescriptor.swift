import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A file descriptor with the few operations pomobar needs, each wrapped once.
///
/// The corresponding C functions are `open`, `read`, `write`, `fsync`, `close`.
public struct FileDescriptor: Hashable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static let standardInput = FileDescriptor(rawValue: 0)
  public static let standardOutput = FileDescriptor(rawValue: 1)
  public static let standardError = FileDescriptor(rawValue: 2)

  public static func open(
    _ path: String, _ flags: Int32, mode: mode_t = 0o644
  ) throws(SystemError) -> FileDescriptor {
    let fd = try retrying("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
    return FileDescriptor(rawValue: fd)
  }

  /// Reads up to `count` bytes; an empty result means end of file.
  public func read(upTo count: Int = 65536) throws(SystemError) -> [UInt8] {
    var result: Int = 0
    // Uninitialized capacity: zero-filling 64 KiB on every read was a tenth of `status`.
    let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
      while true {
        let n = Glibc.read(rawValue, raw.baseAddress, count)
        if n < 0 && errno == EINTR { continue }
        result = n < 0 ? -Int(errno) : n
        initialized = max(0, n)
        return
      }
    }
    if result < 0 { throw SystemError("read", errno: Int32(-result)) }
    return buffer
  }

  /// Reads to end of file.
  public func readAll() throws(SystemError) -> [UInt8] {
    var all: [UInt8] = []
    while true {
      let chunk = try read()
      if chunk.isEmpty { return all }
      all += chunk
    }
  }

  /// Writes every byte, looping over short writes.
  public func write(_ bytes: some Collection<UInt8>) throws(SystemError) {
    let array = Array(bytes)
    var offset = 0
    while offset < array.count {
      let n = try retrying("write") {
        array.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress! + offset, array.count - offset) }
      }
      offset += n
    }
  }

  public func write(_ text: String) throws(SystemError) { try write(Array(text.utf8)) }

  public func sync() throws(SystemError) { try retrying("fsync") { Glibc.fsync(rawValue) } }

  public func close() { _ = Glibc.close(rawValue) }

  public var isTerminal: Bool { Glibc.isatty(rawValue) == 1 }

  /// Sets or clears `O_NONBLOCK`.
  public func setNonBlocking(_ on: Bool) {
    let flags = fcntl(rawValue, F_GETFL)
    guard flags >= 0 else { return }
    _ = fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
  }
}
