/// One record read again from the tool it was imported from, merged three ways with what
/// the history holds and what the tool said the last time.
///
/// Field by field (the time from start to end, the project, the tags, the note):
/// - unchanged in the tool since the last import: the history's value stays, edited here
///   or not;
/// - changed in the tool and not here: the tool's new value is taken;
/// - changed in both, to different values: the value here is kept, and the import says so.
///
/// Tags merge one by one: a tag the tool added since is added, one it dropped is dropped,
/// and tags added or dropped here stay so. The kind, outcome, interruptions and the rest
/// are pomobar's own and stay as they are.
public struct ImportMerge: Equatable, Sendable {
  /// One field's change, or a change of the tool's that the import did not take.
  public struct Change: Equatable, Sendable, CustomStringConvertible {
    public enum Field: String, Sendable {
      case time, project, tags, note
    }
    public var field: Field
    /// The value here before, and the tool's (for tags, what was added and dropped).
    public var was: String
    public var now: String
    /// True when the tool changed the field but the one here, changed too, was kept.
    public var kept: Bool
    public var source: String

    /// `project 'globex' → 'billable' (changed in timewarrior)`, or `kept your project
    /// 'globex' (you changed it here; timewarrior says 'billable')`.
    public var description: String {
      if kept { return "kept your \(field.rawValue) \(was) (you changed it here; \(source) says \(now))" }
      if field == .tags { return "tags \(now) (changed in \(source))" }
      return "\(field.rawValue) \(was) → \(now) (changed in \(source))"
    }
  }

  /// The record as the history has it now.
  public var local: LedgerRecord
  /// The record after the import: `local` when nothing is taken.
  public var record: LedgerRecord
  /// What the tool says now, to remember (under `local`'s id) for the next import.
  public var base: LedgerRecord
  /// Whether the tool's version changed since the last import (so `base` is new).
  public var sourceMoved: Bool
  public var changes: [Change]

  public init(base old: LedgerRecord, local: LedgerRecord, incoming: LedgerRecord, source: String) {
    self.local = local
    var record = local
    var changes: [Change] = []
    func merge<Value: Equatable>(
      _ field: Change.Field, _ value: (LedgerRecord) -> Value, _ texts: (Value, Value) -> (String, String),
      _ take: (inout LedgerRecord) -> Void
    ) {
      let (was, mine, theirs) = (value(old), value(local), value(incoming))
      guard theirs != was, theirs != mine else { return }
      if mine == was { take(&record) }
      let (from, to) = texts(mine, theirs)
      changes.append(Change(field: field, was: from, now: to, kept: mine != was, source: source))
    }
    merge(.time, \.span, { Self.describe($0, $1, offset: local.start.offset) }) { record in
      // What a pause left out here stays left out.
      let skipped = max(0, record.span.count - Int(record.seconds))
      record.start = incoming.start
      record.end = incoming.end
      record.seconds = max(0, Int64(incoming.span.count - skipped))
    }
    merge(.project, \.project, { (Self.quoted($0), Self.quoted($1)) }) { $0.project = incoming.project }
    merge(.note, \.note, { (Self.quoted($0), Self.quoted($1)) }) { $0.note = incoming.note }
    // Tags one by one.
    let added = incoming.tags.filter { !old.tags.contains($0) }
    let dropped = old.tags.filter { !incoming.tags.contains($0) }
    let tags = local.tags.filter { !dropped.contains($0) } + added.filter { !local.tags.contains($0) }
    if tags != local.tags {
      record.tags = tags
      changes.append(
        Change(field: .tags, was: "", now: Self.tagWords(from: local.tags, to: tags), kept: false, source: source))
    }
    // A record that now says what the tool says carries the tool's time of its last change
    // (Watson's `updated_at`), so that an export back to the tool is the tool's own frame.
    if Self.sameSource(record, incoming) { record.updated = incoming.updated }
    self.record = record
    self.changes = changes
    var base = incoming
    base.id = local.id
    self.base = base
    sourceMoved = !Self.sameSource(old, incoming)
  }

  /// A record of pomobar's own export read back with the same id and other content: the
  /// file's version replaces the history's whole (the old one stays underneath).
  public init(replacing old: LedgerRecord, with new: LedgerRecord, source: String) {
    local = old
    record = new
    base = new
    sourceMoved = false
    var changes: [Change] = []
    if old.span != new.span {
      let (from, to) = Self.describe(old.span, new.span, offset: old.start.offset)
      changes.append(Change(field: .time, was: from, now: to, kept: false, source: source))
    }
    if old.project != new.project {
      changes.append(
        Change(field: .project, was: Self.quoted(old.project), now: Self.quoted(new.project), kept: false, source: source))
    }
    if old.tags != new.tags {
      changes.append(
        Change(field: .tags, was: "", now: Self.tagWords(from: old.tags, to: new.tags), kept: false, source: source))
    }
    if old.note != new.note {
      changes.append(Change(field: .note, was: Self.quoted(old.note), now: Self.quoted(new.note), kept: false, source: source))
    }
    self.changes = changes
  }

  /// `+review -dev`: the tags `to` has that `from` had not, then those it dropped.
  static func tagWords(from: [String], to: [String]) -> String {
    (to.filter { !from.contains($0) }.map { "+" + $0 } + from.filter { !to.contains($0) }.map { "-" + $0 })
      .joined(separator: " ")
  }

  /// Whether two versions from the tool say the same of every field a merge compares.
  static func sameSource(_ a: LedgerRecord, _ b: LedgerRecord) -> Bool {
    a.span == b.span && a.project == b.project && Set(a.tags) == Set(b.tags) && a.note == b.note
  }

  /// `'globex'`, or `no project`/`none` for nil.
  static func quoted(_ value: String?) -> String {
    guard let value else { return "none" }
    let shown = value.count > 40 ? String(value.prefix(39)) + "…" : value
    return "'" + shown + "'"
  }

  /// `2026-11-23 08:45–09:55` in the local time of `offset`, with the end's date when
  /// it is another day, and seconds when there are any.
  static func describe(_ span: Range<Int64>, offset: Int32) -> String {
    let start = CivilTime.split(span.lowerBound + Int64(offset))
    let end = CivilTime.split(span.upperBound + Int64(offset))
    var text = "\(start.date) " + TrackWords.clock(start.second) + "–"
    if end.date != start.date { text += "\(end.date) " }
    return text + TrackWords.clock(end.second)
  }

  /// `2026-11-02 09:00–10:45 → 09:00–10:55`: the date once when both are that day.
  static func describe(_ was: Range<Int64>, _ now: Range<Int64>, offset: Int32) -> (String, String) {
    let (old, new) = (describe(was, offset: offset), describe(now, offset: offset))
    let day = old.prefix(11)
    return (old, new.hasPrefix(day) ? String(new.dropFirst(11)) : new)
  }
}
