/// The rules for correcting records by hand (`history amend`, `split`, `join`, `edit`):
/// what a record becomes, and the one timeline it must keep.
///
/// Work records make one timeline, focus sessions and breaks another (the timer's phases,
/// one after the other); a focus lies inside work time, so only records of one timeline
/// may not overlap. Intervals are half-open: one ending at 11:00 touches one starting at
/// 11:00 (`Timeline`).
public enum Correction {
  /// Why a correction is refused, for a person.
  public struct Refusal: Error, Equatable, Sendable {
    public var text: String

    public init(_ text: String) { self.text = text }
  }

  /// What `history amend` asks of a record; nil leaves a field as it is, an empty project
  /// or note clears it.
  public struct Amendment: Equatable, Sendable {
    public var start: WallTime?
    public var end: WallTime?
    public var project: String?
    public var note: String?
    public var tags: [String]?

    public init(
      start: WallTime? = nil, end: WallTime? = nil, project: String? = nil, note: String? = nil,
      tags: [String]? = nil
    ) {
      self.start = start
      self.end = end
      self.project = project
      self.note = note
      self.tags = tags
    }
  }

  /// `record` as `amendment` leaves it: over a new span (`respanned`) when a time moves,
  /// with the project, note and tags given. Equal to `record` when nothing changes; to be
  /// `check`ed when its span moved.
  public static func amended(_ record: LedgerRecord, _ amendment: Amendment) -> LedgerRecord {
    var amended = record
    let start = amendment.start ?? record.start
    let end = amendment.end ?? record.end
    if start != record.start || end != record.end { amended = respanned(record, start: start, end: end) }
    if let project = amendment.project { amended.project = project.isEmpty ? nil : project }
    if let note = amendment.note { amended.note = note.isEmpty ? nil : note }
    if let tags = amendment.tags { amended.tags = tags }
    return amended
  }

  /// Whether records of kinds `a` and `b` must not overlap.
  public static func sameTimeline(_ a: LedgerRecord.Kind, _ b: LedgerRecord.Kind) -> Bool {
    (a == .work) == (b == .work)
  }

  /// `record` over `start..<end`: the time it counts changes by as much as its span, and
  /// what did not count (pauses, time away: `gap`) stays uncounted, within the new span.
  public static func respanned(_ record: LedgerRecord, start: WallTime, end: WallTime) -> LedgerRecord {
    var moved = record
    let span = max(0, end.utc - start.utc)
    moved.start = start
    moved.end = end
    moved.seconds = min(span, max(0, record.seconds + span - max(0, record.end.utc - record.start.utc)))
    moved.gap = max(0, min(record.gap, span - moved.seconds))
    return moved
  }

  /// Refuses `record`, as a correction would leave it, when it ends before it starts,
  /// ends after `now`, or overlaps one of `others` on its timeline (the first by start
  /// is named), or, a work record, the work clock `running` now (its interval up to now).
  public static func check(
    _ record: LedgerRecord, among others: [LedgerRecord], running: [LedgerRecord] = [], now: WallTime
  ) throws(Refusal) {
    guard record.end.utc > record.start.utc else {
      throw Refusal(
        "it would end (\(clock(record.end))) before it starts (\(clock(record.start)))"
          + (record.end.utc == record.start.utc ? ": nothing left; `history remove` removes a record" : ""))
    }
    guard record.end.utc <= now.utc else {
      throw Refusal("it would end in the future (\(clock(record.end)); it is \(clock(now)))")
    }
    if let other = firstOverlap(record, among: others) {
      throw Refusal("it would overlap " + described(other, beside: record))
    }
    if let clock = runningOverlap(record, running) { throw Refusal("it would overlap " + runningClock(clock)) }
  }

  /// The running work clock's interval that `record`, a work record, shares a second with.
  public static func runningOverlap(_ record: LedgerRecord, _ running: [LedgerRecord]) -> LedgerRecord? {
    guard record.kind == .work else { return nil }
    return running.first { Timeline.overlap($0.span, record.span) }
  }

  /// `the running work clock (since 9:05)`.
  public static func runningClock(_ interval: LedgerRecord) -> String {
    "the running work clock (since \(clock(interval.start)))"
  }

  /// The first record of `others` (by start) on `record`'s timeline that shares a second
  /// with it, itself excepted.
  public static func firstOverlap(_ record: LedgerRecord, among others: [LedgerRecord]) -> LedgerRecord? {
    let span = record.span
    return
      others
      .filter {
        $0.id != record.id && sameTimeline($0.kind, record.kind)
          && Timeline.overlap($0.span, span)
      }
      .min { ($0.start.utc, $0.id) < ($1.start.utc, $1.id) }
  }

  /// One work record cut in two at `moment`: the first keeps the id, the second is a new
  /// record `secondID`, added at `added`. Each counts its share of the time in proportion
  /// to its span (where the pauses were is not known); together they count what it did.
  public static func split(
    _ record: LedgerRecord, at moment: WallTime, secondID: String, added: WallTime, addedNanoseconds: Int32
  ) throws(Refusal) -> (first: LedgerRecord, second: LedgerRecord) {
    guard record.kind == .work else { throw onlyWork(record, "split") }
    guard record.start.utc < moment.utc, moment.utc < record.end.utc else {
      throw Refusal(
        "\(clock(moment)) is not inside \(record.shortID.prefix(7)) (\(clock(record.start))–\(clock(record.end)))"
      )
    }
    let span = record.end.utc - record.start.utc
    let firstSpan = moment.utc - record.start.utc
    let uncounted = max(0, span - record.seconds)
    var first = record
    first.end = moment
    first.seconds = max(0, firstSpan - uncounted * firstSpan / span)
    first.gap = record.gap * firstSpan / span
    var second = record
    second.id = secondID
    second.start = moment
    second.seconds = max(0, record.seconds - first.seconds)
    second.gap = record.gap - first.gap
    second.at = added
    second.atNanoseconds = addedNanoseconds
    return (first, second)
  }

  /// Two work records of one project made one, spanning both as timewarrior's `join`
  /// does: the time between them counts, what did not count in either still does not.
  /// Refused when anything on the work timeline lies between them (`between`: the work
  /// records near them, and the work clock `running` now), or their projects differ.
  public static func join(
    _ a: LedgerRecord, _ b: LedgerRecord, between: [LedgerRecord], running: [LedgerRecord] = []
  ) throws(Refusal) -> LedgerRecord {
    guard a.id != b.id else { throw Refusal("give two different records") }
    let (first, second) = (a.start.utc, a.id) <= (b.start.utc, b.id) ? (a, b) : (b, a)
    for record in [first, second] where record.kind != .work { throw onlyWork(record, "join") }
    guard first.project == second.project else {
      throw Refusal(
        "\(first.shortID.prefix(7)) is of \(projectName(first)) and \(second.shortID.prefix(7)) of "
          + "\(projectName(second)): give both one project first (`history amend ID --project NAME`)")
    }
    guard first.end.utc <= second.start.utc else {
      throw Refusal("\(first.shortID.prefix(7)) and \(second.shortID.prefix(7)) overlap; amend one first")
    }
    var joined = first
    joined.end = second.end
    joined.seconds = first.seconds + (second.start.utc - first.end.utc) + second.seconds
    joined.gap = first.gap + second.gap
    if let other = firstOverlap(joined, among: between.filter { $0.id != second.id }) {
      throw Refusal(described(other, beside: first) + " lies between them")
    }
    if let clock = runningOverlap(joined, running) { throw Refusal(runningClock(clock) + " lies between them") }
    switch (first.note, second.note) {
    case (let one?, let two?) where one != two: joined.note = one + "; " + two
    case (nil, let two?): joined.note = two
    default: break
    }
    return joined
  }

  /// `1a2b3c4 (api, 10:00–11:00)`, with its day when not `beside`'s.
  public static func described(_ record: LedgerRecord, beside: LedgerRecord) -> String {
    let day = CivilTime.split(record.start.local).date
    let sameDay = day == CivilTime.split(beside.start.local).date
    return "\(record.shortID.prefix(7)) (\(projectName(record, quoted: false)), "
      + (sameDay ? "" : "\(day) ") + "\(clock(record.start))–\(clock(record.end)))"
  }

  /// What a correction changed, old → new: `start 09:00 → 09:15, project 'api' → 'web'`;
  /// a time on another day than the old start's comes with its day.
  public static func changes(from old: LedgerRecord, to new: LedgerRecord) -> String {
    var parts: [String] = []
    func time(_ moment: WallTime) -> String {
      let day = CivilTime.split(moment.local).date
      return (day == CivilTime.split(old.start.local).date ? "" : "\(day) ") + clock(moment)
    }
    if old.start != new.start { parts.append("start \(time(old.start)) → \(time(new.start))") }
    if old.end != new.end { parts.append("end \(time(old.end)) → \(time(new.end))") }
    if old.seconds != new.seconds {
      parts.append("counted \(duration(old.seconds)) → \(duration(new.seconds))")
    }
    if old.project != new.project { parts.append("project \(projectName(old)) → \(projectName(new))") }
    if old.note != new.note {
      parts.append(
        "note \(old.note.map(Shown.quoted) ?? "(none)") → \(new.note.map(Shown.quoted) ?? "(none)")")
    }
    if old.tags != new.tags {
      func shown(_ tags: [String]) -> String { tags.isEmpty ? "(none)" : TagName.words(tags) }
      parts.append("tags \(shown(old.tags)) → \(shown(new.tags))")
    }
    return parts.joined(separator: ", ")
  }

  /// `'api'`, or `no project`.
  static func projectName(_ record: LedgerRecord, quoted: Bool = true) -> String {
    guard let project = record.project else { return "no project" }
    return quoted ? "'\(Shown.plain(project))'" : Shown.plain(project)
  }

  private static func onlyWork(_ record: LedgerRecord, _ verb: String) -> Refusal {
    Refusal(
      "\(record.shortID.prefix(7)) is a \(record.kind.rawValue) record; only work records \(verb) "
        + "(a Pomodoro is one session)")
  }

  /// `1:30:00`, as `log` writes the time a record counted.
  public static func duration(_ seconds: Int64) -> String {
    let seconds = max(0, seconds)
    return WorkView.clock(seconds) + ":" + CivilTime.pad(Int(seconds % 60), 2)
  }

  /// `09:05` (or `09:05:30`) in the local time of the moment.
  public static func clock(_ time: WallTime) -> String { TrackWords.clock(CivilTime.split(time.local).second) }
}
