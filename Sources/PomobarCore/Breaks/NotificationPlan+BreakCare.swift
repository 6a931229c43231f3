/// The break care reminder's notification: `[breaks] title` and `body`, with **Take a
/// break** (`ctl break`) and **Snooze 15 min** (`ctl snooze 15m`, the length `[breaks]
/// snooze` says).
extension NotificationPlan {
  /// The plan for `worked` of work without a break, with the timer in `state`.
  public init(overdue worked: Duration, state: TimerState, config: Config) {
    let settings = config.timer.breaks
    let snooze = settings.snooze
    // What Take a break starts: a short break from idle, else the break the cycle is at.
    let next: PhaseKind =
      switch state.phase {
      case .idle: .shortBreak
      case .running(let timed, _, _), .paused(let timed, _, _):
        timed.kind.isBreak ? timed.kind : config.timer.breakKind(after: state.slot)
      case .focusDone: config.timer.breakKind(after: state.slot)
      }
    let values: [NotificationText.Placeholder: String] = [
      .next: Self.name(of: next), .duration: DurationFormat.human(worked),
      .completed: "\(state.completed)", .project: state.ledger.project ?? "",
    ]
    title = settings.title.render(values)
    body = settings.body.render(values)
    buttons =
      config.notifications.actions
      ? [
        Button(name: "break", label: "Take a break", action: .startBreak),
        Button(name: "snooze", label: "Snooze \(DurationFormat.human(snooze))", action: .snooze(snooze)),
      ] : []
    subject = NotificationSubject.overdue(state)
  }
}

extension NotificationSubject {
  /// The subject of break care's reminder: the stretch of work it is about. It holds
  /// while that stretch is the one reminded of: a break or a snooze makes it stale.
  public static func overdue(_ state: TimerState) -> String {
    "overdue." + (state.ledger.breaks.since.map { "\($0.nanoseconds)" } ?? "-")
  }

  /// Whether a notification about `subject` is still about `state`: what its buttons
  /// and the closing of stale notifications ask. The away question holds while the same
  /// time away waits (`NotificationSubject+Away`).
  public static func holds(_ subject: String, in state: TimerState) -> Bool {
    if subject.hasPrefix("overdue.") {
      return state.ledger.breaks.remindedAt != nil && subject == overdue(state)
    }
    if subject.hasPrefix(awayPrefix) { return subject == away(state) }
    if subject.hasPrefix(budgetPrefix) { return true }
    if subject.hasPrefix(forgotPrefix) { return !subject.hasSuffix("-") && subject == forgot(state) }
    if subject.hasPrefix(endOfDayPrefix) {
      return !subject.hasSuffix("-") && state.ledger.work != nil && subject == endOfDay(state)
    }
    return subject == of(state)
  }
}

extension BreakCare {
  /// `Working 1 h 42 min without a break`: the tooltip's line (and the notification's
  /// body by default).
  public static func workedLine(_ worked: Duration) -> String {
    "Working \(DurationFormat.human(worked)) without a break"
  }
}
