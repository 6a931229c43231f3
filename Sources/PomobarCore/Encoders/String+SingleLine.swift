extension String {
  /// The string with each control character (line breaks, tabs, escape, ...) replaced by a
  /// space: line-based consumers take a newline as the end of a frame, and a terminal would
  /// obey stray escape sequences.
  var singleLine: String {
    guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      out.unicodeScalars.append(scalar.isControlCharacter ? " " : scalar)
    }
    return out
  }
}

extension Unicode.Scalar {
  /// C0 controls, DEL and C1 controls (U+0080-U+009F, which some terminals also obey).
  fileprivate var isControlCharacter: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value)
  }
}
