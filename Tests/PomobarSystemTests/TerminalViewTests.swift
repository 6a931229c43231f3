import Foundation
import PomobarSystem
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

/// The terminal view redraws when the terminal is resized (`SIGWINCH`), fitted to the
/// width `ioctl(TIOCGWINSZ)` reports.
@Suite("Terminal size")
struct TerminalSizeTests {
  @Test("A resized terminal gets a fresh frame at once, even while nothing ticks")
  func windowChangeRedraws() async throws {
    try await withSandbox { sandbox in
      let view = try sandbox.launch(["--format", "tty"])
      let redraws = { view.stdout.bytesSoFar.components(separatedBy: TerminalViewTests.redraw).count - 1 }
      try await eventually("the first frame", timeout: 5) { redraws() == 1 ? true : nil }
      view.signal(SIGWINCH)
      try await eventually("a frame after SIGWINCH", timeout: 2) { redraws() == 2 ? true : nil }
      #expect(view.isRunning, "SIGWINCH is an event, not the end")
    }
  }

  @Test("The width is the terminal's own, and unknown for a pipe or an unsized terminal")
  func widthComesFromTheTerminal() throws {
    // A pseudo-terminal's master side: a terminal whose size the test sets itself.
    let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try #require(terminal >= 0, "no /dev/ptmx: errno \(errno)")
    defer { close(terminal) }
    #expect(FileDescriptor(rawValue: terminal).terminalWidth == nil, "a fresh terminal reports 0 columns")
    var size = winsize(ws_row: 24, ws_col: 57, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0)
    #expect(FileDescriptor(rawValue: terminal).terminalWidth == 57)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { for end in ends { close(end) } }
    #expect(FileDescriptor(rawValue: ends[1]).terminalWidth == nil, "a pipe is no terminal")
  }
}
