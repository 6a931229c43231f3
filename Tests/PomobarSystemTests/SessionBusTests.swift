import Foundation
import Testing

@testable import PomobarSystem

/// Notifications from a copy started without the session's D-Bus address (a systemd unit,
/// cron): never on a bus of its own, shown once by a copy that has the bus. The
/// end-to-end case `notifications-nobus` does the same with a real dbus-daemon and dunst.
@Suite("Notifications without the session bus", .serialized)
struct SessionBusTests {
  static let config = """
    [timer]
    focus = "1s"
    short-break = "30s"
    """

  /// What a systemd unit or cron gives: no bus address, no per-user bus, but a display.
  func noBus(_ sandbox: Sandbox) throws -> [String: String] {
    let runtime = sandbox.root + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    return ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": runtime, "DISPLAY": ":0"]
  }

  func hooksLog(_ sandbox: Sandbox) -> String { sandbox.read(sandbox.stateDirectory + "/hooks.log") ?? "" }

  @Test("the bus: the address given, else the per-user socket; autolaunch never")
  func address() {
    func address(_ variables: [String: String], sockets: Set<String> = []) -> String? {
      SessionBus.address(Environment { variables[$0] }, uid: 1000, isSocket: sockets.contains)
    }
    #expect(address(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/b"]) == "unix:path=/tmp/b")
    #expect(
      address(["XDG_RUNTIME_DIR": "/run/user/1000"], sockets: ["/run/user/1000/bus"])
        == "unix:path=/run/user/1000/bus")
    #expect(address([:], sockets: ["/run/user/1000/bus"]) == "unix:path=/run/user/1000/bus")
    #expect(
      address(["DBUS_SESSION_BUS_ADDRESS": "autolaunch:", "XDG_RUNTIME_DIR": "/r u"], sockets: ["/r u/bus"])
        == "unix:path=/r%20u/bus")
    #expect(address(["DBUS_SESSION_BUS_ADDRESS": "autolaunch:"]) == nil)
    #expect(address(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/1000"]) == nil)
  }

  @Test(
    "a copy without the bus ends the focus: no notify-send there; the next bar with the bus shows it, once")
  func leftForABar() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let noBus = try noBus(sandbox)
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      let status = try await sandbox.run(["status", "--format", "json"], environment: noBus)
      #expect(status.status == 0, "\(status)")
      try await eventually("the notification left for a copy with the bus\n\(hooksLog(sandbox))", timeout: 5)
      {
        FileManager.default.fileExists(atPath: sandbox.stateDirectory + "/notification.owed") ? true : nil
      }
      try await sandbox.waitForEffects()
      #expect(sandbox.read(sandbox.notificationLog + ".elsewhere") == nil, "notify-send ran without the bus")
      #expect(sandbox.notifications().isEmpty)
      #expect(hooksLog(sandbox).contains("notification: no session bus here"), "\(hooksLog(sandbox))")
      // A bar with the bus: it shows the notification; a second one finds nothing left.
      _ = try await sandbox.startBar()
      try await eventually("the notification on the user's bus\n\(hooksLog(sandbox))", timeout: 5) {
        sandbox.notifications().isEmpty ? nil : true
      }
      _ = try await sandbox.startBar()
      try await sandbox.waitForEffects()
      #expect(sandbox.notifications() == ["Pomodoro complete|Completed: 1. Next: short break, 30 s."])
      #expect(sandbox.read(sandbox.notificationLog + ".elsewhere") == nil)
      #expect(!FileManager.default.fileExists(atPath: sandbox.stateDirectory + "/notification.owed"))
    }
  }

  @Test("a running bar with the bus takes the notification of a copy without it at once")
  func takenByARunningBar() async throws {
    try await withSandbox(config: "") { sandbox in
      let noBus = try noBus(sandbox)
      _ = try await sandbox.startBar()
      // Back from 23 minutes away with the clock on: `ctl back` asks, without the bus.
      try await sandbox.ctl("project", "api")
      try await sandbox.ctl("away")
      try sandbox.setClock("awake 1380")
      let back = try await sandbox.run(["ctl", "back"], environment: noBus)
      #expect(back.status == 0, "\(back)")
      try await eventually("the question on the user's bus\n\(hooksLog(sandbox))", timeout: 5) {
        sandbox.notifications().isEmpty ? nil : true
      }
      try await sandbox.waitForEffects()
      // (Its body's second line is a line of the log of its own.)
      #expect(
        sandbox.notifications().filter { $0.hasPrefix("Away ") } == [
          "Away 23 min|What was it? The clock was on api."
        ])
      #expect(sandbox.read(sandbox.notificationLog + ".elsewhere") == nil)
      #expect(
        hooksLog(sandbox).contains("taken over from a pomobar without a session bus"), "\(hooksLog(sandbox))")
    }
  }

  @Test("left, then stale: a notification whose moment passed is not shown")
  func staleIsDropped() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let noBus = try noBus(sandbox)
      try await sandbox.ctl("start")
      try await sandbox.waitForDeadline()
      _ = try await sandbox.run(["status", "--format", "json"], environment: noBus)
      try await eventually("the notification left", timeout: 5) {
        FileManager.default.fileExists(atPath: sandbox.stateDirectory + "/notification.owed") ? true : nil
      }
      #expect(try await sandbox.run(["ctl", "stop"], environment: noBus).status == 0)
      _ = try await sandbox.startBar()
      try await eventually("the bar to take it and drop it\n\(hooksLog(sandbox))", timeout: 5) {
        hooksLog(sandbox).contains("the timer has moved on: not shown") ? true : nil
      }
      #expect(sandbox.notifications().isEmpty)
    }
  }
}
