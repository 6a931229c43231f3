import Foundation
import TOML
import Testing

/// Throws random and mutated input at the parser: it must never trap, and every error must
/// point inside the input.
///
/// A config parser reads whatever is in the user's file, half-edited or corrupted, so a crash
/// is worse than any wrong message. The generator is seeded, so a failure reproduces; the
/// libFuzzer harness in scripts/fuzz-toml.sh explores much further than this quick check.
@Suite("Fuzzing")
struct FuzzTests {
  /// Bytes that matter to the grammar, so random input reaches deep into it.
  static let interesting = Array("[]{}\"'=.,\n#\\ \t\r_-+:0123456789abefintrsuxoEUlT".utf8)
  /// Fragments that build plausible structure when inserted.
  static let fragments: [[UInt8]] = [
    "[", "]", "{", "}", "\"", "'", "=", ".", ",", "\n", "#", "[[", "]]", "\"\"\"", "'''", "\\", "\\u",
    "\\U0001F600", "a = ", "a.b", "[a]\n", "[[a]]\n", "true", "inf", "-nan", "0x", "1e5", "1_000", "\r\n",
    "é", "🍅", "1979-05-27", "07:32", "\u{FEFF}",
  ].map { Array($0.utf8) }

  @Test("Random bytes never trap and every error points inside the input")
  func randomBytesNeverTrap() {
    var random = SplitMix64(seed: 0x70_6D_6F_64_6F_72_6F)
    for _ in 0..<10_000 {
      let length = random.next(below: 160)
      var input: [UInt8] = []
      input.reserveCapacity(length)
      for _ in 0..<length {
        if random.next(below: 4) == 0 {
          input.append(UInt8(truncatingIfNeeded: random.next()))
        } else {
          input.append(Self.interesting[random.next(below: Self.interesting.count)])
        }
      }
      check(input)
    }
  }

  @Test("Mutations of every valid fixture never trap and every error points inside the input")
  func mutatedFixturesNeverTrap() throws {
    var random = SplitMix64(seed: 42)
    let documents = try Fixtures.allValidDocuments()
    for document in documents {
      for _ in 0..<60 {
        var input = document
        for _ in 0...random.next(below: 3) {
          mutate(&input, using: &random)
        }
        check(input)
      }
    }
  }

  /// Inputs nested a hundred thousand levels deep, named so test logs stay short.
  enum DeepInput: String, CaseIterable, CustomTestStringConvertible {
    case bracketsAtTopLevel, arrayValue, closedArrayValue, inlineTableValue, arraysOfInlineTables
    case dottedKey, tableHeader, arrayOfTablesHeader

    var testDescription: String { rawValue }

    /// The input itself, built on demand.
    var source: String {
      let deep = 100_000
      let dotted = Array(repeating: "k", count: deep).joined(separator: ".")
      switch self {
      case .bracketsAtTopLevel: return String(repeating: "[", count: deep)
      case .arrayValue: return "a = " + String(repeating: "[", count: deep)
      case .closedArrayValue:
        return "a = " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
      case .inlineTableValue: return "a = " + String(repeating: "{b=", count: deep)
      case .arraysOfInlineTables: return "a = " + String(repeating: "[{b=", count: deep / 2)
      case .dottedKey: return dotted + " = 1"
      case .tableHeader: return "[" + dotted + "]"
      case .arrayOfTablesHeader: return "[[" + dotted + "]]"
      }
    }
  }

  @Test("A hundred thousand levels of nesting are an error, not a crash", arguments: DeepInput.allCases)
  func deepNestingIsAnError(input: DeepInput) throws {
    let error = try #require(throws: TOMLError.self) { try TOML.parse(input.source) }
    #expect(error.position.line == 1)
    #expect(error.position.column >= 1)
  }

  @Test("A very long single line does not make positions quadratic")
  func longLineParsesQuickly() throws {
    let source = "a = [" + Array(repeating: "12345", count: 40_000).joined(separator: ", ") + "]\n"
    let start = ContinuousClock.now
    let table = try TOML.parse(source)
    #expect(table["a"]?.value.arrayValue?.count == 40_000)
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test("Many keys in one table and many array-of-tables elements parse in linear time")
  func manyKeysParseQuickly() throws {
    let keys = (0..<20_000).map { "key\($0) = \($0)" }.joined(separator: "\n")
    let elements = String(repeating: "[[item]]\nx = 1\n", count: 5_000)
    let start = ContinuousClock.now
    #expect(try TOML.parse(keys).count == 20_000)
    #expect(try TOML.parse(elements)["item"]?.value.arrayValue?.count == 5_000)
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  /// Parses `input` both ways and checks the outcome is a table or a well-placed error.
  private func check(_ input: [UInt8]) {
    let fromBytes = outcome { () throws(TOMLError) in try TOML.parse(bytes: input) }
    if case .failure(let error) = fromBytes {
      #expect(isInside(error.position, input), "\(error) for \(Array(input))")
    }
    // Valid UTF-8 must give the same outcome from a String.
    if let text = String(validating: input, as: UTF8.self) {
      let fromString = outcome { () throws(TOMLError) in try TOML.parse(text) }
      #expect(describe(fromBytes) == describe(fromString), "bytes and string disagree for \(Array(input))")
    }
  }

  private func outcome(_ body: () throws(TOMLError) -> TOMLTable) -> Result<TOMLTable, TOMLError> {
    do {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }

  private func describe(_ result: Result<TOMLTable, TOMLError>) -> String {
    switch result {
    case .success(let table): TaggedJSON.render(table)
    case .failure(let error): error.description
    }
  }

  /// Whether `position` is on a line of `input` and at most one past that line's end.
  private func isInside(_ position: TOMLPosition, _ input: [UInt8]) -> Bool {
    let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard position.line >= 1, position.line <= lines.count, position.column >= 1 else { return false }
    return position.column <= lines[position.line - 1].count + 1
  }

  private func mutate(_ input: inout [UInt8], using random: inout SplitMix64) {
    let index = input.isEmpty ? 0 : random.next(below: input.count)
    switch random.next(below: 6) {
    case 0 where !input.isEmpty:
      input[index] ^= UInt8(1) << UInt8(random.next(below: 8))
    case 1 where !input.isEmpty:
      input.removeSubrange(index..<min(input.count, index + 1 + random.next(below: 8)))
    case 2:
      input.removeSubrange(index...)
    case 3:
      input.insert(contentsOf: Self.fragments[random.next(below: Self.fragments.count)], at: index)
    case 4 where !input.isEmpty:
      let end = min(input.count, index + 1 + random.next(below: 40))
      input.insert(contentsOf: input[index..<end], at: random.next(below: input.count))
    default:
      input.insert(Self.interesting[random.next(below: Self.interesting.count)], at: index)
    }
  }
}

/// A small seeded random number generator, so fuzz failures reproduce exactly.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
