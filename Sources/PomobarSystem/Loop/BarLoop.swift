import PomobarCore

/// The long-running bar process: waits in the kernel, wakes only for something to show.
///
/// It sleeps in `epoll_wait` on stdin (clicks or keys), a `timerfd` armed at the next
/// second boundary of the running phase (none when nothing changes), a second `timerfd`
/// for retrying a state that could not be saved, an inotify watch on the state and config
/// folders, a `signalfd`, stdout (for hang-up, and for room to write when the bar is
/// behind), and with `[idle] after` the display server's connection, readable only when
/// input stopped or came again (`BarLoop+Idle.swift`). What woke it becomes `BarEvent`s for the bar's rules (`BarSession`, in the
/// core), and the loop carries out the actions they return. With `--wrap` it also runs
/// another status command, whose blocks the session merges with pomobar's (see
/// `BarLoop+Wrap.swift`).
public final class BarLoop {
  let store: StateStore
  let configSource: ConfigSource
  let input: InputMode
  let warnings: Warnings
  var session: BarSession
  let output = FrameWriter()
  /// The status command whose blocks pomobar's are merged into (`--wrap`), if any.
  let wrap: WrappedCommand?
  /// The config file and, through a symlink, its target, as watched.
  var configWatch = ConfigSource.Watched()
  /// Whether the state folder is watched (not while it is refused or cannot be made).
  var watchingState = false
  /// Whether it is watched for files created too: while the state file is missing.
  var watchingCreations = false
  /// Whether epoll is asked to say when stdout has room (only while frames wait).
  var watchingOutput = false
  /// The state file as this bar last wrote it: its own write is not read back.
  var ownWrite: FileIdentity?
  /// The next tick of a running phase's seconds, on the timer's timeline (boottime ns):
  /// waited for as epoll's timeout, which costs a tick nothing but the wake-up, where a
  /// timerfd costs a read too. Longer periods (minutes) use the tick timer, whose clock
  /// counts through a suspend; a second's tick after one comes within that second.
  var secondTick: Int64?
  /// With `--wrap`: whether the command's output is read on the second ticks rather than
  /// when it writes, and whether a click went to it since the last tick (its answer is
  /// read when it comes); see `BarLoop+Wrap.swift`.
  var wrappedOnTicks = false
  var wrappedClicked = false
  /// The watch on input (`[idle] after`), and the threshold it was opened for.
  var idle: (any IdleWatching)?
  var idleThreshold: Duration?
  /// Whether a transaction ran in this wake-up: the code of the store, the ledger and the
  /// effects runs again only at the next one, so its pages are given back once the wake-up
  /// is handled, as the start-up's are.
  var transacted = false
  /// Folds the history's figures off the loop (`HistoryFigures`), when a text needs them.
  let figuresJob: BackgroundJob<HistoryFigures>?
  /// Whether the history folder is watched (it may not exist yet).
  var watchingHistory = false
  /// The config as loaded at start, its good file not yet kept as the last good version
  /// (`ConfigSource.keepLastGood`): kept once the first frame is out, which does not need it.
  var unkept: ConfigSource.Loaded?

  public init(
    store: StateStore, configSource: ConfigSource, config: Config, configProblem: String? = nil,
    encoder: any BarEncoder, input: InputMode, warnings: Warnings, wrap: String? = nil,
    unkept: ConfigSource.Loaded? = nil
  ) throws(SystemError) {
    self.store = store
    self.configSource = configSource
    self.unkept = unkept
    self.input = input
    self.warnings = warnings
    self.wrap = try wrap.map { command throws(SystemError) in try WrappedCommand(command: command) }
    figuresJob = store.history == nil ? nil : try BackgroundJob()
    session = BarSession(
      config: config, configProblem: configProblem, encoder: encoder, input: input,
      wrapping: self.wrap?.shortName, zone: LocalZone.offset(atUTC:))
  }

  /// The loop's two timers: ticks a minute apart, and the next retry of a failed save.
  struct Timers {
    let tick: DeadlineTimer
    let retry: DeadlineTimer
  }

  /// What the loop waits on.
  struct Descriptors {
    let signals: FileDescriptor
    let poller: Poller
    let timers: Timers
    var watcher: FileWatcher
    /// The terminal in raw mode, when keys are read.
    let terminal: RawTerminal?
    /// Whether stdin is read (until it closes).
    var readsInput: Bool
  }

  /// Runs until the bar goes away (stdout closed), a quit key, or SIGTERM/SIGINT.
  ///
  /// Returns the exit status.
  public func run() throws -> Int32 {
    var loop = try open()
    defer {
      wrap?.terminate()
      loop.terminal?.restore()
      if loop.terminal != nil { _ = output.submit("\n", replaceable: false) }
    }
    guard start(&loop) else { return 0 }
    var events: [BarEvent] = []
    var actions: [BarAction] = []
    var ready: [Poller.Ready] = []
    while true {
      try loop.poller.wait(into: &ready, timeout: secondTick.map { $0 - store.boottimeNow() })
      events.empty()
      // A click's time is when it arrived, not when it is handled: the clock is read once,
      // for everything that woke the loop.
      var now = store.now()
      // A wait that ran out ends within the kernel's slack before the tick (at most 5 ms),
      // not after it (`Poller.wait`): the tick has come, and is handled as at its instant.
      if let tick = secondTick, now.boottime >= tick || ready.isEmpty && tick - now.boottime <= 5_000_000 {
        let early = max(0, tick - now.boottime)
        now.wall += early
        now.boottime += early
        now.monotonic += early
        events.append(.timer)
        // On the grid, past any ticks missed meanwhile.
        secondTick = tick + ((now.boottime - tick) / 1_000_000_000 + 1) * 1_000_000_000
        if wrappedOnTicks { events += wrappedOutput(loop.poller) }
        wrappedClicked = false
      }
      for ready in ready {
        guard let more = self.events(from: ready, &loop) else { return 0 }
        events += more
      }
      // Woken by something else than the second tick: a config folder made since start-up
      // (not watched for, see `ConfigSource.watch`) is looked for.
      if !ready.isEmpty && configWatch.appeared { events += followConfig(&loop.watcher) }
      let written = ownWrite
      if !events.isEmpty && !perform(events, loop.timers, at: now, reusing: &actions) { return 0 }
      if ownWrite != written {
        // This bar's own write is in the watch already: taken now, not at a wake-up of its
        // own (it says nothing, unless another change came with it).
        let changes = handle(loop.watcher.drain(), &loop.watcher)
        if !changes.isEmpty && !perform(changes, loop.timers) { return 0 }
      }
      // A reloaded config may watch input for another time, or no longer.
      let idleEvents = watchIdle(loop.poller)
      if !idleEvents.isEmpty && !perform(idleEvents, loop.timers) { return 0 }
      if !watchingState && session.stateProblem == nil {
        // The folder was refused or missing at start and is usable now: follow it.
        var later = watchState(&loop.watcher)
        later.append(.stateRead(store.peek(), fileExists: FileSystem.exists(store.statePath)))
        if !perform(later, loop.timers) { return 0 }
      }
      followWrapped(loop.poller)
      if output.isBacklogged != watchingOutput {
        watchingOutput = output.isBacklogged
        loop.poller.modify(output.fd, readable: false, writable: watchingOutput)
      }
      // A tick's frame is out: the next ticks' frames are worked out now, not before it.
      session.workAhead()
      if transacted {
        // The first record may have made the history folder.
        if watchHistory(&loop.watcher, config: session.config) && !perform([.historyChanged], loop.timers) {
          return 0
        }
        transacted = false
        Processes.releaseCodePages()
      }
    }
  }

  /// The start: the header and the first frame out, then the watches; false when the bar is
  /// gone. A function of its own, not inlined: its temporaries (configs, documents) made
  /// `run`'s stack frame 21 kB, and every tick touched pages of it.
  @inline(never)
  private func start(_ loop: inout Descriptors) -> Bool {
    var events: [BarEvent] = [.resized(width: FileDescriptor.standardOutput.terminalWidth)]
    events += watchState(&loop.watcher)
    watchConfig(&loop.watcher, daysOff: session.config.ledger.daysOffFile)
    let document = store.peek()  // read once: the state file is watched already
    events.append(.started(document, fileExists: FileSystem.exists(store.statePath)))
    events.append(.hookProblem(EffectFailures.problem(folder: store.directory)))
    Notifier.takeOwed(folder: store.directory, state: document?.timer)
    events += startWrapped(loop.poller)
    events += watchIdle(loop.poller)
    _ = watchHistory(&loop.watcher, config: session.config)  // `started` folds anyway
    if let unkept, configSource.changed(since: unkept) {
      // Saved between the command's read and the watch above: read again (and kept).
      self.unkept = nil
      events += followConfig(&loop.watcher)
    }
    guard perform(events, loop.timers) else { return false }
    if let unkept {
      // Into the watched state folder: its own names are no news, anything else is taken.
      configSource.keepLastGood(unkept)
      self.unkept = nil
      var changes = loop.watcher.drain()
      changes.paths.removeAll { $0.utf8.starts(with: configSource.lastGoodPath.utf8) }
      let more = handle(changes, &loop.watcher)
      if !more.isEmpty && !perform(more, loop.timers) { return false }
    }
    // Start-up code (argument parsing, the config reader) never runs again: give its pages
    // back, so that what stays resident is what the loop itself runs.
    Processes.releaseCodePages()
    return true
  }

  /// Sets up what the loop waits on: the signals it handles, the timers, the file watcher,
  /// stdout's hang-up, stdin, and the wrapped command's restart timer.
  private func open() throws -> Descriptors {
    SignalSet.ignoreBrokenPipe()
    var handled = [
      Signal.hangup, Signal.terminate, Signal.interrupt, Signal.windowChanged, I3barEncoder.stopSignal,
      I3barEncoder.contSignal,
    ]
    if wrap != nil {
      // The wrapped command's exit status is wanted: children are reaped on SIGCHLD.
      Spawner.waitForChildren()
      handled.append(Signal.child)
    } else {
      Spawner.reapChildrenAutomatically()
    }
    let signals = try SignalSet(handled).blockAndOpen()
    let poller = try Poller()
    let timers = Timers(tick: try DeadlineTimer(), retry: try DeadlineTimer())
    let watcher = try FileWatcher()
    for fd in [signals, timers.tick.fd, timers.retry.fd, watcher.fd] { try poller.add(fd, readable: true) }
    // Polling stdout for nothing but errors tells when the bar closed its end of the pipe.
    try? poller.add(output.fd, readable: false)
    if let wrap { try poller.add(wrap.restartTimer.fd, readable: true) }
    if let figuresJob { try poller.add(figuresJob.fd, readable: true) }
    let terminal = input == .keys ? RawTerminal(.standardInput) : nil
    let readsInput = input != .none && (try? poller.add(.standardInput, readable: true)) != nil
    return Descriptors(
      signals: signals, poller: poller, timers: timers, watcher: watcher, terminal: terminal,
      readsInput: readsInput)
  }

  /// What a ready descriptor brings; nil when the bar is gone or the loop must end.
  private func events(from ready: Poller.Ready, _ loop: inout Descriptors) -> [BarEvent]? {
    switch ready.fd {
    case output.fd:
      return ready.hangup || !output.flush() ? nil : []
    case loop.signals:
      var events: [BarEvent] = []
      for signal in SignalSet.drain(loop.signals) {
        switch signal {
        case Signal.hangup: events += followConfig(&loop.watcher)
        case I3barEncoder.stopSignal, I3barEncoder.contSignal:
          let hidden = signal == I3barEncoder.stopSignal
          wrap?.barHidden(hidden)
          events.append(.hidden(hidden))
        case Signal.child: events += wrappedChildrenEnded(loop.poller)
        case Signal.windowChanged: events.append(.resized(width: FileDescriptor.standardOutput.terminalWidth))
        default: return nil  // SIGTERM, SIGINT
        }
      }
      return events
    case loop.timers.tick.fd:
      loop.timers.tick.acknowledge()
      return [.timer]
    case loop.timers.retry.fd:
      loop.timers.retry.acknowledge()
      return [.timer]
    case loop.watcher.fd:
      return handle(loop.watcher.drain(), &loop.watcher)
    case figuresJob?.fd where figuresJob != nil:
      return figuresJob?.take().map { [.figures($0)] } ?? []
    case wrap?.restartTimer.fd:
      wrap?.restartTimer.acknowledge()
      return startWrapped(loop.poller)
    case wrap?.output where wrap?.output != nil:
      return wrappedOutput(loop.poller)
    case idle?.descriptor where idle != nil:
      return idleChanges(loop.poller)
    case .standardInput where loop.readsInput:
      let bytes = (try? FileDescriptor.standardInput.read()) ?? []
      guard bytes.isEmpty else { return [.input(bytes)] }
      // stdin closed: go on showing the timer; only stdout closing ends the bar.
      loop.poller.remove(.standardInput)
      loop.readsInput = false
      return []
    default:
      return []  // stdin after it closed
    }
  }

  /// Hands `events` to the session and carries out what it says; false when the bar is
  /// gone or the user quit.
  private func perform(_ events: [BarEvent], _ timers: Timers, at reading: ClockReading? = nil) -> Bool {
    var actions: [BarAction] = []
    return perform(events, timers, at: reading ?? store.now(), reusing: &actions)
  }

  /// `perform(_:_:)` at `now`, the session's actions put in `actions` (emptied again, its
  /// room kept): `run` hands the same array to every wake-up, so a tick allocates nothing.
  private func perform(
    _ events: [BarEvent], _ timers: Timers, at now: ClockReading, reusing actions: inout [BarAction]
  ) -> Bool {
    session.handle(events, at: now, into: &actions)
    defer { actions.empty() }
    for action in actions {
      switch action {
      case .write(let text, let replaceable):
        guard output.submit(text, replaceable: replaceable) else { return false }
      case .armTick(let after, let seconds):
        if seconds == 1 {
          secondTick = after.map { now.boottime + $0 }
          timers.tick.arm(after: nil)
        } else {
          secondTick = nil
          // The timer counts from the moment it is armed, which may be past `now` (a saved
          // state is handed over at the reading it was shown at, before fsync).
          timers.tick.arm(after: after.map { $0 - (store.now().boottime - now.boottime) }, interval: seconds)
        }
      case .armRetry(let after):
        timers.retry.arm(after: after, repeating: false)
      case .transact(let events, let stamp):
        // A tick handled at its instant, a little before it (`run`): nothing is recorded
        // before that instant.
        let ahead = now.boottime - store.now().boottime
        if ahead > 0 { SystemClock.sleep(nanoseconds: ahead) }
        guard transact(events, stamp: stamp, timers) else { return false }
      case .forward(let text):
        forward(click: text)
      case .warn(let message, let kind):
        warnings.warn(message, kind: kind)
      case .quit:
        return false
      case .fold(let request):
        guard fold(request, timers) else { return false }
      case .pickTask:
        do {
          try TaskPick.startDetached(configPath: configSource.explicitPath)
        } catch {
          warnings.warn("cannot start the task picker: \(error)", kind: "task picker")
        }
      }
    }
    return true
  }

  /// Applies events to the shared state and starts their effects; the new state is shown
  /// before it is written, so a click's frame does not wait for fsync. False when the bar
  /// is gone or the user quit.
  private func transact(_ events: [Event], stamp: ClockReading?, _ timers: Timers) -> Bool {
    let config = session.config
    let runner = EffectRunner(
      config: config, logFolder: store.directory, configPath: configSource.explicitPath)
    var shown = true
    var at: ClockReading?
    let committed: StateStore.Committed
    do {
      let transaction = try store.begin(
        TransitionRequest(events, settings: config.timer, ledger: config.ledger, stamp: stamp),
        lockTimeout: .milliseconds(500))
      // Under the lock, before anything is written: the frame is queued without blocking.
      shown = perform([.pending(transaction.state, at: transaction.now)], timers, at: transaction.now)
      at = transaction.now
      committed = try transaction.commit { effects, commit in
        try runner.start(effects, commit: commit, now: store.now())
      }
    } catch {
      return perform([.saveFailed("\(error)")], timers) && shown
    }
    if let identity = committed.identity { ownWrite = identity }
    transacted = true
    // At the time its state was shown: that view is not built again, and the tick is armed
    // on the same grid (one that passed meanwhile fires at once).
    return perform([.saved(committed.document)], timers, at: at) && shown
  }

  /// Folds the history's figures on the job's thread, with a store of its own: the loop
  /// goes on ticking meanwhile, and takes the result when the job's descriptor says so.
  /// Where no thread can be made, here and now (late frames rather than none). False when
  /// the bar is gone.
  private func fold(_ request: HistoryFigures.Request, _ timers: Timers) -> Bool {
    guard let history = store.history, let figuresJob else { return true }
    let (directory, machine, index, config) = (history.directory, history.machine, history.indexPath, session.config)
    let work: @Sendable () -> HistoryFigures = {
      let store = HistoryStore(directory: directory, machine: machine, warn: { _ in })
      store.indexPath = index
      return store.figures(request, config: config)
    }
    return figuresJob.start(work) || perform([.figures(work())], timers)
  }

  /// Watches the history folder for records and edits written (this machine's or a
  /// sync's), when the config wants its figures and the folder exists: looked for at
  /// start, after a reload and after a transaction (whose append may have made it), not
  /// at ticks. True when it is watched from now on (it may have changed meanwhile).
  func watchHistory(_ watcher: inout FileWatcher, config: Config) -> Bool {
    guard !watchingHistory, let history = store.history, HistoryFigures.wanted(config) else { return false }
    watchingHistory = (try? watcher.watch(history.directory, for: .appends)) != nil
    return watchingHistory
  }

  /// What file changes mean for the bar.
  func handle(_ changes: FileWatcher.Changes, _ watcher: inout FileWatcher) -> [BarEvent] {
    var events: [BarEvent] = []
    if let history = store.history {
      if changes.lostFolders.contains(history.directory) { watchingHistory = false }
      if changes.paths.contains(where: history.holds) { events.append(.historyChanged) }
    }
    var stateChanged = changes.paths.contains(store.statePath)
    if changes.lostFolders.contains(store.directory) {
      watchingState = false
      // The state folder was removed: make it again and go on following the others.
      events += watchState(&watcher)
      stateChanged = true
    }
    // The file as this bar committed it: its own rename says nothing new.
    let ownRename = stateChanged && FileIdentity.of(store.statePath).map { $0 == ownWrite } == true
    if stateChanged && !ownRename {
      events.append(.stateRead(store.peek(), fileExists: FileSystem.exists(store.statePath)))
    }
    if stateChanged { events += followStateFile(&watcher) }
    if changes.paths.contains(store.folder.failures) || !changes.lostFolders.isEmpty {
      events.append(.hookProblem(EffectFailures.problem(folder: store.directory)))
    }
    if changes.paths.contains(store.folder.notificationOwed) {
      Notifier.takeOwed(folder: store.directory, state: store.peek()?.timer)
    }
    if ConfigSource.touched(configWatch.files, by: changes) { events += followConfig(&watcher) }
    // Our own traces (the lock, the temporary file, the hook log and failures, the state
    // file this bar wrote) say nothing new about saving the state.
    let own = [store.folder.stateTemporary, store.folder.lock] + (ownRename ? [store.folder.state] : [])
    let mayHelpSave = changes.paths.contains { path in
      path == store.directory
        || FileSystem.directory(of: path) == store.directory && !own.contains(path)
          && !path.utf8.starts(with: store.folder.hooksLog.utf8)
          && !path.utf8.starts(with: store.folder.failures.utf8)
    }
    if mayHelpSave { events.append(.stateFolderChanged) }
    return events
  }

  /// Watches the config again (a folder on the way to it may have been replaced or made,
  /// the days-off file may be another), then reloads it (`ConfigSource.follow`); a broken
  /// key keeps its current value, and a missing file (an editor between deleting and
  /// writing it) is no new config at all.
  private func followConfig(_ watcher: inout FileWatcher) -> [BarEvent] {
    let loaded: ConfigSource.Loaded
    (configWatch, loaded) = configSource.follow(with: &watcher, after: configWatch, current: session.config)
    // `configLoaded` folds.
    _ = watchHistory(&watcher, config: loaded.missing ? session.config : loaded.config)
    guard !loaded.missing else { return [] }
    for error in loaded.errors { warnings.warn("config reload: \(error)") }
    return [.configLoaded(loaded.config, problem: loaded.problem)]
  }

  /// Creates the state folder if needed and watches it; a folder that cannot be made or
  /// is refused shows as a problem, and the bar goes on.
  func watchState(_ watcher: inout FileWatcher) -> [BarEvent] {
    do {
      try store.prepare()
      watchingCreations = !FileSystem.exists(store.statePath)
      try watcher.watch(folder: store.directory, attributes: true, creations: watchingCreations)
      watchingState = true
      return []
    } catch {
      watchingState = false
      return [.stateFolderUnusable("\(error)")]
    }
  }

  /// Follows the state file's presence: every copy replaces it by rename, but a file or
  /// folder made in its place while it is missing comes without one, so meanwhile the
  /// folder is watched for files created too. One made between the look and the new watch
  /// is read now.
  private func followStateFile(_ watcher: inout FileWatcher) -> [BarEvent] {
    let missing = !FileSystem.exists(store.statePath)
    guard missing != watchingCreations,
      (try? watcher.watch(folder: store.directory, attributes: true, creations: missing)) != nil
    else { return [] }
    watchingCreations = missing
    guard missing, FileSystem.exists(store.statePath) else { return [] }
    return [.stateRead(store.peek(), fileExists: true)]
  }

  /// Watches the config (see `ConfigSource.watch`).
  private func watchConfig(_ watcher: inout FileWatcher, daysOff: String?) {
    configWatch = configSource.watch(with: &watcher, daysOff: daysOff, after: configWatch)
  }
}
