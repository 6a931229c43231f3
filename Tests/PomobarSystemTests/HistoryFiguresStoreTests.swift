import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// The bar's figures read from a history folder: every machine's files, as the edits
/// leave them, with the bills; and folded on a thread of its own.
@Suite("History figures from the folder")
struct HistoryFiguresStoreTests {
  static func work(_ id: String, _ start: Int64, seconds: Int64 = 3600) -> LedgerRecord {
    LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 0),
      end: WallTime(utc: start + seconds, offset: 0),
      seconds: seconds, project: "acme")
  }

  @Test func everyMachinesFilesAndBillsCount() throws {
    try withTemporaryFolder("figures") { root in
      let day: Int64 = 20_784  // 2026-11-27
      let mine = Self.work("m1.e.1", day * 86_400 + 3600)
      let theirs = Self.work("m2.e.1", day * 86_400 + 7200)
      let history = HistoryStore(directory: root, machine: "m1", warn: { _ in })
      try mine.jsonLine.write(toFile: root + "/2026-11.m1.jsonl", atomically: false, encoding: .utf8)
      try theirs.jsonLine.write(toFile: root + "/2026-11.m2.jsonl", atomically: false, encoding: .utf8)
      let config = ConfigLoader.load(
        Array(
          "[format]\nfull = \"{budget} {unbilled}\"\n[projects.acme]\nrate = \"100 EUR/h\"\nbudget = \"4h\"\n"
            .utf8),
        file: "c.toml"
      ).config
      let request = HistoryFigures.Request(day: day, dayBegan: day * 86_400, base: DayTotals(), owed: [])
      var figures = history.figures(request, config: config)
      #expect(figures.today.total(for: "acme") == 7200)
      #expect(figures.used["acme"]?.seconds == Optional(Int64(7200)))
      #expect(figures.unbilledText == "200.00 EUR unbilled")
      // The other machine's bill, synced in: unbilled drops.
      let bill = HistoryStore(directory: root, machine: "m2", warn: { _ in })
      try bill.newEdit(at: 1_795_000_000_000_000_000, .bill(targets: [theirs.id], invoice: "7")).jsonLine
        .write(
          toFile: bill.editsPath, atomically: false, encoding: .utf8)
      figures = history.figures(request, config: config)
      #expect(figures.unbilledText == "100.00 EUR unbilled")
      // What the state owes counts as written, once.
      let owed = Self.work("m1.e.2", day * 86_400 + 20_000, seconds: 600)
      figures = history.figures(
        HistoryFigures.Request(day: day, dayBegan: day * 86_400, base: DayTotals(), owed: [owed, mine]),
        config: config)
      #expect(figures.today.total(for: "acme") == 7800)
    }
  }

  @Test func aJobRunsOffTheCallersThreadAndSaysWhenItIsDone() throws {
    let job = try BackgroundJob<Int>()
    #expect(job.take() == nil)
    #expect(job.start { 6 * 7 })
    #expect(!job.start { 0 })  // one at a time
    let poller = try Poller()
    try poller.add(job.fd, readable: true)
    var ready: [Poller.Ready] = []
    try poller.wait(into: &ready, timeout: 10_000_000_000)
    #expect(ready.map(\.fd) == [job.fd])
    #expect(job.take() == 42)
    #expect(!job.isRunning)
  }
}
