import Testing

@testable import PomobarCore

/// How readers remember ids: the keys, the set of a month's, and the fold's look-ups.
@Suite("Record keys")
struct RecordKeyTests {
  @Test func aKeyOfTheBytesIsTheKeyOfTheString() {
    for id in ["", "a", "3d1219c7c4c5.kx2p9q.142", "übung.€.1", String(repeating: "x", count: 300)] {
      let key = Array(id.utf8).withUnsafeBufferPointer(RecordKey.init(utf8:))
      #expect(key == RecordKey(id), "\(id)")
      // A string that is not stored as UTF-8 bytes (bridged, a substring's copy) too.
      #expect(RecordKey(String(id[...])) == key)
      // The two stable hashes of the id (`StableHash`'s own, one seed each).
      #expect(key.first == StableHash.fnv1a(id) && key.first == StableHash.fnv1a(id, seed: RecordKey.seeds.first))
      #expect(key.second == StableHash.fnv1a(id, seed: RecordKey.seeds.second))
    }
    #expect(RecordKey("m.1") != RecordKey("m.2"))
  }

  @Test func theSetHoldsWhatASetHoldsThroughGrowingAndEmptying() {
    var keys = RecordKeySet()
    var reference = Set<RecordKey>()
    for round in 0..<3 {
      for index in 0..<5_000 {
        // Each round: new ids and ids seen before, so both answers come up.
        let key = RecordKey("m.\(round).\(index % 3_000)")
        #expect(keys.insert(key) == reference.insert(key).inserted)
      }
      #expect(keys.count == reference.count)
      for index in 0..<4_000 {
        let key = RecordKey("m.\(round).\(index)")
        #expect(keys.contains(key) == reference.contains(key))
      }
      keys.removeAll()
      reference.removeAll()
      #expect(keys.count == 0 && !keys.contains(RecordKey("m.\(round).1")))
    }
  }
}
