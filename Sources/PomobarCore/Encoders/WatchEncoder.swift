/// `pomobar watch`: one JSON object per line for each change, for desktop shells' widgets
/// (Quickshell, eww, AGS, ironbar) and scripts. docs/watch.md is the reference.
///
/// A line says what changed, not what time it is: a running phase carries its `deadline`
/// (and a running work clock its `since`) as wall-clock instants, and the reader counts
/// down by itself. So a line is written only when something but the passing of time
/// changed; a frame that would differ only in `at`, a running phase's `remaining`, a
/// running counting-up focus's `elapsed` or a running clock's `today` and `total` is
/// empty, and nothing is written.
///
/// Version 1, keys in this order (fields are only ever added; a change of meaning is a
/// new `v`):
/// - `v`: 1.
/// - `at`: when the line was made, Unix time in milliseconds; `remaining` and the work
///   clock's `today`/`total` are as of then.
/// - `phase`: `idle`, `focus`, `focus-done`, `short-break`, `long-break` (paused: the
///   phase that is paused); `paused`, `urgent`: booleans.
/// - `remaining`, `total`: seconds (remaining rounded up); `deadline`: Unix time in
///   milliseconds the running phase ends, null unless it runs (and for a focus that
///   counts up, which has no end: see `started`).
/// - `cycle`: `slot` (the focus session's place, from 1) and `of` (sessions per cycle).
/// - `color`: the theme's `#rrggbb` for the phase; `classes`: as waybar's (`focus`,
///   `paused`, `ending`, `urgent`, `working`, `flowtime`, `counting-up`, `overdue`,
///   `away-pending`: `ViewModel.classes`).
/// - `work`: the work clock, null when not shown: `running`, `since` (Unix ms, null when
///   stopped), `day_start` (Unix ms: the ledger's day `today` counts, null when stopped;
///   a new day is a new line), `project`, `color`, `today` (seconds on the project
///   today), `total` (seconds on every project today), `tags`.
/// - `project`, `tags`: the active project (null: none) and the running interval's tags.
/// - `note`: why the timer changed on its own (suspended, away), null when none;
///   `problem`: what is wrong (config, state, hook, idle watch), shown with ⚠ in bars,
///   null when nothing is.
/// - `elapsed`: seconds so far of a focus that counts up (Flowtime; rounded down), as of
///   `at`, null for anything else; `started`: Unix ms the running counting-up focus counts
///   from (its start, moved on by any pause), null otherwise. Its `remaining` and `total`
///   are 0.
/// - `overdue`: break care's reminder fired and work goes on (`[breaks]`); `away`: a time
///   away that waits for an answer (`ctl away-was`), null when none: `seconds` (its
///   length), `project` (what the clock was on, null: none), `unanswered` (the answer
///   `[idle] unanswered` will give).
/// - `task`, only while one is set (`pomobar ctl task`): `title`, and `id`, `source`,
///   `project`, `estimate` (seconds) when it has them; a line without it has none.
public struct WatchEncoder: BarEncoder {
  /// The format's version, `v` in every line.
  public static let version: Int64 = 1
  /// The last line's content without what time alone changes: an equal one is not written.
  private var lastKey: String?

  public init() {}

  public func header() -> String { "" }

  public var countsDownItself: Bool { true }

  public mutating func frame(_ view: ViewModel) -> String {
    let key = JSON.serialize(Self.object(view, timeless: true))
    guard key != lastKey else { return "" }
    lastKey = key
    return JSON.serialize(Self.object(view, timeless: false)) + "\n"
  }

  /// The line's object; `timeless` leaves out (as 0) what only time changes.
  static func object(_ view: ViewModel, timeless: Bool) -> JSONValue {
    let counting = timeless && view.deadline != nil
    let countingUp = timeless && view.countsFrom != nil
    let working = view.work.map { $0.running } ?? false
    // Instants as the wall clock reads them when the view was made: what a widget
    // compares with its own clock. Compared as they are on the timer's timeline, exact,
    // where the wall clock's reading moves by a millisecond now and then.
    let wall = { (instant: Instant?) -> JSONValue in
      guard let instant, let stamp = view.madeAt else { return .null }
      return .integer(timeless ? instant.nanoseconds : stamp.milliseconds(at: instant))
    }
    let work: JSONValue =
      view.work.map { work in
        [
          "running": .bool(work.running), "since": wall(view.workSince), "day_start": wall(view.workDayStart),
          "project": work.project.map { .string($0) } ?? .null, "color": .string(work.color),
          "today": .integer(timeless && working ? 0 : work.seconds),
          "total": .integer(timeless && working ? 0 : work.total),
          "tags": .array(work.tags.map { .string($0) }),
        ]
      } ?? .null
    let line: JSONValue = [
      "v": .integer(version),
      "at": .integer(timeless ? 0 : view.madeAt?.milliseconds ?? 0),
      "phase": .string(view.phase.rawValue),
      "paused": .bool(view.paused),
      "urgent": .bool(view.urgent),
      "remaining": .integer(counting ? 0 : view.remainingSeconds),
      "total": .integer(view.totalSeconds),
      "deadline": wall(view.deadline),
      "cycle": ["slot": .integer(Int64(view.position)), "of": .integer(Int64(view.cycleLength))],
      "color": .string(view.color),
      "classes": .array(view.classes.map { .string($0) }),
      "work": work,
      "project": view.project.map { .string($0) } ?? .null,
      "tags": .array((view.work?.running == true ? view.work?.tags ?? [] : []).map { .string($0) }),
      "note": view.note.flatMap { $0 == view.problem ? nil : .string($0) } ?? .null,
      "problem": view.problem.map { .string($0) } ?? .null,
      "elapsed": view.elapsedSeconds.map { .integer(countingUp ? 0 : $0) } ?? .null,
      "started": wall(view.countsFrom),
      "overdue": .bool(view.overdue),
      "away": view.away.map { away in
        [
          "seconds": .integer(away.seconds), "project": away.project.map { .string($0) } ?? .null,
          "unanswered": .string(away.unanswered.rawValue),
        ]
      } ?? .null,
    ]
    guard let task = view.task, case .object(let members) = line else { return line }
    return .object(members + [("task", task.json)])
  }
}
