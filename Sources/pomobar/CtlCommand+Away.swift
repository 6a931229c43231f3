import PomobarCore
import PomobarSystem

/// `pomobar ctl away-was work|discard|break`: the answer to the time away that waits, and
/// what it made of it: `away 9:02-9:25 (23 min, api): kept as work`.
///
/// Under the lock, on the timer as caught up (`[idle] unanswered` may have answered it
/// already): what the answer adds may not overlap a record of the history from the same
/// time (a `track` of it meanwhile), one timeline, as `ctl --at` checks; refused, the
/// choice still waits.
extension CtlCommand {
  struct AwayOverlap: Error {
    var record: LedgerRecord
  }

  static func run(answering answer: AwayAnswer, as project: AwayProject?, _ options: Options) -> Int32 {
    let context = Context.make(options)
    context.warnConfig()
    var answered: AwayChoice? = nil
    do {
      let outcome = try context.transact([]) {
        $0.decide = answering(answer, as: project, context) { answered = $0 }
      }
      if outcome.acted, let choice = answered {
        let words = Words(
          ledger: Ledger(
            zone: LocalZone.offset(atUTC:), now: outcome.now, dayStart: context.config.ledger.dayStart),
          now: outcome.now.instant, idWidth: { 7 })
        Console.out(said(answer, as: project, choice, time: words.time) + "\n")
      } else if let why = Action.awayWas(answer, project: project).unchanged(in: outcome.state) {
        Console.error(why)
      }
      show(outcome.state, at: outcome.now, context, options)
      return ExitCode.success
    } catch let overlap as AwayOverlap {
      let record = String(
        LogCommand.line(overlap.record, idWidth: LogCommand.shortIDWidth(context.history)).dropLast())
      Console.error(
        "ctl away-was \(answer.rawValue): it would overlap the record \(record); the choice still waits")
      return ExitCode.failure
    } catch {
      Console.error("cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }

  /// What decides the answer under the lock: nothing when no choice waits, a refusal when
  /// what `answer` adds overlaps the history; `seen` is told the choice answered. The
  /// notification's buttons answer through it too.
  static func answering(
    _ answer: AwayAnswer, as project: AwayProject? = nil, _ context: Context,
    seen: @escaping (AwayChoice) -> Void = { _ in }
  ) -> (TimerState, ClockReading) throws -> [Event] {
    let history = context.history
    history.pending = context.store.peek()?.owed ?? []
    let config = context.config
    return { state, now in
      guard let choice = state.ledger.awayChoice else { return [] }
      let claims: [LedgerRecord.Kind]
      switch answer {
      case .work: claims = [.work]
      case .break: claims = choice.phaseCovered ? [] : [.focus, .shortBreak, .longBreak]
      case .discard: claims = []
      }
      if !claims.isEmpty {
        let ledger = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: config.ledger.dayStart)
        let span = ledger.wallTime(choice.from).utc..<ledger.wallTime(choice.to).utc
        let found = history.records(overlapping: span).filter {
          claims.contains($0.kind) && Timeline.overlap($0.span, span)
        }
        if let first = found.min(by: { $0.start.utc < $1.start.utc }) { throw AwayOverlap(record: first) }
      }
      seen(choice)
      return [.action(.awayWas(answer, project: project))]
    }
  }

  /// `away 9:02-9:25 (23 min, api): kept as work`.
  static func said(
    _ answer: AwayAnswer, as other: AwayProject?, _ choice: AwayChoice, time: (Instant) -> String
  ) -> String {
    let project = choice.project.map { ", " + Shown.plain($0) } ?? ""
    let tags = other.map { $0.tags.isEmpty ? "" : " " + TagName.words($0.tags) } ?? ""
    let named = other.map { " for " + Shown.plain($0.name) + tags } ?? ""
    let covered = answer == .break && choice.phaseCovered ? " (the timer's phase over it holds it)" : ""
    return "away \(time(choice.from))-\(time(choice.to)) (\(DurationFormat.human(choice.length))\(project)): "
      + answer.words + named + covered
  }
}
