import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The pieces under the notifier and do-not-disturb: the watched child, the daemons'
/// answers, the record of the notifier that waits.
@Suite struct NotifierUnitTests {
  func monotonic() -> Int64 { SystemClock.now(CLOCK_MONOTONIC) }

  @Test func aChildPastItsDeadlineGetsTheStopSignalAndOneThatIgnoresItIsKilledWithItsGroup() throws {
    var started = monotonic()
    let polite = ChildProcess.capture(
      ["/bin/sh", "-c", "trap 'echo closing; exit 0' INT; echo shown; sleep 30 & wait"],
      deadline: started + 300_000_000, clock: SystemClock(), stopSignal: SIGINT)
    #expect(polite.stopped == "timed out")
    #expect(polite.lines == ["shown", "closing"], "it was asked with SIGINT and said so")
    #expect(monotonic() - started < 2_000_000_000, "before the 2 s grace")

    started = monotonic()
    let stubborn = ChildProcess.capture(
      ["/bin/sh", "-c", "trap '' INT; sleep 30 & echo $!; wait"], deadline: started + 200_000_000,
      clock: SystemClock(), stopSignal: SIGINT)
    let took = Double(monotonic() - started) / 1e9
    #expect(stubborn.stopped == "timed out")
    #expect(stubborn.status == 128 + SIGKILL)
    #expect(took > 2.0 && took < 6, "killed after the 2 s grace: \(took) s")
    // The `sleep 30` it started went with its group: gone, or dead and waiting for a
    // reaper (pid 1 of a container may take its time).
    let sleeper = try #require(stubborn.lines.first.flatMap { pid_t($0) })
    func dead() -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8) else {
        return true
      }
      return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
    var gone = dead()
    for _ in 0..<100 where !gone {
      usleep(10_000)
      gone = dead()
    }
    #expect(gone, "sleep \(sleeper) outlived its group")
  }

  @Test func aChildThatEndsByItselfGivesItsStatusAndOutput() {
    let result = ChildProcess.capture(
      ["/bin/sh", "-c", "echo break; echo oops >&2; exit 3"], deadline: monotonic() + 5_000_000_000,
      clock: SystemClock())
    #expect(result.stopped == nil)
    #expect(result.status == 3)
    #expect(result.lines == ["break", "oops"])
    let missing = ChildProcess.capture(
      ["/nonexistent/notify-send"], deadline: monotonic() + 1_000_000_000, clock: SystemClock())
    #expect(missing.status == nil)
    #expect(missing.error?.contains("No such file") == true, "\(String(describing: missing.error))")
  }

  @Test func theNotificationDescribesTheWriteItCameWithEvenWhenAClickMovedOnInIt() throws {
    // The focus ran out (focus-done, 3 completed) and a click in the same write started
    // the next focus: the texts still count 3, and the subject is focus-done's (stale).
    let written = TimerState(
      phase: .running(.focus, deadline: .seconds(3000), total: .seconds(1500)), slot: 4, completed: 3)
    let commit = StateStore.Commit(
      name: "c", statePath: "/s/state.json", lockPath: "/s/state.lock", timer: written)
    let job = EffectRunner(config: Config(), logFolder: "/s").job(
      for: [.notify(ended: .focus, next: .focusDone)],
      now: ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b"), commit: commit)
    let notification = try #require(job?.commands.first?.arguments.last.flatMap(NotificationJob.init(json:)))
    #expect(
      notification.arguments.suffix(2) == ["Pomodoro complete", "Completed: 3. Next: long break, 15 min."])
    #expect(notification.subject == "focus-done.4.3")
    #expect(notification.subject != NotificationSubject.of(written))
    #expect(notification.buttons.map(\.ctl) == [["break"], ["start"]])
  }

  @Test func theDaemonsAnswersAreRead() {
    typealias Daemon = DoNotDisturb.Daemon
    #expect(Daemon.dunst.isOn(["true"]) == true)
    #expect(Daemon.dunst.isOn(["false"]) == false)
    #expect(Daemon.dunst.isOn(["Failed to communicate with dunst"]) == nil)
    #expect(Daemon.swaync.isOn(["false"]) == false)
    #expect(Daemon.mako.isOn(["default", "do-not-disturb"]) == true)
    #expect(Daemon.mako.isOn(["default"]) == false)
    #expect(Daemon.mako.set(true) == ["makoctl", "mode", "-a", "do-not-disturb"])
    #expect(Daemon.mako.set(false) == ["makoctl", "mode", "-r", "do-not-disturb"])
    #expect(Daemon.swaync.set(true) == ["swaync-client", "--dnd-on"])
    #expect(Daemon.dunst.set(false) == ["dunstctl", "set-paused", "false"])
  }

  @Test func aRecordNamesALiveNotifierOnlyWhileItsPidIsThatProcess() throws {
    let folder = NSTemporaryDirectory() + "pomobar-notifier-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/notification"
    let start = try #require(Notifier.startTime(of: getpid()))
    try "\(getpid()) \(start) focus-done.1.1\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Notifier.recorded(path)?.subject == "focus-done.1.1")
    // The same pid with another start time: a reused pid, not the notifier.
    try "\(getpid()) 1 focus-done.1.1\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Notifier.recorded(path) == nil)
    try "garbage\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Notifier.recorded(path) == nil)
  }

  @Test func theDefaultIconIsTheInstalledTomatoElseAThemeName() throws {
    let home = NSTemporaryDirectory() + "pomobar-icon-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: home) }
    let none = Environment(lookup: {
      $0 == "XDG_DATA_HOME" ? home : ($0 == "XDG_DATA_DIRS" ? "/nonexistent" : nil)
    })
    #expect(Notifier.defaultIcon(none) == "appointment-soon")
    let apps = home + "/icons/hicolor/scalable/apps"
    try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: apps + "/pomobar.svg", contents: Data("<svg/>".utf8))
    #expect(Notifier.defaultIcon(none) == apps + "/pomobar.svg")
  }
}
