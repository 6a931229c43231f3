/// The ledger's part of the state file:
///
/// ```json
/// "ledger":{"work":{"since":…,"project":"api","tags":["billable"]},"project":"api",
///           "tags":["billable"],"projects":["api","web"],
///           "serial":42,"away":null,"resume_work":false,"resume_work_by_focus":false,"phase_start":…,"phase_gap":0,
///           "internal":0,"external":1,"notes":["external: phone"],
///           "today":{"day":20415,"projects":[["api",7980],[null,600]]},
///           "recent":{"day":20415,"seconds":[0,0,28800,30600,27000,0,0]}}
/// ```
/// Instants are nanoseconds on the timeline of the boot in `written`, like the timer's.
/// `tags` are written only when there are some (a file without them has none, and older
/// versions skip the key), `task` (the ledger's and the running interval's, `TaskRef`'s
/// JSON form) only while one is set, `"away_paused":true` only while the time away holds
/// the paused phase. `phase_start` to `notes` and `away_paused` are the running or paused
/// phase's `PhaseLog` (null and zeros without one); `away` and `resume_work…` the
/// `Absence`. `breaks`: see `StateDocument+BreakCare`; `nudges`: `StateDocument+Nudges`.
/// `budgets`, only when some are: the budget notifications told of (`BudgetAlert`).
extension StateDocument {
  static func encode(_ ledger: LedgerState) -> JSONValue {
    let work: JSONValue =
      ledger.work.map {
        adding(
          $0.task,
          to: adding(
            $0.tags,
            to: [
              "since": .integer($0.since.nanoseconds), "project": text($0.project),
              "by_focus": .bool($0.byFocus),
            ]))
      } ?? .null
    let today: JSONValue = [
      "day": .integer(ledger.today.day),
      "projects": .array(ledger.today.seconds.map { .array([text($0.project), .integer($0.seconds)]) }),
    ]
    // No phase writes its fields as an empty log, as they always were written.
    let log = ledger.phaseLog ?? PhaseLog()
    let encoded: JSONValue = [
      "work": work, "project": text(ledger.project), "projects": .array(ledger.projects.map { .string($0) }),
      "serial": .integer(Int64(ledger.serial)), "away": instant(ledger.awaySince),
      "resume_work": .bool(ledger.away?.stoppedWork != nil),
      "resume_work_by_focus": .bool(ledger.away?.stoppedWork == .focus),
      "away_choice": encode(ledger.awayChoice),
      "phase_start": instant(log.start),
      "phase_gap": .integer(log.gap.nanoseconds),
      "internal": .integer(Int64(log.internalInterruptions)),
      "external": .integer(Int64(log.externalInterruptions)),
      "notes": .array(log.notes.map { .string($0) }), "today": today,
      "recent": ledger.recent.map { recent in
        ["day": .integer(recent.day), "seconds": .array(recent.seconds.map(JSONValue.integer))]
      } ?? .null,
    ]
    var tagged = adding(ledger.task, to: adding(ledger.tags, to: encoded))
    if log.heldByAway, case .object(let members) = tagged {
      tagged = .object(members + [("away_paused", true)])
    }
    if !ledger.budgetMarks.isEmpty, case .object(let members) = tagged {
      tagged = .object(members + [("budgets", .array(ledger.budgetMarks.map { .string($0) }))])
    }
    if let breaks = encode(ledger.breaks), case .object(let members) = tagged {
      tagged = .object(members + [("breaks", breaks)])
    }
    guard let nudges = encode(ledger.nudges), case .object(let members) = tagged else { return tagged }
    return .object(members + [("nudges", nudges)])
  }

  /// The ledger part; absent (a file from before the ledger) is an empty ledger. Every
  /// number is range-checked: instants within a year of the write, counts in bounds.
  /// What pomobar itself can carry past a bound (a work clock or an absence older than a
  /// year, an instant a reboot moved before the new boot, counts, today's totals after
  /// the clock was set back) is kept at the bound, never a reason to move the state aside.
  static func decodeLedger(_ value: JSONValue?, written: ClockReading) throws(DecodeError) -> LedgerState {
    guard let value, case .object = value else { return LedgerState() }
    let year: Int64 = 366 * 86_400 * 1_000_000_000
    let near = (written.boottime - year)...(written.boottime + year)
    func moment(_ object: JSONValue?, _ key: String) throws(DecodeError) -> Instant? {
      guard let object, let field = object[key], !field.isNull else { return nil }
      return Instant(nanoseconds: try clamped(object, key, in: near))
    }
    func name(_ field: JSONValue?) throws(DecodeError) -> String? {
      guard let field, !field.isNull else { return nil }
      guard let text = field.stringValue, text.utf8.count <= 1024 else {
        throw DecodeError(message: "a ledger project name is not a short string")
      }
      return text
    }
    var ledger = LedgerState()
    if let work = value["work"], !work.isNull {
      guard let since = try moment(work, "since") else {
        throw DecodeError(message: "ledger work without 'since'")
      }
      ledger.work = WorkClock(
        since: since, project: try name(work["project"]), tags: tags(work["tags"]),
        task: TaskRef(json: work["task"]), byFocus: work["by_focus"]?.boolValue ?? false)
    }
    ledger.project = try name(value["project"])
    ledger.tags = tags(value["tags"])
    ledger.task = TaskRef(json: value["task"])
    if case .array(let names)? = value["projects"] {
      for item in names.prefix(LedgerState.projectsKept) {
        if let known = try name(item) { ledger.projects.append(known) }
      }
    }
    ledger.serial = Int(try integer(value, "serial", in: 0...Int64(Int32.max)))
    // What back starts is read only with an absence, and by focus only when it starts one.
    ledger.away = try moment(value, "away").map { since in
      guard value["resume_work"]?.boolValue == true else { return Absence(since: since) }
      let byFocus = value["resume_work_by_focus"]?.boolValue == true
      return Absence(since: since, stoppedWork: byFocus ? .focus : .user)
    }
    // The phase's log is read whatever the phase is; `TimerState` keeps it only for a
    // running or paused one.
    let start = try moment(value, "phase_start")
    ledger.awayChoice = try decodeAwayChoice(value["away_choice"], near: near)
    var log = PhaseLog(
      start: start,
      gap: .nanoseconds(try integer(value, "phase_gap", in: gapRange)),
      internalInterruptions: Int(try clamped(value, "internal", in: 0...100_000)),
      externalInterruptions: Int(try clamped(value, "external", in: 0...100_000)),
      heldByAway: value["away_paused"]?.boolValue ?? false)
    if case .array(let notes)? = value["notes"] {
      log.notes = notes.prefix(LedgerState.notesKept).compactMap(\.stringValue).map { String($0.prefix(200)) }
    }
    ledger.phaseLog = log
    if let today = value["today"], case .array(let entries)? = today["projects"] {
      ledger.today.day = try integer(today, "day", in: -1_000_000...1_000_000)
      for entry in entries.prefix(LedgerState.projectsKept) {
        guard let given = entry[1]?.int64Value else {
          throw DecodeError(message: "ledger 'today' holds a time that is not a number")
        }
        let seconds = min(max(given, 0), 8 * 86_400)
        ledger.today.seconds.append(.init(project: try name(entry[0]), seconds: seconds))
      }
    }
    if let recent = value["recent"], !recent.isNull {
      let day = try integer(recent, "day", in: -1_000_000...1_000_000)
      guard case .array(let entries)? = recent["seconds"], entries.count == RecentWork.days else {
        throw DecodeError(message: "ledger 'recent' does not hold \(RecentWork.days) days")
      }
      var seconds: [Int64] = []
      for entry in entries {
        guard let given = entry.int64Value else {
          throw DecodeError(message: "ledger 'recent' holds a time that is not a number")
        }
        seconds.append(min(max(given, 0), 2 * 86_400))
      }
      ledger.recent = RecentWork(day: day, seconds: seconds)
    }
    ledger.breaks = decodeBreakCare(value["breaks"], near: near)
    if case .array(let marks)? = value["budgets"] {
      ledger.budgetMarks = marks.suffix(BudgetAlert.marksKept).compactMap(\.stringValue).filter {
        $0.utf8.count <= 1024
      }
    }
    ledger.nudges = decodeNudges(value["nudges"], near: near)
    return ledger
  }

  private static func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

  /// `object` with a `tags` member when there are tags.
  private static func adding(_ tags: [String], to object: JSONValue) -> JSONValue {
    guard !tags.isEmpty, case .object(let members) = object else { return object }
    return .object(members + [("tags", .array(tags.map { .string($0) }))])
  }

  /// `object` with a `task` member when there is one.
  private static func adding(_ task: TaskRef?, to object: JSONValue) -> JSONValue {
    guard let task, case .object(let members) = object else { return object }
    return .object(members + [("task", task.json)])
  }

  /// Tags as kept: what is not a string is left out, and the rest held to `TagName`'s
  /// bounds, so a hand-edited state never makes a record the history's reader refuses.
  static func tags(_ value: JSONValue?) -> [String] {
    guard case .array(let items)? = value else { return [] }
    return TagName.clamped(items.prefix(TagName.maxCount * 4).compactMap(\.stringValue))
  }

  private static func instant(_ value: Instant?) -> JSONValue {
    value.map { .integer($0.nanoseconds) } ?? .null
  }
}
