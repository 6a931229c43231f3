import Testing

@testable import PomobarCore

/// Splitting a command line into words like a shell, and joining them back.
@Suite struct ShellWordsTests {
  @Test(arguments: [
    ("notify-send", ["notify-send"]),
    ("  notify-send   --expire-time=1000\t-u low ", ["notify-send", "--expire-time=1000", "-u", "low"]),
    ("a 'b c' \"d e\"", ["a", "b c", "d e"]),
    ("it\\'s a\\ b", ["it's", "a b"]),
    ("'' \"\" x", ["", "", "x"]),
    ("pre'fix'\"ed\"", ["prefixed"]),
    ("\"a \\\" \\\\ \\$ \\x\"", ["a \" \\ $ \\x"]),
    ("'no \\ escapes \"here'", ["no \\ escapes \"here"]),
    ("$HOME ~ *", ["$HOME", "~", "*"]),
    ("a\\\nb", ["ab"]),
    ("", []),
  ])
  func splitsLikeAShell(_ line: String, _ words: [String]) throws {
    #expect(try ShellWords.split(line) == words)
  }

  @Test(arguments: ["'open", "\"open", "\"ends in \\", "trailing \\"])
  func anUnfinishedQuoteOrEscapeIsAnError(_ line: String) {
    #expect(throws: ShellWords.SplitError.self) { try ShellWords.split(line) }
  }

  @Test func joinedWordsSplitBackToTheSameWords() throws {
    let samples: [[String]] = [
      ["notify-send"], ["notify-send", "--expire-time=1000"],
      ["a b", "it's", "", "\"q\"", "$x", "\\", "tab\there"],
      ["é", "line\nbreak"],
    ]
    for words in samples {
      #expect(try ShellWords.split(ShellWords.join(words)) == words, "\(ShellWords.join(words))")
    }
    #expect(ShellWords.join(["notify-send", "--expire-time=1000"]) == "notify-send --expire-time=1000")
    #expect(ShellWords.join(["a b", "it's"]) == "'a b' 'it'\\''s'")
  }
}
