/// A task as a source lists it, for the picker: what it shows, and what picking it sets.
public struct TaskCandidate: Equatable, Sendable {
  /// The task's words (taskwarrior's description; a todo.txt line without its priority,
  /// dates, `+project`, `@context` and `key:value` pairs).
  public var title: String
  /// The source's id: taskwarrior's uuid; a todo.txt line as `TodoTxt.identity` keeps it;
  /// nil for a command's line.
  public var id: String?
  /// The task's project (taskwarrior's `project`, todo.txt's first `+project`).
  public var project: String?
  /// How long the task is thought to take (taskwarrior's `estimate`, todo.txt's `est:`).
  public var estimate: Duration?
  /// What the picker shows besides the title: taskwarrior's short id, a priority, contexts.
  public var detail: String

  public init(
    title: String, id: String? = nil, project: String? = nil, estimate: Duration? = nil, detail: String = ""
  ) {
    self.title = title
    self.id = id
    self.project = project
    self.estimate = estimate
    self.detail = detail
  }

  /// The picker's line: `detail  title  +project`, one line, at most `TaskListing.lineBytes`.
  public var line: String {
    var words: [String] = []
    if !detail.isEmpty { words.append(detail) }
    words.append(title)
    if let project { words.append("+" + project) }
    return TaskListing.oneLine(words.joined(separator: "  "))
  }
}
