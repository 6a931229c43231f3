import Testing

@testable import PomobarCore

struct JSONFuzzTests {
  /// Bytes that matter to the grammar, plus a few that don't, so random strings get past the
  /// first byte often enough to reach deep code.
  static let alphabet: [UInt8] =
    Array(#"{}[]:,"\/-+.eE0123456789tfnulrasbu \#n\#t"#.utf8)
    + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xED, 0xF0, 0x9F, 0xFF]

  static let seeds = [
    #"{"name":"pomobar","instance":"pomodoro","button":1,"event":272,"x":1187,"y":12,"scale":1.5}"#,
    #"[{"a":[1,-2.5e-3,true,false,null,"\u00e9\ud83c\udf45\n"]},[],{}]"#,
    #"{"phase":"focus","remaining":1453,"ends_at":null,"note":"x\\y\"z"}"#,
  ]

  /// Parses `bytes`; whatever happens it must not trap, an error must point inside the input,
  /// and a success must write out a document that parses and writes back identically.
  static func check(_ bytes: [UInt8]) {
    do {
      let value = try JSON.parse(bytes)
      let written = JSON.serialize(value)
      let reparsed = try JSON.parse(written)
      #expect(JSON.serialize(reparsed) == written, "round trip of \(bytes)")
    } catch {
      #expect((0...bytes.count).contains(error.offset), "offset of \(error) for \(bytes)")
    }
  }

  @Test func randomBytesNeverTrap() {
    var random = SeededRandom(seed: 0x504F_4D4F)
    for _ in 0..<4000 {
      let count = Int.random(in: 0...40, using: &random)
      let bytes = (0..<count).map { _ in Self.alphabet.randomElement(using: &random)! }
      Self.check(bytes)
    }
    for _ in 0..<500 {
      let count = Int.random(in: 0...40, using: &random)
      Self.check((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
    }
  }

  @Test func mutatedDocumentsNeverTrap() {
    var random = SeededRandom(seed: 0x4241_5221)
    for _ in 0..<4000 {
      var bytes = Array(Self.seeds.randomElement(using: &random)!.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where position < bytes.count:
          bytes[position] = Self.alphabet.randomElement(using: &random)!
        case 1:
          bytes.insert(Self.alphabet.randomElement(using: &random)!, at: position)
        case 2 where position < bytes.count:
          bytes.remove(at: position)
        default:
          bytes = Array(bytes[..<position])  // truncation, as a read cut short
        }
      }
      Self.check(bytes)
    }
  }

  @Test func everyPrefixOfAValidDocumentIsHandled() {
    for seed in Self.seeds {
      let bytes = Array(seed.utf8)
      for end in 0...bytes.count { Self.check(Array(bytes[..<end])) }
    }
  }
}
