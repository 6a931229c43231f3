import Testing

@testable import PomobarCore

/// Mangled exports must only ever give problems or records, never a trap or a hang.
@Suite("Import fuzzing")
struct ImportFuzzTests {
  /// Values that break a reader's assumptions: huge and negative numbers, wrong types,
  /// broken times, control bytes and invalid UTF-8.
  static let poison: [String] = [
    "99999999999999999999999", "-1", "1e308", "-9223372036854775808", "null", "true", "[]", "{}",
    "\"\"", "\"20261323T250000Z\"", "\"2026-02-30T10:00:00Z\"", "\"\\u0000\"", "1.5", "[[[[[[",
    "\u{7F}\u{1F}", "\",\"", "\"\n\"",
  ]

  static func offsets(_ utc: Int64) -> Int32 { 3600 }

  static func decodeAll(_ bytes: [UInt8]) -> Int {
    var seen = 0
    for format in ExchangeFormat.allCases {
      ImportDecoder.decode(bytes, as: format, offsets: Self.offsets) { entry in
        seen += 1
        if case .success(let record) = entry {
          #expect(record.end >= record.start, "a record from \(bytes)")
          #expect(record.seconds >= 0)
        }
      }
    }
    _ = ExchangeFormat.guess(bytes)
    return seen
  }

  @Test(arguments: ExchangeFormat.allCases)
  func mangledExportsGiveProblemsNeverACrash(format: ExchangeFormat) {
    let valid = Array(ExchangeFixtures.export(format).utf8)
    var random = SeededRandom(seed: 0x4C45_4447 &+ UInt64(format.rawValue.utf8.count))
    for round in 0..<1500 {
      var bytes = valid
      switch round % 5 {
      case 0:  // truncation
        bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
      case 1:  // byte flips
        for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
          let index = Int.random(in: 0..<bytes.count, using: &random)
          bytes[index] ^= UInt8.random(in: 1...255, using: &random)
        }
      case 2:  // a value replaced by poison
        let text = String(decoding: bytes, as: UTF8.self)
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !pieces.isEmpty else { continue }
        var changed = pieces.map(String.init)
        let index = Int.random(in: 0..<changed.count, using: &random)
        changed[index] = Self.poison.randomElement(using: &random)!
        bytes = Array(changed.joined(separator: ",").utf8)
      case 3:  // bytes deleted or duplicated
        guard bytes.count > 2 else { continue }
        let from = Int.random(in: 0..<bytes.count, using: &random)
        let to = min(bytes.count, from + Int.random(in: 1...20, using: &random))
        if Bool.random(using: &random) {
          bytes.removeSubrange(from..<to)
        } else {
          bytes.insert(contentsOf: bytes[from..<to], at: from)
        }
      default:  // random bytes from the grammar's alphabet
        bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in
          JSONFuzzTests.alphabet.randomElement(using: &random)!
        }
      }
      _ = Self.decodeAll(bytes)
    }
  }

  @Test func deepNestingAndHugeArraysAreProblemsNotCrashes() {
    let deep = Array(String(repeating: "[", count: 100_000).utf8)
    #expect(Self.decodeAll(deep) > 0)
    let many = Array(("[" + Array(repeating: "{}", count: 20_000).joined(separator: ",") + "]").utf8)
    #expect(Self.decodeAll(many) > 0)
  }
}
