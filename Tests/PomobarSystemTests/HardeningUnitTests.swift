import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The pieces behind the fault handling, one at a time.
@Suite("Hardening units")
struct HardeningUnitTests {
  @Test func warningsSayEachKindOncePerMinuteAndCountTheRest() {
    var lines: [String] = []
    var now: Int64 = 0
    let warnings = Warnings(sink: { lines.append($0) }, now: { now })
    warnings.warn("disk full")
    warnings.warn("disk full")
    warnings.warn("bad click 1", kind: "click")
    warnings.warn("bad click 2", kind: "click")
    #expect(lines == ["pomobar: warning: disk full\n", "pomobar: warning: bad click 1\n"])
    now = Warnings.interval
    warnings.warn("disk full")
    #expect(lines.last == "pomobar: warning: disk full (1 more like it in the last minute)\n")
  }

  @Test func warningsForgetTheOldestKindPastTheirLimit() {
    var lines: [String] = []
    var now: Int64 = 0
    let warnings = Warnings(sink: { lines.append($0) }, now: { now })
    for index in 0...Warnings.kindsKept {
      now += 1
      warnings.warn("problem \(index)")
    }
    warnings.warn("problem 0")  // forgotten, so said again
    #expect(lines.count == Warnings.kindsKept + 2)
  }

  @Test func aStalledReaderKeepsOnlyTheNewestFrameWaiting() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = fcntl(ends[0], 1031, 4096)  // F_SETPIPE_SZ: one page
    let writer = FrameWriter(FileDescriptor(rawValue: ends[1]))
    #expect(writer.submit("header\n", replaceable: false))
    let frame = String(repeating: "x", count: 1000) + "\n"
    for index in 0..<20 { #expect(writer.submit("\(index)" + frame)) }
    #expect(writer.isBacklogged, "the pipe is full: frames wait instead of blocking")
    // The reader comes back: what was begun goes out whole, then only the newest frame.
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(ends[0], &buffer, buffer.count)
      if n > 0 { received += buffer[0..<n] }
      #expect(writer.flush())
      if n <= 0 && !writer.isBacklogged { break }
    }
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
    #expect(lines.first == "header")
    #expect(lines.last?.hasPrefix("19x") == true)
    #expect(lines.count < 20, "frames that waited behind the newest were dropped")
    #expect(lines.allSatisfy { $0 == "header" || $0.count == 1001 || $0.count == 1002 }, "no cut frame")
  }

  @Test func aJobRoundTripsThroughItsJSONArgument() {
    let job = EffectJob(
      commands: [
        EffectJob.Command(
          label: "focus-end", arguments: ["/bin/sh", "-c", "echo \"a b\" 'c'"],
          environment: ["POMOBAR_SLOT=1", "X=a=b"])
      ], timeout: .seconds(10), log: "/tmp/x/hooks.log")
    #expect(EffectJob(json: job.json()) == job)
    #expect(EffectJob(json: "{}") == nil)
    #expect(EffectJob(json: "not json") == nil)
  }

  @Test func hookCommandsCarryTheVariablesOfTheirOwnEventAndAnyRunsAfterEach() throws {
    var config = Config()
    config.hooks[.breakEnd] = ["echo end"]
    config.hooks[.focusStart] = ["echo start", "echo again"]
    config.hooks[.any] = ["echo any"]
    let runner = EffectRunner(config: config, logFolder: "/state")
    // Boottime 1000 s is wall 1,700,000,000 s (UTC): the focus ends 1500 s later.
    let now = ClockReading(
      wall: 1_700_000_000_000_000_000, boottime: 1_000_000_000_000, monotonic: 0, bootID: "b")
    let end = HookContext(
      phase: .shortBreak, reason: .completed, slot: 1, completed: 1, next: .focus, total: .seconds(300),
      remaining: .zero)
    let start = HookContext(
      phase: .focus, slot: 2, completed: 1, next: .shortBreak, total: .seconds(1500),
      remaining: .milliseconds(1_499_500), deadline: .seconds(2500), project: "api")
    let job = runner.job(
      for: [
        .persist, .runHook(.breakEnd, end), .runHook(.focusStart, start),
        .notify(ended: .shortBreak, next: .idle),
      ],
      now: now)
    #expect(
      job?.commands.map(\.label) == [
        "break-end", "any:break-end", "focus-start", "focus-start", "any:focus-start", "notification",
      ])
    #expect(
      job?.commands.map { $0.arguments.last }.prefix(5) == [
        "echo end", "echo any", "echo start", "echo again", "echo any",
      ])
    #expect(
      job?.commands[0].environment == [
        "POMOBAR_EVENT=break-end", "POMOBAR_PHASE=short-break", "POMOBAR_REASON=completed",
        "POMOBAR_NEXT_PHASE=focus", "POMOBAR_SLOT=1", "POMOBAR_COMPLETED=1", "POMOBAR_DURATION=300",
        "POMOBAR_REMAINING=0", "POMOBAR_ENDS_AT=", "POMOBAR_PROJECT=", "POMOBAR_PREVIOUS_PROJECT=",
        "POMOBAR_INTERRUPTION=", "POMOBAR_NOTE=",
      ])
    #expect(job?.commands[1].environment == job?.commands[0].environment, "any gets the event's variables")
    let offset = LocalZone.offset(atUTC: 1_700_001_500)
    let endsAt = WallTime(utc: 1_700_001_500, offset: offset).iso8601
    #expect(
      job?.commands[2].environment == [
        "POMOBAR_EVENT=focus-start", "POMOBAR_PHASE=focus", "POMOBAR_REASON=",
        "POMOBAR_NEXT_PHASE=short-break",
        "POMOBAR_SLOT=2", "POMOBAR_COMPLETED=1", "POMOBAR_DURATION=1500", "POMOBAR_REMAINING=1500",
        "POMOBAR_ENDS_AT=\(endsAt)", "POMOBAR_PROJECT=api", "POMOBAR_PREVIOUS_PROJECT=",
        "POMOBAR_INTERRUPTION=", "POMOBAR_NOTE=",
      ])
    // The notification is pomobar's own notifier, not waited for, with notify-send's words.
    #expect(job?.commands[5].arguments.prefix(2) == ["/proc/self/exe", "__notify"])
    #expect(job?.commands[5].detached == true)
    let notification = try #require(job?.commands[5].arguments.last.flatMap(NotificationJob.init(json:)))
    #expect(notification.arguments.first == "notify-send")
    #expect(
      notification.arguments.suffix(4) == [
        "--action=start=Start focus", "--", "Break over", "Next: focus, 25 min.",
      ])
    #expect(notification.buttons == [NotificationJob.Button(name: "start", ctl: ["start"])])
    #expect(job?.log == "/state/hooks.log")
    #expect(job?.timeout == .seconds(10))
    #expect(EffectRunner(config: Config(), logFolder: "/state").job(for: [.persist], now: now) == nil)
  }

  @Test func anyRunsForEveryEventEvenWithoutCommandsOfItsOwn() {
    var config = Config()
    config.hooks[.any] = ["echo any"]
    let context = HookContext(phase: nil, slot: 1, completed: 0, next: .focus)
    let now = ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "b")
    let job = EffectRunner(config: config, logFolder: "/s").job(
      for: [.runHook(.workStop, context), .runHook(.project, context)], now: now)
    #expect(job?.commands.map(\.label) == ["any:work-stop", "any:project"])
    #expect(job?.commands[1].environment.first == "POMOBAR_EVENT=project")
  }

  @Test func testClockAdjustmentsThatCannotBeTimesAreIgnored() {
    #expect(SystemClock.nanoseconds("1e10") == 0)
    #expect(SystemClock.nanoseconds("nan") == 0)
    #expect(SystemClock.nanoseconds("inf") == 0)
    #expect(SystemClock.nanoseconds("-inf") == 0)
    #expect(SystemClock.nanoseconds("2.5") == 2_500_000_000)
    #expect(SystemClock.nanoseconds("-60") == -60_000_000_000)
  }

  @Test func aFrozenTestClockStandsStillWhateverTheOrderOfItsLines() throws {
    let path = NSTemporaryDirectory() + "pomobar-clock-\(getpid())"
    defer { unlink(path) }
    // Two readings seconds apart on the real clocks read the same, and `awake` adds to it
    // before or after the freeze.
    try "wall 5\nfreeze 1795597200\nawake 60\n".write(toFile: path, atomically: true, encoding: .utf8)
    func reading(real: Int64) -> ClockReading {
      var reading = ClockReading(
        wall: real, boottime: real - 1_700_000_000_000_000_000, monotonic: real - 1_700_000_100_000_000_000,
        bootID: "b")
      SystemClock.apply(path, to: &reading)
      return reading
    }
    let early = reading(real: 1_800_000_000_000_000_000)
    let late = reading(real: 1_800_000_007_000_000_000)
    #expect(early.wall == (1_795_597_200 + 65) * 1_000_000_000)
    #expect(early.boottime == SystemClock.frozenUptime + 60_000_000_000)
    #expect(early.monotonic == SystemClock.frozenUptime + 60_000_000_000)
    #expect(late == early)
    try "freeze nan\nfreeze 1e12\nawake 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(reading(real: 7_000_000_000).wall == 8_000_000_000, "a freeze that is no time is ignored")
  }

  @Test func theStateFolderMustBeOursAndClosedToOthers() throws {
    var template = Array("/tmp/pomobar-folder-XXXXXX".utf8CString)
    let folder = String(cString: mkdtemp(&template)!)
    defer { rmdir(folder) }
    try FileSystem.checkPrivateFolder(folder)
    chmod(folder, 0o757)
    #expect(throws: SystemError.self) { try FileSystem.checkPrivateFolder(folder) }
    chmod(folder, 0o770)
    #expect(throws: SystemError.self) { try FileSystem.checkPrivateFolder(folder) }
    chmod(folder, 0o755)
    try FileSystem.checkPrivateFolder(folder)
    if geteuid() == 0 {
      chown(folder, 65534, 65534)
      #expect(throws: SystemError.self) { try FileSystem.checkPrivateFolder(folder) }
    }
  }
}

@Suite("Commit checks")
struct CommitCheckTests {
  @Test func aWriteIsCommittedWhenNamedOrPushedOutOfAFullListByLaterWrites() {
    let kept = (1...StateDocument.commitsKept).map { "7.\(1000 + $0)" }
    #expect(StateStore.committed("7.1005", in: kept))
    #expect(StateStore.committed("9.999", in: kept), "older than every kept name: pushed out, so run")
    #expect(!StateStore.committed("9.1003", in: kept), "within the kept span but absent: never renamed")
    #expect(!StateStore.committed("9.2000", in: kept), "newer than every kept name: never renamed")
    #expect(
      !StateStore.committed("9.999", in: Array(kept.suffix(5))), "a list not full keeps every name since")
    #expect(!StateStore.committed("9.1", in: []))
  }
}

/// The task's variables: after the others while a task is set, not set without one.
@Suite struct TaskHookEnvironmentTests {
  @Test func aHookGetsTheTaskOnlyWhileOneIsSet() {
    var context = HookContext(phase: .focus, slot: 1, completed: 0, next: .shortBreak)
    let now = ClockReading(wall: 0, boottime: 0, monotonic: 0, bootID: "a")
    let without = EffectRunner.environment(.focusEnd, context, now: now)
    #expect(!without.contains { $0.hasPrefix("POMOBAR_TASK") })
    context.task = TaskRef(title: "write the report", id: "a3f-9")
    let with = EffectRunner.environment(.focusEnd, context, now: now)
    #expect(Array(with.prefix(without.count)) == without)
    #expect(
      Array(with.suffix(3)) == ["POMOBAR_TASK=write the report", "POMOBAR_TASK_ID=a3f-9", "POMOBAR_TASK_SOURCE="])
  }
}
