import Testing

@testable import PomobarCore

/// The export formats are one list (`ExchangeFormat`): the encoder, `export --help`, the
/// usages, the summary and the completions are made from it; the docs are held to it here.
@Suite struct ExchangeFormatTests {
  static func page() throws -> String {
    try String(
      contentsOfFile: URLPath.packageRoot(from: #filePath) + "/docs/import-export.md", encoding: .utf8)
  }

  /// docs/import-export.md's synopsis names every format, in the list's order, and what
  /// import reads; each format has its own item.
  @Test func theImportExportPageDocumentsEveryFormat() throws {
    let page = try Self.page()
    #expect(page.contains("--format " + ExchangeFormat.names.joined(separator: "|") + "\n"))
    #expect(
      page.contains(
        "import FILE [--from " + ExchangeFormat.readable.map(\.rawValue).joined(separator: "|") + "]"))
    let items = page.split(separator: "\n").filter { $0.hasPrefix("- `") }
    for format in ExchangeFormat.allCases {
      #expect(
        items.contains { $0.hasPrefix("- `\(format.rawValue)`: ") },
        "docs/import-export.md: no item for \(format.rawValue)")
    }
  }

  /// A format import does not read says why, and nothing else happens.
  @Test func aFormatWrittenOnlyIsRefusedWithItsReason() {
    for format in ExchangeFormat.allCases where !format.isReadable {
      var results: [Result<LedgerRecord, ImportDecoder.Problem>] = []
      ImportDecoder.decode(Array("x".utf8), as: format, offsets: { _ in 0 }) { results.append($0) }
      guard case .none(let why) = format.reader, case .failure(let problem) = results.first else {
        Issue.record("\(format.rawValue) read")
        continue
      }
      #expect(results.count == 1 && problem.message == why)
    }
  }
}
