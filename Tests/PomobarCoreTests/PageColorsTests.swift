import Testing

@testable import PomobarCore

/// Colour differences (CIEDE2000), and the colours of the projects on one page of the
/// report told apart by at least `PageColors.minimumDifference`.
@Suite struct PageColorsTests {
  @Test func ciede2000MatchesSharmaWuAndDalalsTestData() {
    // Pairs of their supplementary data (pair number, both colours in CIELAB, ΔE₀₀),
    // chosen for the formula's corners: hue across 0°, near-neutral, the blue region.
    let pairs: [(Int, (Double, Double, Double), (Double, Double, Double), Double)] = [
      (1, (50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
      (7, (50, 0, 0), (50, -1, 2), 2.3669),
      (8, (50, -1, 2), (50, 0, 0), 2.3669),
      (13, (50, 2.4900, -0.0010), (50, -2.4900, 0.0011), 7.2195),
      (17, (50, 2.5, 0), (73, 25, -18), 27.1492),
      (19, (50, 2.5, 0), (50, 3.1736, 0.5854), 1.0),
      (23, (60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
      (25, (22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
      (28, (35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
      (34, (2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ]
    for (number, first, second, expected) in pairs {
      let lab1 = (l: first.0, a: first.1, b: first.2)
      let lab2 = (l: second.0, a: second.1, b: second.2)
      #expect(abs(Colors.difference(lab1, lab2) - expected) < 5e-5, "pair \(number)")
    }
    // From hex: white and black, the palette's light green and lime (the issue's pair).
    #expect(abs((Colors.difference("#FFFFFF", "#000000") ?? 0) - 100) < 1e-3)
    #expect(abs((Colors.difference("#0E6029", "#2F5E0D") ?? 0) - 7.1261) < 1e-3)
    #expect(abs((Colors.difference("#1751A1", "#84B0ED") ?? 0) - 34.9536) < 1e-3)
    #expect(Colors.difference("#ABC", "#AABBCC") == 0)
    #expect(Colors.difference("red", "#000000") == nil)
  }

  /// The report's two schemes, for the default theme and for every built-in one.
  static let schemes: [[String]] =
    [[ThemeMode.light.seedBackground, ThemeMode.dark.seedBackground]]
    + Theme.builtIn.map { [$0.palette(.light).background, $0.palette(.dark).background] }

  /// The smallest difference between two of `colors`, in the scheme where it is smallest.
  static func smallest(_ colors: [[String]]) -> Double {
    var least = Double.infinity
    for scheme in colors {
      for a in scheme.indices {
        for b in scheme.indices where a < b {
          least = min(least, Colors.difference(scheme[a], scheme[b]) ?? 0)
        }
      }
    }
    return least
  }

  @Test func theFiveClientsOfTheIssueAreToldApartInEveryScheme() throws {
    let names: [String?] = ["acme", "globex", "initech", "Umbrella Corp", "internal"]
    // Before: each took the colour of its name, and two pairs were near neighbours.
    let byName = names.map { ProjectPalette.color(for: $0, background: ThemeMode.light.seedBackground) }
    #expect(Self.smallest([byName]) < 8)
    for backgrounds in Self.schemes {
      let colors = PageColors.choose(names, backgrounds: backgrounds) { _ in nil }
      #expect(Self.smallest(colors) >= PageColors.minimumDifference, "\(backgrounds): \(colors)")
      for (scheme, background) in zip(colors, backgrounds) {
        for color in scheme {
          let ratio = try #require(Colors.contrast(color, background))
          #expect(ratio >= Colors.textContrast, "\(color) on \(background): \(ratio)")
        }
      }
    }
    // The one with the most time keeps the colour it has everywhere else.
    let page = PageColors.choose(names, backgrounds: Self.schemes[0]) { _ in nil }
    #expect(page[0][0] == byName[0])
  }

  @Test func randomPagesOfUpToSixProjectsKeepTheMinimumAndTheirColoursWherePossible() throws {
    var random = SeededRandom(seed: 25)
    var kept = 0
    var coloured = 0
    var keptBy = [Int](repeating: 0, count: 7)
    var colouredBy = [Int](repeating: 0, count: 7)
    for round in 0..<300 {
      let count = 1 + round % 6

      var names: [String?] = (0..<count).map { _ in "client \(random.next() % 100_000)" }
      if round % 5 == 0 { names.append(nil) }  // time without a project: grey
      let backgrounds = Self.schemes[round % Self.schemes.count]
      let colors = PageColors.choose(names, backgrounds: backgrounds) { _ in nil }
      let projects = colors.map { scheme in scheme.indices.filter { names[$0] != nil }.map { scheme[$0] } }
      #expect(
        Set(names).count < names.count || Self.smallest(projects) >= PageColors.minimumDifference,
        "\(names) on \(backgrounds): \(colors) \(Self.smallest(projects))")
      #expect(
        colors == PageColors.choose(names, backgrounds: backgrounds) { _ in nil }, "the same every time")
      for (index, name) in names.enumerated() {
        guard let name else {
          #expect(colors.allSatisfy { $0[index] == ReportChartEncoder.noProjectColor })
          continue
        }
        coloured += 1
        colouredBy[count] += 1
        if colors[0][index] == ProjectPalette.color(for: name, background: backgrounds[0]) {
          kept += 1
          keptBy[count] += 1
        }
      }
      // On a page of a few, the one with the most time keeps its own.
      if count <= 4, let first = names[0], Self.schemes[0] == backgrounds {
        #expect(colors[0][0] == ProjectPalette.color(for: first, background: backgrounds[0]), "\(names)")
      }
    }
    // Stable where possible: most projects keep the colour their name has everywhere.
    // (Measured: all of one, 84 % of two, 75 % of three, 63 % of four, 52 % of five and
    // 33 % of six; 57 % overall.)
    #expect(keptBy[1] == colouredBy[1])
    #expect(Double(kept) / Double(coloured) > 0.5, "\(kept) of \(coloured)")
  }

  @Test func everyPaletteColourIsClearOfTheGreyOfNoProject() {
    for color in ProjectPalette.forLight + ProjectPalette.forDark {
      #expect((Colors.difference(color, ReportChartEncoder.noProjectColor) ?? 0) >= 19, "\(color)")
    }
  }

  @Test func aConfiguredColourIsKeptAndTheOthersStayClearOfIt() {
    let names: [String?] = ["acme", "globex", "initech"]
    // globex's configured colour is the palette's green: the others keep away from it.
    let green = ProjectPalette.forLight[2]
    let colors = PageColors.choose(names, backgrounds: Self.schemes[0]) { $0 == "globex" ? green : nil }
    #expect(colors[0][1] == green && colors[1][1] == green)
    #expect(Self.smallest([[colors[0][0], colors[0][1], colors[0][2]]]) >= PageColors.minimumDifference)
  }

  @Test func morePagesProjectsThanThePaletteHoldsEachGetAColourAndTheFirstTwelveDiffer() {
    let names: [String?] = (0..<15).map { "project \($0)" } + [nil]
    for backgrounds in Self.schemes.prefix(1) {
      let colors = PageColors.choose(names, backgrounds: backgrounds) { _ in nil }
      for scheme in colors {
        #expect(Set(scheme.prefix(12)).count == 12, "\(scheme)")
        #expect(scheme.count == 16 && scheme[15] == ReportChartEncoder.noProjectColor)
      }
      // Seven: past the six hues 20 apart, as far apart as the palette allows (16.3 at best).
      let seven = PageColors.choose(Array(names.prefix(7)), backgrounds: backgrounds) { _ in nil }
      #expect(Self.smallest(seven) >= 10, "\(seven)")
    }
  }
}
