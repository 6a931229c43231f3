/// A record's id as readers remember and look it up: two differently seeded 64-bit FNV-1a
/// hashes of its bytes. A month of ids then costs no strings to keep or hash again (a
/// fifth of `report all`'s time went to a set of strings), and two different ids meet by
/// chance with a probability near 10^-27 for a month of a million records.
public struct RecordKey: Hashable, Sendable {
  let first: UInt64
  let second: UInt64

  public init(_ id: String) {
    if let key = id.utf8.withContiguousStorageIfAvailable(RecordKey.init(utf8:)) {
      self = key
    } else {
      self = Array(id.utf8).withUnsafeBufferPointer(RecordKey.init(utf8:))
    }
  }

  /// The key of an id's UTF-8 bytes, read where they are (hashing a `String`'s bytes one
  /// by one through its view cost a twentieth of `report all`): `StableHash.fnv1a` with
  /// both seeds, in one pass, so that the two chains of multiplications overlap (two
  /// passes cost 5 % more of `report all`).
  public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    var first = Self.seeds.first
    var second = Self.seeds.second
    for byte in bytes {
      first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    self.first = first
    self.second = second
  }

  init(first: UInt64, second: UInt64) {
    self.first = first
    self.second = second
  }

  static let seeds: (first: UInt64, second: UInt64) = (0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142)

  public func hash(into hasher: inout Hasher) { hasher.combine(first) }

  /// A slot among 2^`bits` (Fibonacci hashing: the high bits of a multiple, which every
  /// bit of `first` reaches).
  func slot(_ bits: Int) -> Int { Int(truncatingIfNeeded: (first &* 0x9e37_79b9_7f4a_7c15) >> UInt64(64 - bits)) }
}

/// The keys a reader has seen in a month (to drop a record's second copy): an open table
/// of the keys themselves, since they are hashes already (`Set` hashed each again, a tenth
/// of `report all`).
public struct RecordKeySet: Sendable {
  private var slots: [RecordKey?] = []
  private var bits = 0
  public private(set) var count = 0

  public init() {}

  /// Adds `key`; false when it was there.
  public mutating func insert(_ key: RecordKey) -> Bool {
    if (count + 1) * 2 > slots.count { grow() }
    var index = key.slot(bits)
    let mask = slots.count - 1
    while let held = slots[index] {
      if held == key { return false }
      index = (index + 1) & mask
    }
    slots[index] = key
    count += 1
    return true
  }

  public func contains(_ key: RecordKey) -> Bool {
    guard count > 0 else { return false }
    var index = key.slot(bits)
    let mask = slots.count - 1
    while let held = slots[index] {
      if held == key { return true }
      index = (index + 1) & mask
    }
    return false
  }

  /// Empties it, keeping its room (the next month needs about as much).
  public mutating func removeAll() {
    guard count > 0 else { return }
    for index in slots.indices { slots[index] = nil }
    count = 0
  }

  private mutating func grow() {
    let old = slots
    bits = max(6, bits + 1)
    slots = Array(repeating: nil, count: 1 << bits)
    count = 0
    for case let key? in old { _ = insert(key) }
  }
}

/// Which keys a few may be among, told in one bit: a record no edit names (nearly every
/// one) costs a bit test instead of a look-up. No false "no": a key that was given always
/// answers yes; another answers yes about once in sixteen.
public struct RecordKeyFilter: Sendable {
  private var words: [UInt64] = []
  private var bits = 0

  public init() {}

  init(_ keys: some Collection<RecordKey>) {
    self.init(capacity: keys.count)
    for key in keys { insert(key) }
  }

  /// Room for `capacity` keys at sixteen bits each.
  public init(capacity: Int) {
    guard capacity > 0 else { return }
    bits = 6
    while 1 << bits < capacity * 16 { bits += 1 }
    words = Array(repeating: 0, count: 1 << (bits - 6))
  }

  public mutating func insert(_ key: RecordKey) {
    guard !words.isEmpty else { return }
    let bit = place(key)
    words[bit >> 6] |= 1 << UInt64(bit & 63)
  }

  /// The bit of `key`: from `second`, apart from the slot `first` gives in a table.
  private func place(_ key: RecordKey) -> Int { Int(truncatingIfNeeded: key.second >> UInt64(64 - bits)) }

  public func mayHold(_ key: RecordKey) -> Bool {
    guard !words.isEmpty else { return false }
    let bit = place(key)
    return words[bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }
}
