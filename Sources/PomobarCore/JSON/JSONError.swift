/// Why `JSON.parse` rejected a document, and the byte offset where it noticed.
///
/// A byte offset rather than line:column because the documents are single lines (click
/// events, frames) or small files, and it needs no second pass over the input.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Zero-based byte offset into the input.
  public var offset: Int
  /// What was wrong, e.g. `expected ':' after object key`.
  public var message: String

  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// `byte 12: expected ':' after object key`.
  public var description: String { "byte \(offset): \(message)" }
}
