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
    // Braces are ASCII: the text is scanned as UTF-8 and its literal runs copied whole (a
    // scalar at a time was half of a start's template parsing). An offset counts scalars.
    let bytes = Array(source.utf8)
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    func scalarOffset(_ byte: Int) -> Int { bytes[..<byte].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } }
    var tokens: [TemplateToken] = []
    var literal = ""
    var run = 0  // where the literal text not yet copied starts
    var i = 0
    func take(upTo end: Int) {
      if run < end { literal += String(decoding: bytes[run..<end], as: UTF8.self) }
    }
    func flush() {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = ""
    }
    while i < bytes.count {
      switch bytes[i] {
      case open where i + 1 < bytes.count && bytes[i + 1] == open,
        close where i + 1 < bytes.count && bytes[i + 1] == close:
        take(upTo: i + 1)  // one brace of the two
        i += 2
        run = i
      case close:
        throw TemplateFailure(
          offset: scalarOffset(i), message: "'}' without a '{' (write '}}' for a brace)")
      case open:
        guard let end = bytes[(i + 1)...].firstIndex(where: { $0 == close || $0 == open }),
          bytes[end] == close
        else {
          throw TemplateFailure(
            offset: scalarOffset(i), message: "'{' is not closed (write '{{' for a brace)")
        }
        let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
        guard isName(name) else {
          let known = names()
          let hint = Spelling.hint(for: name, in: known)
          throw TemplateFailure(
            offset: scalarOffset(i) + 1,
            message:
              "unknown placeholder {\(Shown.plain(name))}"
              + (hint.isEmpty ? "; one of " + known.map { "{\($0)}" }.joined(separator: " ") : hint))
        }
        take(upTo: i)
        flush()
        tokens.append(.name(name))
        i = end + 1
        run = i
      default:
        i += 1
      }
    }
    take(upTo: bytes.count)
    flush()
    return tokens
  }
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
  /// The case named `name`, looked for in order. `init(rawValue:)` of a `String` enum with
  /// many cases builds a `[String: Int]` the first time, which checks `String: Hashable` by
  /// scanning every conformance record of the binary: 90k instructions of a bar's start.
  static func caseNamed(_ name: String) -> Self? { allCases.first { $0.rawValue == name } }
}
