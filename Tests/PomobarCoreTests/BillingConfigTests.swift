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

@Suite struct BillingConfigValueTests {
  func load(_ text: String) -> ConfigLoad { ConfigLoader.load(Array(text.utf8), file: "config.toml") }

  @Test func ratesClientsAndTheRuleRead() throws {
    let config = try load(
      """
      [projects.globex]
      client = "Globex"
      rate = ["80 EUR/h", "95.50 EUR/h from 2027-01-01"]
      billable = true
      [clients.Globex]
      rate = "100 EUR/h"
      billable = false
      [billing]
      round = "6m"
      round-per = "day"
      round-mode = "nearest"
      minimum = "15m"
      bill-breaks = true
      tag-rates = { support = "60 EUR/h" }
      """
    ).get()
    let globex = config.project("globex")
    #expect(globex.rate?.steps.map(\.text) == ["80.00 EUR/h", "95.50 EUR/h from 2027-01-01"])
    #expect(globex.billable == true)
    #expect(config.clients["Globex"]?.rate?.steps.map(\.text) == ["100.00 EUR/h"])
    #expect(config.clients["Globex"]?.billable == false)
    #expect(config.billing.rounding == BillingRounding(step: 360, scope: .day, mode: .nearest, minimum: 900))
    #expect(config.billing.billBreaks)
    #expect(config.billing.tagRates.map(\.tag) == ["support"])
    // What check-config prints reads back the same.
    var again = try load(ConfigPrinter.toml(config)).get()
    again.projects["globex"]?.line = config.projects["globex"]?.line  // where the table is
    again.clients["Globex"]?.line = config.clients["Globex"]?.line
    #expect(again == config)
  }

  @Test func mistakesSayWhereTheyAre() {
    let load = load(
      """
      [projects.globex]
      rate = "95 EUR"
      [projects.web]
      rate = ["95 EUR/h", "80 EUR/h"]
      [projects.api]
      rate = ["80 EUR/h from 2027-01-01", "95 EUR/h from 2026-01-01"]
      [clients.Globex]
      rat = "95 EUR/h"
      [billing]
      round-per = "week"
      tag-rates = { support = "60.125 EUR/h" }
      """)
    #expect(
      load.errors.map(\.description) == [
        "config.toml:2:15: 'rate': \"95 EUR\" is an amount an hour: write EUR/h at its end",
        "config.toml:4:21: 'rate': only the first rate may go without a date; write \"80.00 EUR/h from YYYY-MM-DD\"",
        "config.toml:6:37: 'rate': the rates must go by date, each later than the one before (2027-01-01)",
        "config.toml:8:1: unknown key 'rat' in [clients.Globex] (did you mean 'rate'?)",
        "config.toml:10:13: 'round-per' must be one of \"entry\", \"day\", \"invoice\", not \"week\"",
        "config.toml:11:31: 'tag-rates.support': \"60.125 EUR/h\" has more than two decimals",
      ])
  }
}
