import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// A program pomobar runs as a child: started in a process group of its own (so that it
/// and everything it starts can be ended together), its stdout and stderr in a pipe we
/// read, its stdin `/dev/null` or, if asked, a pipe we write (see `Spawner` for the rest
/// of what it gets).
///
/// Hooks, sounds and the short programs pomobar itself calls (notify-send, dunstctl...)
/// run under `supervise`: watched to their end, a deadline or an interrupt, their output
/// handed on as it comes, killed with their group at the deadline, and reaped. A wrapped
/// status command (`--wrap`) lives as long as the bar: the loop reads it and reaps it with
/// `reapEnded()` when SIGCHLD says a child ended.
final class ChildProcess {
  let pid: Int32
  /// The read end of its output; nil once closed (at end of file, under `supervise`).
  private(set) var output: FileDescriptor?
  /// The write end of its stdin, when it was given a pipe; nil once closed.
  private(set) var input: FileDescriptor?

  /// Starts `arguments` (the program looked up in `PATH` unless `executable` is given),
  /// adding `environment` to ours; with `pipeInput`, its stdin is a pipe (`input`); with
  /// `keepStandardError`, its stderr is ours rather than the output pipe; `stdin`, when
  /// given, is its stdin instead.
  init(
    _ arguments: [String], executable: String? = nil, environment: [(String, String)] = [],
    pipeInput: Bool = false, stdin given: FileDescriptor? = nil, keepStandardError: Bool = false
  ) throws(SystemError) {
    let out = try FileDescriptor.pipe()
    var stdin: (read: FileDescriptor, write: FileDescriptor)? = nil
    do {
      if pipeInput { stdin = try FileDescriptor.pipe() }
      pid = try Spawner.spawn(
        arguments, executable: executable, environment: environment, input: stdin?.read ?? given,
        output: out.write,
        keepStandardError: keepStandardError, detach: .newGroup)
    } catch {
      for fd in [out.read, out.write, stdin?.read, stdin?.write].compactMap({ $0 }) { fd.close() }
      throw error
    }
    out.write.close()
    stdin?.read.close()
    output = out.read
    input = stdin?.write
  }

  func closeOutput() {
    output?.close()
    output = nil
  }

  func closeInput() {
    input?.close()
    input = nil
  }

  /// Sends `signal` to its whole process group.
  func signalGroup(_ signal: Int32) { Processes.send(signal, to: pid, group: true) }

  /// How a child still running at its deadline is ended.
  struct Stop {
    /// Sent first: to the child only (notify-send closes its notification on SIGINT), or
    /// with `wholeGroup` to its group.
    var signal: Int32
    var wholeGroup: Bool
    /// How long it has to go after `signal`, in nanoseconds, before its group is killed.
    var grace: Int64
  }

  /// How a supervised child ended.
  struct Outcome: Equatable {
    enum Stopped: Equatable {
      case timedOut
      case interrupted
    }
    var status: ExitStatus
    /// Why it was stopped; nil if it ended by itself.
    var stopped: Stopped?
  }

  /// Watches the child until it exits, `deadline` (monotonic nanoseconds on `clock`)
  /// passes, or `interrupt` (a signalfd, say) becomes readable, handing its output to
  /// `take` as it comes. One still running is sent `stop.signal` and, after the grace,
  /// killed with its group. When it has ended, whatever it left running in its group is
  /// killed too (a hook that means to leave something running starts it with `setsid`),
  /// and what is left in the pipe is read, at most 64 reads: something that escaped the
  /// group may write on and on.
  func supervise(
    until deadline: Int64, clock: any ClockSource, interrupt: FileDescriptor? = nil, stop: Stop,
    take: ([UInt8]) -> Void
  ) -> Outcome {
    // Readable when the process exits; -1 on kernels without pidfd_open (before 5.3),
    // where the loop looks every 50 ms instead.
    let exitFD = pomobar_pidfd_open(pid)
    defer { if exitFD >= 0 { close(exitFD) } }
    var status: Int32? = nil
    /// Waits for the end, `end` or the interrupt; true when interrupted.
    func watch(until end: Int64, interrupt: FileDescriptor?) -> Bool {
      while status == nil {
        let left = end - clock.read().monotonic
        if left <= 0 { return false }
        var fds = [
          pollfd(fd: output?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
          pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
          pollfd(fd: interrupt?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let slice = exitFD >= 0 ? left : min(left, 50_000_000)
        _ = poll(&fds, 3, Int32(min(slice / 1_000_000 + 1, Int64(Int32.max))))
        if fds[0].revents != 0 { readOutput(take) }
        status = reap(blocking: false)
        if status == nil && fds[2].revents != 0 { return true }
      }
      return false
    }
    var stopped: Outcome.Stopped? = nil
    if watch(until: deadline, interrupt: interrupt) {
      stopped = .interrupted
    } else if status == nil {
      stopped = .timedOut
    }
    if status == nil {
      Processes.send(stop.signal, to: pid, group: stop.wholeGroup)
      _ = watch(until: clock.read().monotonic + stop.grace, interrupt: nil)
      if status == nil {
        signalGroup(SIGKILL)
        status = reap(blocking: true)
      }
    }
    signalGroup(SIGKILL)  // what it left behind in its group
    output?.setNonBlocking(true)
    var reads = 0
    while reads < 64 && readOutput(take) { reads += 1 }
    closeOutput()
    return Outcome(status: ExitStatus(waitStatus: status ?? 0), stopped: stopped)
  }

  /// Hands what the output pipe has to `take`; false when nothing came (nothing there
  /// yet, or end of file, which closes it).
  @discardableResult
  private func readOutput(_ take: ([UInt8]) -> Void) -> Bool {
    guard let output, let chunk = try? output.read(upTo: 16384) else { return false }
    if chunk.isEmpty {
      closeOutput()
      return false
    }
    take(chunk)
    return true
  }

  /// The child's wait status once it has ended; nil while it runs.
  private func reap(blocking: Bool) -> Int32? {
    var status: Int32 = 0
    do {
      let result = try retrying("waitpid") { waitpid(pid, &status, blocking ? 0 : WNOHANG) }
      return result == pid ? status : nil
    } catch {
      return 0  // already reaped or not ours: nothing to wait for
    }
  }

  /// Reaps every child of this process that has ended, started here or not (pomobar's
  /// effect runners too): their ids and how they ended.
  static func reapEnded() -> [(pid: Int32, status: ExitStatus)] {
    var ended: [(pid: Int32, status: ExitStatus)] = []
    while true {
      var status: Int32 = 0
      guard let pid = try? retrying("waitpid", { waitpid(-1, &status, WNOHANG) }), pid > 0 else {
        return ended
      }
      ended.append((pid, ExitStatus(waitStatus: status)))
    }
  }
}

/// How a child process ended.
enum ExitStatus: Equatable, Sendable {
  case exited(Int32)
  case killed(signal: Int32)

  /// From a `waitpid` status word.
  init(waitStatus status: Int32) {
    self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: status & 0x7f)
  }

  /// As a shell says it: the exit code, or 128 plus the signal.
  var code: Int32 {
    switch self {
    case .exited(let code): return code
    case .killed(let signal): return 128 + signal
    }
  }
}
