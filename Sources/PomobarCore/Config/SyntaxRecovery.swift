import TOML

/// Parses a config whose TOML may be broken, finding every syntax error, not only the first.
///
/// The parser stops at the first error, so this leaves out what it stopped at and parses
/// again: the offending line, or under a broken `[header]` the whole table (its keys would
/// otherwise land in the table above). Lines are blanked rather than removed, so positions
/// stay true. The keys on a left-out line are found by a plain textual scan and count as
/// broken (they take the fallback's value). The rounds are bounded, so no input can loop;
/// if nothing parses in the end, there is no root and every key takes the fallback's value.
enum SyntaxRecovery {
  /// A syntax error.
  struct Found: Equatable {
    var position: TOMLPosition
    var message: String
  }

  struct Outcome {
    /// The document without the left-out lines; nil if no attempt parsed.
    var root: TOMLTable?
    /// Each distinct syntax error, in the order found.
    var errors: [Found] = []
    /// The schema's keys on left-out lines.
    var brokenKeys: [ConfigKeyName] = []
  }

  /// How many times to parse before giving up: each round leaves out at least one line.
  static let maximumRounds = 50

  static func parse(_ bytes: [UInt8]) -> Outcome {
    let newline = UInt8(ascii: "\n")
    let original = bytes.split(separator: newline, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var lines = bytes.split(separator: newline, omittingEmptySubsequences: false).map(Array.init)
    var outcome = Outcome()
    for _ in 0..<maximumRounds {
      do {
        outcome.root = try TOML.parse(bytes: Array(lines.joined(separator: [newline])))
        return outcome
      } catch {
        let index = error.position.line - 1
        let hint = index < original.count ? durationHint(error.message, original[index]) : ""
        let found = Found(position: error.position, message: error.message + hint)
        if !outcome.errors.contains(found) { outcome.errors.append(found) }
        guard let target = lineToLeaveOut(after: error.position, lines) else { return outcome }
        if error.message.hasPrefix("unterminated multi-line string") {
          // Reported where it opens; all that follows is inside it, not more mistakes.
          for line in target..<lines.count { lines[line] = [] }
          outcome.brokenKeys += brokenKey(at: target, original)
        } else if isHeader(original[target]) {
          let end = lines[(target + 1)...].indices.first { isHeader(original[$0]) } ?? lines.count
          for line in target..<end { lines[line] = [] }
          let table = keyPath(at: target, original)
          if table.count == 1, let keys = ConfigLoader.keys(of: table[0]) {
            outcome.brokenKeys += keys.map { ConfigKeyName(table: table[0], key: $0) }
          }
        } else {
          outcome.brokenKeys += brokenKey(at: target, original)
          lines[target] = []
        }
      }
    }
    return outcome
  }

  /// The schema's key set on a line, if the line sets one.
  /// For `long-break = 20m`, which TOML reads as a number gone wrong: what to write.
  static func durationHint(_ message: String, _ line: String) -> String {
    guard message.hasPrefix("invalid character"), message.hasSuffix("in number"),
      let equals = line.firstIndex(of: "=")
    else { return "" }
    var value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
    if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
    let text = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    guard case .duration = DurationFormat.read(text) else { return "" }
    return " (durations are strings: \"\(text)\")"
  }

  static func brokenKey(at index: Int, _ lines: [String]) -> [ConfigKeyName] {
    let path = keyPath(at: index, lines)
    guard path.count == 2, ConfigLoader.isKey(ConfigKeyName(table: path[0], key: path[1])) else { return [] }
    return [ConfigKeyName(table: path[0], key: path[1])]
  }

  /// The line to leave out for an error at `position`: its own line, or when that is
  /// blank (spaces and tabs; a stray CR is something) (an unclosed string or array reported at the end of the input) the
  /// nearest line above with something on it, walking back towards where it began.
  static func lineToLeaveOut(after position: TOMLPosition, _ lines: [[UInt8]]) -> Int? {
    guard !lines.isEmpty else { return nil }
    let start = min(position.line - 1, lines.count - 1)
    return stride(from: start, through: 0, by: -1).first { line in
      lines[line].contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    }
  }

  static func isHeader(_ line: String) -> Bool {
    line.drop { $0 == " " || $0 == "\t" }.first == "["
  }

  /// The key a line sets, as segments from the root: the table in effect (the nearest
  /// header above) and the key before `=`. For a header line, the table it names.
  ///
  /// A textual guess for a line the parser could not read: no escapes, no quoted dots.
  static func keyPath(at index: Int, _ lines: [String]) -> [String] {
    let line = lines[index]
    if isHeader(line) { return headerName(line) }
    let table = lines[..<index].last(where: isHeader).map(headerName) ?? []
    let key: Substring
    if let equals = line.firstIndex(of: "=") {
      key = line[..<equals]
    } else {
      key = line.drop { $0 == " " || $0 == "\t" }.prefix(while: isKeyCharacter)
    }
    let segments = segments(key)
    return segments.isEmpty ? [] : table + segments
  }

  /// Whether `c` can be part of a key as written: bare-key characters, dots and quotes.
  static func isKeyCharacter(_ c: Character) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "-_.\"'".contains(c)
  }

  /// The segments of `[a.b]` or `[[a.b]]`, up to the closing bracket or a comment.
  static func headerName(_ line: String) -> [String] {
    let inside = line.drop { $0 == " " || $0 == "\t" || $0 == "[" }.prefix { $0 != "]" && $0 != "#" }
    return segments(inside)
  }

  /// `a . "b"` → `["a", "b"]`; empty when there is no key.
  static func segments(_ key: Substring) -> [String] {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false).map { part in
      String(part.trimmingBlanks.trimmingQuotes)
    }
    return parts.allSatisfy(\.isEmpty) ? [] : parts
  }
}

extension Substring {
  /// Without the spaces and tabs (and a CR) around it.
  fileprivate var trimmingBlanks: Substring {
    let blank = { (c: Character) in c == " " || c == "\t" || c == "\r" }
    guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) }) else {
      return ""
    }
    return self[start...end]
  }

  /// Without one pair of matching quotes around it.
  fileprivate var trimmingQuotes: Substring {
    guard count >= 2, let first, first == "\"" || first == "'", last == first else { return self }
    return dropFirst().dropLast()
  }
}
