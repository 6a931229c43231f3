import Foundation
import TOML
import Testing

/// Runs every golden fixture: valid documents against their tagged JSON, invalid ones against
/// the position and message in their `# expect:` line.
@Suite("Fixtures")
struct FixtureTests {
  @Test("Each valid fixture parses to the tree in its JSON file", arguments: Fixtures.names(in: "valid"))
  func validFixtureMatchesItsJSON(name: String) throws {
    let source = try Fixtures.bytes("valid", name)
    let table: TOMLTable
    do {
      table = try TOML.parse(bytes: source)
    } catch {
      Issue.record("\(name).toml: \(error)")
      return
    }
    let json = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes("valid", name, "json")))
    #expect(TaggedJSON.render(table) == TaggedJSON.render(expected: json), "\(name).toml")
  }

  @Test(
    "Each valid fixture gives the same tree from bytes and from a string",
    arguments: Fixtures.names(in: "valid"))
  func bytesAndStringAgree(name: String) throws {
    let source = try Fixtures.bytes("valid", name)
    let fromBytes = try TOML.parse(bytes: source)
    let fromString = try TOML.parse(String(decoding: source, as: UTF8.self))
    #expect(TaggedJSON.render(fromBytes) == TaggedJSON.render(fromString))
  }

  @Test(
    "Each invalid fixture fails at the expected position with the expected message",
    arguments: Fixtures.names(in: "invalid"))
  func invalidFixtureFailsAsExpected(name: String) throws {
    let source = try Fixtures.bytes("invalid", name)
    let expectation = try #require(
      Fixtures.expectation(of: source), "\(name).toml needs a '# expect: L:C text' first line")
    do {
      let table = try TOML.parse(bytes: source)
      Issue.record("\(name).toml parsed but should fail with \(expectation): \(TaggedJSON.render(table))")
    } catch {
      #expect(error.position == expectation.position, "\(name).toml: \(error)")
      #expect(error.message.contains(expectation.messageContains), "\(name).toml: \(error)")
    }
  }

  @Test("There are enough fixtures to cover the language")
  func thereAreEnoughFixtures() {
    #expect(Fixtures.names(in: "valid").count >= 40)
    #expect(Fixtures.names(in: "invalid").count >= 60)
  }
}
