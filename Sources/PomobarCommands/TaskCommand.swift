import PomobarCore
import PomobarSystem

/// `pomobar ctl task [TEXT]`: the task of the running or next focus.
public enum TaskCommand {
  /// Sets `task` (nil: none) through the same transaction as every `ctl` action: what a
  /// picker calls with the task chosen, after the picker has exited (never under the lock).
  public static func set(_ task: TaskRef?, keepProject: Bool = false, _ options: Options) -> Int32 {
    CtlCommand.run(.task(task, keepProject: keepProject), options)
  }

  /// `ctl task` without a text: the tasks of `[tasks] source` in the picker, and the one
  /// chosen set. Reading and picking happen before the transaction, never under the state
  /// lock; a cancelled picker changes nothing (exit 0). A source or picker that fails says
  /// why on stderr and, for the bars (this runs detached from a click), in `hooks.failed`.
  public static func pick(_ options: Options, keepProject: Bool) -> Int32 {
    let context = Context.make(options)
    context.warnConfig()
    let settings = context.config.tasks
    let folder = context.store.directory
    let picked = TaskSourceReader.read(settings, environment: context.environment).flatMap {
      TaskPick.choose($0, settings: settings, environment: context.environment)
    }
    switch picked {
    case .failure(let problem):
      Console.error("pomobar ctl task: \(problem)")
      TaskPick.record(problem, folder: folder)
      return settings.source == .none ? ExitCode.config : ExitCode.failure
    case .success(nil):
      return ExitCode.success  // cancelled: nothing changes
    case .success(let chosen?):
      TaskPick.record(nil, folder: folder)
      // A listed task keeps its source's id; words typed into the picker are a task by hand.
      guard
        let task = TaskRef.clamped(
          title: chosen.title, id: chosen.id, source: chosen.id == nil ? nil : settings.source.rawValue,
          project: chosen.project, estimate: chosen.estimate)
      else { return ExitCode.success }
      return set(task, keepProject: keepProject, options)
    }
  }
}
