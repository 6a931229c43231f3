import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// The signals the bar loop takes as events through a `signalfd`.
///
/// They are blocked for normal delivery and read from the descriptor instead, so a signal
/// is just another thing the loop wakes for. Child processes get a clean mask back
/// (see `Spawner`).
public struct SignalSet {
  var set = sigset_t()

  public init(_ signals: [Int32]) {
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
  }

  /// Blocks these signals and returns a descriptor that reads them.
  public func blockAndOpen() throws(SystemError) -> FileDescriptor {
    var set = self.set
    try retrying("sigprocmask") { sigprocmask(SIG_BLOCK, &set, nil) }
    let fd = try retrying("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
    return FileDescriptor(rawValue: fd)
  }

  /// Reads the pending signal numbers from a signalfd.
  public static func drain(_ fd: FileDescriptor) -> [Int32] {
    var signals: [Int32] = []
    var info = signalfd_siginfo()
    while Glibc.read(fd.rawValue, &info, MemoryLayout<signalfd_siginfo>.size)
      == MemoryLayout<signalfd_siginfo>.size
    {
      signals.append(Int32(info.ssi_signo))
    }
    return signals
  }

  /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process.
  public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }
}

/// Signal numbers by name, for code outside Platform.
public enum Signal {
  public static let hangup = SIGHUP
  public static let interrupt = SIGINT
  public static let terminate = SIGTERM
  public static let kill = SIGKILL
  public static let child = SIGCHLD
  public static let windowChanged = SIGWINCH
  public static let `continue` = SIGCONT
  public static let stop = SIGSTOP
}
