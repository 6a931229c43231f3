/// The whole configuration, with the documented defaults.
///
/// Built from `config.toml` by `ConfigLoader`; every key is documented once, with its
/// default, in `config.example.toml`.
public struct Config: Equatable, Sendable {
  public var timer = TimerSettings()
  public var display = DisplaySettings()
  public var clicks = ClickMap()
  /// Shell commands per hook event, run with `sh -c` and POMOBAR_* variables.
  public var hooks: [HookEvent: [String]] = [:]
  /// How long a hook (or a do-not-disturb switch) may run before it is killed with its
  /// whole process group.
  public var hookTimeout: Duration = .seconds(10)
  public var notifications = NotificationSettings()
  public var sound = SoundSettings()
  public var focusMode = FocusModeSettings()
  public var ledger = LedgerSettings()
  /// `[projects.NAME]` tables, by project name.
  public var projects: [String: ProjectSettings] = [:]
  /// `[wrap]`: another status command whose blocks pomobar's are merged into.
  public var wrap = WrapSettings()

  public init() {}
}

/// How the timer looks.
public struct DisplaySettings: Equatable, Sendable {
  /// Ring glyphs from empty to full; at least two.
  public var ring: [String] = RingGlyphs.braille
  public var colors = Palette()
  /// The block's `name` and `instance` in the i3bar protocol; clicks for others are ignored.
  public var name = "pomobar"
  public var instance = "pomodoro"
  /// How long the urgent flag stays after a phase ran out; nil: until the next action.
  public var urgentFor: Duration? = nil

  public init() {}
}

/// Colours as `#rrggbb`.
public struct Palette: Equatable, Sendable {
  /// Tomato red, from the design.
  public var focus = "#E54D2E"
  /// Sage green, from the design.
  public var shortBreak = "#46A758"
  public var longBreak = "#46A758"
  /// Muted, for idle and paused.
  public var idle = "#8B8D98"
  public var paused = "#8B8D98"

  public init() {}
}

/// Which action each mouse button performs.
public struct ClickMap: Equatable, Sendable {
  public var left: Action = .toggle
  public var middle: Action = .stop
  public var right: Action = .skip
  public var scrollUp: Action = .extend(nil)
  public var scrollDown: Action = .shorten(nil)

  public init() {}

  /// The action for an i3bar button number (1 left, 2 middle, 3 right, 4/5 scroll); nil for others.
  public func action(forButton button: Int) -> Action? {
    switch button {
    case 1: return left
    case 2: return middle
    case 3: return right
    case 4: return scrollUp
    case 5: return scrollDown
    default: return nil
    }
  }
}
