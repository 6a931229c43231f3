import PomobarCore
import Testing

@testable import PomobarCommands

/// What the commands decide and print, without the binary: ranges, the log's lines, the
/// table's help and its dump.
@Suite("Command plans")
struct CommandPlanTests {
  static let today = CivilTime.Date(year: 2026, month: 11, day: 25)

  @Test("a range argument resolves to the days it names, as of today")
  func rangeArgument() {
    let week = RangeArgument.named("week").resolve(today: Self.today)
    #expect(week == LedgerRange(named: "week", today: Self.today))
    #expect(RangeArgument.named("nonsense").resolve(today: Self.today) == .all)
    let first = CivilTime.Date(year: 2026, month: 11, day: 1)
    #expect(
      RangeArgument.dates(first, nil).resolve(today: Self.today) == LedgerRange(first: first, last: nil))
  }

  @Test("history edit: the months a changed line may reach, and what its header says")
  func historyEdit() {
    #expect(
      HistoryEditCommand.months(from: "2026-11", to: "2027-02") == [
        "2026-11", "2026-12", "2027-01", "2027-02",
      ])
    #expect(HistoryEditCommand.months(from: "2026-11", to: "2026-10") == [])
    let day = LedgerRange(first: Self.today, last: Self.today)
    #expect(HistoryEditCommand.describe(day, count: 1) == "2026-11-25, 1 record")
    let open = LedgerRange(first: Self.today, last: nil)
    #expect(HistoryEditCommand.describe(open, count: 3) == "2026-11-25 to now, 3 records")
    #expect(HistoryEditCommand.describe(.all, count: 0) == "every record, 0 records")
  }

  @Test("log's line: short id, day and times, kind, time counted, project and tags, outcome, note")
  func logLine() {
    let start = WallTime(local: Self.today.dayNumber * 86_400 + 9 * 3600, zone: { _ in 3600 })
    let end = WallTime(local: Self.today.dayNumber * 86_400 + 10 * 3600 + 30 * 60, zone: { _ in 3600 })
    let record = LedgerRecord(
      id: "m.1", kind: .work, start: start, end: end, seconds: 5000, project: "api", note: "call",
      tags: ["billable"])
    #expect(
      LogCommand.line(record, idWidth: 7)
        == "\(record.shortID.prefix(7))  2026-11-25 09:00-10:30  work          1:23:20  api +billable  · call\n"
    )
    #expect(LogCommand.idWidth([]) == 7)
    #expect(LogCommand.idWidth([0x1234_5678_0000_0000, 0x1234_5678_1000_0000]) == 9)
    #expect(
      LedgerCommands.count(1, "record") == "1 record" && LedgerCommands.count(2, "record") == "2 records")
  }

  @Test("every command's help shows its usage and each documented option")
  func help() {
    for command in CommandTable.all where command.help != nil {
      let text = Help.topic(command)
      #expect(text.hasPrefix("Usage: pomobar " + command.usage[0]), "\(command.name)")
      if command.help?.contains(where: { if case .options = $0 { return true } else { return false } })
        == true
      {
        for option in command.options where !option.doc.isEmpty && !option.hidden {
          #expect(text.contains(option.helpTerm), "\(command.name): \(option.helpTerm)")
        }
      }
    }
    for command in CommandTable.all {
      #expect(Help.main.contains(command.synopsis[0].line), "\(command.name) in the main help")
    }
  }

  @Test("every subcommand takes only options its command declares; verbs are the enums' cases")
  func subcommands() {
    for command in CommandTable.all {
      let declared = Set(command.options.map(\.key))
      for subcommand in command.subcommands {
        for option in subcommand.options {
          #expect(declared.contains(option.key), "\(command.name) \(subcommand.name) \(option.key)")
        }
      }
    }
    #expect(CommandTable.history.subcommands.map(\.name) == HistoryVerb.allCases.map(\.rawValue))
    #expect(CommandTable.project.subcommands.map(\.name) == ProjectVerb.allCases.map(\.rawValue))
  }

  @Test("a command is found by the name its spec has, and the table has each name once")
  func names() {
    for name in CommandTable.Name.allCases {
      #expect(CommandTable.named(name.rawValue)?.name == name.rawValue)
    }
    #expect(CommandTable.named("stauts") == nil)
    #expect(Set(CommandTable.all.map(\.name)).count == CommandTable.all.count)
  }

  @Test("the dump names every command, and ctl's words, for the docs and completions")
  func dump() {
    let commands = CommandDump.json["commands"]?.arrayValue ?? []
    #expect(commands.count == CommandTable.all.count)
    #expect(CtlArguments.words == Action.names + Action.Compound.allCases.map(\.rawValue))
  }
}
