/// What a record's note may be: the one rule for every door a note comes in by (`track
/// --note`, `history amend --note`, `history edit`, imports), so the history only ever
/// holds lines its readers take.
///
/// A note is free text, kept as given: newlines and other control characters too (an
/// annotation imported from timewarrior may have them), at most `maxBytes` bytes of UTF-8.
/// The bound keeps the line of a record with the longest note, project and tags, every
/// byte of them escaped as JSON writes it, and of the amend edit that wraps it, within the
/// line a history reader takes (`LedgerRecord.lineLimit`): 6 × 8 KiB for the note, the
/// rest for everything else.
public enum NoteText {
  public static let maxBytes = 8 * 1024

  /// Why a note is refused, said for a person.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(bytes: Int)

    public var description: String {
      switch self {
      case .tooLong(let bytes):
        return "a note is at most \(NoteText.maxBytes) bytes (this one: \(bytes) bytes)"
      }
    }
  }

  /// The note as kept (as given), or why it cannot be one.
  public static func check(_ given: String) -> Result<String, Problem> {
    let bytes = given.utf8.count
    guard bytes <= maxBytes else { return .failure(.tooLong(bytes: bytes)) }
    return .success(given)
  }
}
