/// Taskwarrior: the arguments that read and write its tasks, and its export read.
public enum Taskwarrior {
  /// Overrides that keep `task` from asking anything, colouring, renumbering or printing
  /// what is not the answer; reads also run without hooks (the contrib hook would be
  /// asked about a read) and without generating recurring tasks.
  public static let quiet = ["rc.confirmation=no", "rc.verbose=nothing", "rc.color=off", "rc.bulk=0"]

  /// `task ... status:pending export`: what the source reads.
  public static let exportArguments =
    ["task"] + quiet + [
      "rc.hooks=off", "rc.gc=off", "rc.recurrence=no", "rc.json.array=on", "status:pending", "export",
    ]

  /// `task ... UUID start|stop`. Hooks stay on (timewarrior's hook sees the start); the
  /// contrib hook knows pomobar's own by `POMOBAR_WRITE_BACK` in its environment.
  public static func startStop(uuid: String, starting: Bool) -> [String] {
    ["task"] + quiet + [uuid, starting ? "start" : "stop"]
  }

  /// `task ... _get UUID.start`: prints when the task was started, nothing when it is not active.
  public static func activeSince(uuid: String) -> [String] {
    ["task"] + quiet + ["rc.hooks=off", "_get", uuid + ".start"]
  }

  /// `task ... UUID annotate -- TEXT`.
  public static func annotate(uuid: String, _ text: String) -> [String] {
    ["task"] + quiet + [uuid, "annotate", "--", text]
  }
}

/// `task export`'s JSON: the pending tasks, most urgent first.
enum TaskwarriorExport {
  static func tasks(_ text: String) -> Result<[TaskCandidate], TaskListing.Failure> {
    let root: JSONValue
    do {
      root = try JSON.parse(text)
    } catch {
      return .failure(.notExport("\(error)"))
    }
    guard case .array(let items) = root else { return .failure(.notExport("not an array")) }
    var ranked: [(urgency: Double, index: Int, task: TaskCandidate)] = []
    for (index, item) in items.enumerated() {
      guard let uuid = item["uuid"]?.stringValue, let description = item["description"]?.stringValue,
        (item["status"]?.stringValue ?? "pending") == "pending"
      else { continue }
      let urgency: Double =
        switch item["urgency"] {
        case .number(let value)?: value
        case .integer(let value)?: Double(value)
        default: 0
        }
      let project = item["project"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      let id = item["id"]?.int64Value.map { "\($0)" } ?? ""
      let title = TaskListing.oneLine(description).trimmedOfSpaces
      ranked.append(
        (
          urgency, index,
          TaskCandidate(title: title.isEmpty ? uuid : title, id: uuid, project: project, detail: id)
        ))
    }
    return .success(
      ranked.sorted { $0.urgency != $1.urgency ? $0.urgency > $1.urgency : $0.index < $1.index }.map(\.task))
  }
}
