import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// This process, and signals to others by id.
///
/// The corresponding C functions are `getpid`, `kill`, `exit`.
public enum Processes {
  /// This process's id.
  public static var current: Int32 { getpid() }

  /// The user this process runs as (`getuid`).
  public static var userID: UInt32 { getuid() }

  /// Sends `signal` to process `pid`, or with `group` to every process of the group it
  /// leads (`kill(-pid, …)`); false when there was none to send it to.
  @discardableResult
  public static func send(_ signal: Int32, to pid: Int32, group: Bool = false) -> Bool {
    kill(group ? -pid : pid, signal) == 0
  }

  /// Ends this process with `status`, flushing C's output buffers.
  public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// Lets another runnable process have this CPU for a moment (`sched_yield`); no sleep.
  public static func yield() { _ = sched_yield() }

  /// Gives back the resident pages of this program's code: a long-running process calls
  /// it once start-up is over (see `pomobar_release_code_pages`).
  public static func releaseCodePages() { _ = pomobar_release_code_pages() }
}
