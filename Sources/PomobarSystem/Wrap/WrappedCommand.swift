import PomobarCore

/// The status command `pomobar --wrap` runs (i3status, say), and what it has written.
///
/// It runs as `sh -c COMMAND`, as i3bar runs a `status_command`, in a process group of its
/// own: the bar's stop and continue signals reach pomobar only, and pomobar passes on the
/// ones the command's header asked for. Its stdin and stdout are pipes pomobar holds
/// without blocking (a command that stops reading its clicks loses clicks, never stalls
/// the bar); its stderr is pomobar's. When it dies it is started again, after 1 s, then
/// 2, 4 ... up to 30 s while it keeps dying young.
final class WrappedCommand {
  /// Longest pause between restarts; a command that ran this long starts over at 1 s.
  static let longestPause: Int64 = 30_000_000_000
  /// Bytes read from its stdout per wake-up; a command that writes more waits for the next.
  static let readSize = 65536

  let command: String
  /// Fires when the next start is due (armed only while the command is down).
  let restartTimer: DeadlineTimer
  private var restart = Backoff(first: 1_000_000_000, longest: WrappedCommand.longestPause)

  /// The running command; nil while it is down. Its `output` is nil once it closed its
  /// stdout, its `input` once it closed its stdin.
  private(set) var child: ChildProcess?
  /// The read end of its stdout; nil once it closed it, or while it is down.
  var output: FileDescriptor? { child?.output }
  /// Times restarts: a command that ran `longestPause` starts over at 1 s.
  private let clock: any ClockSource
  private(set) var header = ChildHeader()
  private var decoder = ChildStreamDecoder()
  private var framer = WrapClicks.Framer()
  private var startedAt: Int64 = 0
  /// Whether pomobar sent it its stop signal (the bar is hidden).
  private var stopped = false
  /// Why it is not running, while it is not: shown with ⚠ in pomobar's block.
  private(set) var problem: String?

  init(command: String, clock: any ClockSource = SystemClock()) throws(SystemError) {
    self.command = command
    self.clock = clock
    restartTimer = try DeadlineTimer()
  }

  /// Nanoseconds until the next start is due.
  var restartWait: Int64 { restart.wait(now: clock.read().monotonic) }

  /// The first word of the command, for messages: `i3status` for `i3status -c FILE`.
  var shortName: String {
    let words = (try? ShellWords.split(command)) ?? []
    let program = words.first ?? command
    return FileSystem.baseName(of: program)
  }

  /// Starts the command with fresh pipes; on failure it counts as died at once.
  func start(_ poller: Poller) {
    let (line, config) = Self.launch(command, environment: .current())
    let started: ChildProcess
    do {
      started = try ChildProcess(
        ["sh", "-c", line], executable: "/bin/sh", pipeInput: true, keepStandardError: true)
    } catch {
      return failedToStart("\(error)")
    }
    started.output?.setNonBlocking(true)
    started.input?.setNonBlocking(true)
    if let config {
      // Well under a pipe's 64 KiB, so written whole without waiting; then end of file.
      _ = try? started.input?.writeSome(config)
      started.closeInput()
    }
    child = started
    startedAt = clock.read().monotonic
    decoder = ChildStreamDecoder()
    header = ChildHeader()
    framer.reset()
    stopped = false
    problem = nil
    restartTimer.arm(after: nil)
    if let output = started.output { try? poller.add(output, readable: true) }
  }

  /// The longest i3status config passed on its stdin; a longer one is left to i3status.
  static let configLimit = 60 * 1024

  /// The line `sh -c` runs, and what to write to its stdin first: for a plain `i3status
  /// [-c FILE]`, `i3status -c /dev/stdin` and its config made to write i3bar
  /// (`I3statusFormat`); for any other command, `shellLine` and nothing.
  static func launch(_ command: String, environment: Environment) -> (line: String, config: [UInt8]?) {
    let line = shellLine(command)
    guard line.hasPrefix("exec "), let words = try? ShellWords.split(command),
      let path = I3statusFormat.configPath(
        words: words, variable: { environment[$0] }, exists: FileSystem.isPresent),
      let config = try? FileSystem.readRegularFile(path, limit: configLimit, followSymlinks: true)
    else { return (line, nil) }
    return (
      "exec " + ShellWords.join([words[0]] + I3statusFormat.arguments), config + I3statusFormat.override.utf8
    )
  }

  /// The line `sh -c` runs: a simple command (one program and its arguments) with `exec`
  /// before it, so that the shell becomes the program and the stop and continue signals
  /// the command asked for reach it rather than the shell (dash dies of SIGUSR1); a
  /// pipeline, list or variable assignment as it is.
  static func shellLine(_ command: String) -> String {
    let special: Set<Character> = [";", "&", "|", "<", ">", "(", ")", "`", "\n"]
    let words = (try? ShellWords.split(command)) ?? []
    guard let first = words.first, !first.contains("="), !command.contains(where: special.contains),
      !["exec", "if", "for", "while", "until", "case", "{", "!"].contains(first)
    else { return command }
    return "exec " + command
  }

  private func failedToStart(_ reason: String) {
    child = nil
    problem = "cannot start '\(shortName)': \(reason)"
    scheduleRestart()
  }

  /// Reads what its stdout has; nil at end of file (the pipe is then closed).
  func read(_ poller: Poller) -> ChildStreamDecoder.Update? {
    guard let child, let output = child.output else { return nil }
    var bytes: [UInt8]
    do {
      bytes = try output.read(upTo: Self.readSize)
    } catch {
      if error.errno == Errno.wouldBlock { return ChildStreamDecoder.Update() }
      bytes = []
    }
    if bytes.isEmpty {
      poller.remove(output)
      child.closeOutput()
      return nil
    }
    if bytes.last != UInt8(ascii: "\n"), bytes.count < Self.readSize {
      // A line written in two writes (i3status writes its line, then the newline): let the
      // command finish it now, rather than sleep and be woken again for its last byte.
      Processes.yield()
      if let rest = try? output.read(upTo: Self.readSize - bytes.count), !rest.isEmpty { bytes += rest }
    }
    let update = decoder.feed(bytes)
    if let header = update.header { self.header = header }
    return update
  }

  /// What happened to a click for the command.
  enum Delivery: Equatable {
    case sent
    /// It did not ask for clicks in its header.
    case notWanted
    /// Its stdin is full (it does not read it) or closed: the click is dropped.
    case dropped(String)
  }

  /// Passes a click (its JSON text, as the bar wrote it) to the command's stdin, in the
  /// bar's framing; never waits.
  func send(click text: some Collection<UInt8>) -> Delivery {
    guard header.clickEvents else { return .notWanted }
    guard let child, let input = child.input else { return .dropped("its stdin is closed") }
    let line = framer.line(for: text)
    // A pipe takes a write of up to PIPE_BUF bytes whole or not at all, so a click is
    // never cut in half; a longer one is not risked.
    guard line.count <= 4096 else { return .dropped("the click is longer than 4 KiB") }
    do {
      guard try input.writeSome(line) == line.count else { return .dropped("it is not reading its stdin") }
    } catch {
      child.closeInput()
      return .dropped("its stdin is closed")
    }
    framer.wrote()
    return .sent
  }

  /// Passes on the bar's stop (hidden) or continue (shown) as the command asked for them.
  func barHidden(_ hidden: Bool) {
    guard let child else { return }
    if hidden {
      guard !stopped, header.stopSignal != 0 else { return }
      stopped = true
      child.signalGroup(header.stopSignal)
    } else {
      guard stopped else { return }
      stopped = false
      child.signalGroup(header.contSignal)
    }
  }

  /// Reaps every child that ended (pomobar's effect runners too); the command's own exit,
  /// if it was among them, as a message such as `exited with status 1`.
  func reapChildren() -> String? {
    ChildProcess.reapEnded().last { $0.pid == child?.pid }.map { Self.describe($0.status) }
  }

  /// `exited with status 1`, `killed by signal 9`; the shell's 126 and 127 explained.
  static func describe(_ status: ExitStatus) -> String {
    switch status {
    case .killed(let signal): return "killed by signal \(signal)"
    case .exited(126): return "exited with status 126 (not executable)"
    case .exited(127): return "exited with status 127 (command not found)"
    case .exited(let code): return "exited with status \(code)"
    }
  }

  /// Takes note that the command ended, and when to start it again.
  func died(_ how: String, _ poller: Poller) {
    if let child {
      // What it wrote last is still shown until the marker replaces it below.
      if let output = child.output { poller.remove(output) }
      child.closeOutput()
      child.closeInput()
      child.signalGroup(Signal.kill)  // what it left running in its group
    }
    child = nil
    if clock.read().monotonic - startedAt >= Self.longestPause {
      restart = Backoff(first: 1_000_000_000, longest: Self.longestPause)
    }
    problem = "'\(shortName)' \(how)"
    scheduleRestart()
  }

  private func scheduleRestart() {
    restart.failed(at: clock.read().monotonic)
    restartTimer.arm(after: restartWait, repeating: false)
  }

  /// Ends the command and its group (pomobar is exiting).
  func terminate() {
    guard let child else { return }
    child.closeInput()
    child.closeOutput()
    child.signalGroup(Signal.terminate)
    child.signalGroup(Signal.continue)  // a stopped process acts on SIGTERM only once continued
  }
}
