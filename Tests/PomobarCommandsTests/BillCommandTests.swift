import PomobarCore
import Testing

@testable import PomobarCommands

/// `pomobar bill`: its words, the projects it covers, and what it marks and says.
@Suite("bill")
struct BillCommandTests {
  static func record(_ id: String, _ project: String, hour: Int64) -> LedgerRecord {
    let start = CivilTime.Date(year: 2026, month: 11, day: 25).dayNumber * 86_400 + hour * 3600
    return LedgerRecord(
      id: id, kind: .work, start: WallTime(utc: start, offset: 0),
      end: WallTime(utc: start + 3600, offset: 0),
      seconds: 3000, project: project)
  }

  static func edit(_ id: String, _ operation: HistoryEdit.Operation) -> HistoryEdit {
    HistoryEdit(id: id, at: WallTime(utc: 1_795_000_000, offset: 0), operation)
  }

  @Test("its words: a range, whose work, an invoice")
  func parse() {
    assertParse(
      ["bill", "last-month", "--client", "acme", "--invoice", "2026-042"],
      .ledger(.bill(BillRequest(range: .named("last-month"), client: "acme", invoice: "2026-042"))))
    assertParse(
      [
        "bill", "--from", "2026-11-01", "--to", "2026-11-30", "--project", "api", "-p", "web  site",
        "--dry-run",
      ],
      .ledger(
        .bill(
          BillRequest(
            range: .dates(CivilTime.Date("2026-11-01"), CivilTime.Date("2026-11-30")),
            projects: ["api", "web site"],
            dryRun: true))))
    assertUsageError(
      ["bill", "--client", "acme"],
      "pomobar bill: which range? Like bill last-month --client acme, or --from DATE --to DATE")
    assertUsageError(["bill", "month"], "pomobar bill: whose work? Give --client NAME or --project NAME")
    assertUsageError(
      ["bill", "month", "--client", "acme", "--invoice", "a\nb"],
      "pomobar bill: --invoice: one line, without control characters")
    assertUsageError(
      ["bill", "month", "--client", "acme", "--invoice", String(repeating: "x", count: 101)],
      "pomobar bill: --invoice: at most 100 bytes")
    assertUsageError(
      ["bill", "month", "week", "--client", "acme"], "pomobar bill: unexpected argument 'week'")
  }

  @Test("--client covers its projects, --project narrows it or names them alone")
  func scope() throws {
    var config = Config()
    for (project, client) in [("api", "Globex"), ("web", "Globex"), ("docs", "Initech")] {
      var settings = ProjectSettings()
      settings.client = client
      config.projects[project] = settings
    }
    let client = BillRequest(range: .named("month"), client: "Globex")
    #expect(try BillCommand.scope(client, config: config).get() == ["api", "web"])
    var narrowed = client
    narrowed.projects = ["web"]
    #expect(try BillCommand.scope(narrowed, config: config).get() == ["web"])
    narrowed.projects = ["docs"]
    #expect(
      message(BillCommand.scope(narrowed, config: config))
        == "'docs' is not a project of client 'Globex' (its projects: 'api', 'web')")
    #expect(
      message(BillCommand.scope(BillRequest(range: .named("month"), client: "Umbrella"), config: config))
        == "no project belongs to client 'Umbrella': give one with [projects.\"NAME\"] client = \"Umbrella\" "
        + "in the config")
    let projects = BillRequest(range: .named("month"), projects: ["api", "home"])
    #expect(try BillCommand.scope(projects, config: config).get() == ["api", "home"])
  }

  func message(_ result: Result<Set<String>, LedgerCommands.Message>) -> String? {
    guard case .failure(let message) = result else { return nil }
    return message.text
  }

  @Test("a bill marks the unbilled records it selects, says their count and time, and names earlier bills")
  func plan() throws {
    let records = [
      Self.record("r.1", "api", hour: 9), Self.record("r.2", "api", hour: 11),
      Self.record("r.3", "web", hour: 13),
    ]
    let earlier = HistoryFold([Self.edit("m.1", .bill(targets: ["r.2"], invoice: "2026-041"))])
    let change = try BillCommand.plan(records, fold: earlier, invoice: "2026-042", scope: ["api", "web"])
    #expect(change.operations == [.bill(targets: ["r.1", "r.3"], invoice: "2026-042")])
    let lines = change.done.split(separator: "\n").map(String.init)
    #expect(lines[0] == "billed 2 records of 'api', 'web' on invoice '2026-042', 1:40:00 of work:")
    #expect(
      lines[1] == "  " + EditCommands.shown(records[0]) && lines[2] == "  " + EditCommands.shown(records[2]))
    #expect(
      lines[3]
        == "1 record was billed before and stays so: \(records[1].shortID.prefix(7)) (invoice 2026-041, billed 2026-11-18)"
    )
    #expect(lines.count == 4)

    // Billed again: said, with the invoice, and nothing is written.
    let all = HistoryFold([Self.edit("m.1", .bill(targets: ["r.1", "r.2", "r.3"], invoice: nil))])
    #expect(throws: EditCommands.Unchanged.self) {
      try BillCommand.plan(records, fold: all, invoice: "2026-042", scope: ["api", "web"])
    }
    do {
      _ = try BillCommand.plan(records, fold: all, invoice: "2026-042", scope: ["api", "web"])
    } catch let unchanged as EditCommands.Unchanged {
      #expect(unchanged.text.hasPrefix("nothing to bill: 3 records were billed before and stay so: "))
      #expect(unchanged.text.hasSuffix(" (billed 2026-11-18)"))
    }
    do {
      _ = try BillCommand.plan([], fold: HistoryFold([]), invoice: nil, scope: ["api"])
      Issue.record("an empty bill was made")
    } catch let unchanged as EditCommands.Unchanged {
      #expect(unchanged.text == "nothing to bill: no work of 'api' in the range")
    }
  }

  @Test("undo names a bill as what it takes back")
  func undoDescribesABill() {
    let edit = Self.edit("m.1", .bill(targets: ["r.1", "r.2"], invoice: "2026-042"))
    #expect(
      EditCommands.describe(.edit(edit)).hasPrefix("the bill of 2 records on invoice '2026-042' (change "))
  }
}
