import PomobarCore

/// Reads the tasks of `[tasks] source` and lets the user pick one: the I/O around the
/// pure `TaskListing`. Never under the state lock: `ctl task` runs it before its
/// transaction, a bar starts `ctl task` detached (`TaskPick.startDetached`).
///
/// Every source is bounded: a command or `task` gets `TaskSettings.readTimeout` and
/// `TaskListing.outputLimit` bytes of stdout (its stderr is the caller's own), a todo.txt
/// file must be a regular file of at most that size; what is not text is refused with the
/// place (`TaskListing.Failure`).
public enum TaskSourceReader {
  /// The tasks `settings` lists, or why they cannot be read (one line, for ⚠ and stderr).
  public static func read(
    _ settings: TaskSettings, environment: Environment = .current(), clock: any ClockSource = SystemClock()
  ) -> Result<[TaskCandidate], TaskProblem> {
    let arguments: [String]
    switch settings.source {
    case .none:
      return .failure(
        TaskProblem("no task source: set [tasks] source, or name the task: pomobar ctl task TEXT"))
    case .todoTxt:
      let path = expandHome(settings.file, environment: environment)
      let bytes: [UInt8]?
      do {
        bytes = try FileSystem.readRegularFile(path, limit: TaskListing.outputLimit)
      } catch {
        return .failure(TaskProblem("cannot read the todo.txt file: \(error)"))
      }
      guard let bytes else { return .failure(TaskProblem("the todo.txt file \(path) does not exist")) }
      return listing(bytes, truncated: false, settings.source, what: path)
    case .taskwarrior: arguments = Taskwarrior.exportArguments
    case .command:
      guard let command = settings.command, !command.isEmpty else {
        return .failure(TaskProblem("[tasks] source = \"command\" needs [tasks] command"))
      }
      arguments = ["/bin/sh", "-c", command]
    }
    let what = settings.source == .taskwarrior ? "task export" : "[tasks] command"
    let captured = ChildProcess.capture(
      arguments, deadline: clock.read().monotonic + TaskSettings.readTimeout.nanoseconds, clock: clock,
      limit: TaskListing.outputLimit, keepStandardError: true)
    if let error = captured.error {
      let missing = settings.source == .taskwarrior ? " (is taskwarrior installed?)" : ""
      return .failure(TaskProblem("\(what) did not start: \(error)\(missing)"))
    }
    if let stopped = captured.stopped {
      return .failure(
        TaskProblem("\(what) \(stopped) after \(DurationFormat.format(TaskSettings.readTimeout))"))
    }
    guard captured.status == 0 || captured.truncated else {
      return .failure(TaskProblem("\(what) failed: exit \(captured.status ?? -1) (its message is above)"))
    }
    return listing(captured.output, truncated: captured.truncated, settings.source, what: what)
  }

  private static func listing(
    _ bytes: [UInt8], truncated: Bool, _ source: TaskSettings.Source, what: String
  ) -> Result<[TaskCandidate], TaskProblem> {
    TaskListing.read(bytes, truncated: truncated, source: source).mapError { TaskProblem("\(what): \($0)") }
  }

  /// `~/x` under `HOME`.
  static func expandHome(_ path: String, environment: Environment) -> String {
    guard path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
    return home + path.dropFirst(1)
  }
}

/// Why there is no task to pick, in one line.
public struct TaskProblem: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
