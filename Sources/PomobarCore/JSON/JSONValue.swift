/// A JSON document as a value: what `JSON.parse` returns and `JSON.serialize` writes.
///
/// Objects are an ordered list of members rather than a dictionary so that the writer
/// emits keys in the order given: the bar protocols don't need it, but stable output is
/// what makes golden-file tests and `diff` of two frames meaningful.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A number with a fraction or exponent, or an integer outside `Int64`.
  case number(Double)
  /// A number written without fraction or exponent that fits `Int64`.
  case integer(Int64)
  case string(String)
  case array([JSONValue])
  /// Members in document order; duplicate keys are kept as they came.
  case object([(String, JSONValue)])

  /// The member named `key` of an object (the last one, if the key repeats); nil otherwise.
  ///
  /// RFC 8259 §4 leaves duplicate names undefined; taking the last matches most parsers.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last(where: { $0.0 == key })?.1
  }

  /// The element at `index` of an array; nil for other values or an index out of range.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value as strings: an array of nothing but strings.
  public var stringsValue: [String]? {
    guard case .array(let items) = self else { return nil }
    var strings: [String] = []
    for item in items {
      guard let string = item.stringValue else { return nil }
      strings.append(string)
    }
    return strings
  }

  /// The value as an `Int64`: integers, and doubles that are whole and in range.
  public var int64Value: Int64? {
    switch self {
    case .integer(let value):
      return value
    case .number(let value):
      // 2^63 is exactly representable, so `<` keeps Int64(value) from trapping.
      guard value.rounded(.towardZero) == value, value >= -0x1p63, value < 0x1p63 else { return nil }
      return Int64(value)
    case .null, .bool, .string, .array, .object:
      return nil
    }
  }

  /// The value as a `Double`: numbers, and integers (rounded to the nearest double).
  public var doubleValue: Double? {
    switch self {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    case .null, .bool, .string, .array, .object: return nil
    }
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The members of an object, in document order.
  public var objectValue: [(String, JSONValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }
}

extension JSONValue: Equatable {
  /// Structural equality: same case, same contents, object members in the same order.
  ///
  /// `.integer(1)` and `.number(1)` differ, as they serialize differently.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.number, _), (.integer, _), (.string, _), (.array, _), (.object, _):
      return false
    }
  }
}
