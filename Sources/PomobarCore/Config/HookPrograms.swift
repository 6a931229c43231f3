import TOML

/// The programs a config's hook commands start, for `check-config` to look up in `PATH`.
///
/// A hook is shell code (`dunstctl set-paused true && makoctl ...`); what can be told
/// without running a shell is the first program it starts: the first word, after any
/// `NAME=value` assignments. A word the shell would expand (`$PLAYER`, `$(...)`, a glob)
/// cannot be told and is left alone, and so are the shell's own builtins and keywords.
public enum HookPrograms {
  /// One hook command and the program it starts.
  public struct Use: Equatable, Sendable {
    /// The key it is written under: `focus-start`.
    public var event: String
    public var command: String
    public var program: String
    /// Where the command's string starts in the file.
    public var position: TOMLPosition
  }

  /// The hook commands of the file `bytes` whose first program can be told, in file order.
  public static func uses(in bytes: [UInt8]) -> [Use] {
    ConfigStrings.find(in: bytes, table: "hooks").compactMap { found in
      guard found.key != "timeout", let program = program(of: found.value) else { return nil }
      return Use(event: found.key, command: found.value, program: program, position: found.position)
    }
  }

  /// The program `command` starts first; nil when only a shell could tell (an expansion)
  /// or it is the shell's own (a builtin, a keyword, a function definition).
  public static func program(of command: String) -> String? {
    var words = Self.words(command)[...]
    // `LANG=C dunstctl ...`: assignments before the command apply to it.
    while let first = words.first, isAssignment(first) { words = words.dropFirst() }
    guard let word = words.first, !word.isEmpty else { return nil }
    if word.contains(where: { "$`*?[~\\\"'".contains($0) }) { return nil }
    if shellOwn.contains(word) { return nil }
    return word
  }

  /// The leading plain words of `command`, up to the first operator or quote.
  private static func words(_ command: String) -> [String] {
    var words: [String] = []
    var word = ""
    for character in command {
      if character == " " || character == "\t" || character == "\n" {
        if !word.isEmpty { words.append(word) }
        word = ""
        if words.count > 8 { break }
        continue
      }
      if ";&|<>(){}".contains(character) {
        if word.isEmpty && words.isEmpty { return ["("] }  // a subshell or group: a shell matter
        break
      }
      word.append(character)
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  private static func isAssignment(_ word: String) -> Bool {
    guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
    return word[..<equals].allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  /// POSIX special and regular builtins of sh (dash), and its reserved words.
  static let shellOwn: Set<String> = [
    "!", ":", ".", "[", "alias", "bg", "break", "cd", "command", "continue", "echo", "eval",
    "exec", "exit", "export", "false", "fg", "getopts", "hash", "jobs", "kill", "local",
    "printf", "pwd", "read", "readonly", "return", "set", "shift", "test", "times", "trap",
    "true", "type", "ulimit", "umask", "unalias", "unset", "wait", "if", "then", "else",
    "elif", "fi", "case", "esac", "for", "while", "until", "do", "done", "in", "(",
  ]
}
