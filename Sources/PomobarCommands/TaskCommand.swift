import PomobarCore
import PomobarSystem

/// `pomobar ctl task [TEXT]`: the task of the running or next focus.
public enum TaskCommand {
  /// Sets `task` (nil: none) through the same transaction as every `ctl` action: what a
  /// picker calls with the task chosen, after the picker has exited (never under the lock).
  public static func set(_ task: TaskRef?, keepProject: Bool = false, _ options: Options) -> Int32 {
    CtlCommand.run(.task(task, keepProject: keepProject), options)
  }

  /// `ctl task` without a text: the task picked from a source. No picker is configured yet.
  public static func pick(_ options: Options, keepProject: Bool) -> Int32 {
    Console.error(
      "ctl task: no picker configured; give the task as text: pomobar ctl task 'write the report'")
    return ExitCode.config
  }
}
