import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Runs one piece of work at a time on a thread of its own, so that the loop never waits
/// for it: the loop polls `fd` (a pipe's end), readable once the work is done, and takes
/// its result with `take()`. Used for what may read a large history (the bar's figures).
public final class BackgroundJob<Result: Sendable>: @unchecked Sendable {
  public let fd: FileDescriptor
  /// The pipe's other end, written by the thread when it is done.
  private let done: Int32
  /// Written by the thread before it writes the pipe, read by the loop after it read the
  /// pipe: the two system calls order them.
  private var result: Result?
  public private(set) var isRunning = false

  public init() throws(SystemError) {
    var ends: [Int32] = [-1, -1]
    _ = try retrying("pipe") { pipe(&ends) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    fd = FileDescriptor(rawValue: ends[0])
    done = ends[1]
  }

  /// Starts `work` on a new thread; false when a thread cannot be made (the caller may
  /// then do without) or work is under way.
  public func start(_ work: @escaping @Sendable () -> Result) -> Bool {
    guard !isRunning else { return false }
    let task = Work(job: self, work: work)
    let context = Unmanaged.passRetained(task).toOpaque()
    var thread = pthread_t()
    guard
      pthread_create(
        &thread, nil,
        { context in
          let task = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! Runnable
          task.run()
          return nil
        }, context) == 0
    else {
      Unmanaged<Work>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    isRunning = true
    return true
  }

  /// The result of the work done, once `fd` is readable; nil before.
  public func take() -> Result? {
    var byte: UInt8 = 0
    guard Glibc.read(fd.rawValue, &byte, 1) == 1 else { return nil }
    isRunning = false
    defer { result = nil }
    return result
  }

  private final class Work: Runnable {
    let job: BackgroundJob
    let work: @Sendable () -> Result

    init(job: BackgroundJob, work: @escaping @Sendable () -> Result) {
      self.job = job
      self.work = work
    }

    func run() {
      job.result = work()
      var one: UInt8 = 1
      _ = Glibc.write(job.done, &one, 1)
    }
  }
}

/// What a thread runs (`BackgroundJob`): the generic task behind a plain protocol, as a C
/// start routine cannot name a generic type.
private protocol Runnable: AnyObject {
  func run()
}
