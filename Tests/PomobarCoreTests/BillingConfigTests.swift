import Testing

@testable import PomobarCore

/// The billing keys of `config.toml`: clients, rates, rounding.
@Suite struct BillingConfigTests {
  func load(_ text: String) -> ConfigLoad { ConfigLoader.load(Array(text.utf8), file: "config.toml") }

  @Test func aProjectNamesItsClientAndAClientListsItsProjects() throws {
    let config = try load(
      """
      [projects.api]
      client = "  Globex   Corp "
      [projects.web]
      client = "Globex Corp"
      [projects.docs]
      client = "Initech"
      [projects.home]
      """
    ).get()
    #expect(config.project("api").client == "Globex Corp")
    #expect(config.project("home").client == nil)
    #expect(config.projects(ofClient: "Globex Corp") == ["api", "web"])
    #expect(config.projects(ofClient: "Globex  Corp") == ["api", "web"])
    #expect(config.projects(ofClient: "Umbrella") == [])
  }

  @Test func anEmptyClientIsAMistakeAtItsPlace() {
    let load = load("[projects.api]\nclient = \"  \"\n")
    #expect(load.errors.map(\.description) == ["config.toml:2:10: 'client' must not be empty"])
  }
}
