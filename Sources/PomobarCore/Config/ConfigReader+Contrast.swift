import TOML

extension Reader {
  /// A warning for each colour in use that is hard to read on the bar's background: below
  /// 4.5:1 for the phases' text, 3:1 for the track (WCAG AA). Not an error: the colours are
  /// still used as written.
  ///
  /// Each points at the colour's own key when the file set it, else at the `background`
  /// (or `name`) that made the pair. `text` is not checked: the bar never draws it.
  func contrastWarnings() -> [ConfigError] {
    let palette = config.display.colors
    let background = palette.background
    var warnings: [ConfigError] = []
    for role in ThemeRole.allCases {
      guard let threshold = role.threshold, role != .text,
        let ratio = Colors.contrast(palette[role], background), ratio < threshold
      else { continue }
      let position = colorPositions[role] ?? themePosition ?? .start
      let what = role == .track ? "a mark" : "text"
      warnings.append(
        error(
          position,
          "'\(role.rawValue)' \(palette[role]) has a contrast of \(Colors.ratioText(ratio)) against the background "
            + "\(background); WCAG AA asks for \(Colors.ratioText(threshold)) for \(what)"))
    }
    return warnings
  }
}
