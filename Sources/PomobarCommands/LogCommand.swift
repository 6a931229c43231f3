import PomobarCore
import PomobarSystem

/// `pomobar log [RANGE] [--tag TAG]...`: the records, one per line, oldest first.
///
/// `a1b2c3d  2026-11-23 09:00-09:25  focus        25:00  api +billable  completed`: the
/// short id (as many hex digits as make it unique in the whole history, at least 7), the
/// local start day and times, the kind, the time that counted, the project and its tags,
/// the outcome and the task. With `--tag`, only the records that carry every one of those tags.
enum LogCommand {
  static func run(_ context: Context, _ argument: RangeArgument, tags: [String] = []) -> Int32 {
    let history = context.history
    let range = argument.resolve(today: LocalZone.today())
    let width = shortIDWidth(history)
    var output = OutputBuffer()
    history.forEachRecordInOrder(in: range) { record in
      guard tags.allSatisfy(record.tags.contains) else { return }
      output.add(line(record, idWidth: width))
    }
    return output.flush() ? ExitCode.success : ExitCode.failure
  }

  /// Hex digits enough to tell every record of the history apart (at least 7).
  static func shortIDWidth(_ history: HistoryStore) -> Int {
    var hashes: [UInt64] = []
    history.forEachRecord { hashes.append(StableHash.short($0.id)) }
    return idWidth(hashes)
  }

  /// Hex digits enough to tell apart the short ids that are the digits of `hashes`
  /// (`StableHash.short`), at least 7.
  static func idWidth(_ hashes: [UInt64]) -> Int {
    let hashes = hashes.sorted()
    var shared = 0
    for index in hashes.indices.dropFirst() where hashes[index] != hashes[index - 1] {
      shared = max(shared, (hashes[index] ^ hashes[index - 1]).leadingZeroBitCount / 4)
    }
    return min(16, max(7, shared + 1))
  }

  static func line(_ record: LedgerRecord, idWidth: Int) -> String {
    let (day, startSecond) = CivilTime.split(record.start.local)
    let endSecond = CivilTime.split(record.end.local).second
    let span = ClockTime.text(startSecond) + "-" + ClockTime.text(endSecond)
    var text = "\(record.shortID.prefix(idWidth))  \(day) \(span)  "
    text += padded(record.kind.rawValue, 11) + "  "
    // h:mm:ss, as `report` writes h:mm: 0:01:10 is a minute and ten seconds.
    let duration = Correction.duration(record.seconds)
    text += String(repeating: " ", count: max(0, 8 - duration.count)) + duration + "  "
    text += Shown.plain(record.project ?? "-")
    if !record.tags.isEmpty { text += " " + TagName.words(record.tags) }
    if let outcome = record.outcome { text += "  " + outcome.rawValue }
    if let task = record.task { text += "  task: " + Shown.plain(task.title) }
    if let note = record.note { text += "  · " + Shown.plain(note) }
    return text + "\n"
  }

  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
