import Foundation
import TOML

/// Access to the fixture files under `Fixtures/valid` and `Fixtures/invalid`.
///
/// The fixtures are plain files so that cases can be read, added and reviewed without touching
/// Swift code; this type finds them in the test bundle and reads their expectations.
enum Fixtures {
  /// The `Fixtures` folder copied into the test bundle.
  static var root: URL {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
  }

  /// The names (without `.toml`) of the fixtures in `folder`, sorted.
  static func names(in folder: String) -> [String] {
    let directory = root.appendingPathComponent(folder)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// The raw bytes of a fixture file.
  static func bytes(_ folder: String, _ name: String, _ fileExtension: String = "toml") throws -> [UInt8] {
    let url = root.appendingPathComponent(folder).appendingPathComponent("\(name).\(fileExtension)")
    return [UInt8](try Data(contentsOf: url))
  }

  /// The bytes of every valid fixture, for seeding the fuzz test.
  static func allValidDocuments() throws -> [[UInt8]] {
    try names(in: "valid").map { try bytes("valid", $0) }
  }

  /// What an invalid fixture expects: a position and a substring of the message.
  struct Expectation: CustomStringConvertible {
    var position: TOMLPosition
    var messageContains: String
    var description: String { "\(position) \(messageContains)" }
  }

  /// Reads the `# expect: LINE:COL message substring` first line of an invalid fixture.
  static func expectation(of bytes: [UInt8]) -> Expectation? {
    let firstLine = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    let prefix = "# expect: "
    guard firstLine.hasPrefix(prefix) else { return nil }
    let rest = firstLine.dropFirst(prefix.count)
    guard let space = rest.firstIndex(of: " ") else { return nil }
    let numbers = rest[..<space].split(separator: ":").compactMap { Int($0) }
    guard numbers.count == 2 else { return nil }
    return Expectation(
      position: TOMLPosition(line: numbers[0], column: numbers[1]),
      messageContains: String(rest[rest.index(after: space)...]))
  }
}
