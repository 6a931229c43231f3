import Testing

@testable import PomobarCore

@Suite("JSON parsing")
struct JSONParserTests {
  @Test func parsesEveryKindOfValue() throws {
    let value = try JSON.parse(
      #" { "a" : [1, -2, 3.5, -0.25e2, 1E3, true, false, null], "b": {"c": "d"}, "e": "" } "#)
    let expected: JSONValue = [
      "a": [1, -2, 3.5, -25.0, 1000.0, true, false, nil],
      "b": ["c": "d"],
      "e": "",
    ]
    #expect(value == expected)
  }

  @Test func keepsObjectKeyOrderAndDuplicates() throws {
    let value = try JSON.parse(#"{"z":1,"a":2,"z":3}"#)
    #expect(value.objectValue?.map(\.0) == ["z", "a", "z"])
    #expect(value["z"] == 3, "the last duplicate wins")
    #expect(value["missing"] == nil)
  }

  @Test func integersThatFitInt64StayIntegers() throws {
    #expect(try JSON.parse("9223372036854775807") == .integer(.max))
    #expect(try JSON.parse("-9223372036854775808") == .integer(.min))
    #expect(try JSON.parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
    #expect(try JSON.parse("-0") == .integer(0))
    #expect(try JSON.parse("1.0") == .number(1))
    #expect(try JSON.parse("1e2") == .number(100))
  }

  @Test func decodesEscapes() throws {
    #expect(try JSON.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
    #expect(try JSON.parse(#""\u00e9\u00E9 \u0000""#) == .string("éé \u{0}"))
    #expect(try JSON.parse(#""\ud83c\udf45""#) == .string("🍅"), "a surrogate pair")
    #expect(try JSON.parse("\"🍅 ⣿ 日本\"") == .string("🍅 ⣿ 日本"), "raw UTF-8")
  }

  @Test func acceptsBytesAndAnyCollection() throws {
    let bytes: [UInt8] = Array(#"{"button":1}"#.utf8)
    #expect(try JSON.parse(bytes)["button"] == 1)
    #expect(try JSON.parse(bytes[...])["button"] == 1)
  }

  @Test func nestingIsCappedAtTheMaximumDepth() throws {
    let depth = JSON.maximumDepth
    let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(throws: Never.self) { try JSON.parse(deepest) }
    let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    #expect(throws: JSONError(offset: depth, message: "nesting deeper than 64 levels")) {
      try JSON.parse(tooDeep)
    }
    let hostile = String(repeating: "{\"a\":[", count: 100_000)
    #expect(throws: JSONError.self) { try JSON.parse(hostile) }
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let text: String
    let offset: Int
    let message: String
    var testDescription: String { text.debugDescription }
  }

  static let invalid: [Invalid] = [
    Invalid(text: "", offset: 0, message: "unexpected end of input, expected a value"),
    Invalid(text: "   ", offset: 3, message: "unexpected end of input, expected a value"),
    Invalid(text: "{", offset: 1, message: "unexpected end of input in object"),
    Invalid(text: "[1,]", offset: 3, message: "trailing comma in array"),
    Invalid(text: #"{"a":1,}"#, offset: 7, message: "trailing comma in object"),
    Invalid(text: "{a:1}", offset: 1, message: "expected a string key, found 'a'"),
    Invalid(text: #"{"a" 1}"#, offset: 5, message: "expected ':' after object key"),
    Invalid(text: "[1 2]", offset: 3, message: "expected ',' or ']' in array, found '2'"),
    Invalid(text: "01", offset: 1, message: "leading zeros are not allowed in numbers"),
    Invalid(text: "1.", offset: 2, message: "unexpected end of input, expected a digit after '.'"),
    Invalid(text: ".5", offset: 0, message: "unexpected '.', expected a value"),
    Invalid(text: "1e", offset: 2, message: "unexpected end of input, expected a digit after the exponent"),
    Invalid(text: "+1", offset: 0, message: "unexpected '+', expected a value"),
    Invalid(text: "-", offset: 1, message: "unexpected end of input in number"),
    Invalid(text: "1e400", offset: 0, message: "number 1e400 is out of range"),
    Invalid(text: "NaN", offset: 0, message: "unexpected 'N', expected a value"),
    Invalid(text: "tru", offset: 0, message: "invalid literal, expected 'true'"),
    Invalid(text: "nul1", offset: 0, message: "invalid literal, expected 'null'"),
    Invalid(text: "true false", offset: 5, message: "unexpected 'f' after the value"),
    Invalid(text: "\"abc", offset: 0, message: "unterminated string"),
    Invalid(text: "\"a\tb\"", offset: 2, message: "control character byte 0x09 in string must be escaped"),
    Invalid(text: #""\x""#, offset: 1, message: #"invalid escape '\x'"#),
    Invalid(text: "\"\\\u{1}\"", offset: 1, message: "invalid escape before byte 0x01"),
    Invalid(text: #""\u12G4""#, offset: 5, message: "expected a hex digit in \\u escape, found 'G'"),
    Invalid(text: #""\ud83c""#, offset: 1, message: "unpaired surrogate in \\u escape"),
    Invalid(text: #""\ud83c\u0041""#, offset: 1, message: "unpaired surrogate in \\u escape"),
    Invalid(text: #""\udf45""#, offset: 1, message: "unpaired surrogate in \\u escape"),
    Invalid(text: "// comment\n1", offset: 0, message: "unexpected '/', expected a value"),
    Invalid(text: "\u{FEFF}1", offset: 0, message: "unexpected byte 0xef, expected a value"),
  ]

  @Test(arguments: invalid)
  func rejectsInvalidDocumentsWithOffsetAndMessage(_ example: Invalid) {
    #expect(throws: JSONError(offset: example.offset, message: example.message)) {
      try JSON.parse(example.text)
    }
  }

  @Test func rejectsInvalidUTF8InStrings() {
    let bytes: [UInt8] = [0x22, 0x61, 0xC3, 0x22]  // "a + a truncated é
    #expect(throws: JSONError(offset: 0, message: "string is not valid UTF-8")) {
      try JSON.parse(bytes)
    }
    #expect(throws: JSONError.self) { try JSON.parse([0x22, 0xED, 0xA0, 0x80, 0x22] as [UInt8]) }
  }

  @Test func errorDescriptionNamesTheByte() {
    #expect(
      JSONError(offset: 12, message: "expected ':' after object key").description
        == "byte 12: expected ':' after object key")
  }

  @Test func accessorsConvertBetweenNumberKinds() throws {
    let value = try JSON.parse(#"{"i":3,"d":3.0,"f":3.5,"big":1e19,"s":"x","b":true,"n":null,"a":[1]}"#)
    #expect(value["i"]?.int64Value == 3)
    #expect(value["d"]?.int64Value == 3)
    #expect(value["f"]?.int64Value == nil)
    #expect(value["big"]?.int64Value == nil)
    #expect(value["i"]?.doubleValue == 3)
    #expect(value["f"]?.doubleValue == 3.5)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["s"]?.int64Value == nil)
    #expect(value["b"]?.boolValue == true)
    #expect(value["n"]?.isNull == true)
    #expect(value["a"]?.arrayValue == [1])
    #expect(value["a"]?[0] == 1)
    #expect(value["a"]?[1] == nil)
    #expect(value[0] == nil)
    #expect(JSONValue.number(-0x1p63).int64Value == .min)
    #expect(JSONValue.number(0x1p63).int64Value == nil)
    #expect(JSONValue.number(.nan).int64Value == nil)
    #expect(JSONValue.number(.infinity).int64Value == nil)
  }

  @Test func equalityIsStructuralAndOrdered() {
    #expect(JSONValue.integer(1) != .number(1))
    #expect(JSONValue.object([("a", 1), ("b", 2)]) != .object([("b", 2), ("a", 1)]))
    #expect(JSONValue.object([("a", 1)]) != .object([("a", 1), ("a", 1)]))
    #expect(JSONValue.object([("a", [nil])]) == ["a": [nil]])
  }
}
