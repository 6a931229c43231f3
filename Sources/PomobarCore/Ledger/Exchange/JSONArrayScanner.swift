/// Finds the elements of a top-level JSON array without building the whole document.
///
/// Importing years of intervals must not hold a parsed tree of every one at once, and one
/// broken element must not cost the others: each element's bytes are handed over to be
/// parsed on their own. Only brackets, braces and strings are followed here; whatever is
/// inside an element is the parser's business.
enum JSONArrayScanner {
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// Calls `body` with each element's byte range in order, or with a message where the
  /// array itself is broken (after which nothing follows); `body` returns false to stop.
  static func forEachElement(_ bytes: [UInt8], _ body: (Result<Range<Int>, Message>) -> Bool) {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func skipSpace() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
      _ = body(.failure(Message("not a JSON array (it must start with '[')")))
      return
    }
    index += 1
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return }
    while true {
      let start = index
      guard let end = valueEnd(bytes, from: start) else {
        _ = body(.failure(Message("the array is cut short or broken at byte \(start)")))
        return
      }
      guard body(.success(start..<end)) else { return }
      index = end
      skipSpace()
      guard index < bytes.count else {
        _ = body(.failure(Message("the array is cut short: no closing ']'")))
        return
      }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
        skipSpace()
      case UInt8(ascii: "]"):
        return
      default:
        _ = body(.failure(Message("expected ',' or ']' at byte \(index)")))
        return
      }
    }
  }

  /// Where the value starting at `start` ends (exclusive); nil when the input ends first.
  private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        if depth == 0 { return index }
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return index > start ? index : nil }
        depth -= 1
        if depth == 0 { return index + 1 }
      case UInt8(ascii: ","):
        if depth == 0 { return index > start ? index : nil }
      default:
        if depth == 0 && isSpace(byte) { return index > start ? index : nil }
      }
      index += 1
    }
    return depth == 0 && index > start ? index : nil
  }

  /// Why the array could not be read further.
  struct Message: Error {
    var text: String
    init(_ text: String) { self.text = text }
  }
}
