import PomobarCore

/// `[idle] after`: the bar watches input itself (`IdleWatch`), and what the display server
/// says becomes `.idle` events: away from the moment input stopped, back when it came.
extension BarLoop {
  /// Opens, closes or replaces the watch when `[idle] after` changed (at start and at each
  /// config reload); none when nothing changed. A watch replaced is closed only after the
  /// new one is open (see `IdleWatch.open`).
  func watchIdle(_ poller: Poller) -> [BarEvent] {
    let wanted = session.config.idle.after
    guard wanted != idleThreshold else { return [] }
    let old = idle
    defer { if let old { poller.remove(old.descriptor) } }
    (idle, idleThreshold) = (nil, wanted)
    guard let wanted else { return [.idleWatch(problem: nil)] }
    switch IdleWatch.open(Environment.current(), threshold: wanted, waitingIn: poller) {
    case .success(let watch):
      idle = watch
      return [.idleWatch(problem: nil)] + (watch.idleAtStart.map { [.idle(.idle(milliseconds: $0))] } ?? [])
    case .failure(let problem):
      return [.idleWatch(problem: problem.description)]
    }
  }

  /// What the display server said; a lost connection ends the watch, shown with ⚠ (as
  /// every idle problem, after "idle: ") until `[idle] after` changes: a reload with the
  /// same threshold does not open it again.
  func idleChanges(_ poller: Poller) -> [BarEvent] {
    guard let idle else { return [] }
    do {
      return try idle.read().map { .idle($0) }
    } catch {
      poller.remove(idle.descriptor)
      self.idle = nil
      return [.idleWatch(problem: "idle: \(error)")]
    }
  }
}
