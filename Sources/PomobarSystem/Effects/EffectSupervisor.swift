import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// pomobar's effect runner: `pomobar __effects JOB`, started by `EffectRunner`.
///
/// Runs a transition's commands one after another, in the order the transition owes them
/// (a phase's end hook before the next phase's start hook). Each command runs in a process
/// group of its own with `/dev/null` on stdin; its stdout and stderr go through a pipe
/// that this process drains into `hooks.log`, so a command that floods its output never
/// blocks anyone. A command still running after the job's timeout is killed with its
/// whole group (SIGTERM, then SIGKILL a second later); when a command exits, whatever it
/// left running in its group is killed too (a hook that means to leave something running
/// starts it with `setsid`). Every start, exit status and duration is one line in the log,
/// and a hook that fails is noted in `hooks.failed` for the bars to show (`HookFailures`).
public enum EffectSupervisor {
  /// The hidden command word that starts the runner.
  public static let command = "__effects"

  /// Runs the job given as JSON; the exit status is 2 for a job that cannot be read.
  public static func run(_ argument: String) -> Int32 {
    guard let job = EffectJob(json: argument) else { return 2 }
    Spawner.waitForChildren()
    SignalSet.ignoreBrokenPipe()
    if let commit = job.commit, !StateStore.wasCommitted(commit) {
      // The copy that started this runner died before its rename: the transition did not
      // happen, and the copy that makes it again runs these commands itself.
      HookLog(job.log).line("not run: state write \(commit.name) was never committed")
      return 0
    }
    if job.closeStale, let commit = job.commit {
      // Before the commands: a do-not-disturb restored by them must not show a stale one.
      let state = (try? StateStore.read(commit.statePath)).flatMap { $0 }.flatMap {
        try? StateDocument(json: $0)
      }
      Notifier.closeIfStale(folder: FileSystem.directory(of: commit.statePath), state: state?.timer)
    }
    let folder = FileSystem.directory(of: job.log)
    for sound in job.sounds {
      var log = HookLog(job.log)
      SoundPlayer(environment: .current()).play(sound, timeout: job.timeout, folder: folder, log: &log)
      log.close()
    }
    var failed: Set<String> = []
    for command in job.commands {
      if command.detached {
        let log = HookLog(job.log)
        do {
          let pid = try Spawner.spawn(command.arguments, detach: .newSession)
          log.line("\(command.label): started [\(pid)]")
        } catch {
          log.line("\(command.label): not started: \(error)")
        }
        log.close()
        continue
      }
      var log = HookLog(job.log)
      let failure = run(command, timeout: job.timeout, log: &log)
      log.close()
      guard Self.isHook(command.label) else { continue }
      // A failure shows at once; success clears the event's ⚠ only if all its commands
      // in this job succeeded.
      if failure != nil { failed.insert(command.label) }
      if failure != nil || !failed.contains(command.label) {
        // sh says 127 for a program it cannot find: say so in words.
        let shown = failure == "exit 127" ? "exit 127 (command not found)" : failure
        HookFailures.record(label: command.label, failure: shown, folder: folder)
      }
    }
    return 0
  }

  /// Whether a command's label names a hook (an event, or `any:EVENT`), not the
  /// notification or a sound.
  static func isHook(_ label: String) -> Bool {
    HookEvent(rawValue: label) != nil || label.utf8.starts(with: "any:".utf8)
  }

  /// Runs one command to its end or its timeout; returns how it failed (as the log says
  /// it), or nil when it exited 0.
  @discardableResult
  static func run(_ command: EffectJob.Command, timeout: Duration, log: inout HookLog) -> String? {
    let started = SystemClock.now(CLOCK_MONOTONIC)
    let label = command.label
    log.line("\(label): \(command.arguments.last ?? "")")
    var ends: [Int32] = [-1, -1]
    guard pomobar_pipe_cloexec(&ends) == 0 else {
      let failure = "not started: pipe: \(String(cString: strerror(errno)))"
      log.line("\(label): \(failure)")
      return failure
    }
    let reader = FileDescriptor(rawValue: ends[0])
    defer { reader.close() }
    let pid: pid_t
    do {
      pid = try Spawner.spawn(
        command.arguments, environment: command.environment.map(Self.pair),
        output: FileDescriptor(rawValue: ends[1]), detach: .newGroup)
    } catch {
      close(ends[1])
      log.line("\(label): not started: \(error)")
      return "not started: \(error)"
    }
    close(ends[1])
    var child = Child(pid: pid, label: label)
    let outcome = child.wait(draining: reader, until: started + timeout.nanoseconds, into: &log)
    let seconds = DurationText.seconds(.nanoseconds(SystemClock.now(CLOCK_MONOTONIC) - started))
    log.line("\(label): \(outcome) after \(seconds)")
    return outcome == "exit 0" ? nil : outcome
  }

  private static func pair(_ entry: String) -> (String, String) {
    let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
  }
}

/// A command started in a process group of its own, watched until it ends.
struct Child {
  let pid: pid_t
  let label: String
  /// Readable when the process exits (`pidfd_open`); -1 on kernels without it, where the
  /// loop looks every 50 ms instead.
  private let exitFD: Int32
  private var partialLine: [UInt8] = []
  private var logged = 0
  private var dropped = 0
  /// Log bytes written for one command's output at most; the rest is drained and counted.
  static let outputLimit = 64 * 1024

  init(pid: pid_t, label: String) {
    self.pid = pid
    self.label = label
    exitFD = pomobar_pidfd_open(pid)
  }

  /// Copies the child's output to the log until it exits or `deadline` (monotonic ns)
  /// passes; returns how it ended, for the log.
  mutating func wait(draining reader: FileDescriptor, until deadline: Int64, into log: inout HookLog)
    -> String
  {
    defer { if exitFD >= 0 { close(exitFD) } }
    var pipeOpen = true
    var status: Int32? = nil
    while status == nil {
      let left = deadline - SystemClock.now(CLOCK_MONOTONIC)
      if left <= 0 { break }
      var fds = [
        pollfd(fd: pipeOpen ? reader.rawValue : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0),
      ]
      let slice = exitFD >= 0 ? left : min(left, 50_000_000)
      _ = poll(&fds, 2, Int32(min(slice / 1_000_000 + 1, Int64(Int32.max))))
      if pipeOpen && fds[0].revents != 0 { pipeOpen = copy(from: reader, into: &log) }
      status = reap(blocking: false)
    }
    defer { flush(into: &log) }
    guard let status else {
      // Out of time: the whole group, politely and then not.
      kill(-pid, SIGTERM)
      let grace = SystemClock.now(CLOCK_MONOTONIC) + 1_000_000_000
      while reap(blocking: false) == nil && SystemClock.now(CLOCK_MONOTONIC) < grace {
        SystemClock.sleep(nanoseconds: 10_000_000)
      }
      kill(-pid, SIGKILL)
      _ = reap(blocking: true)
      return "timed out: killed with its process group"
    }
    // The command is done: end what it left behind in its group, and log what it wrote.
    kill(-pid, SIGKILL)
    reader.setNonBlocking(true)
    var reads = 0  // bounded: something that escaped the group may write on and on
    while pipeOpen && reads < 64 {
      pipeOpen = copy(from: reader, into: &log, stopWhenEmpty: true)
      reads += 1
    }
    if status & 0x7f == 0 { return "exit \((status >> 8) & 0xff)" }
    return "killed by signal \(status & 0x7f)"
  }

  /// The exit status once the child has ended; nil while it runs.
  private func reap(blocking: Bool) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid { return status }
      if result < 0 && errno == EINTR { continue }
      if result < 0 { return 0 }  // already reaped or not ours: nothing to wait for
      return nil
    }
  }

  /// Reads what is there; false at end of file (or, with `stopWhenEmpty`, when nothing is).
  private mutating func copy(
    from reader: FileDescriptor, into log: inout HookLog, stopWhenEmpty: Bool = false
  ) -> Bool {
    guard let chunk = try? reader.read(upTo: 16384) else { return !stopWhenEmpty }
    if chunk.isEmpty { return false }
    for byte in chunk {
      if byte == UInt8(ascii: "\n") {
        emit(into: &log)
      } else if partialLine.count < 4096 {
        partialLine.append(byte)
      }
    }
    return true
  }

  private mutating func emit(into log: inout HookLog) {
    let text = "\(label)[\(pid)]: " + String(decoding: partialLine, as: UTF8.self)
    let size = HookLog.timestampWidth + text.utf8.count + 2
    if logged + size <= Self.outputLimit {
      log.line(text)
      logged += size
    } else {
      dropped += partialLine.count + 1
    }
    partialLine.removeAll(keepingCapacity: true)
  }

  private mutating func flush(into log: inout HookLog) {
    if !partialLine.isEmpty { emit(into: &log) }
    if dropped > 0 { log.line("\(label)[\(pid)]: (\(dropped) more bytes of output not logged)") }
  }
}
