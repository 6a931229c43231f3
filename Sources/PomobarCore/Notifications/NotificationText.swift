/// A notification's title or body with `{placeholder}`s, checked when the config is read.
///
/// A small type of its own so that a shared format-string engine can replace it later:
/// `parse` says what is wrong with a template, `render` fills it in. `{{` and `}}` are a
/// literal brace.
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
  }

  enum Piece: Equatable, Sendable {
    case literal(String)
    case placeholder(Placeholder)
  }

  let pieces: [Piece]
  /// The template as written.
  public let template: String

  /// A problem in a template, with the offset (in characters) where it starts.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String
    public var offset: Int
  }

  public init(_ template: String) throws(Problem) {
    self.template = template
    var pieces: [Piece] = []
    var literal = ""
    let characters = Array(template)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let following = index + 1 < characters.count ? characters[index + 1] : nil
      if character == "{" && following == "{" || character == "}" && following == "}" {
        literal.append(character)
        index += 2
        continue
      }
      if character == "}" {
        throw Problem(message: "a lone '}' (write '}}' for a brace)", offset: index)
      }
      guard character == "{" else {
        literal.append(character)
        index += 1
        continue
      }
      guard let close = characters[index...].firstIndex(of: "}") else {
        throw Problem(message: "'{' is not closed (write '{{' for a brace)", offset: index)
      }
      let name = String(characters[(index + 1)..<close])
      guard let placeholder = Placeholder(rawValue: name) else {
        let names = Placeholder.allCases.map(\.rawValue)
        let hint = Spelling.suggestion(for: name, in: names).map { " (did you mean '{\($0)}'?)" } ?? ""
        let known = names.map { "{\($0)}" }.joined(separator: ", ")
        throw Problem(
          message: "unknown placeholder '{\(Shown.plain(name))}'\(hint); known: \(known)", offset: index)
      }
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = ""
      pieces.append(.placeholder(placeholder))
      index = close + 1
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    self.pieces = pieces
  }

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
