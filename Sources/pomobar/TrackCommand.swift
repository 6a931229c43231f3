import PomobarCore
import PomobarSystem

/// `pomobar track [DAY] FROM-TO [PROJECT] [+TAG...] [--note TEXT] [--adjust]`: adds
/// forgotten work time.
///
/// The words are read by `TrackWords` (`yesterday 9-11 web frontend`, `last friday 9:00
/// 12:00`, `14:00 now`, `yesterday 23:00-01:00`: one record past midnight), in local
/// time in the system's time zone. A project used for the first time beside a near name
/// (`Api` beside `api`) is tracked, with a warning.
///
/// Work time is one timeline: an interval that overlaps a work record of the history (or
/// the running work clock) is refused, naming it, or with `--adjust` trimmed around it
/// (timewarrior's `:adjust`), possibly into several pieces or nothing. The history is read
/// without the lock; under the lock the check is made again, and a change meanwhile
/// refuses rather than adds.
enum TrackCommand {
  static func run(_ context: Context, words: [String], note: String?, adjust: Bool = false) -> Int32 {
    let now = LocalZone.wallTime(wall: context.store.now().wall)
    let (today, second) = CivilTime.split(now.local)
    let parsed: TrackWords
    switch TrackWords.parse(words, today: today, now: second) {
    case .success(let words): parsed = words
    case .failure(let problem): return usage(problem.message)
    }
    let (from, to) = (TrackWords.clock(parsed.from), TrackWords.clock(parsed.to))
    let base = parsed.day.dayNumber * 86_400
    let start = LocalZone.wallTime(local: base + parsed.from)
    let end = LocalZone.wallTime(local: base + parsed.to)
    guard end.utc > start.utc, end.utc - start.utc <= 86_400 else {
      return usage("a tracked range must be more than nothing and at most a day")
    }
    guard end.utc <= now.utc else { return usage("it ends in the future") }
    let name = parsed.project
    let warning = KnownProjects.nearWarning(name, context, recent: KnownProjects.recent(context))
    let history = context.history
    let asked = start.utc..<end.utc
    // Tracking the same interval again is not an overlap: it adds nothing, as before.
    let made = context.store.now().wall
    let whole = record(history.machine, asked, project: name, tags: parsed.tags, note: note, made: made)
    // Its pieces (--adjust) lie within it and carry the same note.
    if let problem = whole.historyProblem { return usage(problem) }
    let same = whole.id

    // Read and decide without the lock; the same reading under the lock must agree.
    let before = Plan(asked, existing: existing(context, around: asked, except: same), adjust: adjust)
    if let refusal = before.refusal {
      Console.error("track: \(refusal.describe(history)); --adjust tracks only the time around it")
      return ExitCode.failure
    }
    let records = before.pieces.map { piece in
      record(history.machine, piece, project: name, tags: parsed.tags, note: note, made: made)
    }
    do {
      let outcome = try LedgerCommands.locked(context) { () throws -> (added: Int, moved: Bool) in
        let now = Plan(asked, existing: existing(context, around: asked, except: same), adjust: adjust)
        guard now.pieces == before.pieces, now.refusal == nil else { return (0, true) }
        return (try history.add(records).added, false)
      }
      if outcome.moved {
        Console.error(
          "track: the history changed while this ran (another track or import?); nothing added, run it again")
        return ExitCode.failure
      }
      let width = LogCommand.shortIDWidth(history)
      if !before.around.isEmpty {
        let what = before.around.map { "  " + $0.line(width) }.joined()
        Console.out(
          "adjusted around \(LedgerCommands.count(before.around.count, "interval")):\n" + what
            + (records.isEmpty ? "nothing left to add: \(from)-\(to) is all tracked already\n" : ""))
      }
      if outcome.added == 0 && !records.isEmpty {
        Console.out("already in the history: \(LogCommand.line(records[0], idWidth: width))")
      } else {
        LedgerCommands.recountToday(context)
        for record in records { Console.out("added: " + LogCommand.line(record, idWidth: width)) }
        if !records.isEmpty, let warning { Console.error(warning) }
      }
      return ExitCode.success
    } catch {
      Console.error("track: cannot write the history: \(error)")
      return ExitCode.failure
    }
  }

  /// The work record for `piece`, added at `made` (wall-clock nanoseconds); its id derives
  /// from what it is, so the same interval tracked twice is one record.
  static func record(
    _ machine: String, _ piece: Range<Int64>, project: String?, tags: [String] = [], note: String?, made: Int64
  ) -> LedgerRecord {
    let start = WallTime(utc: piece.lowerBound, offset: LocalZone.offset(atUTC: piece.lowerBound))
    let end = WallTime(utc: piece.upperBound, offset: LocalZone.offset(atUTC: piece.upperBound))
    let key = "\(machine)|\(start.utc)|\(end.utc)|\(project ?? "")"
    return LedgerRecord(
      id: "track.\(StableHash.hex(StableHash.fnv1a(key)))", kind: .work, start: start, end: end,
      seconds: end.utc - start.utc, project: project, note: note, tags: tags, at: LocalZone.wallTime(wall: made),
      atNanoseconds: HistoryStore.fraction(made))
  }

  /// An interval already on the timeline: a work record, or the running work clock.
  struct Existing: Equatable {
    var record: LedgerRecord
    var running: Bool
    var span: Range<Int64> { record.span }

    func line(_ width: Int) -> String {
      guard running else { return LogCommand.line(record, idWidth: width) }
      let since = ClockTime.text(CivilTime.split(record.start.local).second)
      return "the running work clock, since \(since) (\(Shown.plain(record.project ?? "no project")))\n"
    }

    func describe(_ history: HistoryStore) -> String {
      let text = line(LogCommand.shortIDWidth(history))
      return "it overlaps " + (running ? "" : "the record ") + String(text.dropLast())
    }
  }

  /// What tracking `asked` comes to, given what is on the timeline.
  struct Plan: Equatable {
    /// What is left to add (all of it when nothing overlaps).
    var pieces: [Range<Int64>]
    /// The intervals it was trimmed around (`--adjust`).
    var around: [Existing] = []
    /// The first interval it overlaps, without `--adjust`.
    var refusal: Existing?

    init(_ asked: Range<Int64>, existing: [Existing], adjust: Bool) {
      let overlapping = existing.filter { Timeline.overlap($0.span, asked) }
      guard !overlapping.isEmpty else {
        pieces = [asked]
        return
      }
      if adjust {
        pieces = Timeline.pieces(of: asked, around: overlapping.map(\.span))
        around = overlapping
      } else {
        pieces = []
        refusal = overlapping[0]
      }
    }
  }

  /// The work intervals near `asked`: the history's work records from the month before it
  /// to its own (a record is filed by the month it started, and one started last month
  /// may run into this one), and the running work clock; but not the record `except`.
  static func existing(_ context: Context, around asked: Range<Int64>, except: String) -> [Existing] {
    let found =
      context.history.records(overlapping: asked).filter { $0.kind == .work && $0.id != except }
      .map { Existing(record: $0, running: false) }
      + CorrectionCommands.running(context).map { Existing(record: $0, running: true) }
    return found.sorted { $0.span.lowerBound < $1.span.lowerBound }
  }

  private static func usage(_ message: String) -> Int32 {
    Console.usage("pomobar track: \(message)\nRun 'pomobar track --help' for usage.")
    return ExitCode.usage
  }
}
