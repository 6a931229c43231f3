import PomobarCore
import PomobarSystem

/// The hidden `pomobar __notify JOB`: shows a notification (see `Notifier`) and, when one
/// of its buttons is pressed, does what `pomobar ctl` with that button's words does,
/// through the same transaction, but only while the timer is still where the notification
/// found it. A stale press does nothing and is one line in `hooks.log`.
public enum NotifyCommand {
  public static func run(_ argument: String) -> Int32 {
    guard let job = NotificationJob(json: argument) else { return 2 }
    guard let pressed = Notifier.show(job) else { return ExitCode.success }
    let log = { (line: String) in Notifier.log(job.log, "notification: \(pressed.name): \(line)") }
    guard case .ctl(let action, _, let moment)? = try? Arguments.parse(["ctl"] + pressed.ctl) else {
      log("cannot read 'pomobar ctl \(pressed.ctl.joined(separator: " "))'")
      return ExitCode.failure
    }
    let context = Context.make(Options(format: nil, configPath: job.configPath))
    if let note = context.loaded.fallbackNote {
      log("the config has mistakes (pomobar check-config): \(note)")
    }
    let current = { (state: TimerState) in NotificationSubject.holds(job.subject, in: state) }
    do {
      let outcome: StateStore.Outcome
      if case .awayWas(let answer, let project) = action {
        // As `ctl away-was` answers: what it adds may not overlap the history.
        let answering = CtlCommand.answering(answer, as: project, context)
        outcome = try context.transact([]) {
          $0.only = current
          $0.decide = { state, now in current(state) ? try answering(state, now) : [] }
        }
      } else if let moment {
        // `--at TIME` (end of day's Stop at last input), checked as `ctl --at` checks it.
        let backdated = CtlCommand.backdated(action, at: moment, context)
        outcome = try context.transact([]) {
          $0.only = current
          $0.decide = { state, now in current(state) ? try backdated(state, now) : [] }
        }
      } else {
        outcome = try context.transact([.action(action)]) { $0.only = current }
      }
      log(
        outcome.applied
          ? "did 'pomobar ctl \(pressed.ctl.joined(separator: " "))'"
          : "not done: the timer has moved on since the notification (stale button)")
      return ExitCode.success
    } catch let refused as CtlCommand.Refused {
      log("not done: \(refused.refusal)")
      return ExitCode.failure
    } catch let overlap as CtlCommand.AwayOverlap {
      log("not done: it would overlap the record \(overlap.record.shortID.prefix(7)); the choice still waits")
      return ExitCode.failure
    } catch {
      log("cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }
}
