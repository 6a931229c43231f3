/// `[breaks]`: break care, a reminder after long work without a break.
public struct BreakSettings: Equatable, Sendable {
  /// Work this long without a break is overdue; nil (`false`): no reminder.
  public var remindAfter: Duration? = nil
  /// How far `ctl snooze` with no amount (and the notification's button) moves it.
  public var snooze: Duration = .seconds(15 * 60)
  /// A stop of work at least this long counts as a break: the timer and the work clock
  /// stopped, time away, a suspend, a Pomodoro break. A Pomodoro break that runs to its
  /// end counts whatever its length.
  public var minimum: Duration = .seconds(5 * 60)
  /// The reminder's texts: `{duration}` is the work without a break.
  public var title = NotificationSettings.text("Time for a break")
  public var body = NotificationSettings.text("Working {duration} without a break")

  public init() {}
}
