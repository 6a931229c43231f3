/// The colours of the HTML report (`pomobar report --html`) in its light and dark scheme,
/// chosen by the reader's `prefers-color-scheme`; print uses the light one.
///
/// The scheme the configured theme was made for takes the theme's own background, text
/// and focus colour; the other takes the seed design's background for its mode. Projects
/// keep their `[projects.NAME] color` in both; the others get the palette's colour for
/// each scheme's background, as a bar of that background would show them, or when an
/// earlier project of the report has that colour, the palette's next free one (a stacked
/// bar of two projects in one colour reads as one).
public struct ReportHTMLLook: Equatable, Sendable {
  public struct Scheme: Equatable, Sendable {
    public var background: String
    public var text: String
    /// Secondary text, axes and grid lines.
    public var muted: String
    /// Focus sessions (the theme's focus colour).
    public var focus: String
    /// One colour per `Report.projects` entry, in order.
    public var projects: [String]

    public init(background: String, text: String, muted: String, focus: String, projects: [String]) {
      self.background = background
      self.text = text
      self.muted = muted
      self.focus = focus
      self.projects = projects
    }
  }

  public var light: Scheme
  public var dark: Scheme

  public init(light: Scheme, dark: Scheme) {
    self.light = light
    self.dark = dark
  }

  /// The look of `report` with the theme's `palette` and the projects' own colours.
  public init(_ report: Report, palette: Palette, projects: [String: ProjectSettings]) {
    let themeIsDark = Colors.isDark(palette.background)
    func scheme(_ mode: ThemeMode) -> Scheme {
      let own = themeIsDark == (mode == .dark)
      let background = own ? palette.background : mode.seedBackground
      let colors = Self.distinctColors(report.projects.map(\.name), background: background) {
        projects[$0]?.color
      }
      return Scheme(
        background: background, text: own ? palette.text : (mode == .dark ? "#FAFAF9" : "#1C1917"),
        muted: mode == .dark ? "#A8A29E" : "#57534E", focus: palette.focus, projects: colors)
    }
    self.init(light: scheme(.light), dark: scheme(.dark))
  }

  /// One colour per name (nil: no project, grey): its own, else the palette's for
  /// `background`, moved on along the palette past colours already given.
  static func distinctColors(
    _ names: [String?], background: String, own: (String) -> String?
  ) -> [String] {
    let palette = Colors.isDark(background) ? ProjectPalette.forDark : ProjectPalette.forLight
    var used = Set<String>()
    return names.map { name in
      guard let name else { return ReportChartEncoder.noProjectColor }
      if let color = own(name) {
        used.insert(color.uppercased())
        return color
      }
      let first = ProjectPalette.color(for: name, background: background)
      let start = palette.firstIndex(of: first) ?? 0
      let color =
        (0..<palette.count).lazy.map { palette[(start + $0) % palette.count] }.first { !used.contains($0) }
        ?? first
      used.insert(color)
      return color
    }
  }
}
