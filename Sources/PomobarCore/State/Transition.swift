/// What a change of the shared state asks for: the events, the settings they are applied
/// with, and what else the change does (`StateDocument.transition`).
public struct TransitionRequest {
  public var events: [Event]
  public var settings: TimerSettings
  public var ledger: LedgerSettings
  /// When the events happened (a click is stamped when it is read, not when the lock is
  /// taken); ignored if the file was written after it.
  public var stamp: ClockReading?
  /// When given, the events are applied only if it accepts the timer as caught up (a
  /// notification's button that must find the timer where the notification did).
  public var only: ((TimerState) -> Bool)?
  /// Count today's totals again from the history (it changed underneath the state: an
  /// edit, `track`, an import).
  public var recountToday = false
  /// A project renamed in the history (`project rename`), renamed in the state too: the
  /// active project, the running interval, the known projects; to nil: a deleted project,
  /// forgotten (`LedgerState.rename(project:to:)`).
  public var renaming: (from: String, to: String?)?
  /// When given, the user's events are made here, from the timer as caught up and the
  /// moment (`ctl --at` finds its instant and checks it against the history), instead of
  /// `events`; what it throws gives the change up.
  public var decide: ((TimerState, ClockReading) throws -> [Event])?

  public init(
    _ events: [Event], settings: TimerSettings = TimerSettings(), ledger: LedgerSettings = LedgerSettings(),
    stamp: ClockReading? = nil
  ) {
    self.events = events
    self.settings = settings
    self.ledger = ledger
    self.stamp = stamp
  }

  /// Whether the user acted (at the bar or with `ctl`): a hook failure shown until now has
  /// been seen. A click mapped to nothing is not, nor away and back, which idle daemons send.
  public var byUser: Bool {
    decide != nil
      || events.contains { event in
        switch event {
        case .action(let action), .backdated(let action, _):
          return action != .none && action != .away && action != .back
        case .deadlineReached, .resumedFromSuspend, .budgetReached: return false
        }
      }
  }
}

/// What the state's transitions read of the history and append to it: `HistoryStore` in
/// the system, an array in tests.
public protocol TransitionHistory {
  /// This machine's name in record ids.
  var machine: String { get }
  /// Calls `body` with every record of the months (UTC) from the one `first` falls in, as
  /// every edit leaves it, each once; `owed` (what the state owes the history) counts as
  /// written.
  func forEachRecord(fromMonthOf first: WallTime, owed: [LedgerRecord], _ body: (LedgerRecord) -> Void)
  /// Appends `records`, each at most once.
  func append(_ records: [LedgerRecord]) throws
}

/// What a transaction's appends to the history came to: the last failure stands.
public enum HistoryWrite: Equatable, Sendable {
  case untried, written
  case failed(String)

  /// Appends `records` to `history` (nil keeps none); false, noting why, when it cannot.
  public mutating func append(_ records: [LedgerRecord], to history: (any TransitionHistory)?) -> Bool {
    guard let history else { return true }
    do {
      try history.append(records)
      if case .untried = self { self = .written }
      return true
    } catch {
      self = .failed("\(error)")
      return false
    }
  }
}

/// A change of the shared state, decided: the new state, the file to write, and what the
/// change owes the world.
public struct Transition: Equatable {
  /// The timer after the events.
  public var timer: TimerState
  /// The effects the transition owes (`.persist` taken out; its records among them).
  public var effects: [Effect]
  /// The moment the events were applied at.
  public var now: ClockReading
  /// False when `only` refused the events (the catch-up is still written).
  public var applied: Bool
  /// Whether the events changed the timer (not only the catch-up with time).
  public var acted: Bool
  /// Whether the file must be written.
  public var writes: Bool
  /// The file as it is once written, but for the write's name (`committed(as:)`); as it
  /// was, when nothing changes.
  public var document: StateDocument
  /// The history records this transition makes, in order (owed by `document` too).
  public var records: [LedgerRecord]
  /// What to tell the user once the lock is released.
  public var notes: [String]
  /// What appending the records earlier writes owed came to.
  public var historyWrite: HistoryWrite
}

extension StateDocument {
  /// Decides a change of the state file `document` (nil: none, or unusable) read at
  /// `now`: the moment it happens (`request.stamp`, unless the file was written after
  /// it), the timer caught up with the present, the events applied (if `only` accepts),
  /// a rename, today's and the recent days' totals counted again where needed, the
  /// records named and added to today, and what the file owes the history.
  ///
  /// What earlier writes owe the history is appended first, in order, when the file is
  /// written (so that this write can stop carrying it); nothing else is written here.
  /// `zone` gives the local offset at a UTC second; `history` is nil when none is kept.
  public static func transition(
    from document: StateDocument?, _ request: TransitionRequest, at now: ClockReading,
    zone: @escaping @Sendable (Int64) -> Int32, history: (any TransitionHistory)?
  ) throws -> Transition {
    var now = now
    if let stamp = request.stamp, stamp.bootID == now.bootID {
      // Another copy may have changed the state after the stamp: then use the present.
      let writtenLater = document.map {
        $0.written.bootID == stamp.bootID && $0.written.boottime > stamp.boottime
      }
      if writtenLater != true { now = stamp }
    }
    var base = document ?? StateDocument(timer: TimerState(), written: now)
    if base.epoch.isEmpty { base.epoch = String(now.wall / 1_000_000, radix: 36) }
    let recorder = Recorder(now: now, zone: zone, epoch: base.epoch, machine: history?.machine ?? "")
    var machine = TimerMachine(settings: request.settings, ledger: request.ledger, recorder: recorder)
    var effects: [Effect] = []
    var mustWrite = document == nil
    if let document {
      let caughtUp = document.caughtUp(
        to: now, settings: request.settings, ledger: request.ledger, recorder: recorder)
      (machine, effects) = (caughtUp.machine, caughtUp.effects)
      mustWrite = mustWrite || caughtUp.mustWrite
    }
    let applied = request.only?(machine.state) ?? true
    let events = try request.decide?(machine.state, now) ?? request.events
    var acted = false
    if applied {
      for event in events {
        let caused = machine.handle(event, at: now.instant)
        acted = acted || caused.contains(.persist)
        effects += caused
      }
    }
    var changed = effects.contains(.persist)
    effects.removeAll { $0 == .persist }
    var timer = machine.state
    let records = effects.compactMap { effect -> LedgerRecord? in
      if case .record(let record, _, _) = effect { record } else { nil }
    }
    if let renaming = request.renaming, timer.ledger.rename(project: renaming.from, to: renaming.to) {
      changed = true
    }
    let ledger = Ledger(zone: zone, now: now, dayStart: request.ledger.dayStart)
    let (day, dayBegan) = ledger.today
    if request.recountToday, let history {
      let counted = today(in: history, owed: base.owed, ledger)
      if counted != timer.ledger.today {
        timer.ledger.today = counted
        changed = true
      }
    }
    if request.ledger.hasTargets || request.ledger.textsNeedRecentWork,
      request.recountToday || timer.ledger.recent?.day != day
    {
      // The intervals this transition closes are in neither the history nor the state's
      // running clock yet (a clock running since yesterday, stopped now): they count too.
      let counted = recent(in: history, owed: base.owed + records, timer, ledger, request.ledger)
      if counted != timer.ledger.recent {
        timer.ledger.recent = counted
        changed = true
      }
    }
    guard mustWrite || changed else {
      return Transition(
        timer: timer, effects: effects, now: now, applied: applied, acted: acted, writes: false,
        document: document ?? StateDocument(timer: timer, written: now), records: [], notes: [],
        historyWrite: .untried)
    }
    timer.ledger.today = timer.ledger.today.on(day)
    for record in records { timer.ledger.today.add(workOf: record, dayBegan: dayBegan, today: day) }
    var historyWrite = HistoryWrite.untried
    var owed = base.owed
    if !owed.isEmpty, historyWrite.append(owed, to: history) { owed = [] }
    owed += records
    var notes: [String] = []
    let kept = keptOwed(owed)
    if kept.count < owed.count {
      notes.append(
        "the history has not been writable for \(owed.count) records; "
          + "the oldest \(owed.count - kept.count) are lost")
    }
    base.timer = timer
    base.written = now
    base.owed = kept
    return Transition(
      timer: timer, effects: effects, now: now, applied: applied, acted: acted, writes: true, document: base,
      records: records, notes: notes, historyWrite: historyWrite)
  }

  /// Today's work per project as the history (and what the state owes it) says: what the
  /// records add up to as intervals close, counted again.
  static func today(in history: any TransitionHistory, owed: [LedgerRecord], _ ledger: Ledger) -> DayTotals {
    let (day, began) = ledger.today
    var totals = DayTotals(day: day)
    // A work interval that ends today started this month or the one before.
    history.forEachRecord(fromMonthOf: WallTime(utc: began - 32 * 86_400, offset: 0), owed: owed) { record in
      if record.end.utc > began { totals.add(workOf: record, dayBegan: began, today: day) }
    }
    return totals
  }

  /// The work of the seven days before today as the history (and what the state owes it,
  /// and the running work clock) says: for `{balance}`, counted once a day and after the
  /// history changed. Without a history, none.
  static func recent(
    in history: (any TransitionHistory)?, owed: [LedgerRecord], _ state: TimerState, _ ledger: Ledger,
    _ settings: LedgerSettings
  ) -> RecentWork {
    let (day, began) = ledger.today
    var recent = RecentWork(day: day)
    guard let history else { return recent }
    let calendar = LedgerCalendar(settings)
    let first = began - Int64(RecentWork.days) * 86_400
    // A work interval that ends in the seven days started this month or the one before.
    history.forEachRecord(fromMonthOf: WallTime(utc: first - 32 * 86_400, offset: 0), owed: owed) { record in
      if record.end.utc > first && record.start.utc < began { recent.add(workOf: record, calendar: calendar) }
    }
    for open in ledger.openIntervals(state) { recent.add(workOf: open, calendar: calendar) }
    return recent
  }
}
