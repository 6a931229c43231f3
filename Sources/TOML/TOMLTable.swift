/// A TOML table: its key/value entries in document order, each with its positions.
///
/// Document order (rather than a dictionary) lets callers report unknown keys in the order the
/// user wrote them and round-trip a file faithfully; positions let them point at a key or a
/// value. The parser guarantees that keys are unique; lookups are linear, which is faster than
/// hashing for the few dozen keys a config table has.
public struct TOMLTable: Equatable, Sendable {
  /// One `key = value` of a table, or a sub-table or array of tables stored under a key.
  ///
  /// The key's own position is kept apart from the value's so that "unknown key" errors can
  /// point at the key and "wrong type" errors at the value.
  public struct Entry: Equatable, Sendable {
    /// The key, with quotes removed and escapes decoded. One segment of a dotted key.
    public var key: String
    /// Where the key is written; for an implicitly created table, where it was first created.
    public var keyPosition: TOMLPosition
    /// The value and its position.
    public var node: TOMLNode

    /// Makes an entry from a key, the key's position and a node.
    public init(key: String, keyPosition: TOMLPosition, node: TOMLNode) {
      self.key = key
      self.keyPosition = keyPosition
      self.node = node
    }
  }

  /// The entries in document order; keys are unique.
  public var entries: [Entry]
  /// The `[` of the table's header, 1:1 for the root table, the `{` of an inline table, or for
  /// a table created implicitly (by dotted keys or a longer header) where it was first created.
  public var position: TOMLPosition

  /// Makes a table from entries, which must have unique keys, and its position.
  public init(entries: [Entry] = [], position: TOMLPosition = .start) {
    self.entries = entries
    self.position = position
  }

  /// The node stored under `key`, or `nil` if there is none.
  ///
  /// Keys are single segments: for `a.b = 1` look up `"a"`, then `"b"` in that table.
  public subscript(key: String) -> TOMLNode? {
    for entry in entries where entry.key == key {
      return entry.node
    }
    return nil
  }

  /// The entry stored under `key`, with the key's own position, or `nil` if there is none.
  ///
  /// Use it instead of the subscript when an error should point at the key.
  public func entry(_ key: String) -> Entry? {
    for entry in entries where entry.key == key {
      return entry
    }
    return nil
  }

  /// The keys in document order.
  public var keys: [String] { entries.map(\.key) }

  /// Whether the table has no entries.
  public var isEmpty: Bool { entries.isEmpty }

  /// The number of entries.
  public var count: Int { entries.count }
}
