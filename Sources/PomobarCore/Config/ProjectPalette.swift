/// The colours of projects that have none of their own (`[projects.NAME] color`): a dozen
/// hues, one chosen by the name, so that projects can be told apart in the bar, in
/// `projects` and in `report --chart`, and a name keeps its colour from one run (and one
/// machine) to the next.
///
/// Each hue comes in two lightnesses, made for a dark and for a light bar: every one keeps
/// a contrast of at least 5.5:1 against every built-in theme's background of its mode (and
/// against black or white), above the 4.5:1 of WCAG AA that the themes' text keeps. Against a stated
/// background, the name's hue is taken if it keeps 4.5:1 there, else the next that does.
public enum ProjectPalette {
  /// Blue, orange, green, purple, red, teal, ochre, pink, lime, indigo, vermilion, cyan.
  static let forDark = [
    "#84B0ED", "#E99C64", "#1DC856", "#D297F0", "#F0949B", "#1CC1C1", "#D5A81E", "#EF8ECE", "#62C41C",
    "#B1A4F2", "#EE9785", "#3FBBE4",
  ]
  static let forLight = [
    "#1751A1", "#824113", "#0E6029", "#801AB3", "#A31723", "#0D5C5C", "#65500E", "#9A166E", "#2F5E0D",
    "#492AE1", "#982C16", "#105A72",
  ]

  /// The colour of project `name` (nil: the clock with no project) on a bar of
  /// `background`.
  public static func color(for name: String?, background: String) -> String {
    let colors = Colors.isDark(background) ? forDark : forLight
    // FNV-1a: the same on every machine and run (Swift's own hashing is seeded per process).
    let first = Int(StableHash.fnv1a(name ?? "") % UInt64(colors.count))
    for step in 0..<colors.count {
      let candidate = colors[(first + step) % colors.count]
      if let ratio = Colors.contrast(candidate, background), ratio >= Colors.textContrast { return candidate }
    }
    return colors[first]
  }
}

extension Config {
  /// The colour of project `name` (nil: no project): its own when configured, else its
  /// colour from the palette for the bar's background.
  public func color(ofProject name: String?) -> String {
    name.flatMap { projects[$0]?.color } ?? ProjectPalette.color(for: name, background: display.colors.background)
  }
}
