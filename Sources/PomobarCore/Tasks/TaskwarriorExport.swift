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

  /// A task's `estimate` UDA (`uda.estimate.type=duration`), as `task export` prints a
  /// duration: ISO 8601, `PT2H`, `PT1H30M`, `P1DT2H`, `P14D` (a year 365 days and a month
  /// 30, as taskwarrior counts them); nil without one, or for one that is not a positive
  /// duration.
  public static func estimate(_ task: JSONValue) -> Duration? {
    task["estimate"]?.stringValue.flatMap(isoDuration).flatMap { $0 > .zero ? $0 : nil }
  }

  /// `P[nY][nM][nW][nD][T[nH][nM][nS]]`, whole numbers; nil for anything else.
  static func isoDuration(_ text: String) -> Duration? {
    var scalars = Substring(text).unicodeScalars
    guard scalars.popFirst() == "P", !scalars.isEmpty else { return nil }
    let dateUnits: [Unicode.Scalar: Int64] = [
      "Y": 365 * 86_400, "M": 30 * 86_400, "W": 7 * 86_400, "D": 86_400,
    ]
    let timeUnits: [Unicode.Scalar: Int64] = ["H": 3600, "M": 60, "S": 1]
    var seconds: Int64 = 0
    var inTime = false
    var number: Int64? = nil
    for scalar in scalars {
      if scalar == "T", !inTime, number == nil {
        inTime = true
      } else if ("0"..."9").contains(scalar) {
        let digit = Int64(scalar.value - 48)
        let (shifted, over) = (number ?? 0).multipliedReportingOverflow(by: 10)
        guard !over, shifted <= Int64.max - digit else { return nil }
        number = shifted + digit
      } else if let unit = (inTime ? timeUnits : dateUnits)[scalar], let value = number {
        let (part, over) = value.multipliedReportingOverflow(by: unit)
        guard !over, part <= Int64.max - seconds else { return nil }
        seconds += part
        number = nil
      } else {
        return nil
      }
    }
    return number == nil ? .seconds(seconds) : nil
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
          TaskCandidate(
            title: title.isEmpty ? uuid : title, id: uuid, project: project,
            estimate: Taskwarrior.estimate(item), detail: id)
        ))
    }
    return .success(
      ranked.sorted { $0.urgency != $1.urgency ? $0.urgency > $1.urgency : $0.index < $1.index }.map(\.task))
  }
}
