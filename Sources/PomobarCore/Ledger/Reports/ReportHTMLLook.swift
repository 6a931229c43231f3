/// The colours of the HTML report (`pomobar report --html`) in its light and dark scheme,
/// chosen by the reader's `prefers-color-scheme`; print uses the light one.
///
/// The scheme the configured theme was made for takes the theme's own background, text
/// and focus colour; the other takes the seed design's background for its mode. Projects
/// keep their `[projects.NAME] color` in both; the others get a hue of the palette, the
/// same in both schemes, told apart from every other colour on the page (`PageColors`).
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
    let modes = [ThemeMode.light, .dark]
    let backgrounds = modes.map { themeIsDark == ($0 == .dark) ? palette.background : $0.seedBackground }
    let colors = PageColors.choose(report.projects.map(\.name), backgrounds: backgrounds) {
      projects[$0]?.color
    }
    func scheme(_ index: Int) -> Scheme {
      let mode = modes[index]
      let own = themeIsDark == (mode == .dark)
      return Scheme(
        background: backgrounds[index], text: own ? palette.text : (mode == .dark ? "#FAFAF9" : "#1C1917"),
        muted: mode == .dark ? "#A8A29E" : "#57534E", focus: palette.focus, projects: colors[index])
    }
    self.init(light: scheme(0), dark: scheme(1))
  }
}

/// The colours of the projects on one page (the HTML report, its SVG chart), told apart
/// at a glance.
///
/// A project with `[projects.NAME] color` keeps it, and the time without a project is
/// grey. Each other project takes a hue of `ProjectPalette`, the same in every scheme (in
/// that scheme's lightness), such that any two projects' colours on the page differ by a
/// CIEDE2000 ΔE₀₀ of at least `minimumDifference` in every scheme: its own hue (the one the bar and
/// `projects` show) when that keeps the distance, else the next hue along the palette
/// that does, the projects with the most time choosing first. The palette has six hues
/// that far apart in both lightnesses, so this holds for up to six projects without a
/// colour of their own (more when their hues allow); when it cannot hold (more projects,
/// or configured colours that leave no room), each in turn takes the hue farthest from
/// the colours already on the page, and once every hue is taken they repeat.
public enum PageColors {
  /// The smallest ΔE₀₀ between two colours on a page, where the palette allows it. Two
  /// colours this far apart read as two colours at a glance, even as thin bars side by
  /// side; the palette's near neighbours (its green and lime, purple and indigo: 7 to 10)
  /// do not.
  public static let minimumDifference = 20.0
  /// Assignments tried before giving up on the minimum: the search ends long before
  /// this for any page that can have it.
  static let searchLimit = 20_000

  /// For each of `backgrounds`, one colour per name (nil: no project).
  public static func choose(
    _ names: [String?], backgrounds: [String], own: (String) -> String?
  ) -> [[String]] {
    let palettes = backgrounds.map { Colors.isDark($0) ? ProjectPalette.forDark : ProjectPalette.forLight }
    let hues = ProjectPalette.forDark.indices
    let readable = hues.filter { hue in
      zip(palettes, backgrounds).allSatisfy { (Colors.contrast($0[hue], $1) ?? 0) >= Colors.textContrast }
    }
    let candidates = readable.isEmpty ? Array(hues) : readable
    /// How far apart two colours are in the scheme where they are nearest.
    func distance(_ colors: (Int) -> String, _ other: (Int) -> String) -> Double {
      palettes.indices.map { Colors.difference(colors($0), other($0)) ?? 0 }.min() ?? 0
    }
    var between = [[Double]](repeating: [Double](repeating: 0, count: hues.count), count: hues.count)
    for a in candidates {
      for b in candidates where a < b {
        between[a][b] = distance({ palettes[$0][a] }, { palettes[$0][b] })
        between[b][a] = between[a][b]
      }
    }
    // (Time without a project, grey, is not among them: every palette colour is far
    // enough from it, at least 19.)
    let fixed = names.compactMap { name in name.flatMap(own) }
    let room = hues.map { hue in
      candidates.contains(hue)
        ? fixed.map { color in distance({ palettes[$0][hue] }, { _ in color }) }.min() ?? .infinity : 0
    }
    // The projects to colour, each with the candidates from its own hue on.
    let open = names.indices.filter { names[$0].map { own($0) == nil } ?? false }
    let orders = open.map { index in
      let first = Int(StableHash.fnv1a(names[index] ?? "") % UInt64(hues.count))
      let start = candidates.firstIndex { $0 >= first } ?? 0
      return Array(candidates[start...] + candidates[..<start])
    }
    let minimum = minimumDifference
    var chosen: [Int] = []
    var budget = searchLimit
    /// Hues for the projects from `next` on, each at least the minimum from all others.
    func search(_ next: Int) -> Bool {
      guard next < open.count else { return true }
      for hue in orders[next]
      where room[hue] >= minimum && !chosen.contains(hue)
        && chosen.allSatisfy({ between[$0][hue] >= minimum })
      {
        budget -= 1
        guard budget > 0 else { return false }
        chosen.append(hue)
        if search(next + 1) { return true }
        chosen.removeLast()
      }
      return false
    }
    if open.count > candidates.count || !search(0) {
      chosen = []
      for order in orders {
        let free = order.filter { !chosen.contains($0) }
        // The farthest from the colours already given, up to the minimum: the first hue
        // from its own that reaches it.
        func reach(_ hue: Int) -> Double {
          min(minimum, room[hue], chosen.map { $0 == hue ? 0 : between[$0][hue] }.min() ?? .infinity)
        }
        var best = (free.isEmpty ? order : free)[0]
        for hue in free.isEmpty ? order : free where reach(hue) > reach(best) { best = hue }
        chosen.append(best)
      }
    }
    let hueOf = Dictionary(uniqueKeysWithValues: zip(open, chosen))
    return palettes.map { palette in
      names.indices.map { index in
        guard let name = names[index] else { return ReportChartEncoder.noProjectColor }
        return own(name) ?? palette[hueOf[index] ?? 0]
      }
    }
  }
}
