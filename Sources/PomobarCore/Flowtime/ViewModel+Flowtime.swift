/// What the bar shows of Flowtime: a focus that counts up, and the break it has earned.
///
/// The time shown is the focus's length so far (`{minutes}`: whole minutes, rounded down),
/// and the ring fills once per `[timer] focus` (25 min) and starts over, so it still says
/// how long the focus has run at a glance; no end time, no `ending`. Idle in Flowtime
/// shows the next focus at 0:00 with an empty ring.
extension ViewModel {
  /// A counting-up focus as the bar draws it.
  struct Flow: Equatable {
    /// Seconds of focus so far.
    var elapsed: Int64
    /// The share of the ring filled: the part of the current `[timer] focus` lap.
    var fraction: Double
    /// The break ending the focus now would start.
    var earned: Duration
    /// The focus is running or paused (not idle waiting for one).
    var counting: Bool
  }

  /// The Flowtime view of `state`, whose phase the view has `remaining` of `total` seconds
  /// (its deadline is the one-day cap, so what is used of it is the time so far): a
  /// counting-up focus, or idle in Flowtime mode; nil for anything else.
  static func flow(_ state: TimerState, _ settings: TimerSettings, remaining: Int64, total: Int64) -> Flow? {
    if state.phase == .idle && settings.mode == .flowtime {
      return Flow(elapsed: 0, fraction: 0, earned: .zero, counting: false)
    }
    guard state.countsUp else { return nil }
    let elapsed = max(0, total - remaining)
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
