import TOML
import Testing

@testable import PomobarCore

private func load(_ text: String, fallback: Config = Config()) -> ConfigLoad {
  ConfigLoader.load(Array(text.utf8), file: "config.toml", fallback: fallback)
}

/// The mistakes in a file as printed, in order.
private func errors(_ text: String) -> [String] {
  load(text).errors.map(\.description)
}

/// A last good config that differs from the defaults in every key the tests break.
private let lastGood: Config = {
  var config = Config()
  config.timer.focus = .seconds(50 * 60)
  config.timer.shortBreak = .seconds(10 * 60)
  config.timer.step = .seconds(120)
  config.display.theme.legacy[.focus] = "#112233"  // [colors] focus, as a file sets it
  config.display.resolveColors()
  config.display.name = "last-good"
  config.clicks.left = .stop
  config.hooks[.focusEnd] = ["echo last good"]
  return config
}()

/// A config with mistakes still loads, with every valid setting and every mistake.
@Suite struct ConfigRecoveryTests {
  @Test func everyMistakeIsReportedInFileOrderWithItsPosition() {
    let found = errors(
      """
      [timer]
      focus = "50m"
      short-break = "5 minuten"
      [colors]
      focus = "#zz"
      [clicks]
      left = "strat"
      """)
    #expect(found.count == 3, "\(found)")
    #expect(
      found.map { $0.split(separator: ":").prefix(3).joined(separator: ":") } == [
        "config.toml:3:18", "config.toml:5:9", "config.toml:7:8",
      ])
  }

  @Test func validKeysApplyDespiteMistakesElsewhere() {
    let result = load("[timer]\nfocus = \"50m\"\nstep = true\n[colors]\nfocus = \"red\"\nidle = \"#000\"\n")
    #expect(result.errors.count == 2)
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.display.colors.idle == "#000000")
    #expect(result.config.timer.step == Config().timer.step)
    #expect(result.config.display.colors.focus == Config().display.colors.focus)
  }

  @Test func aBrokenKeyKeepsTheLastGoodValueNotTheDefault() {
    let result = load(
      "[timer]\nfocus = \"fifty\"\n[colors]\nfocus = \"#zz\"\n[hooks]\nfocus-end = 5\n", fallback: lastGood)
    #expect(result.errors.count == 3)
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.display.colors.focus == "#112233")
    #expect(result.config.hooks[.focusEnd] == ["echo last good"])
  }

  @Test func aKeyLeftOutTakesTheDefaultNotTheLastGoodValue() {
    let result = load("[colors]\nfocus = \"#zz\"\n", fallback: lastGood)
    #expect(result.config.timer.focus == Config().timer.focus)
    #expect(result.config.display.name == "pomobar")
    #expect(result.config.hooks.isEmpty)
    #expect(result.config.display.colors.focus == "#112233")
  }

  @Test func aBareNumberTooLongForItsKeyIsAnErrorThatSaysWhy() {
    let result = load(
      "[timer]\nshort-break = \"1500\"\nlong-break = 30\nfocus = 2000\n[ledger]\nweekly-goal-x = 1\n",
      fallback: lastGood)
    #expect(
      Array(result.errors.map(\.description).prefix(2)) == [
        "config.toml:2:15: 'short-break' = 1500 reads as 1500 minutes (25h), more than 12 hours; write the unit: "
          + "\"1500s\" for seconds, \"25h\" for hours",
        "config.toml:4:9: 'focus' = 2000 reads as 2000 minutes (33h20m), more than 24 hours; write the unit: "
          + "\"2000s\" for seconds, \"33h\" for hours",
      ])
    #expect(result.config.timer.longBreak == .seconds(1800), "30 minutes is a break")
    #expect(result.config.timer.shortBreak == lastGood.timer.shortBreak, "the broken key keeps its last good value")
  }

  @Test func aSyntaxErrorLeavesOutItsLineAndTheRestApplies() {
    let result = load(
      "[timer]\nfocus = \"50m\"\nstep = 3s\nshort-break = \"7m\"\n[display]\nname = \"x\n[clicks]\nleft = \"skip\"\n",
      fallback: lastGood)
    #expect(
      result.errors.map(\.description) == [
        "config.toml:3:9: invalid character 's' in number (durations are strings: \"3s\")",
        "config.toml:6:8: unterminated string: expected '\"' before the end of the line",
      ])
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.timer.shortBreak == .seconds(420))
    #expect(result.config.timer.step == .seconds(120), "the key on the broken line keeps its last good value")
    #expect(result.config.display.name == "last-good")
    #expect(result.config.clicks.left == .skip)
  }

  @Test func aBrokenTableHeaderLeavesOutItsWholeTable() {
    let result = load(
      "[timer]\nfocus = \"50m\"\n[colors\nfocus = \"#f00\"\n[clicks]\nleft = \"skip\"\n", fallback: lastGood)
    #expect(
      result.errors.map(\.description) == [
        "config.toml:3:8: expected ']' after table name 'colors', found end of line"
      ])
    // Not read into [timer], not applied: [colors] keeps its last good values.
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.display.colors.focus == "#112233")
    #expect(result.config.clicks.left == .skip)
  }

  @Test func aFileThatCannotBeRecoveredGivesTheFallbackWithItsErrors() {
    // An array never closed, longer than the rounds it takes to walk back to its start.
    let text = "[display]\nring = [\n" + String(repeating: "  \"a\",\n", count: 200)
    let result = load(text, fallback: lastGood)
    #expect(!result.errors.isEmpty)
    #expect(!result.parsed)
    #expect(result.config == lastGood)
  }

  @Test func anUnclosedMultiLineStringIsOneMistakeWhereItBegins() {
    let text = "[timer]\nfocus = \"50m\"\n[hooks]\nfocus-end = '''\nsome = 1\ntext\n"
    let result = load(text, fallback: lastGood)
    #expect(result.errors.count == 1, "what follows is inside it: \(result.errors)")
    #expect(
      result.errors.first?.description.hasPrefix("config.toml:4:13: unterminated multi-line string") == true)
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.hooks[.focusEnd] == ["echo last good"])
  }

  @Test func aShortUnclosedArrayIsLeftOutBackToWhereItBegins() {
    let result = load(
      "[timer]\nfocus = \"50m\"\n[display]\nring = [\n  \"a\",\n  \"b\"\n", fallback: lastGood)
    #expect(result.errors.count == 1, "\(result.errors)")
    #expect(result.parsed)
    #expect(result.config.timer.focus == .seconds(3000))
    #expect(result.config.display.ring == lastGood.display.ring)
  }

  @Test func aStrayCarriageReturnAtTheEndLosesNothingElse() {
    let result = load("[timer]\nfocus = \"50m\"\n\r", fallback: lastGood)
    #expect(result.errors.count == 1, "\(result.errors)")
    #expect(result.config.timer.focus == .seconds(3000))
  }

  @Test func manyBrokenLinesNeverLoop() {
    let text = "[timer]\n" + String(repeating: "focus = 3s\n", count: 200)
    let result = load(text)
    #expect(!result.errors.isEmpty)
    #expect(result.errors.count <= SyntaxRecovery.maximumRounds)
  }

  @Test func aTableWrittenAsAValueBreaksEveryKeyOfIt() {
    let result = load("timer = 5\n[colors]\nidle = \"#000\"\n", fallback: lastGood)
    #expect(result.errors.map(\.description) == ["config.toml:1:9: 'timer' must be a table, like [timer]"])
    #expect(result.config.timer == lastGood.timer)
    #expect(result.config.display.colors.idle == "#000000")
  }

  @Test func theFirstErrorIsThrownByGet() throws {
    #expect(throws: ConfigError.self) { try load("[timer]\nfocus = 1.5\n").get() }
    #expect(try load("[timer]\nfocus = 15\n").get().timer.focus == .seconds(900))
  }
}

/// What the messages say.
@Suite struct ConfigMessageTests {
  @Test func aTopLevelKeyIsNotCalledAnUnknownTable() {
    #expect(
      errors("focus = \"25m\"\n") == [
        "config.toml:1:1: unknown key 'focus' at the top level; keys belong in a table such as [timer] (did you mean [timer] focus?)"
      ])
    #expect(errors("scroll-up = \"extend\"\n").first?.hasSuffix("(did you mean [clicks] scroll-up?)") == true)
    #expect(errors("fcous = 1\n").first?.hasSuffix("(did you mean [timer] focus?)") == true)
    #expect(errors("zzzzzzz = 1\n").first?.hasSuffix("such as [timer]") == true)
  }

  @Test func aNegativeDurationSaysItMustNotBeNegative() {
    #expect(errors("[timer]\nfocus = -5\n") == ["config.toml:2:9: 'focus' must not be negative"])
    #expect(errors("[timer]\nfocus = \"-5m\"\n") == ["config.toml:2:9: 'focus' must not be negative"])
  }

  @Test func aDurationPastAWeekIsOutOfRangeNotUnreadable() {
    #expect(
      errors("[timer]\nfocus = \"169h\"\n") == [
        "config.toml:2:9: 'focus' is out of range: at most a week (168h), not \"169h\""
      ])
    #expect(
      errors("[timer]\nfocus = 10081\n") == [
        "config.toml:2:9: 'focus' is out of range: at most a week (10080 minutes)"
      ])
    #expect(errors("[timer]\nfocus = \"99999999999999999999h\"\n").first?.contains("out of range") == true)
    #expect(errors("[timer]\nfocus = \"5 parsecs\"\n").first?.contains("cannot read \"5 parsecs\"") == true)
  }

  @Test func durationsAsPeopleTypeThemAreReadAndTheRestPointAtTheFix() throws {
    let typed = [("5min", 300), ("90 min", 5400), ("1h30", 5400), ("1.5h", 5400), ("2 hours", 7200)]
    for (text, seconds) in typed {
      let load = ConfigLoader.load(Array("[timer]\nfocus = \"\(text)\"\n".utf8), file: "config.toml")
      #expect(load.errors.isEmpty && load.config.timer.focus == .seconds(seconds), "\(text): \(load.errors)")
    }
    // The column is the character that is wrong; the fix is the text that reads.
    #expect(
      errors("[timer]\nfocus = \"1,5h\"\n") == [
        "config.toml:2:11: 'focus': cannot read \"1,5h\" as a duration: the decimal point is '.'; write 1.5h"
      ])
    #expect(
      errors("[timer]\nfocus = \"25 mns\"\n") == [
        "config.toml:2:13: 'focus': cannot read \"25 mns\" as a duration: 'mns' is not a unit; write 25 mins"
      ])
    #expect(
      errors("[clicks]\nleft = \"extend 5m1h\"\n") == [
        "config.toml:2:18: 'left': cannot read '5m1h' as a duration: units go from hours to seconds, each once; "
          + "write 1h5m"
      ])
  }

  @Test func aBadAmountBlamesTheAmountNotTheAction() {
    #expect(
      errors("[clicks]\nleft = \"extend 5 parsecs\"\n") == [
        "config.toml:2:18: 'left': cannot read '5 parsecs' as a duration: 'parsecs' is not a unit "
          + "(h, m or s; also min, hours, seconds...); write it like 5m, 90s or 1h30m"
      ])
    #expect(
      errors("[clicks]\nleft = \"start 5m\"\n").first?.contains(
        "only extend, shorten and snooze take an amount")
        == true)
    #expect(errors("[clicks]\nleft = \"extend 169h\"\n").first?.contains("out of range") == true)
  }

  @Test func controlCharactersInKeysAndValuesAreEscaped() {
    let key = errors("[timer]\n\"fo\\u001b[2Jcus\" = 1\n")
    #expect(key.first?.contains("unknown key 'fo\\u001B[2Jcus' in [timer]") == true, "\(key)")
    let value = errors("[colors]\nfocus = \"#f\\n00\"\n")
    #expect(value.first?.hasSuffix("not \"#f\\n00\"") == true, "\(value)")
    let table = errors("[\"a\\u0007\"]\n")
    #expect(table.first?.contains("unknown table 'a\\u0007'") == true, "\(table)")
    for message in key + value + table {
      #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    }
  }

  @Test func aWordThatBeginsOneCandidateIsTakenAsShortForIt() {
    #expect(Spelling.suggestion(for: "tog", in: Action.names) == "toggle")
    #expect(Spelling.suggestion(for: "strat", in: Action.names) == "start")
    #expect(
      Spelling.suggestion(for: "st", in: ["start", "stop"]) == "stop", "two begin with it: the closest")
  }

  @Test func anUnbalancedQuoteInTheNotificationCommandIsAnErrorAtItsValue() {
    #expect(
      errors("[notifications]\ncommand = \"notify-send 'x\"\n") == [
        "config.toml:2:11: 'command': cannot split \"notify-send 'x\" into words: a ' quote is not closed"
      ])
    #expect(
      errors("[notifications]\ncommand = \"  \"\n") == ["config.toml:2:11: 'command' must name a program"])
  }

  @Test func theNotificationCommandIsSplitIntoWords() throws {
    let config = try load("[notifications]\ncommand = \"notify-send --expire-time=1000 -h 'string:x:a b'\"\n")
      .get()
    #expect(config.notifications.command == ["notify-send", "--expire-time=1000", "-h", "string:x:a b"])
  }
}

/// Mangled configs: whatever the bytes, loading must not trap and must give a usable config.
@Suite struct ConfigRecoveryFuzzTests {
  @Test func mangledCopiesOfTheDocumentedConfigAlwaysLoad() throws {
    var random = SeededRandom(seed: 7)
    let example = Array(ConfigPrinter.toml(lastGood).utf8)
    let noise = Array("[]=\"'#\n\r\t .{},\\x5mh".utf8) + [0x00, 0x7F, 0xC3, 0xFF]
    for _ in 0..<300 {
      var bytes = example
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.insert(noise.randomElement(using: &random)!, at: at)
        case 1 where at < bytes.count: bytes.remove(at: at)
        default: bytes.insert(contentsOf: bytes[at...].prefix(12), at: at)
        }
      }
      let result = ConfigLoader.load(bytes, file: "f", fallback: lastGood)
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
      for error in result.errors {
        #expect((1...lines).contains(error.position.line), "\(error) in \(bytes)")
      }
      // The config is a real one: it prints and loads back to itself.
      #expect(
        try ConfigLoader.load(Array(ConfigPrinter.toml(result.config).utf8), file: "f").get() == result.config
      )
    }
  }
}
