import TOML
import Testing

/// Checks the positions the parser records for keys, values and tables.
///
/// Config loaders report problems at these positions, so they are part of the contract:
/// a string starts at its quote, a table at its header, an implicit table where it was first
/// created, and columns count Unicode scalars.
@Suite("Positions")
struct PositionTests {
  @Test("Keys and values carry the line and column where they start")
  func keysAndValuesCarryTheirPositions() throws {
    let table = try TOML.parse("a = 1\n  bee = \"x\"\n\tc=[1, 2]\n")
    let entries = table.entries
    #expect(entries.map(\.keyPosition) == [pos(1, 1), pos(2, 3), pos(3, 2)])
    #expect(entries.map(\.node.position) == [pos(1, 5), pos(2, 9), pos(3, 4)])
    let elements = try #require(table["c"]?.value.arrayValue)
    #expect(elements.map(\.position) == [pos(3, 5), pos(3, 8)])
  }

  @Test("Signed numbers start at their sign")
  func signedNumbersStartAtTheSign() throws {
    let table = try TOML.parse("n = -5\nf = +1.5\n")
    #expect(table["n"]?.position == pos(1, 5))
    #expect(table["f"]?.position == pos(2, 5))
  }

  @Test("The root table is at 1:1 and a header table at its opening bracket")
  func tablePositions() throws {
    let table = try TOML.parse("x = 1\n\n  [server]\nport = 80\n")
    #expect(table.position == pos(1, 1))
    let server = try #require(table["server"])
    #expect(server.position == pos(3, 3))
    #expect(server.value.tableValue?.position == pos(3, 3))
    #expect(table.entry("server")?.keyPosition == pos(3, 4))
  }

  @Test("An inline table is positioned at its opening brace")
  func inlineTablePosition() throws {
    let table = try TOML.parse("point = { x = 1, y = 2 }\n")
    let point = try #require(table["point"])
    #expect(point.position == pos(1, 9))
    #expect(point.value.tableValue?.position == pos(1, 9))
    #expect(point.value.tableValue?.entry("y")?.keyPosition == pos(1, 18))
  }

  @Test("A table created by a dotted key is positioned where it was first created")
  func dottedKeyTablePosition() throws {
    let table = try TOML.parse("x = 0\ncolors.focus = 1\ncolors.rest = 2\n")
    let colors = try #require(table.entry("colors"))
    #expect(colors.keyPosition == pos(2, 1))
    #expect(colors.node.position == pos(2, 1))
    #expect(colors.node.value.tableValue?.keys == ["focus", "rest"])
  }

  @Test("A table created implicitly by a header is positioned at that header's key until defined")
  func implicitTablePosition() throws {
    let implicit = try TOML.parse("[a.b]\nx = 1\n")
    #expect(implicit.entry("a")?.keyPosition == pos(1, 2))
    #expect(implicit["a"]?.position == pos(1, 2))

    let defined = try TOML.parse("[a.b]\nx = 1\n[a]\ny = 2\n")
    #expect(defined.entry("a")?.keyPosition == pos(1, 2))
    #expect(defined["a"]?.position == pos(3, 1))
  }

  @Test("An array of tables is positioned at its first header and each element at its own")
  func arrayOfTablesPositions() throws {
    let table = try TOML.parse("[[hook]]\nrun = 'a'\n\n[[hook]]\nrun = 'b'\n")
    let hooks = try #require(table["hook"])
    #expect(hooks.position == pos(1, 1))
    #expect(hooks.value.arrayValue?.map(\.position) == [pos(1, 1), pos(4, 1)])
    #expect(table.entry("hook")?.keyPosition == pos(1, 3))
  }

  @Test("Columns count Unicode scalars, not bytes")
  func columnsCountScalars() throws {
    let table = try TOML.parse("'日本' = 'é'\n\"🍅\" = 1\n")
    #expect(table.entries.map(\.node.position) == [pos(1, 8), pos(2, 7)])
    let error = #expect(throws: TOMLError.self) { try TOML.parse("\"ü\" = 1 2") }
    #expect(error?.position == pos(1, 9))
  }

  @Test("A byte order mark does not count as a column")
  func byteOrderMarkIsNotAColumn() throws {
    let table = try TOML.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a = 1".utf8))
    #expect(table.entry("a")?.keyPosition == pos(1, 1))
    #expect(table["a"]?.position == pos(1, 5))
  }

  @Test("CRLF line endings count as one line break")
  func crlfCountsAsOneLineBreak() throws {
    let table = try TOML.parse("a = 1\r\nb = '''\r\nx\r\n'''\r\nc = 3\r\n")
    #expect(table["c"]?.position == pos(5, 5))
    #expect(table["b"]?.value.stringValue == "x\n")
  }

  @Test("Positions after multi-line strings and arrays are on the right line")
  func positionsAfterMultilineValues() throws {
    let table = try TOML.parse("s = \"\"\"\none\ntwo\"\"\"\narr = [\n  1,\n  2,\n]\nlast = true\n")
    #expect(table["arr"]?.value.arrayValue?.map(\.position) == [pos(5, 3), pos(6, 3)])
    #expect(table.entry("last")?.keyPosition == pos(8, 1))
  }

  @Test("Errors on long lines still get the right column")
  func longLineColumns() throws {
    let line = "a = [" + Array(repeating: "1", count: 500).joined(separator: ", ") + " x]"
    let error = #expect(throws: TOMLError.self) { try TOML.parse(line) }
    #expect(error?.position == pos(1, line.count - 1))
  }

  private func pos(_ line: Int, _ column: Int) -> TOMLPosition {
    TOMLPosition(line: line, column: column)
  }
}
