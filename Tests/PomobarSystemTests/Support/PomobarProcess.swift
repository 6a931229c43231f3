import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Lines read from one of a child's output pipes, each stamped with when it arrived.
///
/// Filled by a reader thread, read by the test; every access takes the lock.
final class LineLog: @unchecked Sendable {
  struct Line: Sendable {
    var text: String
    /// `CLOCK_BOOTTIME` nanoseconds when the line's last byte was read.
    var at: Int64
  }

  private let lock = NSLock()
  private var lines: [Line] = []
  private var partial: [UInt8] = []
  private var closed = false

  func append(_ bytes: ArraySlice<UInt8>, at time: Int64) {
    lock.lock()
    defer { lock.unlock() }
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        lines.append(Line(text: String(decoding: partial, as: UTF8.self), at: time))
        partial.removeAll(keepingCapacity: true)
      } else {
        partial.append(byte)
      }
    }
  }

  /// End of file: an unterminated last line counts as a line.
  func finish(at time: Int64) {
    lock.lock()
    defer { lock.unlock() }
    if !partial.isEmpty {
      lines.append(Line(text: String(decoding: partial, as: UTF8.self), at: time))
      partial.removeAll()
    }
    closed = true
  }

  var snapshot: [Line] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

  /// The lines from index `start` on.
  func lines(from start: Int) -> ArraySlice<Line> {
    lock.lock()
    defer { lock.unlock() }
    return lines[min(start, lines.count)...]
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return lines.count
  }

  var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  /// Everything read so far, lines joined by newlines.
  var text: String { snapshot.map(\.text).joined(separator: "\n") }

  /// Everything read so far, an unterminated last line included: the terminal view
  /// redraws one line in place and never ends it.
  var bytesSoFar: String {
    lock.lock()
    defer { lock.unlock() }
    return (lines.map { $0.text + "\n" } + [String(decoding: partial, as: UTF8.self)]).joined()
  }
}

/// Reads a pipe on its own thread into a `LineLog`, and closes the pipe when done.
///
/// It polls with a short timeout so that `stop()` can end it: closing a descriptor another
/// thread is blocked on is a race, so the reader closes its own descriptor.
final class PipeReader: @unchecked Sendable {
  let log = LineLog()
  private let fd: Int32
  private let lock = NSLock()
  private var stopRequested = false
  private let finished = DispatchSemaphore(value: 0)

  init(fd: Int32) {
    self.fd = fd
    Thread.detachNewThread { [self] in loop() }
  }

  private var shouldStop: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopRequested
  }

  private var stalled = false

  /// Stops or resumes reading without closing: the child's writes fill the pipe and then
  /// meet a full pipe, as with a bar that hangs or was stopped.
  func stall(_ on: Bool) {
    lock.lock()
    stalled = on
    lock.unlock()
  }

  /// Sets the pipe's capacity (`F_SETPIPE_SZ`, which Glibc does not export: 1031).
  func setCapacity(_ bytes: Int32) { _ = fcntl(fd, 1031, bytes) }

  private var isStalled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stalled
  }

  private var passes = 0

  /// Waits until the reader has looked at the pipe twice more (each look is at most 20 ms
  /// apart): every byte the child had written before the call is then in `log`.
  func catchUp(timeout: Double = 2) async throws {
    func count() -> Int {
      lock.lock()
      defer { lock.unlock() }
      return passes
    }
    let start = count()
    try await eventually("the pipe reader to catch up", timeout: timeout, every: 0.002) {
      count() >= start + 2 || log.isClosed ? true : nil
    }
  }

  private func loop() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !shouldStop {
      lock.lock()
      passes += 1
      lock.unlock()
      if isStalled {
        usleep(20_000)
        continue
      }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 20)
      if ready == 0 || (ready < 0 && errno == EINTR) { continue }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
      if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if n <= 0 { break }
      log.append(buffer[0..<n], at: boottimeNow())
    }
    log.finish(at: boottimeNow())
    close(fd)
    finished.signal()
  }

  /// Stops reading and closes the read end; true once the thread is done (bounded).
  @discardableResult
  func stop(timeout: Double = 2) -> Bool {
    lock.lock()
    stopRequested = true
    lock.unlock()
    if finished.wait(timeout: .now() + timeout) == .success {
      finished.signal()  // let later callers through too
      return true
    }
    return false
  }
}

/// How a child process ended.
enum Termination: Equatable, CustomStringConvertible {
  case exit(Int32)
  case signal(Int32)

  var description: String {
    switch self {
    case .exit(let code): return "exit \(code)"
    case .signal(let number): return "killed by signal \(number)"
    }
  }
}

/// A `pomobar` child with pipes on stdin, stdout and stderr, read line by line in the
/// background with arrival times. Killed on `kill()` or when dropped, whichever is first.
final class PomobarProcess {
  let process = Process()
  let arguments: [String]
  private let stdoutReader: PipeReader
  private let stderrReader: PipeReader
  private var stdinFD: Int32?
  /// When the process was started (`CLOCK_BOOTTIME` ns).
  let startedAt: Int64

  var stdout: LineLog { stdoutReader.log }
  var stderr: LineLog { stderrReader.log }
  var pid: pid_t { process.processIdentifier }

  /// Starts `pomobar ARGUMENTS` with exactly `environment`.
  ///
  /// The pipes are made close-on-exec, so no other child (of this or a parallel test)
  /// inherits them: when this test closes its end, the child sees it.
  init(_ arguments: [String], environment: [String: String]) throws {
    self.arguments = arguments
    Self.spawnLock.lock()
    defer { Self.spawnLock.unlock() }
    let input = try Self.makePipe()
    let output = try Self.makePipe()
    let errors = try Self.makePipe()
    process.executableURL = PomobarBinary.url
    process.arguments = arguments
    process.environment = environment
    let childIn = FileHandle(fileDescriptor: input.read, closeOnDealloc: true)
    let childOut = FileHandle(fileDescriptor: output.write, closeOnDealloc: true)
    let childErr = FileHandle(fileDescriptor: errors.write, closeOnDealloc: true)
    process.standardInput = childIn
    process.standardOutput = childOut
    process.standardError = childErr
    do {
      try process.run()
    } catch {
      try? childIn.close()
      try? childOut.close()
      try? childErr.close()
      Glibc.close(input.write)
      Glibc.close(output.read)
      Glibc.close(errors.read)
      throw error
    }
    startedAt = boottimeNow()
    // Only the child keeps these ends.
    try? childIn.close()
    try? childOut.close()
    try? childErr.close()
    stdinFD = input.write
    stdoutReader = PipeReader(fd: output.read)
    stderrReader = PipeReader(fd: errors.read)
  }

  deinit {
    kill()
    if let fd = stdinFD { Glibc.close(fd) }
    stdoutReader.stop()
    stderrReader.stop()
  }

  /// Held while pipes are made and a child is started, so that no child started by a
  /// parallel test can inherit a pipe in the moment before it is marked close-on-exec
  /// (Glibc does not export `pipe2`).
  private static let spawnLock = NSLock()

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw HarnessError("pipe failed: errno \(errno)") }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  // MARK: - Input

  /// Writes `text` to the child's stdin.
  func write(_ text: String) throws {
    guard let fd = stdinFD else { throw HarnessError("stdin already closed") }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw HarnessError("write to stdin failed: errno \(errno)")
      }
      bytes = bytes.dropFirst(n)
    }
  }

  /// Bytes written to the child's stdin that it has not read yet (`FIONREAD` on the pipe).
  var unreadInput: Int {
    guard let fd = stdinFD else { return 0 }
    var count: Int32 = 0
    return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
  }

  /// Waits until the child has read everything written to its stdin.
  func waitUntilInputRead(timeout: Double = 5) async throws {
    try await eventually(
      "pomobar \(arguments.joined(separator: " ")) to read its stdin (\(unreadInput) bytes left)",
      timeout: timeout, every: 0.002
    ) {
      unreadInput == 0 ? true : nil
    }
  }

  /// Closes the child's stdin (as a bar that stops sending clicks).
  func closeStdin() {
    if let fd = stdinFD { Glibc.close(fd) }
    stdinFD = nil
  }

  /// Waits until everything the child wrote to stderr so far is in `stderr`.
  func catchUpWithStderr() async throws { try await stderrReader.catchUp() }

  /// Stops (or resumes) reading the child's stdout, as a bar that hangs.
  func stallStdout(_ on: Bool) { stdoutReader.stall(on) }

  /// Makes the stdout pipe as small as Linux allows (one page), so a stall fills it fast.
  func shrinkStdoutPipe() { stdoutReader.setCapacity(4096) }

  /// Closes the read end of the child's stdout (as a bar that went away).
  func closeStdout() {
    stdoutReader.stop()
  }

  // MARK: - Life and death

  var isRunning: Bool { process.isRunning }

  func signal(_ number: Int32) {
    if process.isRunning { _ = Glibc.kill(pid, number) }
  }

  var termination: Termination? {
    guard !process.isRunning else { return nil }
    switch process.terminationReason {
    case .exit: return .exit(process.terminationStatus)
    case .uncaughtSignal: return .signal(process.terminationStatus)
    @unknown default: return .exit(process.terminationStatus)
    }
  }

  /// Waits for the process to end, up to `timeout` seconds.
  @discardableResult
  func waitForExit(timeout: Double = 5) async throws -> Termination {
    try await eventually(
      "pomobar \(arguments.joined(separator: " ")) to exit", timeout: timeout, every: 0.005
    ) {
      termination
    }
  }

  /// Waits until both output pipes reached end of file (the child and any hook it
  /// spawned closed them), up to `timeout`; then stops reading either way.
  func drainOutput(timeout: Double = 2) async {
    _ = await holdsAtSomePoint(within: timeout, every: 0.005) { stdout.isClosed && stderr.isClosed }
    stdoutReader.stop()
    stderrReader.stop()
  }

  /// Whether every thread of the process is asleep in the kernel (state `S` in
  /// `/proc/PID/task/*/stat`): started up and waiting for something to happen.
  var isAsleep: Bool {
    let folder = "/proc/\(pid)/task"
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: folder), !threads.isEmpty
    else { return false }
    return threads.allSatisfy { thread in
      guard let stat = try? String(contentsOfFile: "\(folder)/\(thread)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      return stat[stat.index(after: close)...].split(separator: " ").first == "S"
    }
  }

  /// Waits until every thread of the process is asleep in the kernel.
  func waitUntilAsleep(timeout: Double = 5) async throws {
    try await eventually("pomobar \(arguments.joined(separator: " ")) asleep", timeout: timeout, every: 0.005) {
      isAsleep ? true : nil
    }
  }

  /// SIGKILL if still running, then a short blocking wait for it to be reaped.
  func kill() {
    guard process.isRunning else { return }
    _ = Glibc.kill(pid, SIGKILL)
    for _ in 0..<200 where process.isRunning { usleep(5000) }
  }

  // MARK: - Output

  /// Waits for the first stdout line at index `from` or later that satisfies `predicate`.
  func waitForLine(
    from index: Int = 0, timeout: Double = 5, _ what: @autoclosure () -> String = "a line",
    where predicate: (String) -> Bool = { _ in true }
  ) async throws -> (index: Int, line: LineLog.Line) {
    try await eventually(
      "\(what()) from pomobar \(arguments.joined(separator: " ")); stdout so far:\n\(stdout.text)\nstderr:\n\(stderr.text)",
      timeout: timeout, every: 0.005
    ) {
      let lines = stdout.snapshot
      guard index < lines.count else { return nil }
      for i in index..<lines.count where predicate(lines[i].text) { return (i, lines[i]) }
      return nil
    }
  }

  /// Waits for a stderr line containing `text`.
  @discardableResult
  func waitForError(containing text: String, timeout: Double = 5) async throws -> String {
    try await eventually("stderr to mention \"\(text)\"; stderr so far:\n\(stderr.text)", timeout: timeout) {
      stderr.snapshot.first { $0.text.contains(text) }?.text
    }
  }
}
