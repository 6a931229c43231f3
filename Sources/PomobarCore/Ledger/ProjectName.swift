/// What a project name may be: the one rule for every door a name comes in by (`ctl
/// project`, `track`), so the state and the history only ever hold names every reader takes.
///
/// A name is one line of text people read in a bar: its spaces and tabs trimmed and each
/// run of them inside made one space (`"web   frontend"` is `web frontend`, typed with
/// quotes or as several words), not empty, no control characters (C0, DEL, C1, and the Unicode line and paragraph
/// separators), at most `maxCharacters` characters and `maxBytes` bytes of UTF-8. The
/// bounds keep a state file with `LedgerState.projectsKept` names in its list and in
/// today's totals far below `StateDocument`'s size limit, even with every byte escaped.
public enum ProjectName {
  public static let maxCharacters = 100
  public static let maxBytes = 200

  /// Why a name is refused, said for a person.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(characters: Int, bytes: Int)
    /// The first control character, as `U+000A`.
    case control(String)

    public var description: String {
      switch self {
      case .empty: return "a project name cannot be empty"
      case .tooLong(let characters, let bytes):
        return
          "a project name is at most \(ProjectName.maxCharacters) characters and \(ProjectName.maxBytes) bytes"
          + " (this one: \(characters) characters, \(bytes) bytes)"
      case .control(let code):
        return "a project name is one line without control characters (this one has \(code))"
      }
    }
  }

  /// The name as kept (`normalised`), or why it cannot be one.
  public static func check(_ given: String) -> Result<String, Problem> {
    let name = normalised(given)
    guard !name.isEmpty else { return .failure(.empty) }
    if let bad = name.unicodeScalars.first(where: isControl) {
      let hex = String(bad.value, radix: 16, uppercase: true)
      return .failure(.control("U+" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex))
    }
    let bytes = name.utf8.count
    guard bytes <= maxBytes, name.count <= maxCharacters else {
      return .failure(.tooLong(characters: name.count, bytes: bytes))
    }
    return .success(name)
  }

  /// The name made acceptable for the state, whatever it was given: control characters
  /// become spaces, it is cut (at a character) to the bounds and trimmed; nil when nothing
  /// is left. The machine's own fence behind the door's check.
  public static func clamped(_ given: String) -> String? {
    if case .success(let name) = check(given) { return name }
    var scalars = String.UnicodeScalarView()
    for scalar in given.unicodeScalars { scalars.append(isControl(scalar) ? " " : scalar) }
    var text = String(normalised(String(scalars)).prefix(maxCharacters))
    while text.utf8.count > maxBytes || text.count > maxCharacters { text.removeLast() }
    text = text.trimmedOfSpaces
    return text.isEmpty ? nil : text
  }

  /// `given` with the spaces and tabs around it trimmed and each run of them inside made
  /// one space: the form names are kept and compared in.
  /// The project a command names by `given`: as written, or else (when nothing is
  /// `known` by that spelling) as every name is now kept, `normalised`: an old name with
  /// runs of spaces is found by what it is, `web  frontend` by its form. `known` is asked
  /// only when the two differ.
  public static func named(_ given: String, known: (String) -> Bool) -> String {
    let kept = normalised(given)
    return kept != given && !known(given) ? kept : given
  }

  public static func normalised(_ given: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(given.utf8.count)
    var pending = false
    for byte in given.utf8 {
      if byte == 0x20 || byte == 0x09 {
        pending = !out.isEmpty
        continue
      }
      if pending { out.append(0x20) }
      pending = false
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}
