/// A line's first 80 characters for a message about it (a bad click event, a bad line
/// from a wrapped command), with control bytes and invalid UTF-8 made harmless so that
/// the message stays one printable line.
func lineExcerpt(_ bytes: some Collection<UInt8>) -> String {
  let text = String(decoding: bytes.prefix(320), as: UTF8.self)
  var out = ""
  for (count, character) in text.enumerated() {
    if count == 80 {
      out += "…"
      break
    }
    let isControl = character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    out.append(isControl ? "\u{FFFD}" : character)
  }
  return out
}
