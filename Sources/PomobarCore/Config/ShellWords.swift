/// Splits a command line into words the way a POSIX shell does, and joins them back.
///
/// `[notifications] command` is written as one string (`"notify-send --expire-time=1000"`)
/// but run without a shell, so its words are found here: whitespace separates them;
/// single quotes keep everything literally; double quotes keep everything but `\"`, `\\`,
/// `\$` and `` \` ``; a backslash outside quotes keeps the next character. Nothing is
/// expanded: no variables, globs or `~`.
public enum ShellWords {
  /// A command line that cannot be split: a quote left open or a trailing backslash.
  public struct SplitError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The words of `line`, or why it cannot be split.
  public static func split(_ line: String) throws(SplitError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false  // so that '' is an empty word
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case " ", "\t", "\n", "\r":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        while true {
          guard let next = scalars.next() else { throw SplitError(description: "a ' quote is not closed") }
          if next == "'" { break }
          word.unicodeScalars.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = scalars.next() else { throw SplitError(description: "a \" quote is not closed") }
          if next == "\"" { break }
          guard next == "\\" else {
            word.unicodeScalars.append(next)
            continue
          }
          guard let escaped = scalars.next() else {
            throw SplitError(description: "a \" quote is not closed")
          }
          switch escaped {
          case "\"", "\\", "$", "`": word.unicodeScalars.append(escaped)
          case "\n": continue  // a line continuation
          default: word.unicodeScalars.append(contentsOf: ["\\", escaped])
          }
        }
      case "\\":
        guard let escaped = scalars.next() else {
          throw SplitError(description: "it ends with a backslash that escapes nothing")
        }
        if escaped == "\n" { continue }  // a line continuation
        inWord = true
        word.unicodeScalars.append(escaped)
      default:
        inWord = true
        word.unicodeScalars.append(scalar)
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// One command line that `split` turns back into `words`: each word as it is when it
  /// has nothing a shell would read specially, otherwise in single quotes.
  public static func join(_ words: [String]) -> String {
    words.map(quote).joined(separator: " ")
  }

  /// `word` as is when safe, else `'word'` with each `'` written `'\''`.
  static func quote(_ word: String) -> String {
    let safe = !word.isEmpty && word.unicodeScalars.allSatisfy(isPlain)
    if safe { return word }
    var out = "'"
    for scalar in word.unicodeScalars {
      if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
    }
    return out + "'"
  }

  /// Letters, digits and the punctuation no shell treats specially; anything past ASCII.
  private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "-", "+", "=", ".", ",", "/", ":", "@", "%": return true
    default: return scalar.value > 0x7F && !(0x80...0x9F).contains(scalar.value)
    }
  }
}
