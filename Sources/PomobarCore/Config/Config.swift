/// The whole configuration, with the documented defaults.
///
/// Built from `config.toml` by `ConfigLoader`; every key is documented once, with its
/// default, in `config.example.toml`.
///
/// A value held by reference and copied on write (`Values` in a `Box`): a config is 1.8 kB
/// of settings, and every layer keeps or passes one (the session, the config source, the
/// loop, each transaction). Held inline, each copy retained its 60 references one by one
/// and each stack frame that held one grew by its size: a bar's start faulted on 30 pages
/// of stack, 8 of them the config reader's 36 kB frame. Now a copy is one retain, and the
/// defaults are made once and shared until a key changes.
public struct Config: Equatable, Sendable {
  /// The settings themselves, with their defaults.
  @usableFromInline
  struct Values: Equatable, Sendable {
    @usableFromInline var timer = TimerSettings()
    @usableFromInline var display = DisplaySettings()
    @usableFromInline var format = FormatSettings()
    @usableFromInline var clicks = ClickMap()
    @usableFromInline var hooks: [HookEvent: [String]] = [:]
    @usableFromInline var hookTimeout: Duration = .seconds(10)
    @usableFromInline var notifications = NotificationSettings()
    @usableFromInline var sound = SoundSettings()
    @usableFromInline var focusMode = FocusModeSettings()
    @usableFromInline var ledger = LedgerSettings()
    @usableFromInline var projects: [String: ProjectSettings] = [:]
    @usableFromInline var billing = BillingSettings()
    @usableFromInline var clients: [String: ClientSettings] = [:]
    @usableFromInline var tasks = TaskSettings()
    @usableFromInline var wrap = WrapSettings()
    @usableFromInline var idle = IdleSettings()
  }

  /// Shared by every copy until one changes a setting (`values`' write makes its own).
  @usableFromInline
  final class Box: @unchecked Sendable {
    // Written only through `Config.values` (the setter is this file's), when this copy
    // holds the only reference: no access can overlap a write, so reads skip the runtime's
    // exclusivity check (one a setting read, on the tick's path too).
    @usableFromInline @exclusivity(unchecked) fileprivate(set) var values: Values
    init(_ values: Values) { self.values = values }
  }

  @usableFromInline fileprivate(set) var box: Box

  /// The defaults, made once and shared: every start makes a config at least twice (the
  /// file's and the fallback), and each made its templates, tables and settings anew.
  private static let defaults = Box(Values())

  public init() { box = Self.defaults }

  private var values: Values {
    get { box.values }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
      yield &box.values
    }
  }

  public static func == (lhs: Config, rhs: Config) -> Bool {
    lhs.box === rhs.box || lhs.box.values == rhs.box.values
  }

  public var timer: TimerSettings {
    @inlinable get { box.values.timer }
    set { values.timer = newValue }
  }
  public var display: DisplaySettings {
    @inlinable get { box.values.display }
    set { values.display = newValue }
  }
  /// `[format]`: the texts, parsed once.
  public var format: FormatSettings {
    @inlinable get { box.values.format }
    set {
      values.format = newValue
      values.ledger.textsNeedRecentWork = needs.contains(.recentWork)
    }
  }
  public var clicks: ClickMap {
    @inlinable get { box.values.clicks }
    set { values.clicks = newValue }
  }
  /// Shell commands per hook event, run with `sh -c` and POMOBAR_* variables.
  public var hooks: [HookEvent: [String]] {
    @inlinable get { box.values.hooks }
    set { values.hooks = newValue }
  }
  /// How long a hook (or a do-not-disturb switch) may run before it is killed with its
  /// whole process group.
  public var hookTimeout: Duration {
    @inlinable get { box.values.hookTimeout }
    set { values.hookTimeout = newValue }
  }
  public var notifications: NotificationSettings {
    @inlinable get { box.values.notifications }
    set { values.notifications = newValue }
  }
  public var sound: SoundSettings {
    @inlinable get { box.values.sound }
    set { values.sound = newValue }
  }
  public var focusMode: FocusModeSettings {
    @inlinable get { box.values.focusMode }
    set { values.focusMode = newValue }
  }
  public var ledger: LedgerSettings {
    @inlinable get { box.values.ledger }
    set {
      values.ledger = newValue
      values.ledger.textsNeedRecentWork = needs.contains(.recentWork)
    }
  }
  /// `[projects.NAME]` tables, by project name; their phase lengths are the timer's too.
  public var projects: [String: ProjectSettings] {
    @inlinable get { box.values.projects }
    set {
      values.projects = newValue
      values.timer.projectLengths = newValue.compactMapValues { $0.lengths.isEmpty ? nil : $0.lengths }
    }
  }
  /// `[billing]`: rounding and tag rates.
  public var billing: BillingSettings {
    @inlinable get { box.values.billing }
    set { values.billing = newValue }
  }
  /// `[clients.NAME]` tables, by client name.
  public var clients: [String: ClientSettings] {
    @inlinable get { box.values.clients }
    set { values.clients = newValue }
  }
  /// `[tasks]`: where a focus's task is picked from, and whether it is written back.
  public var tasks: TaskSettings {
    @inlinable get { box.values.tasks }
    set { values.tasks = newValue }
  }
  /// `[wrap]`: another status command whose blocks pomobar's are merged into.
  public var wrap: WrapSettings {
    @inlinable get { box.values.wrap }
    set { values.wrap = newValue }
  }
  /// `[idle]`: away time noticed by the bar itself; with it, `[nudges]` can tell you are there.
  public var idle: IdleSettings {
    @inlinable get { box.values.idle }
    set {
      values.idle = newValue
      values.timer.nudges.inputWatched = newValue.after != nil
    }
  }
}

/// How the timer looks.
public struct DisplaySettings: Equatable, Sendable {
  /// Ring glyphs from empty to full; at least two.
  public var ring: [String] = RingGlyphs.braille
  /// The colours in use: the theme's palette for its mode, with the config's overrides.
  /// Worked out once when the config is read (`resolveColors`), not on every frame.
  public var colors = Palette()
  /// `[theme]`: which palette, for which bar, with which colours changed.
  public var theme = ThemeSettings()
  /// The block's `name` and `instance` in the i3bar protocol; clicks for others are ignored.
  public var name = "pomobar"
  public var instance = "pomodoro"
  /// How long the urgent flag stays after a phase ran out; nil: until the next action.
  public var urgentFor: Duration? = nil
  /// Show nothing while the timer is idle (an empty block; waybar hides the module).
  public var hideWhenIdle = false
  /// How often the text changes: every second, or every minute (time in minutes).
  public var update = DisplayUpdate.second
  /// Cells of the `{bar}` placeholder; each has eight steps.
  public var barWidth = 10

  public init() {}

  /// Sets `colors` from the theme: its palette for the mode, the stated background, then
  /// `[colors]` and `[theme]` overrides (`[theme]` wins).
  public mutating func resolveColors() {
    var palette = (Theme.named(theme.name) ?? Theme.builtIn[0]).palette(theme.mode)
    if let background = theme.background { palette.background = background }
    for role in ThemeRole.allCases {
      if let color = theme.legacy[role] { palette[role] = color }
    }
    for role in ThemeRole.allCases {
      if let color = theme.overrides[role] { palette[role] = color }
    }
    colors = palette
  }
}

/// `[display] update`: how often the bar's text changes while a phase runs.
public enum DisplayUpdate: String, CaseIterable, Sendable {
  /// Every second: `{time}` is `mm:ss`.
  case second
  /// Every minute, on the phase's own minute grid: `{time}` shows whole minutes, rounded up.
  case minute
}

/// `[theme]` as written, and `[colors]`, the older spelling of its colour overrides.
public struct ThemeSettings: Equatable, Sendable {
  /// A built-in theme's name.
  public var name = "tomato"
  /// The bar's background: dark or light. Not written, it follows a stated `background`.
  public var mode = ThemeMode.dark
  /// The bar's real background, `#rrggbb`, if stated: contrast is checked against it.
  public var background: String? = nil
  /// Colours set in `[theme]`.
  public var overrides: [ThemeRole: String] = [:]
  /// Colours set in `[colors]` (focus, short-break, long-break, idle, paused).
  public var legacy: [ThemeRole: String] = [:]

  public init() {}
}

/// Colours as `#rrggbb`; the defaults are the `tomato` theme's for a dark bar.
public struct Palette: Equatable, Sendable {
  /// Tomato red, from the design.
  public var focus = "#E54D2E"
  /// Sage green, from the design.
  public var shortBreak = "#46A758"
  public var longBreak = "#46A758"
  /// Muted, for paused and idle.
  public var paused = "#8B8D98"
  public var idle = "#8B8D98"
  /// A focus that ran out, waiting for you (the urgent state).
  public var done = "#E54D2E"
  /// The elapsed part of `{bar}` where the bar can colour it.
  public var track = "#6E6361"
  /// Plain text beside the bar, for previews (not drawn by the bar; not a config key).
  public var text = "#FAFAF9"
  /// The bar's background the colours are chosen for.
  public var background = "#1C1917"

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

  /// The buttons `[clicks]` maps, in order: those with a `clickKey`.
  public static let buttons = MouseButton.allCases.filter { $0.clickKey != nil }

  /// The action for `button`; nil for a button `[clicks]` has no key for.
  public func action(for button: MouseButton?) -> Action? {
    guard let button, button.clickKey != nil else { return nil }
    return self[button]
  }

  /// `[clicks]`'s action for `button` (`none` for one it has no key for, which takes none).
  public subscript(button: MouseButton) -> Action {
    get {
      switch button {
      case .left: return left
      case .middle: return middle
      case .right: return right
      case .scrollUp: return scrollUp
      case .scrollDown: return scrollDown
      case .scrollLeft, .scrollRight, .back, .forward: return .none
      }
    }
    set {
      switch button {
      case .left: left = newValue
      case .middle: middle = newValue
      case .right: right = newValue
      case .scrollUp: scrollUp = newValue
      case .scrollDown: scrollDown = newValue
      case .scrollLeft, .scrollRight, .back, .forward: break
      }
    }
  }
}

/// `[idle]`: when no input for a while means away (`ctl away` from the bar itself, at the
/// moment input stopped, and `ctl back` when it comes again).
public struct IdleSettings: Equatable, Sendable {
  /// No input for this long is away; nil (`false`): not watched.
  public var after: Duration? = nil

  public init() {}
}
