/// Time away from the computer (`ctl away` until `ctl back`): when it began, and the work
/// clock it stopped (`[idle] away-stops-work`), which back starts again. What back starts
/// is kept only while away, so no state can hold it without an absence.
public struct Absence: Equatable, Sendable {
  /// Who started the work clock the time away stopped.
  public enum StoppedWork: Sendable {
    /// The user: back starts it again.
    case user
    /// A focus (`[ledger] focus-starts-work`): back starts it again, as the focus's own,
    /// only while the timer runs; the timer going idle meanwhile stops it for good.
    case focus
  }

  public var since: Instant
  /// The work clock the time away stopped; nil: none ran, or it was stopped by hand since.
  public var stoppedWork: StoppedWork?

  public init(since: Instant, stoppedWork: StoppedWork? = nil) {
    self.since = since
    self.stoppedWork = stoppedWork
  }
}
