/// The built-in themes, in the order `pomobar themes` shows them.
///
/// Colours in `ThemeRole` order: focus, short break, long break, paused, idle, done, track,
/// text, background. Seed colours that fell short of WCAG AA against the theme's background
/// or the seed backgrounds were moved in lightness (HSL) just far enough to pass;
/// docs/themes-and-formats.md lists each change.
extension Theme {
  public static let builtIn: [Theme] = [
    Theme(
      name: "tomato", summary: "the seed palette: tomato focus, sage breaks (default)",
      dark: Palette([
        "#E54D2E", "#46A758", "#46A758", "#8B8D98", "#8B8D98", "#E54D2E", "#6E6361", "#FAFAF9", "#1C1917",
      ]),
      light: Palette([
        "#D3391A", "#368144", "#368144", "#70727E", "#70727E", "#D3391A", "#988F8B", "#1C1917", "#FFF8F0",
      ])),
    Theme(
      name: "classic-red",
      summary: "design system: red focus, mint to green short break, sky to ocean long break",
      dark: Palette([
        "#ED4242", "#5EEAB0", "#63B3ED", "#A0A0A8", "#8B8B94", "#FF6B6B", "#815C5C", "#FAF5F5", "#1F1515",
      ]),
      light: Palette([
        "#C53030", "#2D7F56", "#2B6CB0", "#6B6B75", "#71717B", "#E11515", "#C07C7C", "#2A1A1A", "#FFF5F5",
      ])),
    Theme(
      name: "ocean-blue", summary: "design system: ocean blue focus, teal and violet breaks",
      dark: Palette([
        "#4A90E2", "#4FD1C5", "#9F7AEA", "#A0AEC0", "#8896AB", "#7FB2F0", "#2E62C4", "#F0F5FC", "#0F1A2B",
      ]),
      light: Palette([
        "#2E5EAA", "#2C7A7B", "#6B46C1", "#5A6B80", "#637186", "#1E4080", "#648FCE", "#0F1A2B", "#F3F7FC",
      ])),
    Theme(
      name: "forest-green", summary: "design system: forest green focus, sky and lavender breaks",
      dark: Palette([
        "#48BB78", "#63B3ED", "#B794F4", "#A0AEA5", "#8A988F", "#9AE6B4", "#2F7348", "#F2F8F4", "#111C15",
      ]),
      light: Palette([
        "#2D5F3F", "#2B6CB0", "#6B46C1", "#5E6B63", "#68746D", "#1F4B2F", "#619C74", "#111C15", "#F4F9F5",
      ])),
    Theme(
      name: "midnight-dark", summary: "design system: midnight blue-grey, sky focus, green and violet breaks",
      dark: Palette([
        "#5DADE2", "#58D68D", "#AF7AC5", "#A6ACAF", "#909698", "#F5B041", "#4F7090", "#ECF0F1", "#1A252F",
      ]),
      light: Palette([
        "#2C3E50", "#1D8047", "#76448A", "#5F6A6A", "#687273", "#9D650C", "#859191", "#1A252F", "#F4F6F7",
      ])),
    Theme(
      name: "sunset-orange", summary: "design system: sunset orange focus, teal and sky breaks",
      dark: Palette([
        "#E67E22", "#48C9B0", "#5DADE2", "#A8A09A", "#928A84", "#F39C12", "#895C3F", "#FFF7EE", "#1E1712",
      ]),
      light: Palette([
        "#C14D00", "#127F6A", "#2874A6", "#6E6259", "#7B6F68", "#AD5C14", "#C38146", "#1E1712", "#FFF7EE",
      ])),
    Theme(
      name: "catppuccin", summary: "catppuccin: mocha (dark), latte (light)",
      dark: Palette([
        "#F38BA8", "#A6E3A1", "#89B4FA", "#9399B2", "#82879E", "#FAB387", "#656884", "#CDD6F4", "#1E1E2E",
      ]),
      light: Palette([
        "#D20F39", "#327C21", "#1761F5", "#6A6D81", "#6A6D81", "#BE4601", "#848BA1", "#4C4F69", "#EFF1F5",
      ])),
    Theme(
      name: "gruvbox", summary: "gruvbox: dark and light",
      dark: Palette([
        "#FB5441", "#B8BB26", "#83A598", "#A89984", "#9A8C7E", "#FE8019", "#7A706A", "#EBDBB2", "#282828",
      ]),
      light: Palette([
        "#9D0006", "#74700D", "#076678", "#786B61", "#786B5E", "#AF3A03", "#A5874A", "#3C3836", "#FBF1C7",
      ])),
    Theme(
      name: "nord", summary: "nord: polar night (dark), snow storm (light)",
      dark: Palette([
        "#CF8990", "#A3BE8C", "#88C0D0", "#D8DEE9", "#919CB1", "#D18A74", "#6F7D98", "#ECEFF4", "#2E3440",
      ]),
      light: Palette([
        "#B54954", "#597442", "#4D6E96", "#4C566A", "#606D87", "#AA5338", "#758AB1", "#2E3440", "#ECEFF4",
      ])),
    Theme(
      name: "dracula", summary: "dracula (dark), alucard (light)",
      dark: Palette([
        "#FF5555", "#50FA7B", "#8BE9FD", "#BD93F9", "#8490B8", "#FFB86C", "#6E7391", "#F8F8F2", "#282A36",
      ]),
      light: Palette([
        "#CB3A2A", "#14710A", "#036A96", "#635D97", "#6C664B", "#A34D14", "#8D8DB0", "#1F1F1F", "#FFFBEB",
      ])),
  ]

  /// The built-in theme called `name`.
  public static func named(_ name: String) -> Theme? {
    builtIn.first { $0.name == name }
  }
}
