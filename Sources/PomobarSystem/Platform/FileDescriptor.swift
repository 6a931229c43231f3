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

  /// How to open a file (the `O_` flags); reading only when none of the writing ones is
  /// given. `O_CLOEXEC` is always added.
  public struct OpenOptions: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let readOnly = OpenOptions(rawValue: O_RDONLY)
    public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
    public static let readWrite = OpenOptions(rawValue: O_RDWR)
    public static let append = OpenOptions(rawValue: O_APPEND)
    public static let create = OpenOptions(rawValue: O_CREAT)
    public static let exclusiveCreate = OpenOptions(rawValue: O_EXCL)
    public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    public static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    public static let directory = OpenOptions(rawValue: O_DIRECTORY)
  }

  public static func open(
    _ path: String, _ options: OpenOptions, mode: UInt32 = 0o644
  ) throws(SystemError) -> FileDescriptor {
    try open(path, options.rawValue, mode: mode_t(mode))
  }

  public static func open(
    _ path: String, _ flags: Int32, mode: mode_t = 0o644
  ) throws(SystemError) -> FileDescriptor {
    let fd = try retrying("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
    return FileDescriptor(rawValue: fd)
  }

  /// Reads up to `count` bytes; an empty result means end of file.
  public func read(upTo count: Int = 65536) throws(SystemError) -> [UInt8] {
    var failure: SystemError? = nil
    // Uninitialized capacity: zero-filling 64 KiB on every read was a tenth of `status`.
    let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
      do throws(SystemError) {
        initialized = try retrying("read") { Glibc.read(rawValue, raw.baseAddress, count) }
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return buffer
  }

  /// Reads `count` bytes from `offset` on, fewer at end of file, without moving the
  /// file's offset (`pread`).
  public func read(at offset: Int, count: Int) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = try retrying("pread") {
        bytes.withUnsafeMutableBytes {
          pread(rawValue, $0.baseAddress! + done, count - done, off_t(offset + done))
        }
      }
      if n == 0 { break }
      done += n
    }
    return done == count ? bytes : Array(bytes[0..<done])
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

  /// One write of as much of `bytes` as the descriptor takes now: the count written, or
  /// nil when a non-blocking descriptor has no room (`EAGAIN`).
  public func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
    do {
      return try retrying("write") { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    } catch {
      if error.errno == EAGAIN { return nil }
      throw error
    }
  }

  /// `writeSome` of a collection's bytes.
  public func writeSome(_ bytes: some Collection<UInt8>) throws(SystemError) -> Int? {
    let array = Array(bytes)
    do {
      return try retrying("write") {
        array.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) }
      }
    } catch {
      if error.errno == EAGAIN { return nil }
      throw error
    }
  }

  public func sync() throws(SystemError) { try retrying("fsync") { Glibc.fsync(rawValue) } }

  /// Cuts the file open here to its first `size` bytes (`ftruncate`).
  public func truncate(to size: Int) throws(SystemError) {
    try retrying("ftruncate") { Glibc.ftruncate(rawValue, off_t(size)) }
  }

  public func close() { _ = Glibc.close(rawValue) }

  public var isTerminal: Bool { Glibc.isatty(rawValue) == 1 }

  /// The size in bytes of the file open here (`fstat`).
  public func size() throws(SystemError) -> Int {
    var info = stat()
    try retrying("fstat") { fstat(rawValue, &info) }
    return Int(info.st_size)
  }

  /// Waits as long as it takes for an exclusive `flock` on this descriptor; closing it
  /// releases the lock. `FileLock` waits a bounded time instead.
  public func lock() throws(SystemError) { try retrying("flock") { flock(rawValue, LOCK_EX) } }

  public func unlock() { _ = flock(rawValue, LOCK_UN) }

  /// A new pipe, both ends close-on-exec: a child inherits an end only when given it.
  public static func pipe() throws(SystemError) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    try retrying("pipe") { pomobar_pipe_cloexec(&ends) }
    return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
  }

  /// Sets or clears `O_NONBLOCK`.
  public func setNonBlocking(_ on: Bool) {
    let flags = fcntl(rawValue, F_GETFL)
    guard flags >= 0 else { return }
    _ = fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
  }
}
