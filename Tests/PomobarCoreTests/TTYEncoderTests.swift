import Testing

@testable import PomobarCore

/// What a terminal shows of a tty frame: the text without `CR`, escape sequences and the bell.
private func visible(_ frame: String) -> String {
  var out = String.UnicodeScalarView()
  var inEscape = false
  for scalar in frame.unicodeScalars {
    if inEscape {
      if ("@"..."~").contains(scalar) && scalar != "[" { inEscape = false }
    } else if scalar == "\u{1B}" {
      inEscape = true
    } else if scalar != "\r" && scalar != "\u{07}" {
      out.append(scalar)
    }
  }
  return String(out)
}

private func frame(_ view: ViewModel, width: Int?, interactive: Bool = true) -> String {
  var encoder = TTYEncoder(interactive: interactive, width: width)
  return visible(encoder.frame(view))
}

@Suite("Terminal encoder")
struct TTYEncoderTests {
  @Test func displayWidthCountsColumnsNotBytes() {
    #expect("⣿ Focus 24:13 ●●○○".terminalColumns == 18)
    #expect("⣿ Focus 24:13 ●●○○".utf8.count == 28)
    #expect("\u{F0AA1} ☾ ⚠ ✓ · ±".terminalColumns == 11, "ring glyphs and marks are one column")
    #expect("番茄 25:00".terminalColumns == 10, "CJK is two columns each")
    #expect("e\u{301}".terminalColumns == 1, "a combining mark adds nothing")
    #expect("番茄".prefix(columns: 3) == "番", "a wide character is never cut in half")
    #expect("⣿ 24:13".prefix(columns: 4) == "⣿ 24")
    #expect("⣿ 24:13".prefix(columns: 0) == "")
  }

  @Test func withoutAKnownWidthNothingIsLeftOut() {
    let line = frame(EncoderFixtures.paused, width: nil)
    #expect(line == EncoderFixtures.paused.fullText + TTYEncoder.keyHint(step: .seconds(60)))
  }

  /// 18 columns of text and 66 of help would wrap at 80: the help loses entries from its
  /// end until the line fits in 79.
  @Test func eightyColumnsKeepTheTextAndAsMuchKeyHelpAsFits() {
    let line = frame(EncoderFixtures.focusRunning, width: 80)
    #expect(line == "⣿ Focus 24:13 ●●○○  (space: start/pause · s: skip · x: stop · +/-: ±1 min)")
    #expect(line.terminalColumns == 74)
    let noted = frame(EncoderFixtures.paused, width: 80)
    #expect(noted == "⡇ Focus paused 10:00 ●●●○ · suspended 42 min  (space: start/pause · s: skip)")
  }

  @Test func fortyColumnsDropTheKeyHelpThenFallBackToTheShortText() {
    #expect(frame(EncoderFixtures.focusRunning, width: 40) == "⣿ Focus 24:13 ●●○○")
    #expect(frame(EncoderFixtures.paused, width: 40) == "⡇ 10:00 ☾", "44 columns of text do not fit")
  }

  @Test func twentyColumnsAndFewerShortenTheText() {
    #expect(frame(EncoderFixtures.focusRunning, width: 20) == "⣿ Focus 24:13 ●●○○")
    #expect(frame(EncoderFixtures.focusRunning, width: 19) == "⣿ Focus 24:13 ●●○○", "18 in 19 - 1")
    #expect(frame(EncoderFixtures.focusRunning, width: 18) == "⣿ 24:13")
    #expect(frame(EncoderFixtures.focusRunning, width: 5) == "⣿ 24")
    #expect(frame(EncoderFixtures.focusRunning, width: 1) == "")
  }

  @Test func noLineIsEverWiderThanTheTerminalAllowsAndTheHelpGoesFirst() {
    for (name, view) in EncoderFixtures.all {
      for width in 1...120 {
        for interactive in [true, false] {
          let line = frame(view, width: width, interactive: interactive)
          #expect(line.terminalColumns <= width - 1, "\(name) at \(width): \(line)")
          if line.contains("(") {
            #expect(
              line.hasPrefix(view.fullText.singleLine),
              "the text is whole while help shows: \(name) at \(width)")
          }
        }
      }
    }
  }

  @Test func resizeChangesTheNextFrame() {
    var encoder = TTYEncoder(interactive: true)
    #expect(visible(encoder.frame(EncoderFixtures.focusRunning)).contains("q: quit"))
    encoder.resize(width: 40)
    #expect(visible(encoder.frame(EncoderFixtures.focusRunning)) == "⣿ Focus 24:13 ●●○○")
    encoder.resize(width: nil)
    #expect(visible(encoder.frame(EncoderFixtures.focusRunning)).contains("q: quit"))
  }

  @Test func otherEncodersIgnoreTheWidth() {
    var plain = makeEncoder(.plain)
    plain.resize(width: 5)
    #expect(plain.frame(EncoderFixtures.focusRunning) == "⣿ Focus 24:13 ●●○○\n")
  }
}
