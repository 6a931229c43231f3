import PomobarCore
import Testing

@testable import PomobarCommands

/// Parses `words` as `pomobar` would and expects `command`, as swift-argument-parser's
/// `AssertParse` does: the command line tested without the binary.
func assertParse(
  _ words: [String], _ command: Command, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let parsed = try Arguments.parse(words)
    #expect(parsed == command, "\(words)", sourceLocation: sourceLocation)
  } catch {
    Issue.record("\(words): \(error.message)", sourceLocation: sourceLocation)
  }
}

/// Parses `words` and expects the usage error `message` (the first line `pomobar` prints
/// before exiting 64), with the hint `hint` when given.
func assertUsageError(
  _ words: [String], _ message: String, hint: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    let parsed = try Arguments.parse(words)
    Issue.record("\(words): parsed as \(parsed), not refused", sourceLocation: sourceLocation)
  } catch {
    #expect(error.message == message, "\(words)", sourceLocation: sourceLocation)
    if let hint { #expect(error.hint == hint, "\(words)", sourceLocation: sourceLocation) }
  }
}
