/// What the bar shows of Flowtime: a focus that counts up, and the break it has earned.
///
/// The time shown is the focus's length so far (`{minutes}`: whole minutes, rounded down),
/// and the ring fills once per `[timer] focus` (25 min) and starts over, so it still says
/// how long the focus has run at a glance; no end time, no `ending`. Idle in Flowtime
/// shows the next focus at 0:00 with an empty ring.
extension ViewModel {
  /// A counting-up focus as the bar draws it.
  struct Flow {
    /// Seconds of focus so far.
    var elapsed: Int64
    /// The share of the ring filled: the part of the current `[timer] focus` lap.
    var fraction: Double
    /// The break ending the focus now would start.
    var earned: Duration
    /// The focus is running or paused (not idle waiting for one).
    var counting: Bool
  }

  /// The Flowtime view of `state` at `now`: a counting-up focus, or idle in Flowtime
  /// mode; nil for anything else.
  static func flow(_ state: TimerState, _ settings: TimerSettings, now: Instant) -> Flow? {
    let elapsed: Int64
    switch state.phase {
    case .running(.focus, let deadline, let total) where state.countsUp:
      elapsed = max(0, total.ceilSeconds - max(0, (deadline - now).ceilSeconds))
    case .paused(.focus, let remaining, let total) where state.countsUp:
      elapsed = max(0, total.ceilSeconds - max(0, remaining.ceilSeconds))
    case .idle where settings.mode == .flowtime:
      return Flow(elapsed: 0, fraction: 0, earned: .zero, counting: false)
    case .idle, .focusDone, .running, .paused:
      return nil
    }
    // Full at each whole lap (25:00 shows a full ring), then it starts over.
    let lap = max(1, settings.focus.ceilSeconds)
    let into = elapsed % lap
    return Flow(
      elapsed: elapsed, fraction: elapsed > 0 && into == 0 ? 1 : Double(into) / Double(lap),
      earned: settings.flowtime.length(after: .seconds(elapsed)), counting: true)
  }

  /// The default tooltip's lines for a counting-up focus: `title` (its place in the
  /// cycle), then its time so far and the break earned.
  static func flowLines(earned: Duration, title: String, time: String) -> [String] {
    [title + " · flowtime", "\(time) so far; break earned: \(DurationFormat.human(earned))"]
  }
}
