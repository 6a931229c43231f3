import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Waits on several descriptors at once with `epoll`: the loop's only place to sleep.
public final class Poller {
  public struct Ready: Equatable {
    public var fd: FileDescriptor
    public var readable: Bool
    public var writable: Bool
    /// The peer hung up or the descriptor is in error (for stdout: the bar went away).
    public var hangup: Bool
  }

  let epoll: FileDescriptor
  /// Where the kernel says what is ready: kept, so that a wake-up allocates nothing.
  private let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: 8)
  /// A timeout's slack is its length divided by this (read once: a bar is not reniced).
  private let slackDivisor: Int64 = pomobar_nice() > 0 ? 200 : 1000

  public init() throws(SystemError) {
    epoll = FileDescriptor(rawValue: try retrying("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
  }

  /// Watches `fd` for input (`readable`) or only for hang-up and errors.
  public func add(_ fd: FileDescriptor, readable: Bool) throws(SystemError) {
    var event = epoll_event()
    event.events = readable ? pomobar_EPOLLIN : 0
    event.data.fd = fd.rawValue
    try retrying("epoll_ctl") { epoll_ctl(epoll.rawValue, EPOLL_CTL_ADD, fd.rawValue, &event) }
  }

  /// Changes what `fd` is watched for: input or not, room to write or not (errors and
  /// hang-up always).
  public func modify(_ fd: FileDescriptor, readable: Bool, writable: Bool) {
    var event = epoll_event()
    event.events = (readable ? pomobar_EPOLLIN : 0) | (writable ? pomobar_EPOLLOUT : 0)
    event.data.fd = fd.rawValue
    _ = epoll_ctl(epoll.rawValue, EPOLL_CTL_MOD, fd.rawValue, &event)
  }

  public func remove(_ fd: FileDescriptor) {
    _ = epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, fd.rawValue, nil)
  }

  /// Sleeps until at least one descriptor is ready, and says which in `ready`.
  /// At most `timeout` nanoseconds (nil: for ever); `ready` is empty when it ran out.
  ///
  /// The kernel lets a poll-style timeout end late by 0.1 % of its length (0.5 % for a
  /// process with a positive nice value; `select_estimate_accuracy`): a wait of a second
  /// would end up to 1 ms after it. So the timeout asked for is shorter by that slack, and
  /// the wait ends within the slack before `timeout`, never after it (but for the
  /// kernel's least slack, 50 µs): a wait that ran out is the deadline, and the caller
  /// takes it as come.
  public func wait(into ready: inout [Ready], timeout: Int64? = nil) throws(SystemError) {
    let asked = timeout.map { Self.shortened(max(0, $0), slackDivisor: slackDivisor) } ?? -1
    let n = try retrying("epoll_wait") {
      pomobar_epoll_wait_ns(epoll.rawValue, events.baseAddress, 8, asked)
    }
    ready.empty()
    let errorBits = pomobar_EPOLLERR | pomobar_EPOLLHUP
    for event in events[..<Int(n)] {
      ready.append(
        Ready(
          fd: FileDescriptor(rawValue: event.data.fd),
          readable: event.events & pomobar_EPOLLIN != 0,
          writable: event.events & pomobar_EPOLLOUT != 0,
          hangup: event.events & errorBits != 0))
    }
  }

  /// The timeout to ask for, so that with the kernel's slack (`asked / slackDivisor`)
  /// the wait ends by `timeout` at the latest.
  static func shortened(_ timeout: Int64, slackDivisor: Int64) -> Int64 {
    timeout - (timeout + slackDivisor) / (slackDivisor + 1)  // less its slack, rounded up
  }

  deinit {
    events.deallocate()
    epoll.close()
  }
}

/// A `timerfd` on `CLOCK_BOOTTIME`.
///
/// `CLOCK_BOOTTIME` keeps counting through suspend, so a deadline that passed while the
/// lid was closed fires at once on resume.
public struct DeadlineTimer {
  public let fd: FileDescriptor

  public init() throws(SystemError) {
    fd = FileDescriptor(
      rawValue: try retrying("timerfd_create") {
        timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
      })
  }

  /// Fires after `delay` nanoseconds (at once if not positive), then every `interval`
  /// seconds (or, with `repeating` false, once); nil disarms.
  ///
  /// The kernel keeps a periodic timer on its grid (each expiry is the previous one plus
  /// the interval), so a phase's ticks need this one call, not one per second. Relative,
  /// not absolute: the delay is computed from a `ClockReading`, which a test clock may have
  /// moved away from the kernel's; the microseconds between that reading and this call
  /// are the only error.
  public func arm(after delay: Int64?, repeating: Bool = true, interval: Int64 = 1) {
    var spec = itimerspec()
    if let delay {
      let wait = max(delay, 1)  // zero would disarm
      spec.it_value.tv_sec = Int(wait / 1_000_000_000)
      spec.it_value.tv_nsec = Int(wait % 1_000_000_000)
      spec.it_interval.tv_sec = repeating ? Int(interval) : 0
    }
    _ = timerfd_settime(fd.rawValue, 0, &spec, nil)
  }

  /// Clears the expiry count after it fired.
  public func acknowledge() {
    var count: UInt64 = 0
    _ = Glibc.read(fd.rawValue, &count, 8)
  }
}
