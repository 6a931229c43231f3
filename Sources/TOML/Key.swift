/// One segment of a dotted key, with where it was written.
///
/// Segments keep their own positions so that an error about `b` in `a.b.c` points at `b`.
struct KeySegment {
  /// The key with quotes removed and escapes decoded.
  var name: String
  /// Where the segment starts (its opening quote, if quoted).
  var position: TOMLPosition
}

/// A possibly dotted key as parsed: its segments in order, the first stored inline.
///
/// Nearly every key has a single segment; keeping that one out of an array saves an
/// allocation per key, which is a measurable share of parsing a config. Also knows how keys
/// are written back in error messages.
struct Key: RandomAccessCollection {
  /// The first (often only) segment.
  var head: KeySegment
  /// The segments after the first.
  var tail: [KeySegment] = []

  /// Always 0.
  var startIndex: Int { 0 }
  /// One past the last segment.
  var endIndex: Int { tail.count + 1 }

  /// The segment at `position`, counting from 0.
  subscript(position: Int) -> KeySegment {
    position == 0 ? head : tail[position - 1]
  }

  /// Whether `byte` may appear in a bare key: ASCII letters, digits, `_` and `-`.
  static func isBareByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// A key path for messages: segments joined by `.`, quoted where a bare key would not do.
  ///
  /// Cut to about 80 characters so that a runaway key cannot flood the message.
  static func display(_ segments: some Sequence<KeySegment>) -> String {
    let text = segments.map { display($0.name) }.joined(separator: ".")
    return text.count > 80 ? text.prefix(79) + "…" : text
  }

  /// One key for messages: as is if it could be written bare, otherwise in double quotes.
  static func display(_ name: String) -> String {
    if !name.isEmpty && name.utf8.allSatisfy(isBareByte) { return name }
    return TOML.quote(name)
  }
}
