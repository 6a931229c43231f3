/// The work clock, projects, interruptions and away time: the ledger's part of the machine.
///
/// The same machine, under the same lock, as the Pomodoro timer: a project switch, an
/// interruption or a focus end is one transition, and its records are effects like its
/// hooks (`.record`), written exactly once with the state.
extension TimerMachine {
  mutating func applyLedger(_ action: Action, at now: Instant, _ effects: inout [Effect]) {
    switch action {
    case .workStart:
      if state.ledger.work == nil { startWork(at: now, &effects) }
      state.ledger.work?.byFocus = false  // the user's now: the timer no longer stops it
    case .workStop:
      stopWork(at: now, &effects)
      state.ledger.away?.stoppedWork = nil
    case .workToggle:
      applyLedger(state.ledger.work == nil ? .workStart : .workStop, at: now, &effects)
    case .project(let given, let tags):
      // `ctl` refuses a name or tag out of bounds; anything else that reaches the machine
      // is cut to them, so the state never holds a name its reader refuses.
      let name = given.flatMap(ProjectName.clamped)
      choose(project: name, tags: name == nil ? [] : TagName.clamped(tags), at: now, &effects)
    case .tags(let tags):
      choose(project: state.ledger.project, tags: TagName.clamped(tags), at: now, &effects)
    case .projectNext, .projectPrevious:
      let known = state.ledger.projects
      guard !known.isEmpty else { return }
      let step = action == .projectNext ? 1 : known.count - 1
      let current = state.ledger.project.flatMap { known.firstIndex(of: $0) }
      let index = current.map { ($0 + step) % known.count } ?? (action == .projectNext ? 0 : known.count - 1)
      choose(project: known[index], tags: [], at: now, &effects)
    case .interrupt(let external, let note):
      guard state.phase.kind == .focus else { return }
      if external {
        state.ledger.phaseLog?.externalInterruptions += 1
      } else {
        state.ledger.phaseLog?.internalInterruptions += 1
      }
      let label = external ? "external" : "internal"
      addNote(note.map { "\(label): \($0)" })
      effects.append(
        hook(.interrupt, at: now) {
          $0.interruption = label
          $0.note = note.flatMap(Self.clean)
        })
    case .void(let reason):
      guard state.phase.kind == .focus else { return }
      effects.append(
        hook(.void, at: now) {
          $0.note = reason.flatMap(Self.clean)
          $0.next = .focus
        })
      end(.focus, .voided, at: now, note: reason.flatMap(Self.clean), &effects)
      goIdle(at: now, &effects)
    case .away:
      guard state.ledger.away == nil else { return }
      answerAway(ledger.away.unanswered, at: now, byDefault: true, &effects)  // a new absence
      state.ledger.away = Absence(since: now)
      effects.append(hook(.away, at: now))
      if ledger.awayStopsWork, let work = state.ledger.work {
        stopWork(at: now, &effects)
        state.ledger.away?.stoppedWork = work.byFocus ? .focus : .user
      }
      holdForAway(at: now, &effects)
    case .back:
      guard let absence = state.ledger.away else { return }
      state.ledger.away = nil
      let clock = awayClock(absence)
      let resumed = effects.count
      effects.append(hook(.back, at: now))
      resume(after: max(.zero, now - absence.since), at: now, away: true, &effects)
      // A clock the focus started comes back as the focus's own, to stop with the timer:
      // not when the timer went idle meanwhile (the gap's policy ended the phase).
      if let stopped = absence.stoppedWork, state.ledger.work == nil,
        stopped == .user || state.phase != .idle
      {
        startWork(at: now, byFocus: stopped == .focus, &effects)
      }
      offerAwayChoice(to: now, clock: clock, since: resumed, &effects)
    case .awayWas(let answer, let project):
      answerAway(answer, as: project, at: now, byDefault: false, &effects)
    case .task(let given, let keepProject):
      // Held to `TaskRef`'s bounds, as a project name is to `ProjectName`'s.
      let task = given.flatMap { TaskRef.clamped(title: $0.title, id: $0.id, source: $0.source,
        project: $0.project, estimate: $0.estimate) }
      choose(task: task, keepProject: keepProject, at: now, &effects)
    case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .extend, .shorten, .startBreak,
      .none, .pickTask, .snooze:
      return  // the timer's own, handled by `apply`
    }
  }

  /// Makes `project` the active one with `tags`: the running interval is closed and a new
  /// one begins for them, and a stopped clock starts (unless the choice is no project and
  /// no tags).
  private mutating func choose(
    project: String?, tags: [String], at now: Instant, _ effects: inout [Effect]
  ) {
    if let project { state.ledger.remember(project) }
    guard project != state.ledger.project || tags != state.ledger.tags || state.ledger.work == nil else {
      return
    }
    let previous = state.ledger.project
    let wasRunning = state.ledger.work != nil
    // A switch closes one interval and opens the next: the clock itself runs on.
    stopWork(at: now, announce: false, &effects)
    state.ledger.project = project
    state.ledger.tags = tags
    if project != previous {
      effects.append(hook(.project, at: now) { $0.previousProject = previous })
    }
    if wasRunning || project != nil || !tags.isEmpty { startWork(at: now, announce: !wasRunning, &effects) }
  }

  /// Makes `task` the task of the running or next focus: the running work interval is
  /// closed and a new one begins with it (the clock runs on; a stopped one stays stopped).
  /// Its project, unless `keepProject`, becomes the active one, without tags when it
  /// changes, as `project NAME` makes it. Chosen while a focus runs, it is written back
  /// for that focus (`Effect.writeBack`), after the hooks.
  private mutating func choose(task: TaskRef?, keepProject: Bool, at now: Instant, _ effects: inout [Effect]) {
    let project = keepProject ? state.ledger.project : task?.project ?? state.ledger.project
    guard task != state.ledger.task || project != state.ledger.project else { return }
    let previous = state.ledger.project
    let (running, before) = (state.ledger.work, state.ledger.task)
    stopWork(at: now, announce: false, &effects)
    state.ledger.task = task
    if project != previous {
      if let project { state.ledger.remember(project) }
      state.ledger.project = project
      state.ledger.tags = []
      effects.append(hook(.project, at: now) { $0.previousProject = previous })
    }
    if let running { startWork(at: now, byFocus: running.byFocus, announce: false, &effects) }
    if state.phase.kind == .focus, before.map({ task?.isSame(as: $0) != true }) ?? (task != nil) {
      // The focus is now for another task: the one it had is let go in its source (a
      // taskwarrior task stopped), and the new one started there, as at a focus's start.
      if let before { effects.append(.writeBack(.release, context(at: now) { $0.task = before })) }
      if task != nil { effects.append(.writeBack(.start, context(at: now))) }
    }
  }

  /// Starts the work clock at `time`; `announce` runs the `work-start` hooks (not for the
  /// interval that follows a project switch or a sleep: the clock did not stop).
  mutating func startWork(
    at time: Instant, byFocus: Bool = false, announce: Bool = true, _ effects: inout [Effect]
  ) {
    state.ledger.work = WorkClock(
      since: time, project: state.ledger.project, tags: state.ledger.tags, task: state.ledger.task,
      byFocus: byFocus)
    if announce { effects.append(hook(.workStart, at: time)) }
  }

  /// The timer went back to idle at `time`: a work clock that a focus started stops with it
  /// (one the user started runs on).
  mutating func goIdle(at time: Instant, _ effects: inout [Effect]) {
    state.phase = .idle
    if state.ledger.work?.byFocus == true { stopWork(at: time, &effects) }
    if state.ledger.away?.stoppedWork == .focus {
      // Away stopped the focus's clock: with the timer idle, back does not start it.
      state.ledger.away?.stoppedWork = nil
    }
  }

  /// Closes the running work interval at `time` with its record; nothing if stopped.
  /// `announce` runs the `work-stop` hooks (as for `startWork`).
  mutating func stopWork(at time: Instant, announce: Bool = true, _ effects: inout [Effect]) {
    guard let work = state.ledger.work else { return }
    state.ledger.work = nil
    if announce { effects.append(hook(.workStop, at: time)) }
    recordWork(from: work.since, to: time, project: work.project, tags: work.tags, task: work.task, &effects)
  }

  /// The shortest work the history keeps: an interval under it (a project switched again
  /// at once, `project next` while scrolling) is no work, and leaves no record.
  static let shortestWork: Duration = .seconds(1)

  /// Appends the record of work from `start` to `end`, unless it is shorter than
  /// `shortestWork`: every work record the machine makes comes through here.
  mutating func recordWork(
    from start: Instant, to end: Instant, project: String?, tags: [String], task: TaskRef? = nil,
    note: String? = nil, addedAt: Instant? = nil, _ effects: inout [Effect]
  ) {
    guard end - start >= Self.shortestWork else { return }
    effects.append(
      record(
        .work, from: start, to: end, seconds: (end - start).floorSeconds, project: project, note: note,
        tags: tags, task: task, addedAt: addedAt))
  }

  /// The history record of an interval from `start` to `end`, with the next serial, as
  /// `recorder` places and names it. `addedAt`: made by a person's say (an away answer)
  /// at that moment, not by the clock: the record carries it (`at`), so that `history
  /// undo` takes it back as it does what `track` added.
  mutating func record(
    _ kind: LedgerRecord.Kind, from start: Instant, to end: Instant, seconds: Int64, project: String?,
    outcome: LedgerRecord.Outcome? = nil, internalInterruptions: Int = 0, externalInterruptions: Int = 0,
    gap: Int64 = 0, note: String?, tags: [String], task: TaskRef? = nil, addedAt: Instant? = nil
  ) -> Effect {
    let record = LedgerRecord(
      id: recorder.id(nextSerial()), kind: kind, start: recorder.wallTime(start), end: recorder.wallTime(end),
      seconds: seconds, project: project, outcome: outcome, internalInterruptions: internalInterruptions,
      externalInterruptions: externalInterruptions, gap: gap, note: note, tags: tags, task: task,
      at: addedAt.map(recorder.wallTime), atNanoseconds: addedAt.map(recorder.nanosecondsPastSecond) ?? 0)
    return .record(record, start: start, end: end)
  }

  /// Time asleep is not work: the running interval ends where the sleep began and a new
  /// one starts now.
  mutating func pauseWork(from asleepAt: Instant, to now: Instant, _ effects: inout [Effect]) {
    guard let work = state.ledger.work, asleepAt < now else { return }
    stopWork(at: max(asleepAt, work.since), announce: false, &effects)
    startWork(at: now, byFocus: work.byFocus, announce: false, &effects)
  }

  /// The record of the running or paused `kind` phase ending at `time` for `reason`.
  mutating func phaseRecord(
    _ kind: PhaseKind, _ reason: EndReason, at time: Instant, note: String?
  ) -> Effect {
    var counted: Duration = .zero
    switch state.phase {
    case .running(_, let deadline, let total): counted = total - max(.zero, deadline - time)
    case .paused(_, let remaining, let total): counted = total - remaining
    case .idle, .focusDone: break
    }
    counted = max(.zero, counted)
    let log = state.ledger.phaseLog ?? PhaseLog()
    let start = min(log.start ?? (time - counted), time)
    // A paused phase stopped at a moment before it was paused (`ctl stop --at`) counts
    // no more than it spans.
    counted = min(counted, time - start)
    var notes = log.notes
    if let note { notes.append(note) }
    return record(
      LedgerRecord.Kind(kind), from: start, to: time, seconds: counted.floorSeconds,
      project: state.ledger.project, outcome: Self.outcome(reason),
      internalInterruptions: log.internalInterruptions, externalInterruptions: log.externalInterruptions,
      gap: log.gap.floorSeconds, note: notes.isEmpty ? nil : notes.joined(separator: "; "),
      tags: state.ledger.tags, task: kind == .focus ? state.ledger.task : nil)
  }

  static func outcome(_ reason: EndReason) -> LedgerRecord.Outcome {
    switch reason {
    case .completed: return .completed
    case .skipped: return .skipped
    case .stopped, .reset: return .stopped
    case .suspended, .voided: return .voided
    }
  }

  mutating func nextSerial() -> Int {
    state.ledger.serial += 1
    return state.ledger.serial
  }

  private mutating func addNote(_ note: String?) {
    guard let note = note.flatMap(Self.clean), let log = state.ledger.phaseLog,
      log.notes.count < LedgerState.notesKept
    else { return }
    state.ledger.phaseLog?.notes.append(note)
  }

  /// A note as kept: one line, trimmed, at most `Action.noteBytes` bytes; nil if nothing
  /// is left.
  static func clean(_ text: String) -> String? {
    var bytes = Array(text.utf8).map { $0 < 0x20 ? UInt8(ascii: " ") : $0 }
    if bytes.count > Action.noteBytes {
      bytes = Array(bytes.prefix(Action.noteBytes))
      while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }  // no cut character
      if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
    }
    let trimmed = String(decoding: bytes, as: UTF8.self).trimmedOfSpaces
    return trimmed.isEmpty ? nil : trimmed
  }
}
