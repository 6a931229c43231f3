/// What a focus writes back to its task's source, decided from the task and the focus:
/// the words of the hidden `pomobar __task-write-back` the effect runner runs once per
/// focus start and end (so exactly once, as hooks are), never under the state lock.
public struct TaskWriteBack: Equatable, Sendable {
  /// The hidden command's name.
  public static let command = "__task-write-back"

  public enum Step: String, Sendable {
    /// A focus started, or the task was chosen for a running one.
    case start
    /// The focus ended.
    case end
    /// Another task was chosen for the running focus (or none): its time goes to that one.
    case release
  }

  /// `taskwarrior`, `todo.txt` or `command` (`TaskSettings.Source`'s names).
  public var source: String
  public var step: Step
  /// The source's id of the task: taskwarrior's uuid, a todo.txt line's identity.
  public var id: String
  /// Whole minutes of the focus that ended (0 at a start).
  public var minutes: Int
  /// How the focus ended: `completed`, `stopped`, ... (empty at a start).
  public var outcome: String
  /// The todo.txt file, as `[tasks] file` has it.
  public var file: String

  public init(
    source: String, step: Step, id: String, minutes: Int = 0, outcome: String = "", file: String = ""
  ) {
    self.source = source
    self.step = step
    self.id = id
    self.minutes = minutes
    self.outcome = outcome
    self.file = file
  }

  /// What to write back for a focus's `start` or `end` (`outcome`, `spent` so far) with a
  /// task from `source` whose id is `id`, or for a task the focus let go of (`release`:
  /// taskwarrior's stopped, nothing else); nil when there is nothing to write: write-back
  /// off, no id, a todo.txt focus that is starting, a command source without its command.
  public static func plan(
    _ settings: TaskSettings, source: String?, id: String?, step: Step, outcome: String = "",
    spent: Duration = .zero
  ) -> TaskWriteBack? {
    guard settings.writeBack, let source, let id, let kind = TaskSettings.Source(rawValue: source) else {
      return nil
    }
    let minutes = Int(spent.components.seconds / 60)
    switch kind {
    case .none: return nil
    case .taskwarrior: break
    case .todoTxt: if step != .end { return nil }
    case .command: if settings.writeBackCommand == nil || step == .release { return nil }
    }
    return TaskWriteBack(
      source: source, step: step, id: id, minutes: minutes, outcome: outcome, file: settings.file)
  }

  /// The words after `pomobar __task-write-back`: the id last, which `hooks.log` names.
  public var arguments: [String] { [source, step.rawValue, "\(minutes)", outcome, file, id] }

  /// Read back from `arguments`; nil for anything else.
  public init?(arguments: [String]) {
    guard arguments.count == 6, let step = Step(rawValue: arguments[1]), let minutes = Int(arguments[2]),
      minutes >= 0
    else { return nil }
    self.init(
      source: arguments[0], step: step, id: arguments[5], minutes: minutes, outcome: arguments[3],
      file: arguments[4])
  }

  /// Taskwarrior's annotation of a focus that ended; nil under a minute (nothing worth a note).
  public var annotation: String? {
    guard step == .end, minutes > 0 else { return nil }
    return "pomobar: focus \(outcome), \(minutes) min"
  }
}
