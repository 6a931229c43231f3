import Testing

@testable import PomobarCore

@Suite("JSON writing")
struct JSONSerializerTests {
  @Test func writesCompactlyInTheGivenKeyOrder() {
    let value: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["x": "y"], "e": [], "o": [:]]
    #expect(JSON.serialize(value) == #"{"z":1,"a":[true,false,null],"m":{"x":"y"},"e":[],"o":{}}"#)
  }

  @Test func writesNumbersTheWayPeopleDo() {
    #expect(JSON.serialize(.integer(-42)) == "-42")
    #expect(JSON.serialize(.integer(.min)) == "-9223372036854775808")
    #expect(JSON.serialize(.number(3)) == "3")
    #expect(JSON.serialize(.number(-0.0)) == "0")
    #expect(JSON.serialize(.number(0.5)) == "0.5")
    #expect(JSON.serialize(.number(1e15)) == "1000000000000000")
    #expect(JSON.serialize(.number(0x1p53)) == "9007199254740992")
    #expect(JSON.serialize(.number(1e16)) == "1e+16")
    #expect(JSON.serialize(.number(1e-7)) == "1e-07")
    #expect(JSON.serialize(.number(.nan)) == "null")
    #expect(JSON.serialize(.number(.infinity)) == "null")
    #expect(JSON.serialize(.number(-.infinity)) == "null")
  }

  @Test func quotesEscapeOnlyWhatJSONRequires() {
    #expect(JSON.quote(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    #expect(JSON.quote("a\nb\tc\rd\u{08}\u{0C}") == #""a\nb\tc\rd\b\f""#)
    #expect(JSON.quote("\u{0}\u{1B}\u{1F}") == #""\u0000\u001b\u001f""#)
    #expect(JSON.quote("/ ⣿ 🍅 \u{7F} \u{2028}") == "\"/ ⣿ 🍅 \u{7F} \u{2028}\"", "other Unicode stays UTF-8")
    #expect(JSON.quote("") == #""""#)
  }

  static let documents = [
    #"{"name":"pomobar","instance":"pomodoro","button":1,"modifiers":["Shift","Mod4"],"x":1187.5}"#,
    #"[[],{},[[{"a":[null]}]],"",0,-1,1.5,1e+300,true]"#,
    #"{"text":"⣿ Focus 24:13 ●○○○","tooltip":"Focus 2 of 4\n24:13 left","class":["focus"]}"#,
    #""\u0000\u001f\"\\🍅""#,
  ]

  @Test(arguments: documents)
  func compactDocumentsRoundTripExactly(_ text: String) throws {
    #expect(JSON.serialize(try JSON.parse(text)) == text)
  }

  @Test func parsingWhatWasWrittenGivesTheSameValue() throws {
    let value: JSONValue = [
      "s": .string("\u{0}\u{1}\n\"\\ é 🍅 \u{FFFF}"), "i": .integer(.max), "d": .number(0.1),
      "nested": [[["deep": [1, 2.25, "x"]]]],
    ]
    #expect(try JSON.parse(JSON.serialize(value)) == value)
  }
}
