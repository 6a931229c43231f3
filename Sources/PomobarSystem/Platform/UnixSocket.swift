import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A connected local stream socket: how pomobar speaks to the X server and the Wayland
/// compositor (idle detection), with no library in between.
public enum UnixSocket {
  /// Connects to the socket at `path`, or with `abstract`, at that name in Linux's
  /// abstract namespace (where X servers also listen, reachable without the file). The
  /// descriptor is close-on-exec and non-blocking: reads are made when epoll says so.
  public static func connect(_ path: String, abstract: Bool = false) throws(SystemError) -> FileDescriptor {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let name = Array(path.utf8)
    let offset = abstract ? 1 : 0
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard name.count + offset < capacity else {
      throw SystemError("connect", errno: ENAMETOOLONG, path: path)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in name.enumerated() { raw[index + offset] = byte }
    }
    let fd = try retrying("socket", path: path) {
      socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + offset + name.count + (abstract ? 0 : 1))
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
    }
    guard connected == 0 else {
      let code = errno
      _ = Glibc.close(fd)
      throw SystemError("connect", errno: code, path: (abstract ? "@" : "") + path)
    }
    let descriptor = FileDescriptor(rawValue: fd)
    descriptor.setNonBlocking(true)
    return descriptor
  }
}

extension FileDescriptor {
  /// Waits at most `milliseconds` for something to read; false when the time ran out.
  public func waitReadable(milliseconds: Int32) throws(SystemError) -> Bool {
    var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
    return try retrying("poll") { poll(&entry, 1, milliseconds) } > 0
  }

  /// What waiting on a connection for an answer brought.
  public enum Received { case more, timedOut, closed }

  /// Waits at most `milliseconds` for an answer and appends what came to `buffer`.
  public func receive(into buffer: inout [UInt8], waiting milliseconds: Int32) -> Received {
    guard (try? waitReadable(milliseconds: milliseconds)) == true else { return .timedOut }
    guard let bytes = try? read(upTo: 4096), !bytes.isEmpty else { return .closed }
    buffer += bytes
    return .more
  }

  /// Appends all there is to read now (the descriptor is non-blocking) to `buffer`; false
  /// when the other end closed the connection.
  public func drain(into buffer: inout [UInt8]) throws(SystemError) -> Bool {
    while true {
      let bytes: [UInt8]
      do {
        bytes = try read(upTo: 4096)
      } catch where error.errno == EAGAIN {
        return true
      }
      guard !bytes.isEmpty else { return false }
      buffer += bytes
    }
  }
}
