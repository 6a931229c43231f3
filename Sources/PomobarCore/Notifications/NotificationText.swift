/// A notification's title or body with `{placeholder}`s, checked when the config is read.
///
/// Parsed like the bar's format strings (`TemplateScanner`), with placeholders of its
/// own: a notification is about a phase that ended, not about the one on the bar.
public struct NotificationText: Equatable, Sendable {
  /// The placeholders a notification's texts may use.
  public enum Placeholder: String, Sendable, CaseIterable {
    /// The phase that comes next: `short break`, `long break` or `focus`.
    case next
    /// Its length, as people say it: `5 min`.
    case duration
    /// Focus sessions completed since the last reset.
    case completed
    /// The active project; empty when none.
    case project
    /// The task of the focus that ended, or of the next (`ctl task`); empty when none.
    case task
  }

  enum Piece: Equatable, Sendable {
    case literal(String)
    case placeholder(Placeholder)
  }

  let pieces: [Piece]
  /// The template as written.
  public let template: String

  /// Parses `template` with the format strings' parser, with this type's placeholders.
  public init(_ template: String) throws(TemplateFailure) {
    self.template = template
    let tokens = try TemplateScanner.scan(
      template, isName: { Placeholder.caseNamed($0) != nil }, names: { Placeholder.allCases.map(\.rawValue) })
    pieces = tokens.compactMap { token -> Piece? in
      switch token {
      case .literal(let text): return .literal(text)
      case .name(let name): return Placeholder.caseNamed(name).map(Piece.placeholder)  // checked by scan
      }
    }
  }

  /// Whether the text shows `placeholder`.
  public func uses(_ placeholder: Placeholder) -> Bool { pieces.contains(.placeholder(placeholder)) }

  /// The text with each placeholder replaced by its value (empty when `values` has none).
  public func render(_ values: [Placeholder: String]) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .literal(let text): out += text
      case .placeholder(let name): out += values[name] ?? ""
      }
    }
    return out
  }
}
