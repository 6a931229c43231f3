import Foundation
import Testing

/// Work days, goals and the balance, through the built binary, on Wednesday 2026-11-25
/// (the sandbox's wall clock is moved there).
@Suite("Work days")
struct WorkDaysTests {
  /// 2026-11-25 09:00 UTC, a Wednesday.
  static let wednesdayNine: Double = 1_795_597_200

  static let config = """
    [timer]
    focus = "25m"
    [ledger]
    daily-goal = "8h"
    days-off-file = "days-off"
    [format]
    full = "{left} · {balance}"
    """

  /// Stops the sandbox's clocks at `epoch`, plus `awake` seconds on every clock.
  static func setClock(_ sandbox: Sandbox, to epoch: Double, awake: Int = 0) throws {
    try sandbox.setClock("freeze \(epoch)" + (awake > 0 ? "\nawake \(awake)" : ""))
  }

  /// Monday 09:00 to 18:00, another machine's record: an hour over its goal; Tuesday
  /// nothing.
  static func writeMondaysWork(_ sandbox: Sandbox) throws {
    let history = sandbox.root + "/data/pomobar/history"
    try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
    try sandbox.write(
      #"{"id":"other.a.1","kind":"work","start":"2026-11-23T09:00:00+00:00","end":"2026-11-23T18:00:00+00:00","seconds":32400,"project":null,"outcome":null,"internal":0,"external":0,"gap":0,"note":null}"#
        + "\n", to: history + "/2026-11.other.jsonl")
  }

  @Test("The bar shows {left} and {balance}, and a day off written into the days-off file")
  func theBarShowsWhatIsLeftAndTheWeeksBalance() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      let daysOff = sandbox.configDirectory + "/days-off"
      try sandbox.write("# holidays\n", to: daysOff)
      try Self.writeMondaysWork(sandbox)
      try Self.setClock(sandbox, to: Self.wednesdayNine)
      try await sandbox.ctl("work", "start")
      // An hour later: 7 hours to go; the week is Monday's +1:00 and Tuesday's -8:00. The
      // clock is stopped, so what the bar shows does not move while a busy machine runs
      // the test.
      try Self.setClock(sandbox, to: Self.wednesdayNine, awake: 3600)
      try await sandbox.ctl("work", "stop")
      let bar = try await sandbox.startBar(.i3bar)
      _ = try await bar.waitForFrame(timeout: 5, "the goal left") {
        $0.text == "7:00 to go · -7:00 this week"
      }
      // Wednesday becomes a day off: nothing is due today, and its hour is ahead.
      try sandbox.write("# holidays\n2026-11-25\n", to: daysOff)
      _ = try await bar.waitForFrame(timeout: 5, "the day off") { $0.text == "day off · -6:00 this week" }
      let report = try await sandbox.run(["report", "week"])
      #expect(
        report.stdout.contains("Balance         -6:00   10:00 of 16:00 due on 2 work days"), "\(report)")
    }
  }

  @Test("status counts the week's earlier days for {balance} on its first call of a day")
  func statusCountsTheWeek() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      try sandbox.write("", to: sandbox.configDirectory + "/days-off")
      try Self.writeMondaysWork(sandbox)
      try Self.setClock(sandbox, to: Self.wednesdayNine)
      let status = try await sandbox.run(["status", "--format", "plain"])
      #expect(status.stdout == "8:00 to go · -7:00 this week", "\(status)")
    }
  }

  @Test("{week} without a goal: the store counts the week's earlier days for it")
  func theWeekIsCountedWithoutAGoal() async throws {
    try await withSandbox(config: "[format]\nfull = \"{week}\"\n") { sandbox in
      try Self.writeMondaysWork(sandbox)
      try Self.setClock(sandbox, to: Self.wednesdayNine)
      let status = try await sandbox.run(["status", "--format", "plain"])
      #expect(status.stdout == "9:00", "\(status)")
    }
  }

  /// The first change of a day may close an interval that began the day before: its part
  /// of yesterday counts in the week (it was in neither the history nor the running clock
  /// when the week was counted).
  @Test("A clock running since yesterday and stopped by the day's first change counts yesterday's part")
  func anIntervalAcrossMidnightCountsInTheWeek() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      try sandbox.write("", to: sandbox.configDirectory + "/days-off")
      try Self.writeMondaysWork(sandbox)
      // Tuesday 22:00 to Wednesday 00:30.
      let tuesdayTen = Self.wednesdayNine - 11 * 3600
      try Self.setClock(sandbox, to: tuesdayTen)
      try await sandbox.ctl("work", "start")
      try Self.setClock(sandbox, to: tuesdayTen, awake: 9000)
      try await sandbox.ctl("work", "stop")
      let status = try await sandbox.run(["status", "--format", "plain"])
      // Monday +1:00, Tuesday 2:00 of 8:00; Wednesday's half hour is not over its goal.
      #expect(status.stdout.hasSuffix(" to go · -5:00 this week"), "\(status)")
    }
  }

  @Test("check-config names a bad line of the days-off file with its place")
  func aBadDaysOffLineIsNamed() async throws {
    try await withSandbox(config: Self.config) { sandbox in
      try sandbox.write("2026-12-24\n24.12.2026\n", to: sandbox.configDirectory + "/days-off")
      let result = try await sandbox.run(["check-config"])
      #expect(result.status == 78, "\(result)")
      #expect(
        result.stderr.contains(
          sandbox.configDirectory
            + "/days-off:2:1: \"24.12.2026\" is not a day off; write dates like \"2026-12-24\", or a range like "
            + "\"2026-12-24..2027-01-01\""), "\(result)")
      // ctl goes on with every good setting.
      try await sandbox.ctl("start")
    }
  }
}
