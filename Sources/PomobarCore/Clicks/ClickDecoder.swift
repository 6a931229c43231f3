/// Incremental decoder for the click stream i3bar/swaybar write to stdin: `[` then one JSON
/// object per line, each line after the first starting with `,` (swaybar-protocol(7)).
///
/// The stream is one endless JSON array, so it can't be parsed as a document; it is decoded
/// line by line instead, which is what both bars guarantee: i3bar ends each event with `\n`
/// (yajl output plus a newline), swaybar writes `"%s%s\n"` with a leading `,` after the first.
/// Tolerant by design (an odd line costs one error, never the stream): bytes may be split
/// anywhere, even inside a UTF-8 sequence, or many lines may come in one read; the opening
/// `[` may stand alone or precede the first object; leading `,`, surrounding whitespace, CRLF
/// and blank lines are accepted; a line without `[` (i3blocks 1.5's per-click objects) works.
public struct ClickDecoder: Sendable {
  /// The longest line kept, in bytes; the rest of a longer line is dropped with one error, so
  /// a stream without newlines can't grow the buffer without bound. Real lines are ~200 bytes.
  public static let maximumLineLength = 64 * 1024

  private var line: [UInt8] = []
  /// Set after an over-long line's error, until its newline ends it.
  private var discarding = false
  /// Set once a non-blank line has been seen: only the first may open with `[`.
  private var sawFirstLine = false

  public init() {}

  /// Decodes every line that `bytes` completes: one result per non-blank line, in order.
  ///
  /// A partial last line is kept for the next call.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Result<ClickEvent, ClickDecodeError>] {
    feedKeepingText(bytes).map(\.result)
  }

  /// Like `feed`, with each event's own JSON text as the bar wrote it (the line without
  /// the array's punctuation): what `pomobar --wrap` passes on to the wrapped command.
  public mutating func feedKeepingText(
    _ bytes: some Collection<UInt8>
  ) -> [(result: Result<ClickEvent, ClickDecodeError>, text: ArraySlice<UInt8>)] {
    var results: [(result: Result<ClickEvent, ClickDecodeError>, text: ArraySlice<UInt8>)] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if discarding {
          discarding = false
        } else if let result = decodeLine(line) {
          results.append(result)
        }
        line.removeAll(keepingCapacity: line.count <= 4096)
      } else if !discarding {
        if line.count < Self.maximumLineLength {
          line.append(byte)
        } else {
          discarding = true
          sawFirstLine = true
          let error = ClickDecodeError(
            "line longer than \(Self.maximumLineLength) bytes skipped", excerpt: lineExcerpt(line))
          results.append((.failure(error), []))
          line.removeAll()
        }
      }
    }
    return results
  }

  /// One line's result and the event's text; nil for a line with nothing to decode
  /// (blank, or framing only).
  private mutating func decodeLine(
    _ raw: [UInt8]
  ) -> (result: Result<ClickEvent, ClickDecodeError>, text: ArraySlice<UInt8>)? {
    var start = raw.startIndex
    var end = raw.endIndex
    trimWhitespace(raw, &start, &end)
    guard start < end else { return nil }
    let isFirstLine = !sawFirstLine
    sawFirstLine = true
    // The array's own punctuation: `[` opening the first line, `,` separating events, and
    // (tolerated, though no bar sends it) a comma at the end or a closing `]`.
    if isFirstLine, raw[start] == UInt8(ascii: "[") {
      start += 1
      trimWhitespace(raw, &start, &end)
    }
    if start < end, raw[start] == UInt8(ascii: ",") {
      start += 1
      trimWhitespace(raw, &start, &end)
    }
    if start < end, raw[end - 1] == UInt8(ascii: ",") {
      end -= 1
      trimWhitespace(raw, &start, &end)
    }
    guard start < end, !(end - start == 1 && raw[start] == UInt8(ascii: "]")) else { return nil }
    let content = raw[start..<end]
    let json: JSONValue
    do {
      json = try JSON.parse(content)
    } catch {
      return (.failure(ClickDecodeError("not JSON (\(error))", excerpt: lineExcerpt(content))), content)
    }
    do {
      return (.success(try ClickEvent(json: json)), content)
    } catch {
      return (.failure(ClickDecodeError(error.message, excerpt: lineExcerpt(content))), content)
    }
  }

  /// Space, tab and CR: CR so that CRLF line endings decode like LF.
  private func trimWhitespace(_ bytes: [UInt8], _ start: inout Int, _ end: inout Int) {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
  }
}
