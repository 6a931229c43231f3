/// Desktop notifications at the natural end of a phase (`[notifications]`).
public struct NotificationSettings: Equatable, Sendable {
  public enum Urgency: String, Sendable, CaseIterable {
    case low
    case normal
    case critical
  }

  public var enabled = true
  /// The program that shows them and its own arguments, as words (the config's command
  /// line split by `ShellWords`); run with pomobar's options, title and body added.
  public var command = ["notify-send"]
  public var urgency = Urgency.normal
  /// An icon file or a theme icon name; nil: pomobar's tomato where it is installed,
  /// else the theme's `alarm-clock`.
  public var icon: String? = nil
  /// How long the notification stays; nil: as long as the daemon keeps it.
  public var timeout: Duration? = nil
  /// Buttons ("Start break", "New focus", ...) that act on the timer.
  public var actions = true
  /// The texts at the end of a focus and of a break.
  public var focusDoneTitle = NotificationSettings.text("Pomodoro complete")
  public var focusDoneBody = NotificationSettings.text("Completed: {completed}. Next: {next}, {duration}.")
  public var breakDoneTitle = NotificationSettings.text("Break over")
  public var breakDoneBody = NotificationSettings.text("Next: {next}, {duration}.")

  public init() {}

  /// A built-in template, known to be valid.
  static func text(_ template: String) -> NotificationText {
    do {
      return try NotificationText(template)
    } catch {
      preconditionFailure("built-in notification text \(template): \(error.message)")
    }
  }
}

/// Do-not-disturb during focus (`[focus-mode]`).
public struct FocusModeSettings: Equatable, Sendable {
  /// Which notification daemon's do-not-disturb to switch on at focus start and back at
  /// any focus end.
  public enum DoNotDisturb: String, Sendable, CaseIterable {
    case off
    /// The first of dunst, mako and swaync whose control program answers.
    case auto
    case dunst
    case mako
    case swaync
  }

  public var dnd = DoNotDisturb.off

  public init() {}
}
