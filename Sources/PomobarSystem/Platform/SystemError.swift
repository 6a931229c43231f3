import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A failed system call: which call, on what, and the C error.
public struct SystemError: Error, Equatable, CustomStringConvertible {
  public var call: String
  public var errno: Int32
  public var path: String?
  /// Said instead of the C error's text, for refusals that are ours (`is a FIFO, not a
  /// regular file`).
  public var detail: String?

  public init(_ call: String, errno: Int32, path: String? = nil, detail: String? = nil) {
    self.call = call
    self.errno = errno
    self.path = path
    self.detail = detail
  }

  public var description: String {
    if let detail { return path.map { "\($0): \(detail)" } ?? detail }
    let reason = String(cString: strerror(errno))
    if let path { return "\(call) \(path): \(reason)" }
    return "\(call): \(reason)"
  }
}

/// Runs a system call, retrying on `EINTR`; returns its result or throws `SystemError`
/// naming `call`. Pomobar's one loop around `EINTR`: every wrapper in Platform goes
/// through it.
@discardableResult
func retrying<T: BinaryInteger>(_ call: String, path: String? = nil, _ body: () -> T) throws(SystemError) -> T
{
  while true {
    let result = body()
    if result >= 0 { return result }
    let code = Glibc.errno
    if code == EINTR { continue }
    throw SystemError(call, errno: code, path: path)
  }
}

extension SystemError {
  /// The same error, said of `path`.
  public func on(_ path: String) -> SystemError {
    SystemError(call, errno: errno, path: path, detail: detail)
  }
}

/// The C error numbers code outside Platform names (swift-system's `Errno`).
public enum Errno {
  public static let notFound = ENOENT
  public static let invalid = EINVAL
  public static let fileTooLarge = EFBIG
  /// `EAGAIN`: a non-blocking descriptor has nothing to read, or no room to write.
  public static let wouldBlock = EAGAIN
}
