/// Something that happened, handed to `TimerMachine.handle(_:at:)`.
public enum Event: Equatable, Sendable {
  /// The user asked for something.
  case action(Action)
  /// Time passed: any deadline at or before `now` is due.
  case deadlineReached
  /// The machine was asleep (suspend, or powered off across a reboot) for `gap`, ending at `now`.
  case resumedFromSuspend(gap: Duration)
}

/// Named moments that hook commands attach to (`[hooks]` in the config).
public enum HookEvent: String, Sendable, CaseIterable, Hashable {
  case focusStart = "focus-start"
  case focusEnd = "focus-end"
  case breakStart = "break-start"
  case breakEnd = "break-end"
  case pause
  case resume
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
  /// Run the hook commands configured for `event` about `phase`.
  ///
  /// `slot` and `completed` are the cycle position and the count of completed focus
  /// sessions at that moment (`POMOBAR_SLOT`, `POMOBAR_COMPLETED`): a transition may end
  /// one phase and start the next, and a catch-up may replay several, each with its own.
  case runHook(HookEvent, phase: PhaseKind, reason: EndReason?, slot: Int, completed: Int)
  /// A phase ran out on its own: alert the user (desktop notification; the urgent flag is in the state).
  case notify(ended: PhaseKind, next: TimerPhase)
  /// An interval ended: append it to the history, in the same commit as the state.
  case record(LedgerEntry)
}
