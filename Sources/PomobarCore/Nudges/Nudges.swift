/// The nudges' part of the shared state (`[nudges]`): what each is due for, kept in the
/// state like break care's reminder so that every copy wakes for the same moment and the
/// first to take the lock fires it, once. Empty (and absent from the file) while off.
public struct Nudges: Equatable, Sendable {
  /// When the present stretch of tracking nothing began: not away, no phase running or
  /// paused, the work clock stopped; nil otherwise (or forgot-to-start is off).
  public var quietSince: Instant?
  /// When forgot-to-start is due for that stretch; nil: not (yet) inside work hours of a
  /// work day, or already nudged.
  public var forgotDue: Instant?
  /// When the stretch was nudged (the moment it was due): never twice for one stretch.
  public var nudgedAt: Instant?
  /// When end-of-day is due for the running clock; nil: the clock is stopped, or it is off.
  public var endOfDayDue: Instant?
  /// When end-of-day last fired for the running clock: the next is a day later.
  public var endOfDayAt: Instant?

  public init(
    quietSince: Instant? = nil, forgotDue: Instant? = nil, nudgedAt: Instant? = nil,
    endOfDayDue: Instant? = nil, endOfDayAt: Instant? = nil
  ) {
    self.quietSince = quietSince
    self.forgotDue = forgotDue
    self.nudgedAt = nudgedAt
    self.endOfDayDue = endOfDayDue
    self.endOfDayAt = endOfDayAt
  }

  /// The first moment a nudge is due: what the bar wakes for.
  public var due: Instant? {
    switch (forgotDue, endOfDayDue) {
    case (let a?, let b?): return min(a, b)
    case (let a, let b): return a ?? b
    }
  }

  /// The same nudges with every instant moved by `shift` nanoseconds (a reboot's timeline).
  func moved(by shift: Int64) -> Nudges {
    let move = { (instant: Instant?) in instant.map { Instant(nanoseconds: $0.nanoseconds &+ shift) } }
    return Nudges(
      quietSince: move(quietSince), forgotDue: move(forgotDue), nudgedAt: move(nudgedAt),
      endOfDayDue: move(endOfDayDue), endOfDayAt: move(endOfDayAt))
  }
}

/// A nudge that came due: what the notification says and offers.
public enum Nudge: Equatable, Sendable {
  /// Tracking nothing for `quiet` while at the computer; **Start** starts a focus on
  /// `project`, the active one (nil: none).
  case forgotToStart(quiet: Duration, project: String?)
  /// The clock still runs on `project` at the configured time `at` (`"18:00"`); **Stop at
  /// last input** stops it at `lastInput` (`"17:42"`: where input stopped, if away, else
  /// the configured time).
  case endOfDay(project: String?, at: String, lastInput: String)
}
