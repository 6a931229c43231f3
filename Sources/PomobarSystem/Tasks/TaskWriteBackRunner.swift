import PomobarCore

/// `pomobar __task-write-back SOURCE start|end|release MINUTES OUTCOME FILE ID`: a focus
/// written back to its task, run by the effect runner (its output and exit status go to
/// `hooks.log`, a failure shows ⚠ once through `hooks.failed`, as a hook's does).
///
/// Taskwarrior: the task is started at a focus's start (or when chosen for a running
/// one) and stopped at its end (or when the focus moves to another task: `release`)
/// unless it already is (you may have started it yourself: `task 12 start` with the
/// contrib hook), then annotated with the focus at its end. todo.txt: the line gets the
/// focus's minutes and pomo count (`TodoTxt.addingSpent`), written atomically. A command
/// source: the command runs with the variables the runner gave it.
public enum TaskWriteBackRunner {
  public static func run(_ arguments: [String], environment: Environment = .current()) -> Int32 {
    guard let job = TaskWriteBack(arguments: arguments) else {
      print("usage: pomobar \(TaskWriteBack.command) SOURCE start|end|release MINUTES OUTCOME FILE ID")
      return 2
    }
    switch TaskSettings.Source(rawValue: job.source) {
    case .taskwarrior?: return taskwarrior(job)
    case .todoTxt?: return todoTxt(job, environment: environment)
    case .command?, .none?, nil:
      print("\(TaskWriteBack.command): nothing to write back to '\(job.source)'")
      return 2
    }
  }

  static func taskwarrior(_ job: TaskWriteBack) -> Int32 {
    let active = runTask(Taskwarrior.activeSince(uuid: job.id))
    guard active.succeeded else { return report(active, "task _get") }
    let isActive = !active.lines.isEmpty
    if (job.step == .start) != isActive {
      let changed = runTask(Taskwarrior.startStop(uuid: job.id, starting: job.step == .start))
      guard changed.succeeded else { return report(changed, "task \(job.step == .start ? "start" : "stop")") }
    }
    if let note = job.annotation {
      let annotated = runTask(Taskwarrior.annotate(uuid: job.id, note))
      guard annotated.succeeded else { return report(annotated, "task annotate") }
      print("annotated \(job.id): \(note)")
    }
    return 0
  }

  static func todoTxt(_ job: TaskWriteBack, environment: Environment) -> Int32 {
    let given = TaskSourceReader.expandHome(job.file, environment: environment)
    let path = FileSystem.realPath(given) ?? given
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readRegularFile(path, limit: TaskListing.outputLimit)
    } catch {
      print("cannot read \(path): \(error)")
      return 1
    }
    guard let bytes, let text = String(validating: bytes, as: UTF8.self) else {
      print("\(path) is missing or not UTF-8")
      return 1
    }
    guard
      let written = TodoTxt.writingBack(
        text, id: job.id, minutes: job.minutes, completed: job.outcome == "completed")
    else {
      print("no line of \(path) is the task any more: \(job.id)")
      return 1
    }
    do {
      try FileSystem.writeAtomically(path, Array(written.utf8))
    } catch {
      print("cannot write \(path): \(error)")
      return 1
    }
    print("\(path): \(job.minutes) min added to \(job.id)")
    return 0
  }

  private static func runTask(_ arguments: [String]) -> ChildProcess.Captured {
    let clock = SystemClock()
    return ChildProcess.capture(arguments, deadline: clock.read().monotonic + 10_000_000_000, clock: clock)
  }

  private static func report(_ captured: ChildProcess.Captured, _ what: String) -> Int32 {
    print(captured.text, terminator: "")
    print("\(what): \(captured.error ?? captured.stopped ?? "exit \(captured.status ?? -1)")")
    return 1
  }
}
