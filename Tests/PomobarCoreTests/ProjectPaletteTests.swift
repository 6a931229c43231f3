import Testing

@testable import PomobarCore

/// Projects without a colour of their own get one of a dozen, chosen by the name.
@Suite struct ProjectPaletteTests {
  static let names = ["api", "web frontend", "docs", "billing", "infra", "Kunde Müller", "ops", "talks"]

  @Test func everyColourIsReadableOnBothModesSeedsAndOnBlackOrWhite() throws {
    for (colors, backgrounds) in [
      (ProjectPalette.forDark, [ThemeMode.dark.seedBackground, "#000000"]),
      (ProjectPalette.forLight, [ThemeMode.light.seedBackground, "#FFFFFF"]),
    ] {
      for color in colors {
        for background in backgrounds {
          let ratio = try #require(Colors.contrast(color, background))
          #expect(ratio >= 5.5, "\(color) on \(background): \(ratio)")
        }
      }
    }
  }

  @Test func eachBuiltInThemesBackgroundGetsColoursThatPassAA() throws {
    for theme in Theme.builtIn {
      for mode in ThemeMode.allCases {
        let background = theme.palette(mode).background
        for name in Self.names {
          let color = ProjectPalette.color(for: name, background: background)
          let ratio = try #require(Colors.contrast(color, background))
          #expect(ratio >= Colors.textContrast, "\(name) \(color) on \(theme.name) \(mode): \(ratio)")
        }
      }
    }
  }

  @Test func aNameKeepsItsColourAndNamesSpreadOverEveryHue() {
    let background = ThemeMode.dark.seedBackground
    let colors = Self.names.map { ProjectPalette.color(for: $0, background: background) }
    #expect(colors == Self.names.map { ProjectPalette.color(for: $0, background: background) })
    // The hash is FNV-1a, the same on every machine and run: "api" is always this colour.
    #expect(ProjectPalette.color(for: "api", background: background) == ProjectPalette.forDark[Int(StableHash.fnv1a("api") % 12)])
    // 1,200 names like people's: every hue gets between half and twice its share of 100.
    var counts: [String: Int] = [:]
    for client in 0..<40 {
      for kind in ["api", "web", "docs", "ops", "billing", "support", "infra", "design", "qa", "sales", "hr", "ml",
        "mobile", "data", "legal", "admin", "training", "research", "meetings", "email", "review", "deploy",
        "talks", "writing", "hiring", "planning", "bugs", "support-2", "etl", "cms"]
      {
        counts[ProjectPalette.color(for: "client\(client) \(kind)", background: background), default: 0] += 1
      }
    }
    #expect(counts.count == 12)
    #expect(counts.values.allSatisfy { (50...200).contains($0) }, "\(counts.values.sorted())")
  }

  @Test func aConfiguredColourWins() throws {
    let config = try #require(
      try? ConfigLoader.load(Array("[projects.api]\ncolor = \"#ff8800\"\n".utf8), file: "c").get())
    #expect(config.color(ofProject: "api") == "#FF8800")
    #expect(config.color(ofProject: "web") == ProjectPalette.color(for: "web", background: config.display.colors.background))
  }

  @Test func aStatedBackgroundTheHueFailsOnGetsTheNextThatPasses() throws {
    // A mid-grey bar: the first hue that keeps 4.5:1 there, or the name's own.
    let grey = "#767676"
    for name in Self.names {
      let color = ProjectPalette.color(for: name, background: grey)
      let ratio = Colors.contrast(color, grey) ?? 0
      #expect(ratio >= Colors.textContrast || !ProjectPalette.forLight.contains { (Colors.contrast($0, grey) ?? 0) >= 4.5 })
    }
  }
}
