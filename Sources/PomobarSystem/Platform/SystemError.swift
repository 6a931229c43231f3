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

/// Runs a system call, retrying on `EINTR`; returns its result or throws `SystemError`.
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
