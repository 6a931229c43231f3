/// Records as Emacs's org-mode clocks time: a heading per project (the name the time is
/// totalled under, `ExportEncoder.totalPath`), a clock line per record in its `:LOGBOOK:`
/// drawer, and the record's tags and note in a list item after it, where org puts a note
/// taken on clocking out.
///
/// ```
/// * acme
/// :LOGBOOK:
/// CLOCK: [2026-11-23 Mon 08:00]--[2026-11-23 Mon 09:30] =>  1:30
/// - +billable fixed the login
/// :END:
/// ```
///
/// Times are the start's local clock, rounded to the minute (org's timestamps have no
/// seconds and no zone); the end is the start plus the counted time, rounded to the
/// minute (a paused record's counted time is put at its start), so a clock's minutes are
/// the record's whatever zone lay between. A heading holds the clocks of the whole export,
/// so they are kept until the footer, in memory: text of about 70 bytes per record.
struct OrgEncoder {
  /// Each heading's lines so far.
  private var clocks: [String: String] = [:]

  /// Adds one record's lines under its heading.
  mutating func add(_ record: LedgerRecord, asWork: Bool) {
    let path = ExportEncoder.totalPath(record, asWork: asWork).map(KlogEncoder.oneLine)
    let title = path.isEmpty ? ExportEncoder.noProject : path.joined(separator: ": ")
    let start = KlogEncoder.minutes(record.start.local)
    let counted = KlogEncoder.minutes(ExportEncoder.counted(record))
    var lines = "CLOCK: " + Self.stamp(start) + "--" + Self.stamp(start + counted) + " => "
    lines += (counted < 600 ? " " : "") + ClockTime.text(counted * 60, paddedHour: false) + "\n"
    let item = [TagName.words(record.tags), record.note.map(KlogEncoder.oneLine) ?? ""]
      .filter { !$0.isEmpty }.joined(separator: " ")
    if !item.isEmpty { lines += "- " + item + "\n" }
    clocks[title, default: ""] += lines
  }

  /// The headings in order of their names, each with its drawer.
  func text() -> String {
    clocks.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { title in
      "* " + title + "\n:LOGBOOK:\n" + clocks[title]! + ":END:\n"
    }.joined()
  }

  /// `[2026-11-23 Mon 08:00]` for minutes since the epoch on the local clock.
  static func stamp(_ minutes: Int64) -> String {
    let (date, second) = CivilTime.split(minutes * 60)
    let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][date.weekday]
    return "[" + date.description + " " + weekday + " " + ClockTime.text(second) + "]"
  }
}
