/// What `pomobar track` comes to: work time added by hand on the one timeline of work.
///
/// An interval that overlaps a work record (or the running work clock) is refused, naming
/// the first in the way; with `adjust`, only the time around what is there is added
/// (timewarrior's `:adjust`), possibly in several pieces or none.
public struct TrackPlan: Equatable, Sendable {
  /// What is left to add (all of it when nothing overlaps).
  public var pieces: [Range<Int64>]
  /// The intervals it was trimmed around (`adjust`).
  public var around: [Existing] = []
  /// The first interval it overlaps, without `adjust`.
  public var refusal: Existing?

  /// An interval already on the timeline: a work record, or the running work clock.
  public struct Existing: Equatable, Sendable {
    public var record: LedgerRecord
    public var running: Bool
    public var span: Range<Int64> { record.span }

    public init(record: LedgerRecord, running: Bool) {
      self.record = record
      self.running = running
    }
  }

  /// The plan for `asked` (UTC seconds), given what is on the timeline near it.
  public init(_ asked: Range<Int64>, existing: [Existing], adjust: Bool) {
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

  /// What is on the timeline near `asked`: the `records` found there that are work, but
  /// not the one with the id `except` (the same interval tracked again), and the running
  /// work clock (`running`, as intervals up to now), in order of start.
  public static func existing(
    _ records: [LedgerRecord], running: [LedgerRecord], except: String
  ) -> [Existing] {
    let found =
      records.filter { $0.kind == .work && $0.id != except }.map { Existing(record: $0, running: false) }
      + running.map { Existing(record: $0, running: true) }
    return found.sorted { $0.span.lowerBound < $1.span.lowerBound }
  }

  /// Why `start` to `end` cannot be tracked at all as of `now` (UTC seconds): nothing or
  /// less, more than a day, an end in the future; nil when it can.
  public static func refusal(start: Int64, end: Int64, now: Int64) -> String? {
    guard end > start, end - start <= 86_400 else {
      return "a tracked range must be more than nothing and at most a day"
    }
    guard end <= now else { return "it ends in the future" }
    return nil
  }
}
