import TOML
import Testing

/// Checks the public API that other targets use: lookups, order, descriptions and type names.
///
/// Golden fixtures check the value tree; these check the conveniences around it, whose
/// behaviour other code relies on directly.
@Suite("Public API")
struct APITests {
  @Test("Entries keep document order, not alphabetical order")
  func entriesKeepDocumentOrder() throws {
    let table = try TOML.parse("zeta = 1\nalpha = 2\n[middle]\n[beta]\n")
    #expect(table.keys == ["zeta", "alpha", "middle", "beta"])
  }

  @Test("Subscript finds a key and returns nil for a missing one")
  func subscriptLooksUpKeys() throws {
    let table = try TOML.parse("focus = 25\nname = 'work'\n")
    #expect(table["focus"]?.value == .integer(25))
    #expect(table["name"]?.value == .string("work"))
    #expect(table["missing"] == nil)
    #expect(table.count == 2)
    #expect(!table.isEmpty)
  }

  @Test("Dotted keys become nested tables looked up one segment at a time")
  func dottedKeysAreNested() throws {
    let table = try TOML.parse("a.b.c = 1\n")
    let c = table["a"]?.value.tableValue?["b"]?.value.tableValue?["c"]
    #expect(c?.value == .integer(1))
    #expect(table["a.b.c"] == nil)
  }

  @Test("Type names are the six words used in messages")
  func typeNamesAreStable() throws {
    let table = try TOML.parse("s = ''\ni = 1\nf = 1.0\nb = true\na = []\nt = {}\n")
    #expect(
      table.entries.map(\.node.value.typeName) == ["string", "integer", "float", "boolean", "array", "table"])
  }

  @Test("Typed accessors return the value only for their own kind")
  func typedAccessors() throws {
    let table = try TOML.parse("i = 3\nf = 3.0\n")
    #expect(table["i"]?.value.integerValue == 3)
    #expect(table["i"]?.value.floatValue == nil)
    #expect(table["f"]?.value.floatValue == 3.0)
    #expect(table["f"]?.value.integerValue == nil)
    #expect(table["i"]?.value.booleanValue == nil)
    #expect(table["i"]?.value.stringValue == nil)
  }

  @Test("Position description is LINE:COL and error description is LINE:COL: message")
  func descriptions() {
    #expect(TOMLPosition(line: 3, column: 14).description == "3:14")
    let error = TOMLError(
      position: TOMLPosition(line: 2, column: 9), message: "expected '=' after key 'focus'")
    #expect(error.description == "2:9: expected '=' after key 'focus'")
    #expect("\(error)" == "2:9: expected '=' after key 'focus'")
  }

  @Test("Parsed tables compare equal when their content and positions match")
  func tablesAreEquatable() throws {
    let first = try TOML.parse("a = [1, {b = 'x'}]\n")
    let second = try TOML.parse(bytes: Array("a = [1, {b = 'x'}]\n".utf8))
    #expect(first == second)
    #expect(try TOML.parse("a = 1") != TOML.parse("a = 2"))
    #expect(try TOML.parse("a = 1") != TOML.parse(" a = 1"))
  }

  @Test("Integer limits parse exactly")
  func integerLimits() throws {
    let table = try TOML.parse(
      "max = 9223372036854775807\nmin = -9223372036854775808\nhex = 0x7fffffffffffffff\n")
    #expect(table["max"]?.value == .integer(.max))
    #expect(table["min"]?.value == .integer(.min))
    #expect(table["hex"]?.value == .integer(.max))
  }

  @Test("Special floats keep their sign and nan is a float")
  func specialFloats() throws {
    let table = try TOML.parse("a = -inf\nb = -nan\nc = -0.0\n")
    #expect(table["a"]?.value.floatValue == -.infinity)
    #expect(table["b"]?.value.floatValue?.isNaN == true)
    #expect(table["c"]?.value.floatValue?.sign == .minus)
  }

  @Test("The error type can be built by config loaders to report their own problems")
  func errorsCanBeBuiltByCallers() throws {
    let table = try TOML.parse("focus = 'long'\n")
    let node = try #require(table["focus"])
    let error = TOMLError(
      position: node.position, message: "expected an integer, found a \(node.value.typeName)")
    #expect(error.description == "1:9: expected an integer, found a string")
  }
}

@Suite struct QuoteTests {
  @Test(arguments: ["", "plain", "say \"hi\"", "back\\slash", "tab\tnew\nline\r", "\u{01}\u{7F}", "⣿ ●○"])
  func quotedStringsParseBackToThemselves(_ text: String) throws {
    let table = try TOML.parse("k = \(TOML.quote(text))")
    #expect(table["k"]?.value == .string(text))
  }
}
