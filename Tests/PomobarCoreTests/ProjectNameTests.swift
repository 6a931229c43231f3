import Testing

@testable import PomobarCore

/// One form for every name (spaces collapsed), and the near names that warn or suggest.
@Suite("Project names")
struct ProjectNameTests {
  @Test(
    "Runs of spaces and tabs are one space, and the ends are trimmed",
    arguments: [
      ("web   frontend", "web frontend"), ("  web frontend\t", "web frontend"),
      ("web\t \tfrontend", "web frontend"),
      ("api", "api"), ("a b c", "a b c"), ("  ", ""),
    ])
  func normalised(given: String, kept: String) {
    #expect(ProjectName.normalised(given) == kept)
    if !kept.isEmpty { #expect(ProjectName.check(given) == .success(kept)) }
  }

  @Test("What was refused before still is; the machine's fence keeps the same form")
  func stillRefused() {
    #expect(ProjectName.check("  \t ") == .failure(.empty))
    #expect(ProjectName.check("a\nb") == .failure(.control("U+000A")))
    #expect(ProjectName.clamped("web \n  frontend") == "web frontend")
  }

  @Test(
    "A new name near a known one: case, spaces, one edit from 4 characters, two from 8",
    arguments: [
      ("Api", ["api", "web"], "api"), ("API", ["api"], "api"),
      ("web   Frontend", ["web frontend"], "web frontend"),
      ("web-frontend", ["web frontend"], "web frontend"), ("webshp", ["webshop"], "webshop"),
      ("frontnd", ["frontend"], "frontend"), ("infrastrcture", ["infrastructure"], "infrastructure"),
      ("infrstrctre", ["infrastructure"], nil),
    ] as [(String, [String], String?)])
  func near(name: String, known: [String], expected: String?) {
    #expect(ProjectName.near(name, in: known) == expected)
  }

  @Test("A known name, a short different name or a distant one is not near anything")
  func notNear() {
    #expect(ProjectName.near("api", in: ["api", "Api"]) == nil)
    #expect(ProjectName.near("app", in: ["api"]) == nil)
    #expect(ProjectName.near("web", in: ["webshop"]) == nil)
    #expect(ProjectName.near("billing", in: ["api", "web"]) == nil)
    #expect(ProjectName.near("x", in: []) == nil)
  }

  @Test("A suggestion for an unknown filter also takes a name it begins")
  func suggestion() {
    #expect(ProjectName.suggestion(for: "web", in: ["webshop", "api"]) == "webshop")
    #expect(ProjectName.suggestion(for: "Api", in: ["webshop", "api"]) == "api")
    #expect(ProjectName.suggestion(for: "nosuch", in: ["api"]) == nil)
  }
}
