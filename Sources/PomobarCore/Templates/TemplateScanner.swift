/// Literal text and `{placeholder}`s: the one scanner behind the bar's format strings
/// (`FormatTemplate`) and the notifications' texts (`NotificationText`), each with its
/// own set of placeholder names.
///
/// `{{` and `}}` are a literal brace. Scanned once, when the config is read; a failure
/// names the Unicode scalar of the text it is at, which the config reader turns into the
/// `FILE:LINE:COL` of that character. Not generic on purpose: a generic parser made
/// every start-up look up protocol conformances at run time (0.7 M instructions of a
/// `pomobar status` that is 0.4 M without).
enum TemplateToken: Equatable, Sendable {
  case literal(String)
  /// A name that `isName` accepted.
  case name(String)
}

/// Why a template does not parse, and at which Unicode scalar of the text (0-based).
public struct TemplateFailure: Error, Equatable, Sendable {
  public var offset: Int
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }
}

enum TemplateScanner {
  /// The tokens of `source`; throws for a name `isName` refuses (hinting from `names`) or
  /// a brace not closed or not opened.
  static func scan(
    _ source: String, isName: (String) -> Bool, names: () -> [String]
  ) throws(TemplateFailure) -> [TemplateToken] {
    var tokens: [TemplateToken] = []
    var literal = ""
    let scalars = Array(source.unicodeScalars)
    var i = 0
    func flush() {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = ""
    }
    while i < scalars.count {
      let scalar = scalars[i]
      switch scalar {
      case "{" where i + 1 < scalars.count && scalars[i + 1] == "{":
        literal.unicodeScalars.append("{")
        i += 2
      case "}" where i + 1 < scalars.count && scalars[i + 1] == "}":
        literal.unicodeScalars.append("}")
        i += 2
      case "}":
        throw TemplateFailure(offset: i, message: "'}' without a '{' (write '}}' for a brace)")
      case "{":
        guard let close = scalars[(i + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
          scalars[close] == "}"
        else {
          throw TemplateFailure(offset: i, message: "'{' is not closed (write '{{' for a brace)")
        }
        var name = ""
        for index in (i + 1)..<close { name.unicodeScalars.append(scalars[index]) }
        guard isName(name) else {
          let known = names()
          let hint = Spelling.hint(for: name, in: known)
          throw TemplateFailure(
            offset: i + 1,
            message:
              "unknown placeholder {\(Shown.plain(name))}"
              + (hint.isEmpty ? "; one of " + known.map { "{\($0)}" }.joined(separator: " ") : hint))
        }
        flush()
        tokens.append(.name(name))
        i = close + 1
      default:
        literal.unicodeScalars.append(scalar)
        i += 1
      }
    }
    flush()
    return tokens
  }
}
