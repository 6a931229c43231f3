import PomobarCore
import PomobarSystem

/// The hidden `pomobar __taskwarrior-hook`, which `contrib/taskwarrior/on-modify.pomobar`
/// runs with taskwarrior's two lines (the task before and after) on stdin, after it has
/// printed the new one itself (so a missing or failing pomobar never blocks taskwarrior).
/// What it prints is taskwarrior's feedback to the user.
public enum TaskwarriorHookCommand {
  public static let command = "__taskwarrior-hook"

  public static func run() -> Int32 {
    guard let input = try? FileDescriptor.standardInput.readAll(), input.count <= TaskListing.outputLimit
    else {
      print("pomobar: cannot read the task from taskwarrior")
      return ExitCode.failure
    }
    let lines = String(decoding: input, as: UTF8.self).split(separator: "\n").map(String.init)
    guard lines.count >= 2 else { return ExitCode.success }
    let change = TaskwarriorHook.change(old: lines[0], new: lines[1])
    guard change != .none else { return ExitCode.success }
    let context = Context.make(Options())
    do {
      let outcome = try context.transact([]) { request in
        request.decide = { state, _ in TaskwarriorHook.events(change, state: state) }
      }
      guard outcome.acted else { return ExitCode.success }
      switch change {
      case .started(let task): print("pomobar: focus on '\(task.title)'")
      case .stopped: print("pomobar: focus stopped")
      case .none: break
      }
      return ExitCode.success
    } catch {
      print("pomobar: cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }
}
