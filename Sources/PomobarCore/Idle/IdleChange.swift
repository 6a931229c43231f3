/// What the display server said of input: it stopped (`milliseconds` ago, when the server
/// says: X11's counter does, Wayland's timers do not, and then it stopped the threshold
/// ago), or it came again.
public enum IdleChange: Equatable, Sendable {
  case idle(milliseconds: Int64?)
  /// Input came again; also what a watcher says when `[idle] after` turns it off: no
  /// watch will see the return, so an away it said ends there.
  case active

  /// The timer's event for it, at `now`: away from the moment input stopped (as long ago
  /// as the server counted, else `threshold` ago), back when it came again. The one rule
  /// of every idle watcher: a bar's (`BarSession`) and `pomobar idle-watch`'s.
  public func event(at now: Instant, threshold: Duration?) -> Event {
    switch self {
    case .idle(let milliseconds):
      let idle = milliseconds.map { Duration.milliseconds($0) } ?? (threshold ?? .zero)
      return .backdated(.away, at: now - idle)
    case .active:
      return .action(.back)
    }
  }
}
