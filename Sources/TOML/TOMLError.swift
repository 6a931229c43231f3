/// A 1-based line and column in TOML source text.
///
/// Values and errors carry one so that a config problem can be reported as `LINE:COL`, the way
/// compilers do. `column` counts Unicode scalars from the start of the line (a tab counts as one),
/// which is what most editors show for text without combining marks. A leading byte order mark
/// is not counted.
public struct TOMLPosition: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The line, starting at 1. Lines are separated by LF or CRLF.
  public var line: Int
  /// The column, starting at 1, in Unicode scalars from the start of the line.
  public var column: Int

  /// Makes a position from a 1-based line and column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The start of a document: line 1, column 1.
  ///
  /// The root table of every document is positioned here.
  public static let start = TOMLPosition(line: 1, column: 1)

  /// `LINE:COL`, for example `3:14`.
  ///
  /// This is the prefix of every `TOMLError.description`, so tools and editors can jump to it.
  public var description: String { "\(line):\(column)" }
}

/// A parse error: where it happened and what was expected there.
///
/// The parser stops at the first error, so there is exactly one position. Messages are written
/// for the person editing the file, for example `expected '=' after key 'focus', found '2'` or
/// `duplicate key 'work' (first defined at 3:1)`. Code that validates parsed values (a config
/// loader, say) can build its own errors of this type so that every problem reads the same.
public struct TOMLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Where the problem is: usually the first character that could not be accepted.
  public var position: TOMLPosition
  /// What is wrong, in one line, without the position.
  public var message: String

  /// Makes an error at `position` with a one-line `message`.
  public init(position: TOMLPosition, message: String) {
    self.position = position
    self.message = message
  }

  /// `LINE:COL: message`, for example `5:1: duplicate key 'work' (first defined at 3:1)`.
  ///
  /// Prefix it with the file name to get the usual `file:line:col: message` form.
  public var description: String { "\(position): \(message)" }
}
