import PomobarCore

/// `pomobar idle-watch`: the bar's idle watch for the formats that have no long-running
/// process (i3blocks, tmux, `status` in a script), started once from the window manager's
/// config.
///
/// It opens the same watch as a bar (`IdleWatch`), and what the display server says
/// becomes the same event a bar makes of it (`IdleChange.event`): away dated back to the
/// last input, back when input comes again, each one transaction on the shared state. A
/// bar that watches too sends the same away; the timer takes the first and ignores the
/// second. It sleeps in `epoll_wait` on the display's connection, a `signalfd` and an
/// inotify watch on the config: nothing wakes it while nothing happens.
///
/// With forgot-to-start or end of day on (`[nudges]`) it wakes for them as a bar does,
/// for the bars that only poll: a `timerfd` armed at the state's next nudge
/// (`StateDocument.nudgeWake`), read again whenever the state file is replaced (the state
/// folder watched too, then), and one transaction when it fires, which sends what is
/// due. Without them it neither watches the state nor wakes for it.
public final class IdleWatchLoop {
  let store: StateStore
  let configSource: ConfigSource
  let warnings: Warnings
  /// `--after`: the threshold whatever the config says; nil follows `[idle] after`.
  let fixed: Duration?
  var config: Config
  /// The config as first read, until the watch is made (`ConfigSource.changed(since:)`).
  private var firstRead: ConfigSource.Loaded?
  var watch: (any IdleWatching)?
  var threshold: Duration?
  /// Whether the state folder is watched (while a nudge comes at a moment of its own).
  var watchingState = false

  /// Why the watch ended or could not begin.
  public enum Failure: Error, Equatable {
    /// Neither `--after` nor `[idle] after` asks for a watch.
    case off
    /// No display or compositor to watch at start: why.
    case unavailable(String)
    /// The display's connection was lost, or another watch could not be opened.
    case lost(String)
  }

  /// `loaded`: the config as the command read it, before anything watched it.
  public init(
    store: StateStore, configSource: ConfigSource, loaded: ConfigSource.Loaded, after: Duration?,
    warnings: Warnings
  ) {
    self.store = store
    self.configSource = configSource
    self.config = loaded.config
    self.firstRead = loaded
    self.fixed = after
    self.warnings = warnings
  }

  var wanted: Duration? { fixed ?? config.idle.after }

  /// Watches until SIGTERM or SIGINT; SIGHUP or an edit of the config reads it again.
  public func run() throws {
    SignalSet.ignoreBrokenPipe()
    // Hooks and notifications are started as children: reaped by the kernel.
    Spawner.reapChildrenAutomatically()
    let signals = try SignalSet([Signal.hangup, Signal.terminate, Signal.interrupt]).blockAndOpen()
    let poller = try Poller()
    var watcher = try FileWatcher()
    let nudgeTimer = try DeadlineTimer()
    try poller.add(signals, readable: true)
    try poller.add(watcher.fd, readable: true)
    try poller.add(nudgeTimer.fd, readable: true)
    // Followed before the display is asked (which may take a moment): an edit meanwhile
    // waits in the watch.
    var configWatch = configSource.watch(
      with: &watcher, daysOff: config.ledger.daysOffFile, after: ConfigSource.Watched())
    if let firstRead, configSource.changed(since: firstRead) {
      // Saved between the command's read and the watch: read again, as an edit would be.
      let loaded: ConfigSource.Loaded
      (configWatch, loaded) = configSource.follow(with: &watcher, after: configWatch, current: config)
      take(loaded)
    }
    firstRead = nil
    guard let first = wanted else { throw Failure.off }
    if case .failure(let problem) = open(first, poller) { throw Failure.unavailable(problem.description) }
    followNudges(&watcher, nudgeTimer)
    // Start-up code never runs again: what stays resident is the loop's.
    Processes.releaseCodePages()

    var ready: [Poller.Ready] = []
    while true {
      try poller.wait(into: &ready)
      // A config folder made since start-up is not watched for (`ConfigSource.watch`): it
      // is looked for when something wakes the watch, and on SIGHUP.
      var follow = configWatch.appeared
      for ready in ready {
        switch ready.fd {
        case signals:
          for signal in SignalSet.drain(signals) {
            guard signal == Signal.hangup else { return }  // SIGTERM, SIGINT
            follow = true
          }
        case watcher.fd:
          let changes = watcher.drain()
          if ConfigSource.touched(configWatch.files, by: changes) { follow = true }
          if watchingState && changes.paths.contains(store.statePath) { armNudge(nudgeTimer) }
        case nudgeTimer.fd:
          nudgeTimer.acknowledge()
          // What is due is sent; a state that cannot be saved waits for the next change.
          if transact([], at: store.now()) { armNudge(nudgeTimer) }
        case watch?.descriptor where watch != nil:
          let changes: [IdleChange]
          do {
            changes = try watch?.read() ?? []
          } catch {
            throw Failure.lost("\(error)")
          }
          for change in changes { apply(change) }
        default:
          continue
        }
      }
      if follow {
        let loaded: ConfigSource.Loaded
        (configWatch, loaded) = configSource.follow(with: &watcher, after: configWatch, current: config)
        try reload(loaded, poller)
        followNudges(&watcher, nudgeTimer)
      }
    }
  }

  /// Watches the state folder and arms `timer` for the next nudge while one comes at a
  /// moment of its own (`NudgeSettings.isTimed`); without, neither.
  private func followNudges(_ watcher: inout FileWatcher, _ timer: DeadlineTimer) {
    let wanted = config.timer.nudges.isTimed && (try? store.prepare()) != nil
    if wanted && !watchingState {
      watchingState = (try? watcher.watch(folder: store.directory)) != nil
    } else if !wanted && watchingState {
      watcher.unwatch(store.directory)
      watchingState = false
    }
    armNudge(timer)
  }

  /// Arms `timer` at the state's next nudge, as a bar wakes for it; disarms it when none is due.
  private func armNudge(_ timer: DeadlineTimer) {
    let now = store.now()
    let wake = watchingState ? store.peek()?.nudgeWake(at: now, settings: config.timer) : nil
    timer.arm(after: wake.map { $0 - (store.now().boottime - now.boottime) }, repeating: false)
  }

  /// Opens the watch for `threshold` and waits on it, in place of the one before, which
  /// is closed only once the new one is open (see `IdleWatch.open`). A server already past
  /// the threshold (X11 says how long input has stopped) is away at once.
  private func open(_ threshold: Duration, _ poller: Poller) -> Result<Void, IdleWatch.Problem> {
    switch IdleWatch.open(Environment.current(), threshold: threshold, waitingIn: poller) {
    case .success(let opened):
      if let watch { poller.remove(watch.descriptor) }
      (watch, self.threshold) = (opened, threshold)
      if let milliseconds = opened.idleAtStart { apply(.idle(milliseconds: milliseconds)) }
      return .success(())
    case .failure(let problem):
      return .failure(problem)
    }
  }

  /// Takes the config read again (a broken key keeps its value; a missing file, an editor
  /// between deleting and writing it, is no change); a new `[idle] after` replaces the
  /// watch (one that cannot be made leaves the old one, with a warning, or with none
  /// ends the command), and `false` closes it until the config asks again, ending an away
  /// that stands (as input would: no watch will see the return).
  private func reload(_ loaded: ConfigSource.Loaded, _ poller: Poller) throws(Failure) {
    guard take(loaded), wanted != threshold else { return }
    guard let wanted else {
      if let watch { poller.remove(watch.descriptor) }
      (watch, threshold) = (nil, nil)
      warnings.warn("[idle] after is false: input is not watched until the config sets it again")
      apply(.active)  // an away the watch said would outlive it
      return
    }
    if case .failure(let problem) = open(wanted, poller) {
      guard watch != nil else { throw Failure.lost(problem.description) }
      warnings.warn("\(problem); still watching with the threshold before", kind: "idle")
    }
  }

  /// Takes the config read again, its mistakes said; false when there is none (a missing
  /// file), which changes nothing.
  @discardableResult
  private func take(_ loaded: ConfigSource.Loaded) -> Bool {
    guard !loaded.missing else { return false }
    for error in loaded.errors { warnings.warn("config reload: \(error)") }
    config = loaded.config
    return true
  }

  /// The transaction of `change`.
  private func apply(_ change: IdleChange) {
    let now = store.now()
    _ = transact([change.event(at: now.instant, threshold: threshold)], at: now)
  }

  /// One transaction on the shared state, as a bar makes it: the events (none: what is
  /// due), their effects (hooks, notifications) started once the state is written. A
  /// state that cannot be written is said on stderr (false); the next change tries again.
  private func transact(_ events: [Event], at now: ClockReading) -> Bool {
    let runner = EffectRunner(
      config: config, logFolder: store.directory, configPath: configSource.explicitPath)
    do {
      try store.prepare()
      let request = TransitionRequest(events, settings: config.timer, ledger: config.ledger, stamp: now)
      _ = try store.transact(request) {
        try runner.start($0, commit: $1, now: store.now())
      }
      return true
    } catch {
      warnings.warn("cannot update the timer: \(error)", kind: "state")
      return false
    }
  }
}
