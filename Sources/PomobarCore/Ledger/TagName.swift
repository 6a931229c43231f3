/// What a tag may be, and how `+tag` words are told from the others: the one rule for
/// every door a tag comes in by (`ctl project`, `track`, `history amend`, imports).
///
/// A tag is a short label beside the project (`billable`, `client call`), kept as given
/// but normalised: spaces and tabs around it trimmed and runs of them inside made one
/// space (so `client  call` and `client call` are one tag), not empty, no control
/// characters, no `;` (CSV exports join a record's tags with it), at most `maxCharacters`
/// characters and `maxBytes` bytes. Tags are case-sensitive, as project names are. A
/// record keeps at most `maxCount` tags, in the order given, each once.
///
/// Spaces are allowed because timewarrior (quoted) and Watson tags may have them, and a
/// round trip through either must not change a tag; on the command line such a tag is one
/// quoted word: `pomobar ctl project api "+client call"`.
public enum TagName {
  public static let maxCharacters = 50
  public static let maxBytes = 100
  public static let maxCount = 20

  /// Why a tag, or a list of them, is refused, said for a person.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `+` with nothing after it.
    case empty
    case tooLong(String, characters: Int, bytes: Int)
    /// The tag, and its first control character as `U+000A`.
    case control(String, String)
    case semicolon(String)
    case tooMany(Int)

    public var description: String {
      switch self {
      case .empty: return "a tag cannot be empty: write it as +NAME, like +billable"
      case .tooLong(let tag, let characters, let bytes):
        return
          "tag '\(Self.shown(tag))' is too long: a tag is at most \(TagName.maxCharacters) characters"
          + " and \(TagName.maxBytes) bytes (this one: \(characters) characters, \(bytes) bytes)"
      case .control(let tag, let code):
        return "tag '\(Self.shown(tag))' has a control character (\(code)): a tag is one line of text"
      case .semicolon(let tag):
        return "tag '\(Self.shown(tag))' has a ';', which separates tags in CSV: write it without"
      case .tooMany(let count):
        return "at most \(TagName.maxCount) tags a record (\(count) given)"
      }
    }

    /// A tag as it can be printed on one line: control characters as `?`, long ones cut.
    private static func shown(_ tag: String) -> String {
      var scalars = String.UnicodeScalarView()
      for scalar in tag.unicodeScalars.prefix(60) {
        scalars.append(ProjectName.isControl(scalar) ? "?" : scalar)
      }
      return String(scalars)
    }
  }

  /// The tag as kept (trimmed, inner runs of spaces made one), or why it cannot be one.
  public static func check(_ given: String) -> Result<String, Problem> {
    let tag = normalised(given)
    guard !tag.isEmpty else { return .failure(.empty) }
    if let bad = tag.unicodeScalars.first(where: ProjectName.isControl) {
      let hex = String(bad.value, radix: 16, uppercase: true)
      return .failure(.control(tag, "U+" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex))
    }
    guard !tag.utf8.contains(UInt8(ascii: ";")) else { return .failure(.semicolon(tag)) }
    let bytes = tag.utf8.count
    guard bytes <= maxBytes, tag.count <= maxCharacters else {
      return .failure(.tooLong(tag, characters: tag.count, bytes: bytes))
    }
    return .success(tag)
  }

  /// A record's tags as kept: each checked, the first of equal ones kept, in order; the
  /// first problem otherwise (too many counts after duplicates are dropped).
  public static func check(_ given: [String]) -> Result<[String], Problem> {
    var tags: [String] = []
    for one in given {
      switch check(one) {
      case .success(let tag): if !tags.contains(tag) { tags.append(tag) }
      case .failure(let problem): return .failure(problem)
      }
    }
    guard tags.count <= maxCount else { return .failure(.tooMany(tags.count)) }
    return .success(tags)
  }

  /// Whether `tags` are already as `check` keeps them, decided on their bytes alone for
  /// plain ASCII tags (false for any other, which `clamped` then decides): what a reader
  /// asks of every tagged line, a million times for a long history, so it must not cost
  /// the grapheme walks of `check`.
  public static func arePlainAndKept(_ tags: [String]) -> Bool {
    guard tags.count <= maxCount else { return false }
    for (index, tag) in tags.enumerated() {
      var count = 0
      var previous = UInt8(ascii: " ")  // a leading space fails as a double one would
      for byte in tag.utf8 {
        guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ";") || byte == 0x20 && previous != 0x20
        else {
          return false
        }
        previous = byte
        count += 1
      }
      guard count > 0, count <= maxCharacters, previous != 0x20 else { return false }
      for earlier in tags[..<index] where earlier.utf8.elementsEqual(tag.utf8) { return false }
    }
    return true
  }

  /// Tags made acceptable whatever they were: what a reader does with a hand-edited line
  /// or a state file, and the machine's fence behind the doors' checks. Control characters
  /// become spaces and `;` a `,`, each is cut to the bounds, empty ones and repeats are
  /// dropped, and no more than `maxCount` are kept.
  public static func clamped(_ given: [String]) -> [String] {
    if arePlainAndKept(given) { return given }
    if case .success(let tags) = check(given) { return tags }
    var tags: [String] = []
    for one in given {
      var scalars = String.UnicodeScalarView()
      for scalar in one.unicodeScalars {
        scalars.append(ProjectName.isControl(scalar) ? " " : scalar == ";" ? "," : scalar)
      }
      var tag = String(normalised(String(scalars)).prefix(maxCharacters))
      while tag.utf8.count > maxBytes { tag.removeLast() }
      tag = normalised(tag)
      if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
      if tags.count == maxCount { break }
    }
    return tags
  }

  /// Splits command-line words into tags and the rest: every word that begins with `+` is
  /// a tag (the `+` left out: `++x` is the tag `+x`), the others are kept in their order.
  /// What `ctl project`, `track` and `history amend` call before they read their words.
  public static func split(_ words: [String]) -> Result<(rest: [String], tags: [String]), Problem> {
    var rest: [String] = []
    var given: [String] = []
    for word in words {
      if word.hasPrefix("+") { given.append(String(word.dropFirst())) } else { rest.append(word) }
    }
    return check(given).map { (rest, $0) }
  }

  /// `tags` as command-line words: `+billable +"client call"` (quoted when it has a space
  /// or a quote), as `log` shows them and `split` reads them back.
  public static func words(_ tags: [String]) -> String {
    tags.map { tag in
      tag.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" })
        ? "+\"" + tag.replacingQuotes() + "\"" : "+" + tag
    }.joined(separator: " ")
  }

  /// Trimmed of spaces and tabs, with every run of them inside made one space.
  static func normalised(_ given: String) -> String {
    var out = ""
    var pendingSpace = false
    for character in given {
      if character == " " || character == "\t" {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.append(" ") }
        pendingSpace = false
        out.append(character)
      }
    }
    return out
  }
}

extension String {
  /// Double quotes escaped with a backslash, for a word shown in double quotes.
  fileprivate func replacingQuotes() -> String {
    var out = ""
    for character in self {
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
