/// Why one line of the click stream was skipped: a short message for one stderr line.
///
/// Not fatal: `ClickDecoder` carries on with the next line, as a bar that sends one odd line
/// should not cost the user every later click.
public struct ClickDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong, e.g. `click has no "button"`.
  public var message: String
  /// The start of the offending line (at most 80 characters), if there was one to show.
  public var excerpt: String?

  public init(_ message: String, excerpt: String? = nil) {
    self.message = message
    self.excerpt = excerpt
  }

  /// `ignoring click: click has no "button": {"name":"pomobar"}`.
  public var description: String {
    guard let excerpt else { return "ignoring click: \(message)" }
    return "ignoring click: \(message): \(excerpt)"
  }
}
