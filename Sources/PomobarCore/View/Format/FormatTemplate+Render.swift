extension FormatTemplate {
  /// The text for one frame.
  ///
  /// An empty placeholder takes the space after it (or, with none, the one before it), so
  /// a missing project or end time leaves no double or trailing space.
  func render(_ values: borrowing FormatValues) -> String {
    var out = ""
    var dropSpace = false
    for index in parts.indices {
      switch parts[index] {
      case .literal(let text):
        if dropSpace && text.utf8.first == UInt8(ascii: " ") {
          out += text.dropFirst()
        } else {
          out += text
        }
        dropSpace = false
      case .placeholder(let placeholder):
        let text = values.text(placeholder)
        if !text.isEmpty {
          out += text
        } else if index + 1 < parts.count, case .literal(let next) = parts[index + 1],
          next.utf8.first == UInt8(ascii: " ")
        {
          dropSpace = true
        } else if out.utf8.last == UInt8(ascii: " ") {
          out.removeLast()
        }
      }
    }
    return out
  }
}
