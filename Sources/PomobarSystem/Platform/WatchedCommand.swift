import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A program run in a process group of its own, its output (stdout and stderr) collected,
/// watched until it exits, a deadline passes, or `interrupt` (e.g. a signalfd) becomes
/// readable: then it is sent `stopSignal`, and after a grace second its whole group is
/// killed. Whatever it left running in its group is killed when it exits.
///
/// For the short programs pomobar itself calls (notify-send, dunstctl, makoctl,
/// swaync-client), not for hooks: their output goes to the log as it comes
/// (`EffectSupervisor`).
struct WatchedCommand {
  struct Result {
    /// The exit status, or the signal that ended it (as `128 + n`); nil if it never started.
    var status: Int32?
    /// Its output, up to the limit.
    var output: [UInt8]
    /// Why it was stopped: `interrupted`, `timed out`; nil if it ended by itself.
    var stopped: String?
    /// Why it did not start.
    var error: String?

    var text: String { String(decoding: output, as: UTF8.self) }
    var lines: [String] {
      text.split(separator: "\n").map { String($0).trimmedOfSpaces }.filter { !$0.isEmpty }
    }
    var succeeded: Bool { status == 0 && stopped == nil }
  }

  static let outputLimit = 16 * 1024

  static func run(
    _ arguments: [String], deadline: Int64, interrupt: FileDescriptor? = nil, stopSignal: Int32 = SIGTERM
  ) -> Result {
    var ends: [Int32] = [-1, -1]
    guard pomobar_pipe_cloexec(&ends) == 0 else {
      return Result(status: nil, output: [], error: "pipe: \(String(cString: strerror(errno)))")
    }
    let reader = FileDescriptor(rawValue: ends[0])
    defer { reader.close() }
    let pid: pid_t
    do {
      pid = try Spawner.spawn(arguments, output: FileDescriptor(rawValue: ends[1]), detach: .newGroup)
    } catch {
      close(ends[1])
      return Result(status: nil, output: [], error: "\(error)")
    }
    close(ends[1])
    let exitFD = pomobar_pidfd_open(pid)
    defer { if exitFD >= 0 { close(exitFD) } }
    var output: [UInt8] = []
    var pipeOpen = true
    var stopped: String? = nil
    var status: Int32? = nil
    func drain() {
      guard let chunk = try? reader.read(upTo: 4096) else { return }
      if chunk.isEmpty { pipeOpen = false }
      output += chunk.prefix(max(0, Self.outputLimit - output.count))
    }
    while status == nil {
      let left = deadline - SystemClock.now(CLOCK_MONOTONIC)
      if left <= 0 {
        stopped = "timed out"
        break
      }
      var fds = [
        pollfd(fd: pipeOpen ? reader.rawValue : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: interrupt?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      let slice = exitFD >= 0 ? left : min(left, 50_000_000)
      _ = poll(&fds, 3, Int32(min(slice / 1_000_000 + 1, Int64(Int32.max))))
      if pipeOpen && fds[0].revents != 0 { drain() }
      status = reap(pid, blocking: false)
      if status == nil && fds[2].revents != 0 {
        stopped = "interrupted"
        break
      }
    }
    if status == nil {
      kill(pid, stopSignal)
      let grace = SystemClock.now(CLOCK_MONOTONIC) + 2_000_000_000
      while status == nil && SystemClock.now(CLOCK_MONOTONIC) < grace {
        var fds = [
          pollfd(fd: pipeOpen ? reader.rawValue : -1, events: Int16(POLLIN), revents: 0),
          pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, exitFD >= 0 ? 100 : 10)
        if pipeOpen && fds[0].revents != 0 { drain() }
        status = reap(pid, blocking: false)
      }
      if status == nil {
        kill(-pid, SIGKILL)
        status = reap(pid, blocking: true)
      }
    }
    kill(-pid, SIGKILL)  // what it left behind in its group
    reader.setNonBlocking(true)
    var reads = 0
    while pipeOpen && reads < 16 {
      let before = output.count
      drain()
      if output.count == before { break }
      reads += 1
    }
    let raw = status ?? 0
    let code = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    return Result(status: code, output: output, stopped: stopped, error: nil)
  }

  private static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid { return status }
      if result < 0 && errno == EINTR { continue }
      if result < 0 { return 0 }
      return nil
    }
  }
}
