/// The task a focus is for (`pomobar ctl task "write the report"`, or one picked from a
/// source): what the state carries for the running or next focus, and the records of the
/// focus and of the work done while it was set.
///
/// `title` is the one thing every task has: one line people read in a bar, kept as
/// project names are (trimmed, each run of spaces made one, no control characters), at
/// most `maxCharacters` characters and `maxBytes` bytes. The rest is what a source knows:
/// its `id` for the task (taskwarrior's uuid, a todo.txt line's text), the `source` kind
/// (`taskwarrior`, `todo.txt`, `command`), the task's `project` (which becomes the work
/// clock's project unless the user keeps their own) and an `estimate`.
///
/// A task is made through `check` (a door that refuses, saying why) or `clamped` (what
/// reaches the state or the history from a file: cut to the bounds, never refused), so
/// the state and the history only ever hold tasks every reader takes.
public struct TaskRef: Equatable, Hashable, Sendable {
  public var title: String
  /// The source's own id of the task; nil when set by hand.
  public var id: String?
  /// Which kind of source it came from; nil when set by hand.
  public var source: String?
  /// The task's project, as `ProjectName` keeps one.
  public var project: String?
  /// How long the task is thought to take, whole seconds, at least a second.
  public var estimate: Duration?

  public static let maxCharacters = 200
  public static let maxBytes = 400
  /// The longest id and source kind kept, in bytes of UTF-8.
  public static let maxIDBytes = 200
  public static let maxSourceBytes = 40
  /// The longest estimate kept: a thousand hours.
  public static let maxEstimate: Duration = .seconds(1000 * 3600)

  /// A task as given, unchecked: use `check` or `clamped` for one that comes from outside.
  public init(
    title: String, id: String? = nil, source: String? = nil, project: String? = nil, estimate: Duration? = nil
  ) {
    self.title = title
    self.id = id
    self.source = source
    self.project = project
    self.estimate = estimate
  }

  /// Why a task is refused, said for a person.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(characters: Int, bytes: Int)
    /// The first control character, as `U+000A`.
    case control(String)
    /// The id or the source kind: empty, too long or not one line.
    case badField(String)
    case project(ProjectName.Problem)
    case estimate

    public var description: String {
      switch self {
      case .empty: return "a task cannot be empty"
      case .tooLong(let characters, let bytes):
        return "a task is at most \(TaskRef.maxCharacters) characters and \(TaskRef.maxBytes) bytes"
          + " (this one: \(characters) characters, \(bytes) bytes)"
      case .control(let code):
        return "a task is one line without control characters (this one has \(code))"
      case .badField(let name):
        return "a task's \(name) is one line of at most "
          + "\(name == "source" ? TaskRef.maxSourceBytes : TaskRef.maxIDBytes) bytes"
      case .project(let problem): return "the task's project: \(problem)"
      case .estimate: return "a task's estimate is from 1s to \(TaskRef.maxEstimate.components.seconds / 3600)h"
      }
    }
  }

  /// The task as kept (its title normalised, as project names are), or why it cannot be one.
  public static func check(
    title given: String, id: String? = nil, source: String? = nil, project: String? = nil,
    estimate: Duration? = nil
  ) -> Result<TaskRef, Problem> {
    let title = ProjectName.normalised(given)
    guard !title.isEmpty else { return .failure(.empty) }
    if let bad = title.unicodeScalars.first(where: ProjectName.isControl) {
      return .failure(.control(code(bad)))
    }
    guard title.utf8.count <= maxBytes, title.count <= maxCharacters else {
      return .failure(.tooLong(characters: title.count, bytes: title.utf8.count))
    }
    if let id, !isField(id, maxBytes: maxIDBytes) { return .failure(.badField("id")) }
    if let source, !isField(source, maxBytes: maxSourceBytes) { return .failure(.badField("source")) }
    var kept: String?
    if let project {
      switch ProjectName.check(project) {
      case .success(let name): kept = name
      case .failure(let problem): return .failure(.project(problem))
      }
    }
    if let estimate, !(Duration.seconds(1)...maxEstimate).contains(estimate) { return .failure(.estimate) }
    return .success(
      TaskRef(title: title, id: id, source: source, project: kept, estimate: estimate.map(Self.wholeSeconds)))
  }

  /// The task made acceptable whatever it was given (a hand-edited state, a history line
  /// from elsewhere): the title as `ProjectName.clamped` makes a name, out-of-bounds
  /// fields left out; nil when no title is left. The fence behind the doors' check.
  public static func clamped(
    title: String, id: String? = nil, source: String? = nil, project: String? = nil, estimate: Duration? = nil
  ) -> TaskRef? {
    guard let kept = clampedTitle(title) else { return nil }
    return TaskRef(
      title: kept, id: id.flatMap { isField($0, maxBytes: maxIDBytes) ? $0 : nil },
      source: source.flatMap { isField($0, maxBytes: maxSourceBytes) ? $0 : nil },
      project: project.flatMap(ProjectName.clamped),
      estimate: estimate.flatMap { (Duration.seconds(1)...maxEstimate).contains($0) ? wholeSeconds($0) : nil })
  }

  /// A title cut to the bounds, control characters made spaces; nil when nothing is left.
  static func clampedTitle(_ given: String) -> String? {
    var scalars = String.UnicodeScalarView()
    for scalar in given.unicodeScalars { scalars.append(ProjectName.isControl(scalar) ? " " : scalar) }
    var text = String(ProjectName.normalised(String(scalars)).prefix(maxCharacters))
    while text.utf8.count > maxBytes || text.count > maxCharacters { text.removeLast() }
    text = text.trimmedOfSpaces
    return text.isEmpty ? nil : text
  }

  /// Whether `other` is the same task: the same source's same id, or, for tasks named by
  /// hand (no id), the same title. What the bar sums a task's time by
  /// (`HistoryFigures`): a task renamed in its source stays itself.
  public func isSame(as other: TaskRef) -> Bool {
    id == nil ? other.id == nil && title == other.title : id == other.id && source == other.source
  }

  private static func isField(_ text: String, maxBytes: Int) -> Bool {
    !text.isEmpty && text.utf8.count <= maxBytes && !text.unicodeScalars.contains(where: ProjectName.isControl)
  }

  private static func wholeSeconds(_ duration: Duration) -> Duration { .seconds(duration.components.seconds) }

  private static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex
  }
}

/// The task's JSON form, the same in the state file and in a history line: an object with
/// `title` first, then `id`, `source`, `project` and `estimate` (seconds), each only when
/// there is one: `{"title":"write the report","id":"a3f…","source":"taskwarrior"}`.
extension TaskRef {
  public var json: JSONValue {
    var members: [(String, JSONValue)] = [("title", .string(title))]
    if let id { members.append(("id", .string(id))) }
    if let source { members.append(("source", .string(source))) }
    if let project { members.append(("project", .string(project))) }
    if let estimate { members.append(("estimate", .integer(estimate.components.seconds))) }
    return .object(members)
  }

  /// The task an object names, clamped (`clamped`); nil for anything else, or without a
  /// title. What does not fit is left out, never a reason to refuse the file it is in.
  public init?(json value: JSONValue?) {
    guard let value, case .object = value, let title = value["title"]?.stringValue else { return nil }
    guard
      let task = Self.clamped(
        title: title, id: value["id"]?.stringValue, source: value["source"]?.stringValue,
        project: value["project"]?.stringValue, estimate: value["estimate"]?.int64Value.map { .seconds($0) })
    else { return nil }
    self = task
  }
}
