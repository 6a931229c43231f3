import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import PomobarSystem

/// A private X server (Xvfb) for a test, on a display number it picks itself; ended when
/// the value goes away.
final class XvfbServer: @unchecked Sendable {
  let process = Process()
  let display: String

  init() throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    // -noreset: a session's window manager stays connected; here, when the last client
    // (xdotool, or a watch being replaced) leaves, the server would reset and drop a
    // connection being made at that moment.
    process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-noreset", "-screen", "0", "320x200x24"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Xvfb writes the number it took once it listens.
    var number = Data()
    while !number.contains(UInt8(ascii: "\n")) {
      let more = out.fileHandleForReading.availableData
      guard !more.isEmpty else { throw CocoaError(.fileReadUnknown) }
      number += more
    }
    display = ":" + String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Input on the display, as a person's: the pointer moves. Throws when xdotool failed
  /// (a busy server it could not connect to): a move that did not happen is said as such,
  /// not left to read as a return the watch missed.
  func move(to x: Int) throws {
    let move = Process()
    move.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    move.arguments = ["mousemove", String(x), "10"]
    move.environment = ["DISPLAY": display]
    let errors = Pipe()
    move.standardError = errors
    try move.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    move.waitUntilExit()
    guard move.terminationReason == .exit, move.terminationStatus == 0 else {
      throw XdotoolFailed(status: move.terminationStatus, stderr: String(decoding: said, as: UTF8.self))
    }
  }

  /// xdotool did not move the pointer.
  struct XdotoolFailed: Error, CustomStringConvertible {
    var status: Int32
    var stderr: String
    var description: String { "xdotool mousemove failed (status \(status)): \(stderr)" }
  }

  /// A person at the computer until the returned process is ended: the pointer moves
  /// every half second. A process of its own, so that the test's busy thread pool on a
  /// loaded machine cannot hold the input back.
  func keepActive() throws -> Process {
    let mover = Process()
    mover.executableURL = URL(fileURLWithPath: "/bin/sh")
    mover.arguments = [
      "-c", "while :; do xdotool mousemove 40 10; sleep 0.5; xdotool mousemove 41 10; sleep 0.5; done",
    ]
    mover.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    mover.standardOutput = FileHandle.nullDevice
    mover.standardError = FileHandle.nullDevice
    try mover.run()
    return mover
  }

  deinit {
    // Xvfb may sit on SIGTERM while a client holds it: ended outright.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }
}

/// Idle on a real X server: the server's own alarms say when input stopped and came
/// back, with no poll.
@Suite("X11 idle", .serialized, .enabled(if: XvfbServer.available))
struct X11IdleTests {
  @Test func alarmsSayWhenInputStopsAndComesBack() throws {
    let server = try XvfbServer()
    let environment = Environment { $0 == "DISPLAY" ? server.display : nil }
    let idle = try X11IdleWatcher(environment: environment, threshold: .milliseconds(700), hostname: "x")
    #expect(try idle.descriptor.waitReadable(milliseconds: 3000))
    let first = try idle.read()
    guard case .idle(let milliseconds?)? = first.first, first.count == 1 else {
      Issue.record("\(first)")
      return
    }
    #expect(milliseconds >= 700)
    try server.move(to: 10)
    #expect(try idle.descriptor.waitReadable(milliseconds: 3000))
    #expect(try idle.read() == [.active])
  }

  /// The bar itself: no input for the threshold stops the work clock where input stopped,
  /// a pointer move starts it again; nothing else is running.
  @Test func aBarMarksAwayAndBackByItself() async throws {
    let server = try XvfbServer()
    try await withSandbox(config: "[idle]\nafter = \"2s\"") { sandbox in
      try await sandbox.ctl("project", "api", "--ago", "1m")  // a record of a minute, not under a second
      try server.move(to: 5)  // input now: the first frame shows the clock running
      let bar = Bar(
        try sandbox.launch(["--format", "waybar"], environment: ["DISPLAY": server.display]), format: .waybar)
      try await bar.waitForFrame(timeout: 5, "the first frame")
      let away = try await bar.waitForNextFrame(timeout: 5) { $0.text.contains("○ api") }
      #expect(!away.text.contains("● api"), "\(away.text)")
      // The bar shows a change before it is written (a frame never waits for fsync): the
      // state file says it a moment later.
      try await eventually("the state says away") {
        IdleWatchCommandTests.working(sandbox) == false ? true : nil
      }
      try server.move(to: 20)
      try await bar.waitForNextFrame(timeout: 5) { $0.text.contains("● api") }
      #expect(!bar.process.stderr.text.contains("idle:"), "\(bar.process.stderr.text)")
      // The interval ended where input stopped, about 2 s before away was noticed.
      let log = try await sandbox.run(["log", "today"]).stdout
      #expect(log.contains("api"), "\(log)")
    }
  }
}
