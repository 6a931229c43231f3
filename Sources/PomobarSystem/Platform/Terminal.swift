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

extension FileDescriptor {
  /// The width in columns of the terminal this descriptor is, from `ioctl(TIOCGWINSZ)`;
  /// nil when it is not a terminal or does not know its size (a pseudo-terminal nobody
  /// sized reports 0), which the terminal view takes as no limit.
  public var terminalWidth: Int? {
    var size = winsize()
    guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
