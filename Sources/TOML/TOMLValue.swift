/// A TOML value: one of the six kinds this parser supports.
///
/// Dates and times are deliberately absent: the parser rejects them with an error asking for a
/// string instead, which keeps the value model (and its users' switch statements) small.
/// Arrays hold `TOMLNode`s rather than bare values so that every element keeps its position
/// for error messages. The enum is deliberately not `indirect`: the recursion already goes
/// through array storage, and boxing every scalar made parsing about 13% slower.
public enum TOMLValue: Equatable, Sendable {
  /// A basic, literal or multi-line string, with escapes already decoded.
  case string(String)
  /// A decimal, hexadecimal, octal or binary integer that fits in 64 bits.
  case integer(Int64)
  /// A float, including `inf`, `-inf` and `nan`. Like `Double`, `nan` is not equal to itself.
  case float(Double)
  /// `true` or `false`.
  case boolean(Bool)
  /// A static array (`[1, 2]`) or an array of tables (`[[name]]`), in document order.
  case array([TOMLNode])
  /// A table: a `[header]` table, an inline table or one created by dotted keys.
  case table(TOMLTable)

  /// The kind of value as a word: "string", "integer", "float", "boolean", "array" or "table".
  ///
  /// Meant for messages such as "expected an integer, found a string".
  public var typeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .float: "float"
    case .boolean: "boolean"
    case .array: "array"
    case .table: "table"
    }
  }

  /// The string, if this is a string; `nil` otherwise.
  ///
  /// A convenience for callers that only accept one kind and report the rest via `typeName`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, if this is an integer; `nil` otherwise.
  ///
  /// Floats are not converted: a config that says `25.0` where an integer belongs is an error.
  public var integerValue: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The float, if this is a float; `nil` otherwise (integers are not converted).
  ///
  /// Callers that accept either kind can combine this with `integerValue`.
  public var floatValue: Double? {
    if case .float(let value) = self { return value }
    return nil
  }

  /// The boolean, if this is a boolean; `nil` otherwise.
  ///
  /// There is no truthiness: `1` and `"yes"` are not booleans.
  public var booleanValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array (static or of tables); `nil` otherwise.
  ///
  /// Each element is a node, so it still knows where it was written.
  public var arrayValue: [TOMLNode]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The table, if this is a table; `nil` otherwise.
  ///
  /// Inline tables and `[header]` tables look the same here.
  public var tableValue: TOMLTable? {
    if case .table(let value) = self { return value }
    return nil
  }
}

/// A value and where it starts in the source.
///
/// The position lets code that interprets a parsed document (a config loader) point at the
/// offending value: the opening quote of a string, the first character (sign included) of a
/// number, the `[` of an array, the `{` of an inline table, the header of a `[table]`, and for
/// a table created implicitly by dotted keys or a longer header, the key that created it.
public struct TOMLNode: Equatable, Sendable {
  /// The value.
  public var value: TOMLValue
  /// Where the value starts.
  public var position: TOMLPosition

  /// Makes a node from a value and its position.
  public init(value: TOMLValue, position: TOMLPosition) {
    self.value = value
    self.position = position
  }
}
