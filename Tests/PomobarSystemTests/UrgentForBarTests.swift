import Foundation
import Testing

/// `[display] urgent-for`: a running bar clears the urgent flag by itself.
@Suite("The urgent flag clears by itself after urgent-for", .serialized)
struct UrgentForBarTests {
  @Test(
    "A running bar drops the urgent flag urgent-for after the phase ran out, with no action and no ticking")
  func theBarClearsTheFlagOnTime() async throws {
    let config = "[timer]\nfocus = \"2s\"\n[display]\nurgent-for = \"2s\""
    try await withSandbox(config: config, hooks: false) { sandbox in
      let bar = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      let done = try await bar.waitForFrame(timeout: 5, "focus done") { $0.shows("Focus done") }
      #expect(done.urgent)
      // The frame is shown before the state is written: wait for the file.
      let since = try await eventually("urgent_since in the state file", timeout: 2) {
        Self.urgentSince(sandbox)
      }
      let cleared = try await Self.firstFrame(of: bar, after: done.index, timeout: 4, urgent: false)
      #expect(cleared?.label == "Focus done", "\(String(describing: cleared))")
      let at = cleared?.at ?? 0
      let late = seconds(from: since + 2_000_000_000, to: at)
      #expect(late > -0.01 && late < 0.3, "cleared \(late) s after urgent-for ended")
      let count = bar.frames.count
      await pause(1.5)
      let later = bar.frames.count
      #expect(later == count, "frames kept coming after the flag cleared")
      let urgent = try await sandbox.status()["urgent"] as? Bool
      #expect(urgent == false, "status agrees")
    }
  }

  /// The state file's `urgent_since`.
  static func urgentSince(_ sandbox: Sandbox) -> Int64? {
    (sandbox.stateDocument()?["timer"] as? [String: Any])?["urgent_since"] as? Int64
  }

  /// The first frame after `index` whose urgent flag is `urgent`, polled; nil if none came.
  static func firstFrame(of bar: Bar, after index: Int, timeout: Double, urgent: Bool) async throws -> Frame?
  {
    let deadline = boottimeNow() + Int64(timeout * 1e9)
    while boottimeNow() < deadline {
      for frame in bar.frames.dropFirst(index + 1) where frame.urgent == urgent { return frame }
      await pause(0.005)
    }
    return nil
  }
}
