/// Running a short program to its end and keeping what it said: for the programs pomobar
/// itself calls (notify-send, dunstctl, makoctl, swaync-client), whose answer is read.
extension ChildProcess {
  struct Captured {
    /// The exit status, or the signal that ended it (as `128 + n`); nil if it never started.
    var status: Int32?
    /// Its output (stdout and stderr), up to `captureLimit`.
    var output: [UInt8]
    /// Why it was stopped: `interrupted`, `timed out`; nil if it ended by itself.
    var stopped: String?
    /// Why it did not start.
    var error: String?
    /// Whether it printed more than the limit (the rest was not kept).
    var truncated = false

    var text: String { String(decoding: output, as: UTF8.self) }
    var lines: [String] {
      text.split(separator: "\n").map { String($0).trimmedOfSpaces }.filter { !$0.isEmpty }
    }
    var succeeded: Bool { status == 0 && stopped == nil }
  }

  static let captureLimit = 16 * 1024

  /// Runs `arguments` until it exits, `deadline` (monotonic nanoseconds on `clock`)
  /// passes, or `interrupt` becomes readable: then it is sent `stopSignal`, and after
  /// two seconds its whole group is killed. It keeps up to `limit` bytes of its output
  /// (with `keepStandardError`, of its stdout only: its stderr is ours); `input`, when
  /// given, is its stdin.
  static func capture(
    _ arguments: [String], deadline: Int64, clock: any ClockSource, interrupt: FileDescriptor? = nil,
    stopSignal: Int32 = Signal.terminate, limit: Int = captureLimit, input: FileDescriptor? = nil,
    keepStandardError: Bool = false
  ) -> Captured {
    let child: ChildProcess
    do {
      child = try ChildProcess(arguments, stdin: input, keepStandardError: keepStandardError)
    } catch {
      return Captured(status: nil, output: [], error: "\(error)")
    }
    var output: [UInt8] = []
    var truncated = false
    let outcome = child.supervise(
      until: deadline, clock: clock, interrupt: interrupt,
      stop: Stop(signal: stopSignal, wholeGroup: false, grace: 2_000_000_000)
    ) { chunk in
      if chunk.count > limit - output.count { truncated = true }
      output += chunk.prefix(max(0, limit - output.count))
    }
    let stopped: String?
    switch outcome.stopped {
    case .timedOut: stopped = "timed out"
    case .interrupted: stopped = "interrupted"
    case nil: stopped = nil
    }
    return Captured(
      status: outcome.status.code, output: output, stopped: stopped, error: nil, truncated: truncated)
  }
}
