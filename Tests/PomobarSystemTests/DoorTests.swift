import Foundation
import Testing

/// Every value `ctl` puts in the state is checked before any lock is taken: a bad one is a
/// usage error (64) and the state, with its running work clock, is left as it was.
@Suite("Values checked at the door")
struct DoorTests {
  static func statePath(_ sandbox: Sandbox) -> String { sandbox.root + "/state/pomobar/state.json" }

  @Test(
    "ctl refuses a value the state cannot keep",
    arguments: [
      (["ctl", "project", String(repeating: "p", count: 1100)], "at most 100 characters and 200 bytes"),
      (["ctl", "project", String(repeating: "é", count: 101)], "this one: 101 characters, 202 bytes"),
      (["ctl", "project", "two\nlines"], "without control characters (this one has U+000A)"),
      // A tab is a space (`ProjectName.normalised`); other control characters are refused.
      (["ctl", "project", "escape\u{1B}inside"], "U+001B"),
      (["ctl", "project", " \t "], "which project?"),
      (["ctl", "void", String(repeating: "r", count: 201)], "a note is at most 200 bytes (this one: 201)"),
      (["ctl", "interrupt", "external", String(repeating: "n", count: 300)], "at most 200 bytes"),
      (["ctl", "extend", "169h"], "at most a week"),
      (["ctl", "shorten", "5 minuten"], "cannot read"),
    ])
  func ctlRefusesAtTheDoor(arguments: [String], message: String) async throws {
    try await withSandbox { sandbox in
      try await LedgerCommandTests.run(sandbox, ["ctl", "project", "api"])
      let before = try #require(sandbox.read(Self.statePath(sandbox)))
      let result = try await LedgerCommandTests.run(sandbox, arguments, status: 64)
      #expect(result.stderr.contains(message), "\(result)")
      #expect(sandbox.read(Self.statePath(sandbox)) == before)
      let status = try await LedgerCommandTests.run(sandbox, ["ctl", "work", "stop"])
      #expect(!status.stderr.contains("moved it"), "\(status)")
    }
  }

  @Test("A name at the bounds is kept whole, and the state stays readable")
  func aNameAtTheBoundsIsKept() async throws {
    try await withSandbox { sandbox in
      let name = String(repeating: "\\", count: 99) + "\""
      try await LedgerCommandTests.run(sandbox, ["ctl", "project", "  " + name + "\t"])
      try await LedgerCommandTests.run(sandbox, ["ctl", "work", "stop"])
      let state = try #require(sandbox.read(Self.statePath(sandbox)))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
      let ledger = try #require(object["ledger"] as? [String: Any])
      #expect(ledger["project"] as? String == name)
      let dir = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/state/pomobar")
      #expect(!dir.contains { $0.contains(".bad-") }, "\(dir)")
    }
  }
}
