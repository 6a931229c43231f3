import Foundation
import Testing

/// No work record under a second, with the built binary and the test clock.
@Suite("short work")
struct ShortWorkCommandTests {
  @Test("Quick project switches leave no 0:00:00 work records")
  func quickSwitches() async throws {
    try await withSandbox(config: "") { sandbox in
      // The clocks stand still: the switches take no time, however slow the machine.
      let now = Date().timeIntervalSince1970.rounded()
      try sandbox.setClock("freeze \(now)")
      for name in ["a", "b", "a", "b"] { try await sandbox.ctl("project", name) }
      try await sandbox.ctl("project", "next")  // a scroll on the bar
      try sandbox.setClock("freeze \(now)\nawake 600")
      try await sandbox.ctl("work", "stop")
      let log = try await sandbox.run(["log", "all"]).stdout
      #expect(!log.contains("0:00:00"), "\(log)")
      #expect(log.contains("  0:10:00  a"), "the last one, the time worked: \(log)")
    }
  }
}
