/// Literal text and `{placeholder}`s: the one parser behind the bar's format strings
/// (`FormatTemplate`) and the notifications' texts (`NotificationText`), each with its
/// own set of placeholder names.
///
/// `{{` and `}}` are a literal brace. Parsed once, when the config is read; a failure
/// names the Unicode scalar of the text it is at, which the config reader turns into the
/// `FILE:LINE:COL` of that character.
public enum TemplatePart<Name: Equatable & Sendable>: Equatable, Sendable {
  case literal(String)
  case placeholder(Name)
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

extension TemplatePart where Name: RawRepresentable & CaseIterable, Name.RawValue == String {
  /// The parts of `source`; throws for an unknown name or a brace not closed or not opened.
  public static func parse(_ source: String) throws(TemplateFailure) -> [TemplatePart] {
    var parts: [TemplatePart] = []
    var literal = String.UnicodeScalarView()
    let scalars = Array(source.unicodeScalars)
    var i = 0
    func flush() {
      if !literal.isEmpty { parts.append(.literal(String(literal))) }
      literal = String.UnicodeScalarView()
    }
    while i < scalars.count {
      let scalar = scalars[i]
      switch scalar {
      case "{" where i + 1 < scalars.count && scalars[i + 1] == "{":
        literal.append("{")
        i += 2
      case "}" where i + 1 < scalars.count && scalars[i + 1] == "}":
        literal.append("}")
        i += 2
      case "}":
        throw TemplateFailure(offset: i, message: "'}' without a '{' (write '}}' for a brace)")
      case "{":
        guard let close = scalars[(i + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
          scalars[close] == "}"
        else {
          throw TemplateFailure(offset: i, message: "'{' is not closed (write '{{' for a brace)")
        }
        var nameScalars = String.UnicodeScalarView()
        nameScalars.append(contentsOf: scalars[(i + 1)..<close])
        let name = String(nameScalars)
        guard let placeholder = Name(rawValue: name) else {
          let names = Name.allCases.map(\.rawValue)
          let hint = Spelling.hint(for: name, in: names)
          throw TemplateFailure(
            offset: i + 1,
            message:
              "unknown placeholder {\(Shown.plain(name))}"
              + (hint.isEmpty ? "; one of " + names.map { "{\($0)}" }.joined(separator: " ") : hint))
        }
        flush()
        parts.append(.placeholder(placeholder))
        i = close + 1
      default:
        literal.append(scalar)
        i += 1
      }
    }
    flush()
    return parts
  }
}
