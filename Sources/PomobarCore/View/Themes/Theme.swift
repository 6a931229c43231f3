/// A bar theme: the colour of each phase, the ring's track and the text, for a dark bar
/// and for a light one.
///
/// Every built-in theme keeps each text colour (every phase, paused, idle, done) at a
/// contrast of at least 4.5:1 (WCAG AA) against its own background and against the seed
/// backgrounds `#1C1917` (dark) and `#FFF8F0` (light), and its track at least 3:1; a test
/// checks every pair, through what `pomobar status --format json` reports.
public struct Theme: Equatable, Sendable {
  public var name: String
  /// One line for `pomobar themes`: where the colours come from.
  public var summary: String
  public var dark: Palette
  public var light: Palette

  public init(name: String, summary: String, dark: Palette, light: Palette) {
    self.name = name
    self.summary = summary
    self.dark = dark
    self.light = light
  }

  /// The palette for a bar of `mode`.
  public func palette(_ mode: ThemeMode) -> Palette {
    switch mode {
    case .dark: return dark
    case .light: return light
    }
  }
}

/// Whether the bar's background is dark or light.
public enum ThemeMode: String, CaseIterable, Sendable {
  case dark
  case light

  /// The seed design's bar background for this mode: every built-in theme's text passes
  /// against it too.
  public var seedBackground: String {
    switch self {
    case .dark: return "#1C1917"
    case .light: return "#FFF8F0"
    }
  }
}

/// One colour of a palette, by the name the config gives it (`[theme] short-break`).
///
/// `text` and `background` are the theme's own: the text beside the bar (previews) and the
/// bar it was made for; the background is stated with `[theme] background`.
public enum ThemeRole: String, CaseIterable, Sendable {
  case focus
  case shortBreak = "short-break"
  case longBreak = "long-break"
  case paused
  case idle
  case done
  case track
  case text
  case background

  /// The colours `[theme]` can change: those the bar draws.
  public static let overridable: [ThemeRole] = [
    .focus, .shortBreak, .longBreak, .paused, .idle, .done, .track,
  ]

  /// The least contrast against the background this colour must keep: 4.5:1 for what is
  /// read as text, 3:1 for the track (a mark, not text); none for the background itself.
  public var threshold: Double? {
    switch self {
    case .focus, .shortBreak, .longBreak, .paused, .idle, .done, .text: return Colors.textContrast
    case .track: return Colors.markContrast
    case .background: return nil
    }
  }
}

extension Palette {
  /// The colour of `role`.
  public subscript(role: ThemeRole) -> String {
    get {
      switch role {
      case .focus: return focus
      case .shortBreak: return shortBreak
      case .longBreak: return longBreak
      case .paused: return paused
      case .idle: return idle
      case .done: return done
      case .track: return track
      case .text: return text
      case .background: return background
      }
    }
    set {
      switch role {
      case .focus: focus = newValue
      case .shortBreak: shortBreak = newValue
      case .longBreak: longBreak = newValue
      case .paused: paused = newValue
      case .idle: idle = newValue
      case .done: done = newValue
      case .track: track = newValue
      case .text: text = newValue
      case .background: background = newValue
      }
    }
  }

  /// A palette from its colours in `ThemeRole` order, for the built-in table.
  init(_ colors: [String]) {
    self.init()
    for (role, color) in zip(ThemeRole.allCases, colors) { self[role] = color }
  }
}
