import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Puts a terminal in key-at-a-time mode (no echo, no line buffering) and back.
public final class RawTerminal {
  private var saved = termios()
  private let fd: Int32

  /// Switches `fd` to raw input; nil if it is not a terminal.
  public init?(_ descriptor: FileDescriptor) {
    fd = descriptor.rawValue
    guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(fd, TCSANOW, &raw)
  }

  public func restore() { tcsetattr(fd, TCSANOW, &saved) }
}
