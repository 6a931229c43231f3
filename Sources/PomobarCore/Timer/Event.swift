/// Something that happened, handed to `TimerMachine.handle(_:at:)`.
public enum Event: Equatable, Sendable {
  /// The user asked for something.
  case action(Action)
  /// The user says an action happened at an earlier moment (`ctl --at`, `--ago`); check it
  /// first with `TimerMachine.backdating(_:to:ledger:)`.
  case backdated(Action, at: Instant)
  /// Time passed: any deadline at or before `now` is due.
  case deadlineReached
  /// The machine was asleep (suspend, or powered off across a reboot) for `gap`, ending at `now`.
  case resumedFromSuspend(gap: Duration)
  /// A bar found a budget's threshold reached (`BudgetAlert.due`): told of once.
  case budgetReached(BudgetAlert)
}

/// Named moments that hook commands (`[hooks]`) and sounds (`[sound]`) attach to.
///
/// A transition may owe several, in order: an action's own event first (`skip`, `stop`,
/// `reset`, `void`, ...), then the end of the phase it ends, then the start of the next.
/// `break-start` and `break-end` fire for every break; a long break fires
/// `long-break-start` / `long-break-end` too, right after them. `focus-end` fires however
/// a focus ends; `focus-done` only when it ran out (or a Flowtime focus was ended into its
/// break), right after `focus-end`.
public enum HookEvent: String, Sendable, CaseIterable, Hashable {
  case focusStart = "focus-start"
  case focusEnd = "focus-end"
  case focusDone = "focus-done"
  case breakStart = "break-start"
  case breakEnd = "break-end"
  case longBreakStart = "long-break-start"
  case longBreakEnd = "long-break-end"
  case pause
  case resume
  case skip
  case stop
  case reset
  case extend
  case shorten
  case workStart = "work-start"
  case workStop = "work-stop"
  case project
  case interrupt
  case void
  case away
  case back
  /// Work went on for `[breaks] remind-after` without a break (once per stretch or snooze).
  case overdue
  /// Not an event of its own: its commands run after those of every event.
  case any
}

/// Why a phase ended; passed to hooks as `POMOBAR_REASON`.
public enum EndReason: String, Sendable, Hashable {
  /// It ran to its end.
  case completed
  case skipped
  case stopped
  case reset
  /// Suspend abandoned it (`void` policy) or a long gap reset the cycle.
  case suspended
  /// The user abandoned it (`pomobar ctl void`).
  case voided
}

/// Something to be done, returned by `TimerMachine.handle(_:at:)` for the shell to carry out.
///
/// Rendering and scheduling the next wake-up are not effects: every copy derives them
/// from the state, whether it made the change or saw another copy make it.
public enum Effect: Equatable, Sendable {
  /// The state changed: write it (atomically, under the lock).
  case persist
  /// Run the hook commands (and play the sound) configured for `event`.
  ///
  /// The context is stamped at that moment: a transition may end one phase and start the
  /// next, and a catch-up may replay several, each with its own slot and count.
  case runHook(HookEvent, HookContext)
  /// A phase ran out on its own: alert the user (desktop notification; the urgent flag is in the state).
  case notify(ended: PhaseKind, next: TimerPhase)
  /// An interval ended: append `record` to the history, in the same commit as the state.
  /// `start` and `end` are its ends on the timer's timeline, to the nanosecond (the
  /// record's wall-clock times are whole seconds): what the machine reasons with.
  case record(LedgerRecord, start: Instant, end: Instant)
  /// Work went on this long without a break (`[breaks] remind-after`): remind the user.
  case remindBreak(worked: Duration)
  /// The person came back from away time worth asking about: ask what it was
  /// (notification with the answers as buttons).
  case askAway(AwayChoice)
  /// Notify that a budget's threshold was reached.
  case budgetReached(BudgetAlert)
  /// A nudge came due (`[nudges]`): notify, with its buttons.
  case nudge(Nudge)
  /// The task of a running or paused focus changed (`ctl task`): written back to its
  /// source (`[tasks] write-back`) as at a focus's start, the task it had let go
  /// (`release`) and the new one started (`start`); the context's task is the one written.
  case writeBack(TaskWriteBack.Step, HookContext)
}
