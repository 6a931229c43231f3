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
  public static func suggestion(for word: String, in candidates: [String]) -> String? {
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
