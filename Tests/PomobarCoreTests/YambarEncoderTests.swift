import Testing

@testable import PomobarCore

/// yambar's script module reads `name|type|value` lines, a transaction ended by an empty
/// line (yambar-modules-script(5)).
@Suite struct YambarEncoderTests {
  @Test func aFrameIsOneTransactionOfTypedTags() {
    var encoder = YambarEncoder()
    let frame = encoder.frame(EncoderFixtures.focusRunning)
    #expect(frame.hasSuffix("\n\n"))
    let lines = frame.dropLast(2).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.map { $0.split(separator: "|", maxSplits: 2).prefix(2).joined(separator: "|") } == [
        "text|string", "short|string", "phase|string", "paused|bool", "urgent|bool", "ending|bool",
        "working|bool", "problem|bool", "remaining|int", "percentage|range:0-100", "color|string",
        "work|string",
      ])
    #expect(lines.contains("color|string|e54d2eff"), "yambar spells colours rrggbbaa")
    #expect(lines.contains("percentage|range:0-100|97"))
  }

  @Test func valuesStayOnTheirLine() {
    var view = EncoderFixtures.focusRunning
    view.fullText = "a\nb"
    view.color = "not a colour"
    var encoder = YambarEncoder()
    let frame = encoder.frame(view)
    #expect(frame.contains("text|string|a b\n"))
    #expect(frame.contains("color|string|\n"), "a malformed colour is left out")
  }
}
