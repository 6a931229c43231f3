import Testing

@testable import PomobarCore

@Suite("Click stream decoding")
struct ClickDecoderTests {
  /// What i3bar 4.22 writes: yajl's compact objects, `[` alone on the first line.
  static let i3barStream =
    "[\n"
    + #"{"name":"pomobar","instance":"pomodoro","button":1,"modifiers":["Mod2"],"x":1187,"y":9,"#
    + #""relative_x":23,"relative_y":9,"output_x":1187,"output_y":9,"width":118,"height":18}"#
    + "\n"
    + #",{"name":"pomobar","instance":"pomodoro","button":3,"modifiers":["Shift","Mod2"],"x":1190,"#
    + #""y":4,"relative_x":26,"relative_y":4,"output_x":1190,"output_y":4,"width":118,"height":18}"#
    + "\n"

  static let i3barEvents = [
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 1, modifiers: ["Mod2"], x: 1187, y: 9,
      relativeX: 23, relativeY: 9, outputX: 1187, outputY: 9, width: 118, height: 18),
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 3, modifiers: ["Shift", "Mod2"], x: 1190, y: 4,
      relativeX: 26, relativeY: 4, outputX: 1190, outputY: 4, width: 118, height: 18),
  ]

  /// What swaybar 1.7 writes: json-c's spaced objects, `event` and `scale`, no modifiers;
  /// the third click is a scroll and the fourth has `float_event_coords` doubles.
  static let swaybarStream =
    "[\n"
    + #"{ "name": "pomobar", "instance": "pomodoro", "button": 1, "event": 272, "x": 1187, "y": 12, "#
    + #""relative_x": 23, "relative_y": 12, "width": 118, "height": 24, "scale": 1 }"#
    + "\n,"
    + #"{ "name": "pomobar", "instance": "pomodoro", "button": 2, "event": 274, "x": 1190, "y": 3, "#
    + #""relative_x": 26, "relative_y": 3, "width": 118, "height": 24, "scale": 1 }"#
    + "\n,"
    + #"{ "name": "pomobar", "instance": "pomodoro", "button": 4, "event": 768, "x": 1190, "y": 3, "#
    + #""relative_x": 26, "relative_y": 3, "width": 118, "height": 24, "scale": 1 }"#
    + "\n,"
    + #"{ "name": "pomobar", "instance": "pomodoro", "button": 3, "event": 273, "x": 1187.5, "#
    + #""y": 12.25, "relative_x": 23.5, "relative_y": 12.25, "width": 118, "height": 24, "scale": 1.5 }"#
    + "\n"

  static let swaybarEvents = [
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 1, x: 1187, y: 12, relativeX: 23, relativeY: 12,
      width: 118, height: 24, event: 272, scale: 1),
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 2, x: 1190, y: 3, relativeX: 26, relativeY: 3,
      width: 118, height: 24, event: 274, scale: 1),
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 4, x: 1190, y: 3, relativeX: 26, relativeY: 3,
      width: 118, height: 24, event: 768, scale: 1),
    ClickEvent(
      name: "pomobar", instance: "pomodoro", button: 3, x: 1188, y: 12, relativeX: 24, relativeY: 12,
      width: 118, height: 24, event: 273, scale: 1.5),
  ]

  static func decodeAll(_ text: String, chunk: Int) -> [Result<ClickEvent, ClickDecodeError>] {
    var decoder = ClickDecoder()
    let bytes = Array(text.utf8)
    var results: [Result<ClickEvent, ClickDecodeError>] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      results += decoder.feed(bytes[start..<end])
      start = end
    }
    return results
  }

  static func events(_ text: String, chunk: Int = .max) -> [ClickEvent] {
    decodeAll(text, chunk: chunk).compactMap { try? $0.get() }
  }

  @Test(arguments: [1, 2, 3, 7, 64, Int.max])
  func decodesI3barStreamInAnyChunking(chunk: Int) {
    let results = Self.decodeAll(Self.i3barStream, chunk: chunk)
    #expect(results.map { try? $0.get() } == Self.i3barEvents)
  }

  @Test(arguments: [1, 5, 100, Int.max])
  func decodesSwaybarStreamInAnyChunking(chunk: Int) {
    let results = Self.decodeAll(Self.swaybarStream, chunk: chunk)
    #expect(results.map { try? $0.get() } == Self.swaybarEvents)
  }

  @Test func keepsAPartialLineForTheNextRead() {
    var decoder = ClickDecoder()
    #expect(decoder.feed(Array("[\n{\"button\":1,\"name\":\"pom".utf8)).isEmpty)
    #expect(
      decoder.feed(Array("obar\"}\n,{\"butt".utf8)).map { try? $0.get() } == [
        ClickEvent(name: "pomobar", button: 1)
      ])
    #expect(decoder.feed(Array("on\":2}\n".utf8)).map { try? $0.get() } == [ClickEvent(button: 2)])
  }

  @Test func aReadSplitInsideAUTF8SequenceIsReassembled() {
    let bytes = Array("[\n{\"button\":1,\"instance\":\"🍅 é\"}\n".utf8)
    let split = bytes.firstIndex(of: 0xF0)! + 2  // between the tomato's 2nd and 3rd bytes
    var decoder = ClickDecoder()
    #expect(decoder.feed(bytes[..<split]).isEmpty)
    #expect(decoder.feed(bytes[split...]).map { try? $0.get() } == [ClickEvent(instance: "🍅 é", button: 1)])
  }

  @Test func acceptsTheOpeningBracketOnTheFirstObjectsLine() {
    let stream = "[{\"button\":1}\n,{\"button\":2}\n"
    #expect(Self.events(stream) == [ClickEvent(button: 1), ClickEvent(button: 2)])
    #expect(Self.events("  [  {\"button\":1}  \n") == [ClickEvent(button: 1)])
  }

  @Test func acceptsAStreamWithoutBracketOrCommas() {
    // i3blocks 1.5 gives persistent blocks one object per line, no array.
    #expect(
      Self.events("{\"button\":1}\n{\"button\":3}\n") == [ClickEvent(button: 1), ClickEvent(button: 3)])
  }

  @Test func toleratesCRLFBlankLinesWhitespaceAndTrailingCommas() {
    let stream = "\r\n[\r\n\r\n  {\"button\":1}  \r\n\n\t, {\"button\":2},\r\n,\n]\n"
    let results = Self.decodeAll(stream, chunk: .max)
    #expect(results.map { try? $0.get() } == [ClickEvent(button: 1), ClickEvent(button: 2)])
  }

  @Test func onlyTheFirstLineMayOpenWithABracket() throws {
    let results = Self.decodeAll("{\"button\":1}\n[{\"button\":2}\n", chunk: .max)
    #expect(results.count == 2)
    #expect(try results[0].get() == ClickEvent(button: 1))
    #expect(throws: ClickDecodeError.self) { try results[1].get() }
  }

  @Test func aBadLineCostsOneErrorAndDecodingCarriesOn() {
    let stream =
      "[\n{\"button\":1}\n,garbage\n,{\"name\":\"pomobar\"}\n,[1,2]\n,{\"button\":\"left\"}\n,{\"button\":3}\n"
    let results = Self.decodeAll(stream, chunk: 4)
    #expect(results.count == 6)
    #expect(results.compactMap { try? $0.get() } == [ClickEvent(button: 1), ClickEvent(button: 3)])
    let messages = results.compactMap { result -> String? in
      if case .failure(let error) = result { return error.description }
      return nil
    }
    #expect(
      messages == [
        "ignoring click: not JSON (byte 0: unexpected 'g', expected a value): garbage",
        #"ignoring click: click has no "button": {"name":"pomobar"}"#,
        "ignoring click: click is not a JSON object: [1,2]",
        #"ignoring click: click "button" is not a whole number: {"button":"left"}"#,
      ])
  }

  @Test func anOverlongLineIsSkippedWithOneErrorAndNoUnboundedBuffer() {
    var decoder = ClickDecoder()
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000)
    var errors = 0
    for _ in 0..<100 {  // 1 MB without a newline
      errors += decoder.feed(chunk).count
    }
    #expect(errors == 1)
    let after = decoder.feed(Array("still the long line\n{\"button\":2}\n".utf8))
    #expect(after.map { try? $0.get() } == [ClickEvent(button: 2)])
  }

  @Test func aLineJustUnderTheCapIsDecoded() {
    let padding = String(repeating: " ", count: ClickDecoder.maximumLineLength - 12)
    #expect(Self.events("{\"button\":1}" + padding + "\n") == [ClickEvent(button: 1)])
    let results = Self.decodeAll("{\"button\":1}" + padding + " \n", chunk: 1000)
    #expect(results.count == 1)
    #expect(throws: ClickDecodeError.self) { try results[0].get() }
  }

  @Test func errorExcerptsAreShortAndPrintable() {
    let stream = "\u{1B}[31m" + String(repeating: "y", count: 200) + "\n"
    let results = Self.decodeAll(stream, chunk: .max)
    guard case .failure(let error)? = results.first else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.excerpt == "\u{FFFD}[31m" + String(repeating: "y", count: 75) + "…")
  }

  @Test func randomBytesInRandomChunksNeverTrap() {
    var random = SeededRandom(seed: 0xC11C)
    let alphabet = Array("[]{},:\"\\ \n\r\tbutton1234567890.-eventnametrue".utf8) + [0x00, 0xC3, 0xFF]
    var decoder = ClickDecoder()
    for _ in 0..<3000 {
      let count = Int.random(in: 0...48, using: &random)
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
      _ = decoder.feed(bytes)
    }
    // Whatever came before, a clean line after a newline decodes.
    #expect(
      decoder.feed(Array("\n{\"button\":5}\n".utf8)).last.flatMap { try? $0.get() } == ClickEvent(button: 5))
  }
}
