import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal view (`--format tty`) through the binary: the key help only where keys
/// are read.
@Suite("Terminal view")
struct TerminalViewTests {
  /// Each frame starts by returning to column 0 and clearing the line.
  static let redraw = "\r\u{1B}[2K"

  @Test("status --format tty prints the line once, without key help")
  func statusHasNoKeyHelp() async throws {
    try await withSandbox { sandbox in
      let result = try await sandbox.run(["status", "--format", "tty"])
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasPrefix(Self.redraw), "\(result)")
      #expect(result.stdout.contains("⣿ Ready 00:03 ○○○○"), "\(result)")
      #expect(!result.stdout.contains("space:") && !result.stdout.contains("quit"), "\(result)")
    }
  }

  @Test("A terminal view whose stdin is not a terminal shows no key help")
  func runWithoutKeysHasNoKeyHelp() async throws {
    try await withSandbox { sandbox in
      let view = try sandbox.launch(["--format", "tty"])
      try await eventually("the first frame", timeout: 5) {
        view.stdout.bytesSoFar.contains("Ready") ? true : nil
      }
      try await sandbox.ctl("start")
      try await eventually("the focus frame", timeout: 5) {
        view.stdout.bytesSoFar.contains("Focus") ? true : nil
      }
      #expect(!view.stdout.bytesSoFar.contains("space:"), "\(view.stdout.bytesSoFar)")
      view.signal(SIGTERM)
      #expect(try await view.waitForExit() == .exit(0))
    }
  }
}
