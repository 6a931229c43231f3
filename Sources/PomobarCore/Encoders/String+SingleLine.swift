extension String {
  /// The string with some ASCII characters replaced, working on UTF-8 bytes.
  ///
  /// Encoders run every second: scanning bytes avoids grapheme breaking and its Unicode
  /// tables, in CPU and in resident memory. Returns `self` when nothing needs replacing.
  func replacingASCII(_ replacement: (UInt8) -> String?) -> String {
    guard utf8.contains(where: { $0 < 0x80 && replacement($0) != nil }) else { return self }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    for byte in utf8 {
      if byte < 0x80, let text = replacement(byte) {
        out += text.utf8
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The string with each control character (line breaks, tabs, escape, ...) replaced by a
  /// space: line-based consumers take a newline as the end of a frame, and a terminal would
  /// obey stray escape sequences. C1 controls (U+0080-U+009F, which some terminals also
  /// obey) are the UTF-8 pairs `C2 80`...`C2 9F`.
  var singleLine: String {
    let bytes = Array(utf8)
    let isC1 = { (i: Int) in bytes[i] == 0xC2 && i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]) }
    guard bytes.indices.contains(where: { bytes[$0] < 0x20 || bytes[$0] == 0x7F || isC1($0) }) else {
      return self
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] < 0x20 || bytes[i] == 0x7F {
        out.append(UInt8(ascii: " "))
      } else if isC1(i) {
        out.append(UInt8(ascii: " "))
        i += 1
      } else {
        out.append(bytes[i])
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
