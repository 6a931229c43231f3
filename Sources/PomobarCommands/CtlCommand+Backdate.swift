import PomobarCore
import PomobarSystem

/// `pomobar ctl ACTION --at TIME | --ago DURATION`: the action as it happened at an
/// earlier moment (`work stop --at 18:00` for a clock left running), on one timeline.
///
/// Under the lock, on the timer as caught up: the moment is found (`Ledger.instant`), the
/// machine checks it (`TimerMachine.backdating`), and what the action starts there may
/// not overlap a record of the history from then to now. Then it is applied, and ctl
/// says what it changed: `work stopped at 18:00 (api, 9:02-18:00, 8:58)`.
extension CtlCommand {
  /// A refusal, and the clock reading it was made at; put in words once the lock is
  /// released (naming a record reads the whole history for its short id).
  struct Refused: Error {
    var refusal: BackdateRefusal
    var now: ClockReading
  }

  public static func run(_ action: Action, at moment: Moment, _ options: Options) -> Int32 {
    let context = Context.reading(options)
    context.warnConfig()
    let history = context.history
    let config = context.config
    func words(_ now: ClockReading) -> Words {
      let ledger = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: config.ledger.dayStart)
      return Words(ledger: ledger, now: now.instant, idWidth: { LogCommand.shortIDWidth(history) })
    }
    var before = TimerState()
    let warnOfNearName = nearNameWarning(action, context)
    do {
      let events = backdated(action, at: moment, context)
      let decide = { (state: TimerState, now: ClockReading) throws -> [Event] in
        before = state
        return try events(state, now)
      }
      let outcome = try context.transact([]) { $0.decide = decide }
      warnOfNearName()
      if outcome.acted {
        let change = words(outcome.now).change(
          action, before: before, after: outcome.state, effects: outcome.effects)
        Console.out(change + "\n")
      } else if let why = action.unchanged(in: outcome.state) {
        Console.error(why)
      }
      show(outcome.state, at: outcome.now, context, options)
      return ExitCode.success
    } catch let refused as Refused {
      let name = action.ctlWords.joined(separator: " ")
      let shown = action.ctlWords.count > 1 && action.ctlWords[0] == "project" ? "project" : name
      let message = words(refused.now).refusal(refused.refusal, moment: moment)
      if refused.refusal.isUsage {
        Console.usage("pomobar ctl \(shown): \(message)\n\(CtlArguments.hint)")
        return ExitCode.usage
      }
      Console.error("ctl \(shown): \(message)")
      return ExitCode.failure
    } catch {
      Console.error("cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }

  /// What `action` at `moment` is, decided under the lock on the timer as caught up: the
  /// moment found and checked, and what it starts not overlapping the history; throws
  /// `Refused`. Also what a notification's button with `--at` does (`NotifyCommand`).
  static func backdated(_ action: Action, at moment: Moment, _ context: Context)
    -> (TimerState, ClockReading) throws -> [Event]
  {
    let history = context.history
    let config = context.config
    return { state, now in
      let ledger = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: config.ledger.dayStart)
      let machine = TimerMachine(state: state, settings: config.timer, ledger: config.ledger)
      switch machine.backdating(action, to: moment, ledger: ledger) {
      case .failure(let refusal):
        throw Refused(refusal: refusal, now: now)
      case .success(let backdating):
        let span = ledger.wallTime(backdating.moment).utc..<ledger.wallTime(now.instant).utc + 1
        if !backdating.claims.isEmpty,
          let found = backdating.conflict(in: history.records(overlapping: span), span: span)
        {
          throw Refused(refusal: .overlaps(found), now: now)
        }
        return [.backdated(action, at: backdating.moment)]
      }
    }
  }

  /// How a backdated action's times, refusals and changes read.
  struct Words {
    let ledger: Ledger
    let now: Instant
    let idWidth: () -> Int

    /// `18:00`, `9:05:30` (seconds when there are), `yesterday 18:00`, or with the date.
    func time(_ instant: Instant) -> String {
      let (date, second) = CivilTime.split(ledger.wallTime(instant).local)
      let today = CivilTime.split(ledger.wallTime(now).local).date
      let text = time(second: second)
      if date == today { return text }
      return (date == today.adding(days: -1) ? "yesterday" : "\(date)") + " " + text
    }

    /// A second of the day: `9:05`, `9:05:30`.
    func time(second: Int64) -> String { ClockTime.text(second, paddedHour: false, withSeconds: true) }

    /// The refusal in words; a time of day to come today points to yesterday's.
    func refusal(_ refusal: BackdateRefusal, moment: Moment) -> String {
      let message = refusal.message(time: time) { String(LogCommand.line($0, idWidth: idWidth()).dropLast()) }
      guard case .future = refusal, case .clock(let second, nil) = moment else { return message }
      return message + "; yesterday's is --at 'yesterday \(time(second: second))'"
    }

    /// `work stopped at 18:00 (api, 9:02-18:00, 8:58)`: what was done, when, the records
    /// it closed and what it started.
    func change(_ action: Action, before: TimerState, after: TimerState, effects: [Effect]) -> String {
      let running = before.ledger.work != nil
      var what: String
      switch action {
      case .workStart: what = running ? "work start moved to" : "work started at"
      case .workStop: what = "work stopped at"
      case .workToggle: what = running ? "work stopped at" : "work started at"
      case .project, .tags, .projectNext, .projectPrevious:
        let tags = after.ledger.tags.isEmpty ? "" : " " + TagName.words(after.ledger.tags)
        what = "project " + Shown.plain(after.ledger.project ?? "none") + tags + " from"
      case .start: what = "focus started at"
      case .stop: what = "stopped at"
      case .pause, .resume, .toggle, .skip, .reset, .extend, .shorten, .startBreak, .none, .pickTask, .interrupt,
        .void, .away, .back, .snooze, .awayWas, .task:
        what = action.ctlWords.joined(separator: " ") + " at"
      }
      var parts: [String] = []
      var at: Instant? = nil
      for case .record(let record, let start, let end) in effects {
        let name = record.kind == .work ? Shown.plain(record.project ?? "no project") : record.kind.rawValue
        // To the nearest minute, as `report` writes it: two copies' clock readings place
        // the ends of one interval parts of a second apart.
        parts.append("\(name), \(time(start))-\(time(end)), \(WorkView.clock(record.seconds + 30))")
        at = at ?? end
      }
      if let work = after.ledger.work, before.ledger.work?.since != work.since {
        parts.append(work.project.map { "work on " + Shown.plain($0) } ?? "work without a project")
        at = work.since
      }
      if case .running(let timed, let deadline, _) = after.phase, let start = after.ledger.phaseStart,
        before.ledger.phaseStart != start
      {
        let left = DurationFormat.clock(seconds: (deadline - now).ceilSeconds)
        // A Flowtime focus has no end: what it has run so far.
        let soFar = DurationFormat.clock(seconds: max(.zero, now - start).floorSeconds)
        parts.append(
          timed.countsUp
            ? "\(timed.kind.rawValue), counting up, \(soFar) so far" : "\(timed.kind.rawValue), \(left) left"
        )
        at = at ?? start
      }
      // Away since the moment given, or since what it stopped began: it stops no clock
      // when none runs, and its moment is still the one to say.
      if action == .away, let since = after.ledger.awaySince { at = since }
      let when = at.map(time) ?? "now"
      return "\(what) \(when)" + (parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")")
    }
  }
}
