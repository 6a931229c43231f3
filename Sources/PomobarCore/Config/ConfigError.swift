import TOML

/// A problem in a config file, with where it is: `config.toml:12:3: unknown key …`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  public var position: TOMLPosition
  public var message: String

  public init(file: String, position: TOMLPosition, message: String) {
    self.file = file
    self.position = position
    self.message = message
  }

  public var description: String { "\(file):\(position.line):\(position.column): \(message)" }
}

/// Suggestions for misspelt names, for config keys and command-line words alike.
public enum Spelling {
  /// The closest of `candidates` to `word`, if it is close enough to be a likely typo.
  ///
  /// A word that begins exactly one candidate is taken as short for it (`tog` → `toggle`),
  /// however far apart they are by edit distance.
  public static func suggestion(for word: String, in candidates: [String]) -> String? {
    let extensions = candidates.filter { $0 != word && $0.hasPrefix(word) }
    if !word.isEmpty, extensions.count == 1 { return extensions[0] }
    let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
    guard let (best, score) = scored, score <= max(2, word.count / 3) else { return nil }
    return best
  }

  /// ` (did you mean 'x'?)`, or empty when nothing is close.
  public static func hint(for word: String, in candidates: [String]) -> String {
    suggestion(for: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// Levenshtein distance over Unicode scalars.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

/// User-supplied text made safe to quote in a one-line message.
///
/// A key or value decoded from TOML may hold control characters (`"\u001b[2J"`) that
/// would break the line or drive the terminal reading the message; they are escaped the
/// way TOML writes them, and very long text is cut.
public enum Shown {
  /// `text` with control characters escaped (`\n`, `\u001B`), to put inside `'...'`.
  public static func plain(_ text: String) -> String {
    escaped(text, quote: false)
  }

  /// `text` in double quotes, with quotes, backslashes and control characters escaped.
  public static func quoted(_ text: String) -> String {
    "\"" + escaped(text, quote: true) + "\""
  }

  private static func escaped(_ text: String, quote: Bool) -> String {
    var out = ""
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if offset == 80 { return out + "…" }
      switch scalar {
      case "\"" where quote: out += "\\\""
      case "\\" where quote: out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) {
          let hex = String(value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
