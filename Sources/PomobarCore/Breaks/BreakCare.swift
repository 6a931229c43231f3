/// Break care's part of the shared state: the stretch of work since the last break, and
/// its reminder (`[breaks] remind-after`).
///
/// Work is a running focus or the work clock running outside a Pomodoro break, while not
/// away; a break is a stop of work of at least `[breaks] min-break`, or a Pomodoro break
/// that ran to its end. Everything is nil while break care is off.
public struct BreakCare: Equatable, Sendable {
  /// When the stretch of work began; nil: none since the last break.
  public var since: Instant?
  /// When work stopped, while it is stopped within a stretch (a rest that may yet turn
  /// out long enough to be a break); nil while working.
  public var restSince: Instant?
  /// `ctl snooze`: no reminder before this.
  public var snoozedUntil: Instant?
  /// When the reminder of this stretch fired (the moment it was due); nil: not yet, or
  /// snoozed since.
  public var remindedAt: Instant?
  /// When the reminder is due, while working and not yet reminded: the moment the bar
  /// must wake. Kept in the state (not derived from the config) so that every reader of
  /// the state file, with or without the config, knows it.
  public var due: Instant?
  /// Where the stretch that the last break ended had begun: what goes on if that break
  /// turns out to have been work (`TimerMachine.breakUndone(at:)`).
  public var brokenStretch: Instant?

  public init(
    since: Instant? = nil, restSince: Instant? = nil, snoozedUntil: Instant? = nil,
    remindedAt: Instant? = nil, due: Instant? = nil, brokenStretch: Instant? = nil
  ) {
    self.since = since
    self.restSince = restSince
    self.snoozedUntil = snoozedUntil
    self.remindedAt = remindedAt
    self.due = due
    self.brokenStretch = brokenStretch
  }

  /// A fresh stretch after a break (from `since`, or none yet), remembering where the
  /// stretch the break ended had begun.
  func afterBreak(since: Instant?) -> BreakCare {
    BreakCare(since: since, brokenStretch: self.since ?? brokenStretch)
  }

  /// When the reminder of this stretch is due under `settings`: `remind-after` into it, or
  /// the end of a snooze; nil when there is no stretch, it was reminded, or while resting.
  func reminderDue(_ settings: BreakSettings) -> Instant? {
    guard let after = settings.remindAfter, let since, remindedAt == nil, restSince == nil else { return nil }
    return max(since + after, snoozedUntil ?? since)
  }

  /// Whether the bar shows the stretch as overdue: reminded, and working still.
  public var isOverdue: Bool { remindedAt != nil && since != nil && restSince == nil }

  /// The same care with every instant moved by `shift` nanoseconds (a reboot's new timeline).
  public func moved(by shift: Int64) -> BreakCare {
    let move = { (instant: Instant?) in instant.map { Instant(nanoseconds: $0.nanoseconds &+ shift) } }
    return BreakCare(
      since: move(since), restSince: move(restSince), snoozedUntil: move(snoozedUntil),
      remindedAt: move(remindedAt), due: move(due), brokenStretch: move(brokenStretch))
  }
}
