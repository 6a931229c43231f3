import TOML
import Testing

/// Checks error messages and positions for inputs that are awkward to keep as fixture files.
///
/// The fixtures cover most errors; these are the examples promised in the API documentation,
/// inputs built in code (byte-level, very long, deeply nested), and limits.
@Suite("Error messages")
struct ErrorMessageTests {
  @Test(
    "A missing '=' names the key",
    arguments: [
      ("[timer]\nfocus 25\n", "2:7: expected '=' after key 'focus', found '2'"),
      ("a.b c", "1:5: expected '=' after key 'a.b', found 'c'"),
      ("\"my key\" 1", "1:10: expected '=' after key '\"my key\"', found '1'"),
    ])
  func missingEqualsNamesTheKey(source: String, expected: String) {
    #expect(describeError(source) == expected)
  }

  @Test("A duplicate key says where it was first defined")
  func duplicateKeySaysWhereItWasFirstDefined() {
    #expect(describeError("\n\nwork = 1\n\nwork = 2\n") == "5:1: duplicate key 'work' (first defined at 3:1)")
  }

  @Test("An invalid escape points at the backslash")
  func invalidEscapePointsAtTheBackslash() {
    #expect(describeError("a = \"x\\q\"") == "1:7: invalid escape '\\q' in string")
  }

  @Test("An unterminated string points at its opening quote")
  func unterminatedStringPointsAtItsQuote() {
    let error = describeError("a = 1\nb = 2\nc = 3\nd = [1, \"two\n")
    #expect(error.hasPrefix("4:9: unterminated string"))
  }

  @Test(
    "Dates and times are rejected with a hint to use a string",
    arguments: [
      "d = 1979-05-27T07:32:00Z", "d = 1979-05-27T00:32:00.999999-07:00", "d = 1979-05-27 07:32:00",
      "d = 1979-05-27", "d = 07:32:00", "d = 00:32:00.999999", "d = [1979-05-27]", "d = {x = 07:32:00}",
    ])
  func datesAndTimesAreRejected(source: String) throws {
    let error = try #require(parseError(source))
    #expect(error.message.contains("dates and times are not supported"))
    #expect(error.message.contains("string"))
  }

  @Test("Invalid UTF-8 is reported at its position only by the bytes entry point")
  func invalidUTF8IsReportedAtItsPosition() {
    let bytes = Array("a = 'ok'\nb = '".utf8) + [0xE2, 0x28, 0xA1] + Array("'\n".utf8)
    #expect(
      throws: TOMLError(
        position: TOMLPosition(line: 2, column: 6), message: "invalid UTF-8: bad or incomplete sequence 0xE2")
    ) {
      try TOML.parse(bytes: bytes)
    }
  }

  @Test(
    "Every ill-formed UTF-8 pattern is rejected",
    arguments: [
      [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x80, 0x80],
      [0xE0, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEF, 0xBF], [0xF0, 0x80, 0x80, 0x80],
      [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xF0, 0x9F, 0x8D],
    ] as [[UInt8]])
  func illFormedUTF8IsRejected(sequence: [UInt8]) throws {
    let error = try #require(parseError(bytes: Array("# ".utf8) + sequence + Array("\n".utf8)))
    #expect(error.position == TOMLPosition(line: 1, column: 3))
    #expect(error.message.hasPrefix("invalid UTF-8"))
  }

  @Test(
    "Well-formed UTF-8 at the edges of each range is accepted",
    arguments: [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
  func wellFormedUTF8IsAccepted(sequence: [UInt8]) throws {
    let table = try TOML.parse(bytes: Array("a = '".utf8) + sequence + Array("'".utf8))
    #expect(table["a"]?.value.stringValue?.utf8.elementsEqual(sequence) == true)
  }

  @Test("Control characters are rejected in strings and comments, tab is allowed")
  func controlCharacters() throws {
    for byte in UInt8(0)...0x1F where byte != 0x09 && byte != 0x0A && byte != 0x0D {
      let inString = parseError(bytes: Array("a = \"x".utf8) + [byte] + Array("\"".utf8))
      #expect(inString?.message.contains("control character") == true, "byte \(byte)")
      #expect(inString?.position == TOMLPosition(line: 1, column: 7))
      let inComment = parseError(bytes: Array("# x".utf8) + [byte])
      #expect(inComment?.message.contains("control character") == true, "byte \(byte)")
    }
    #expect(
      parseError(bytes: Array("a = 'x".utf8) + [0x7F] + Array("'".utf8))?.message.contains("U+007F") == true)
    #expect(try TOML.parse("a = \"\t\" # \t\n")["a"]?.value == .string("\t"))
  }

  @Test("A carriage return must be followed by a line feed")
  func bareCarriageReturn() {
    #expect(parseError("a = 1\r")?.position == TOMLPosition(line: 1, column: 6))
    #expect(parseError("a = [1,\r2]")?.message.contains("carriage return") == true)
    #expect(parseError("a = '''x\ry'''")?.message.contains("carriage return") == true)
  }

  @Test("Nesting up to the limit parses and one level more is an error")
  func nestingLimit() throws {
    let limit = TOML.maximumNestingDepth
    let arrays = "a = " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    #expect(throws: Never.self) { try TOML.parse(arrays) }
    let tooDeep = "a = " + String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(parseError(tooDeep)?.message.contains("nesting is too deep") == true)

    // A dotted key of n segments makes n - 1 tables; the scalar at the end is not a level.
    let dotted = Array(repeating: "k", count: limit + 1).joined(separator: ".") + " = 1"
    #expect(throws: Never.self) { try TOML.parse(dotted) }
    let dottedTooDeep = Array(repeating: "k", count: limit + 2).joined(separator: ".") + " = 1"
    #expect(parseError(dottedTooDeep)?.message.contains("nesting is too deep") == true)

    let header = "[" + Array(repeating: "t", count: limit + 1).joined(separator: ".") + "]"
    #expect(parseError(header)?.message.contains("nesting is too deep") == true)
  }

  @Test("Tables and values nested through each other share one depth limit")
  func mixedNestingSharesTheLimit() {
    let limit = TOML.maximumNestingDepth
    let header = "[" + Array(repeating: "t", count: limit / 2).joined(separator: ".") + "]\n"
    let value =
      "v = " + String(repeating: "[", count: limit / 2 + 1) + String(repeating: "]", count: limit / 2 + 1)
    #expect(parseError(header + value)?.message.contains("nesting is too deep") == true)
  }

  @Test("Long words and keys are cut short in messages")
  func longWordsAreCutShort() throws {
    let word = String(repeating: "x", count: 5_000)
    let value = try #require(parseError("a = \(word)"))
    #expect(value.message.count < 100)
    #expect(value.message.hasPrefix("invalid value 'xxxx"))
    let key = try #require(parseError("\(word) 1"))
    #expect(key.message.count < 150)
    #expect(key.position == TOMLPosition(line: 1, column: 5_002))
    let number = try #require(parseError("a = 1\(String(repeating: "0", count: 5_000))"))
    #expect(number.message.contains("out of range"))
    #expect(number.message.count < 150)
  }

  private func parseError(_ source: String) -> TOMLError? {
    do {
      _ = try TOML.parse(source)
      return nil
    } catch {
      return error
    }
  }

  private func parseError(bytes: [UInt8]) -> TOMLError? {
    do {
      _ = try TOML.parse(bytes: bytes)
      return nil
    } catch {
      return error
    }
  }

  private func describeError(_ source: String) -> String {
    parseError(source)?.description ?? "no error"
  }
}
