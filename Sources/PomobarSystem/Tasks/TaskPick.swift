import PomobarCore

/// The picker: the tasks in on its stdin, the chosen one out on its stdout.
public enum TaskPick {
  /// How long a person may take to choose.
  static let patience: Duration = .seconds(600)

  /// What the user chose among `tasks` with the picker: a task, nil when cancelled, or why
  /// no picker could run.
  public static func choose(
    _ tasks: [TaskCandidate], settings: TaskSettings, environment: Environment = .current(),
    clock: any ClockSource = SystemClock()
  ) -> Result<TaskCandidate?, TaskProblem> {
    guard let picker = picker(settings, environment: environment) else {
      return .failure(
        TaskProblem(
          "no picker found: install rofi, dmenu, bemenu, wofi or fuzzel, or set [tasks] picker"))
    }
    let input: FileDescriptor
    do {
      input = try FileDescriptor.memory(Array(tasks.map { $0.line + "\n" }.joined().utf8))
    } catch {
      return .failure(TaskProblem("cannot hand the tasks to the picker: \(error)"))
    }
    defer { input.close() }
    let captured = ChildProcess.capture(
      picker, deadline: clock.read().monotonic + patience.nanoseconds, clock: clock, input: input,
      keepStandardError: true)
    if let error = captured.error { return .failure(TaskProblem("the picker did not start: \(error)")) }
    if let stopped = captured.stopped { return .failure(TaskProblem("the picker \(stopped)")) }
    // rofi, dmenu, wofi, fuzzel and bemenu exit 1 when cancelled; a signal is no choice.
    guard captured.status == 0 else {
      if let status = captured.status, status >= 128 {
        return .failure(TaskProblem("the picker was killed (signal \(status - 128))"))
      }
      return .success(nil)
    }
    return .success(TaskListing.choice(captured.text, in: tasks))
  }

  /// `[tasks] picker`, or the first of `TaskPicker.candidates` on `PATH`.
  static func picker(_ settings: TaskSettings, environment: Environment) -> [String]? {
    if let picker = settings.picker { return picker }
    let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    return TaskPicker.candidates(wayland: wayland).first {
      ProgramPath.find($0[0], path: environment["PATH"]) != nil
    }
  }

  /// Starts `pomobar ctl task` (this binary) in a session of its own and does not wait:
  /// what a bar does for a click mapped to "pick-task". Its failures reach the bar through
  /// `hooks.failed` (`record`).
  public static func startDetached(configPath: String?) throws(SystemError) {
    let config = configPath.map { ["--config", $0] } ?? []
    try Spawner.spawn(
      ["pomobar", "ctl"] + config + ["task"], executable: "/proc/self/exe", keepStandardError: true,
      detach: .newSession)
  }

  /// Notes that picking failed (`problem`) or worked (nil) where every bar looks:
  /// `hooks.failed`, label `EffectFailures.tasksLabel`. Blocks for the folder's lock
  /// briefly: never called under the state lock.
  public static func record(_ problem: TaskProblem?, folder: String) {
    EffectFailures.record(label: EffectFailures.tasksLabel, failure: problem?.description, folder: folder)
  }
}
