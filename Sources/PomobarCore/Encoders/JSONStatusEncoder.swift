/// The state as one JSON object per line, for scripts: `pomobar status --format json`.
///
/// A stable interface: fields are only ever added, never renamed or removed. In order:
/// - `phase`: `idle`, `focus`, `focus-done`, `short-break` or `long-break`
///   (for a paused phase, the phase that is paused).
/// - `paused`: true while the phase is paused.
/// - `urgent`: true from a phase's natural end until the next action.
/// - `remaining`: seconds left, rounded up (idle: the next focus's length).
/// - `total`: the phase's full length in seconds.
/// - `percentage`: 0-100, how much of the phase remains.
/// - `position`: the focus session's number in the cycle, from 1.
/// - `cycle_length`: focus sessions per cycle (before a long break).
/// - `ends_at`: local time the running phase ends, `"HH:MM"`; null unless running.
/// - `note`: why the timer changed on its own, or a config problem; null when none.
/// - `text`, `short_text`: what a bar shows, long and compact.
/// - `tooltip`: several lines joined by `\n`.
/// - `color`: `#rrggbb` for the phase.
/// - `work`: the work clock while it runs, else null: `project` (null: none), `color`,
///   `today` (seconds on that project today), `total` (seconds on every project today) and
///   `tags` (the running interval's, an array).
/// - `project`: the active project, whether the work clock runs or not; null: none.
/// - `counts_up` and `elapsed`, only while a Flowtime focus runs or is paused: `true`, and
///   its seconds so far; then `remaining` and `total` are 0 (it has no length) and
///   `percentage` is how full its ring is (one turn per `[timer] focus`).
/// - `overdue`: true while work goes on past break care's reminder (`[breaks]`).
/// - `away`: a time away that waits for an answer (`pomobar ctl away-was`), else null:
///   `seconds`, `project` (the clock's then; null: none), `from`, `to` and `answer_by`
///   (local `"HH:MM"`; `answer_by` null: at the next away), `unanswered` (`discard`,
///   `work` or `break`: what it becomes).
/// - `task`: the task of the running or next focus (`pomobar ctl task`), else null:
///   `title`, and `id`, `source`, `project`, `estimate` (seconds) when it has them, and
///   `spent`: seconds of focus on it so far, every machine's, when a text shows
///   `{task-progress}` (which folds the history for it).
public struct JSONStatusEncoder: BarEncoder {
  public init() {}

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    JSON.serialize(Self.object(view)) + "\n"
  }

  /// The object described above, for callers that embed it in a larger document.
  public static func object(_ view: ViewModel) -> JSONValue {
    let fields: JSONValue = [
      "phase": .string(view.phase.rawValue),
      "paused": .bool(view.paused),
      "urgent": .bool(view.urgent),
      "remaining": .integer(view.remainingSeconds),
      "total": .integer(view.totalSeconds),
      "percentage": .integer(Int64(view.percentage)),
      "position": .integer(Int64(view.position)),
      "cycle_length": .integer(Int64(view.cycleLength)),
      "ends_at": view.endsAt.map { .string($0) } ?? .null,
      "note": view.note.map { .string($0) } ?? .null,
      "text": .string(view.fullText),
      "short_text": .string(view.shortText),
      "tooltip": .string(view.tooltip),
      "color": .string(view.color),
      "work": view.work.flatMap { $0.running ? $0 : nil }.map { work in
        [
          "project": work.project.map { .string($0) } ?? .null, "color": .string(work.color),
          "today": .integer(work.seconds), "total": .integer(work.total),
          "tags": .array(work.tags.map { .string($0) }),
        ]
      } ?? .null,
      "project": view.project.map { .string($0) } ?? .null,
      "overdue": .bool(view.overdue),
      "away": view.away.map { away in
        [
          "seconds": .integer(away.seconds), "project": away.project.map { .string($0) } ?? .null,
          "from": away.from.map { .string($0) } ?? .null, "to": away.to.map { .string($0) } ?? .null,
          "answer_by": away.answerBy.map { .string($0) } ?? .null,
          "unanswered": .string(away.unanswered.rawValue),
        ]
      } ?? .null,
      "task": view.task.map { task in
        guard let spent = view.taskSpent, case .object(let members) = task.json else { return task.json }
        return .object(members + [("spent", .integer(spent))])
      } ?? .null,
    ]
    guard let elapsed = view.elapsedSeconds else { return fields }
    return .object((fields.objectValue ?? []) + [("counts_up", .bool(true)), ("elapsed", .integer(elapsed))])
  }
}
