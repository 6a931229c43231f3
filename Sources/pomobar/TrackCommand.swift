import PomobarCore
import PomobarSystem

/// `pomobar track [DAY] FROM TO [PROJECT] [--note TEXT]`: adds forgotten work time.
///
/// DAY is `today` (the default), `yesterday` or `YYYY-MM-DD`; FROM and TO are local
/// times like `9:00` or `14:30` on that day, in the system's time zone.
enum TrackCommand {
  static func run(
    _ context: Context, day: String?, from: String, to: String, project: String?, note: String?
  ) -> Int32 {
    let today = LocalZone.today()
    let date: CivilTime.Date
    switch day {
    case nil, "today": date = today
    case "yesterday": date = today.adding(days: -1)
    case let text?:
      guard let given = CivilTime.Date(text) else { return usage("'\(Shown.plain(text))' is not a day") }
      date = given
    }
    guard let startSecond = secondOfDay(from) else {
      return usage("'\(Shown.plain(from))' is not a time like 9:00")
    }
    guard let endSecond = secondOfDay(to) else {
      return usage("'\(Shown.plain(to))' is not a time like 10:30")
    }
    guard endSecond > startSecond else {
      return usage("it ends (\(to)) before it starts (\(from)); for time past midnight, track each day apart")
    }
    let base = date.dayNumber * 86_400
    let start = LocalZone.wallTime(local: base + startSecond)
    let end = LocalZone.wallTime(local: base + endSecond)
    guard end.utc > start.utc, end.utc - start.utc <= 86_400 else {
      return usage("a tracked range must be more than nothing and at most a day")
    }
    guard end.utc <= LocalZone.now().utc else { return usage("it ends in the future") }
    let name = project.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }
    let history = context.history
    let key = "\(history.machine)|\(start.utc)|\(end.utc)|\(name ?? "")"
    let record = LedgerRecord(
      id: "track.\(StableHash.hex(StableHash.fnv1a(key)))", kind: .work, start: start, end: end,
      seconds: end.utc - start.utc, project: name, note: note, at: LocalZone.now())
    do {
      let added = try LedgerCommands.locked(context) { try history.add([record]) }
      if added.added == 0 {
        Console.out("already in the history: \(LogCommand.line(record, idWidth: 7))")
      } else {
        LedgerCommands.recountToday(context)
        Console.out("added: " + LogCommand.line(record, idWidth: 7))
      }
      return ExitCode.success
    } catch {
      Console.error("track: cannot write the history: \(error)")
      return ExitCode.failure
    }
  }

  /// `9:00`, `09:00`, `14:30` (also `14:30:15`) as seconds since midnight.
  static func secondOfDay(_ text: String) -> Int64? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.utf8.count) }) else {
      return nil
    }
    let numbers = parts.compactMap { Int64($0) }
    guard numbers.count == parts.count, numbers[0] < 24, numbers[1] < 60,
      numbers.count == 2 || numbers[2] < 60
    else { return nil }
    return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
  }

  static func trimmed(_ text: String) -> String {
    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  private static func usage(_ message: String) -> Int32 {
    Console.usage("pomobar track: \(message)\nRun 'pomobar track --help' for usage.")
    return ExitCode.usage
  }
}
