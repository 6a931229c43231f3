/// A format string from the config (`"{ring} {phase} {time} {dots}"`), parsed once when
/// the config is read into literal text and placeholders, so a frame only appends parts.
///
/// `{{` and `}}` are a literal brace. A placeholder that renders empty (`{project}` with
/// the work clock stopped, `{ends}` while paused) takes one neighbouring space with it,
/// the one after it if there is one, else the one before, so `"{ring} {project} {time}"`
/// reads `⣿ 24:13`, never with a double or trailing space.
public struct FormatTemplate: Equatable, Sendable, CustomStringConvertible {
  public enum Part: Equatable, Sendable {
    case literal(String)
    case placeholder(Placeholder)
  }
  /// A parse failure: what is wrong and at which Unicode scalar of the text (0-based).
  public typealias Failure = TemplateFailure

  /// The text as written in the config.
  public let source: String
  public let parts: [Part]
  /// Whether `{bar}` appears: only then are coloured runs worked out for the bar.
  public let usesBar: Bool
  /// The placeholders that appear, each once: what they need is worked out (`Config.needs`).
  /// A list: a `Set` of them cost every start a scan of the conformance records.
  public let placeholders: [Placeholder]

  /// Parses `source`; throws for an unknown placeholder or a brace that is not closed or
  /// not opened.
  public init(_ source: String) throws(Failure) {
    let tokens = try TemplateScanner.scan(
      source, isName: { Placeholder.caseNamed($0) != nil }, names: { Placeholder.allCases.map(\.rawValue) })
    let parts = tokens.compactMap { token -> Part? in
      switch token {
      case .literal(let text): return .literal(text)
      case .name(let name): return Placeholder.caseNamed(name).map(Part.placeholder)  // checked by scan
      }
    }
    self.source = source
    self.parts = parts
    usesBar = parts.contains(.placeholder(.bar))
    placeholders = Placeholder.allCases.filter { parts.contains(.placeholder($0)) }
  }

  /// A template known to parse: the built-in defaults.
  init(builtIn source: String) {
    do {
      try self.init(source)
    } catch {
      fatalError("built-in format \(source) does not parse: \(error.message)")
    }
  }

  public var description: String { source }

  public static func == (a: FormatTemplate, b: FormatTemplate) -> Bool { a.source == b.source }
}
