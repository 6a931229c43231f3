import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The long-running bar process: waits in the kernel, wakes only for something to show.
///
/// It sleeps in `epoll_wait` on stdin (clicks or keys), a `timerfd` armed at the next
/// second boundary of the running phase (none when nothing changes), a second `timerfd`
/// for retrying a state that could not be saved, an inotify watch on the state and config
/// folders, a `signalfd`, and stdout (for hang-up, and for room to write when the bar is
/// behind). Every wake-up re-derives the view from the shared state, so a change made by
/// any copy shows on every bar. With `--wrap` it also runs another status command and
/// merges its blocks with pomobar's (see `BarLoop+Wrap.swift`).
public final class BarLoop {
  let store: StateStore
  let configSource: ConfigSource
  let input: InputMode
  var encoder: any BarEncoder
  let warnings: Warnings

  var config: Config
  var configProblem: String?
  /// Why the state could not be saved or used, while that lasts: shown with ⚠, and the
  /// timer is computed in memory meanwhile.
  var stateProblem: String?
  /// The last hook failure recorded in `hooks.failed`, while it stands: shown with ⚠.
  var hookProblem: String?
  var retry = Backoff()
  /// When the retry timer is armed for (monotonic ns; nil: disarmed).
  var retryArmedFor: Int64?
  var document: StateDocument?
  var lastView: ViewModel?
  /// The bar is hidden (i3bar sent our stop signal): keep timing, stop printing.
  var hidden = false
  /// The grid the tick timer is armed on (nil: disarmed).
  var armedFor: TickPlan?
  /// The config file and, through a symlink, its target; resolved when the watches are set.
  var configFiles: [String] = []
  var clicks = ClickDecoder()
  let output = FrameWriter()
  /// Whether the state folder is watched (not while it is refused or cannot be made).
  var watchingState = false
  /// Whether epoll is asked to say when stdout has room (only while frames wait).
  var watchingOutput = false
  /// The status command whose blocks pomobar's are merged into (`--wrap`), if any.
  let wrap: WrappedCommand?

  public init(
    store: StateStore, configSource: ConfigSource, config: Config, configProblem: String? = nil,
    encoder: any BarEncoder, input: InputMode, warnings: Warnings, wrap: String? = nil
  ) throws(SystemError) {
    self.store = store
    self.configSource = configSource
    self.config = config
    self.configProblem = configProblem
    self.input = input
    self.encoder = encoder
    self.warnings = warnings
    self.wrap = try wrap.map { command throws(SystemError) in
      try WrappedCommand(command: command, position: config.wrap.position)
    }
  }

  /// Runs until the bar goes away (stdout closed), a quit key, or SIGTERM/SIGINT.
  ///
  /// Returns the exit status.
  public func run() throws -> Int32 {
    SignalSet.ignoreBrokenPipe()
    let (stop, show) = (I3barEncoder.stopSignal, I3barEncoder.contSignal)
    var handled = [SIGHUP, SIGTERM, SIGINT, SIGWINCH, stop, show]
    if wrap != nil {
      // The wrapped command's exit status is wanted: children are reaped on SIGCHLD.
      Spawner.waitForChildren()
      handled.append(SIGCHLD)
    } else {
      Spawner.reapChildrenAutomatically()
    }
    let signals = try SignalSet(handled).blockAndOpen()
    let poller = try Poller()
    let timers = Timers(tick: try DeadlineTimer(), retry: try DeadlineTimer())
    var watcher = try FileWatcher()
    watchState(&watcher)
    watchConfig(&watcher)
    try poller.add(signals, readable: true)
    try poller.add(timers.tick.fd, readable: true)
    try poller.add(timers.retry.fd, readable: true)
    try poller.add(watcher.fd, readable: true)
    // Polling stdout for nothing but errors tells when the bar closed its end of the pipe.
    try? poller.add(output.fd, readable: false)
    if let wrap { try poller.add(wrap.restartTimer.fd, readable: true) }
    defer { wrap?.terminate() }

    var terminal: RawTerminal? = nil
    var readsInput = false
    switch input {
    case .clicks:
      readsInput = (try? poller.add(.standardInput, readable: true)) != nil
    case .keys:
      terminal = RawTerminal(.standardInput)
      readsInput = (try? poller.add(.standardInput, readable: true)) != nil
    case .none:
      break
    }
    defer {
      terminal?.restore()
      if terminal != nil { _ = output.submit("\n", replaceable: false) }
    }

    encoder.resize(width: FileDescriptor.standardOutput.terminalWidth)
    guard output.submit(encoder.header(), replaceable: false) else { return 0 }
    startWrapped(poller)
    document = store.peek()
    readHookFailures()
    refresh(timers, force: true)
    // Start-up code (argument parsing, the config reader) never runs again: give its pages
    // back, so that what stays resident is what the loop itself runs.
    _ = pomobar_release_code_pages()

    while true {
      var force = false
      // A wake-up for the wrapped command's output alone changes nothing of pomobar's:
      // its line is written with pomobar's last blocks, and the state is not looked at.
      var onlyWrapped = true
      for ready in try poller.wait() {
        if ready.fd != wrap?.output { onlyWrapped = false }
        switch ready.fd {
        case output.fd:
          if ready.hangup || !output.flush() { return 0 }
        case signals:
          for signal in SignalSet.drain(signals) {
            switch signal {
            case SIGHUP: reloadConfig()
            case stop:
              hidden = true
              wrap?.barHidden(true)
            case show:
              hidden = false
              wrap?.barHidden(false)
              lastView = nil
            case SIGCHLD: wrappedChildrenEnded(poller)
            case SIGWINCH:
              // The terminal was resized: fit the line to its new width, drawn again now.
              encoder.resize(width: FileDescriptor.standardOutput.terminalWidth)
              lastView = nil
            default: return 0  // SIGTERM, SIGINT
            }
          }
        case timers.tick.fd:
          timers.tick.acknowledge()
        case timers.retry.fd:
          timers.retry.acknowledge()
        case watcher.fd:
          force = handle(watcher.drain(), &watcher) || force
        case wrap?.restartTimer.fd:
          wrap?.restartTimer.acknowledge()
          startWrapped(poller)
        case wrap?.output where wrap?.output != nil:
          if !wrappedOutput(poller) { return 0 }
        case .standardInput where readsInput:
          let stamp = store.now()  // a click's time is when it arrived, not when it is handled
          let bytes = (try? FileDescriptor.standardInput.read()) ?? []
          if bytes.isEmpty {
            // stdin closed: go on showing the timer; only stdout closing ends the bar.
            poller.remove(.standardInput)
            readsInput = false
          } else if handle(input: bytes, at: stamp) == .quit {
            return 0
          }
        default:
          break  // stdin after it closed
        }
      }
      if !onlyWrapped && !refresh(timers, force: force) { return 0 }
      if !watchingState && stateProblem == nil {
        // The folder was refused or missing at start and is usable now: follow it.
        watchState(&watcher)
        document = store.peek()
        if !refresh(timers, force: false) { return 0 }
      }
      if output.isBacklogged != watchingOutput {
        watchingOutput = output.isBacklogged
        poller.modify(output.fd, readable: false, writable: watchingOutput)
      }
    }
  }

  /// The loop's two timers: the phase's ticks, and the next retry of a failed save.
  struct Timers {
    let tick: DeadlineTimer
    let retry: DeadlineTimer
  }

  /// Takes note of file changes; true when one may have cleared a problem saving the
  /// state (space freed, permissions changed), so a retry should not wait for its backoff.
  private func handle(_ changes: FileWatcher.Changes, _ watcher: inout FileWatcher) -> Bool {
    if changes.lostFolders.contains(store.directory) {
      watchingState = false
      // The state folder was removed: make it again and go on following the others.
      watchState(&watcher)
      document = store.peek()
    }
    if changes.paths.contains(store.statePath) { document = store.peek() }
    if changes.paths.contains(store.directory + "/" + HookFailures.fileName)
      || !changes.lostFolders.isEmpty
    {
      readHookFailures()
    }
    let configTouched = changes.paths.contains { path in
      configFiles.contains { $0 == path || $0.utf8.starts(with: (path + "/").utf8) }
    }
    if configTouched || !changes.lostFolders.isEmpty {
      watchConfig(&watcher)  // a folder on the way to the config may have been replaced
      reloadConfig()
    }
    // Our own traces (the lock, the temporary file, the hook log and failures) say nothing
    // new about saving the state.
    let own = [store.statePath + ".tmp", store.directory + "/state.lock"]
    return changes.paths.contains { path in
      let name = FileSystem.baseName(of: path).utf8
      return path == store.directory
        || FileSystem.directory(of: path) == store.directory && !own.contains(path)
          && !name.starts(with: "hooks.log".utf8) && !name.starts(with: HookFailures.fileName.utf8)
    }
  }

  /// Brings the state up to date, shows it, and arms the timers for the next change.
  ///
  /// When the state file needs writing (a deadline passed, a gap, another boot) and a
  /// write has failed, it is retried with a growing pause, or at once when `force` says
  /// something changed; meanwhile the timer is computed in memory, as every copy computes
  /// it, and shown with ⚠. Returns false when stdout is gone.
  @discardableResult
  func refresh(_ timers: Timers, force: Bool) -> Bool {
    let now = store.now()
    let (needsWrite, reconciled) =
      document.map { $0.staleness(at: now) } ?? (FileSystem.exists(store.statePath), TimerState())
    var state = reconciled
    if needsWrite || stateProblem != nil {
      if retry.isDue(force: force), let saved = transact([]) {
        state = saved
      } else if stateProblem != nil, let document {
        state = document.caughtUp(to: now, settings: config.timer, ledger: config.ledger).machine.state
      }
    }
    let retryAt = stateProblem.map { _ in retry.notBefore }
    if retryAt != retryArmedFor {
      retryArmedFor = retryAt
      timers.retry.arm(after: retryAt.map { _ in retry.wait }, repeating: false)
    }
    let plan = Self.tickPlan(
      of: state, now: now, dayStart: config.ledger.dayStart, urgentFor: config.display.urgentFor,
      update: config.display.update)
    if plan != armedFor {
      // Ticks fall on the plan's own grid, so the display changes only with it.
      armedFor = plan
      timers.tick.arm(
        after: plan.map { ($0.next(after: now.instant) - now.instant).nanoseconds },
        interval: plan?.seconds ?? 1)
    }
    return render(state, now: now)
  }

  /// When what the bar shows changes by itself: every second on the running phase's
  /// grid (counted back from its deadline), or every minute on it with `[display] update =
  /// "minute"` (whole minutes left, rounded up, turn exactly there); with no phase running
  /// but the work clock on, every minute, when its `h:mm` turns; nil when nothing changes.
  struct TickPlan: Equatable {
    /// A moment on the grid.
    var anchor: Instant
    var seconds: Int64

    /// The first grid point after `now` (for an anchor ahead, the one that ends the
    /// whole number of intervals before it, so ticks never drift from a deadline).
    func next(after now: Instant) -> Instant {
      let step = seconds * 1_000_000_000
      let ahead = (anchor - now).nanoseconds
      if ahead > 0 { return anchor - .nanoseconds((ahead - 1) / step * step) }
      return now + .nanoseconds(step - (-ahead) % step)
    }
  }

  /// With `[display] urgent-for` set and no phase running, the moment the urgent flag
  /// clears is a wake-up too: the plan is whichever of it and the work clock's minute
  /// comes first, re-chosen at each wake-up. `update = "minute"` ticks on the phase's own
  /// minute grid.
  static func tickPlan(
    of state: TimerState, now: ClockReading, dayStart: Int, urgentFor: Duration? = nil,
    update: DisplayUpdate = .second
  ) -> TickPlan? {
    if let deadline = state.deadline {
      switch update {
      case .second: return TickPlan(anchor: deadline, seconds: 1)
      case .minute: return TickPlan(anchor: deadline, seconds: 60)
      }
    }
    var plans: [TickPlan] = []
    if state.isUrgent(at: now.instant, lasting: urgentFor), let urgentFor, let since = state.urgentSince {
      // One wake-up, at the moment it clears: a period that ends there.
      let clears = since + urgentFor
      plans.append(TickPlan(anchor: clears, seconds: max(1, (clears - now.instant).ceilSeconds)))
    }
    if let work = state.ledger.work {
      let today = Ledger.day(now: now, dayStart: dayStart)
      let closed = state.ledger.today.on(today.day).total(for: work.project)
      plans.append(TickPlan(anchor: max(work.since, today.start) - .seconds(closed), seconds: 60))
    }
    return plans.min { $0.next(after: now.instant) < $1.next(after: now.instant) }
  }

  /// Applies events to the shared state and starts their effects; nil if it failed.
  ///
  /// The new state is shown before it is written: a click's frame does not wait for fsync.
  func transact(_ events: [Event], at stamp: ClockReading? = nil) -> TimerState? {
    let runner = EffectRunner(
      config: config, logFolder: store.directory, configPath: configSource.explicitPath)
    do {
      let outcome = try store.transact(
        events, settings: config.timer, ledger: config.ledger, stamp: stamp,
        lockTimeout: .milliseconds(500),
        show: { state, now in _ = self.render(state, now: now) },
        start: { effects, commit in try runner.start(effects, commit: commit, now: self.store.now()) })
      document = StateDocument(timer: outcome.state, written: outcome.now)
      stateProblem = nil
      retry = Backoff()
      return outcome.state
    } catch {
      let problem = "cannot save the timer: \(error)"
      warnings.warn(problem)
      stateProblem = problem
      retry.failed()
      return nil
    }
  }

  /// Applies what arrived on stdin: every action in one read is one transaction (a burst
  /// of scroll clicks costs one write, not one each).
  func handle(input bytes: [UInt8], at stamp: ClockReading) -> Input? {
    var actions: [Event] = []
    var quit = false
    switch input {
    case .keys:
      for byte in bytes where !quit {
        switch KeyMap.input(for: byte) {
        case .quit: quit = true
        case .action(let action): actions.append(.action(action))
        case nil: continue
        }
      }
    case .clicks:
      for (result, text) in clicks.feedKeepingText(bytes) {
        switch result {
        case .success(let click):
          let (name, instance) = (config.display.name, config.display.instance)
          if wrap != nil {
            if let action = routeWrapped(click, text: text) { actions.append(.action(action)) }
            continue
          }
          let action =
            click.matches(name: name, instance: instance)
            ? config.clicks.action(forButton: click.button)
            : click.matches(name: name + WorkClicks.nameSuffix, instance: instance)
              ? WorkClicks.action(forButton: click.button) : nil
          if let action { actions.append(.action(action)) }
        case .failure(let error):
          warnings.warn("\(error)", kind: "click input")
        }
      }
    case .none:
      break
    }
    if !actions.isEmpty { _ = transact(actions, at: stamp) }
    return quit ? .quit : nil
  }

  /// Reloads the config; a broken key keeps its current value, and a missing file (an
  /// editor between deleting and writing it) is no new config at all.
  func reloadConfig() {
    let loaded = configSource.load(fallback: config)
    guard !loaded.missing else { return }
    config = loaded.config
    configProblem = loaded.problem
    if let wrap, wrap.merger.position != config.wrap.position {
      wrap.merger.position = config.wrap.position
      lastView = nil  // the blocks move now, not at the next tick
    }
    for error in loaded.errors { warnings.warn("config reload: \(error)") }
  }

  /// Creates the state folder if needed and watches it; a folder that cannot be made or
  /// is refused shows as a problem, and the bar goes on.
  private func watchState(_ watcher: inout FileWatcher) {
    do {
      try store.prepare()
      try watcher.watch(folder: store.directory, attributes: true)
      watchingState = true
    } catch {
      watchingState = false
      let problem = "cannot use the state folder: \(error)"
      warnings.warn(problem)
      stateProblem = problem
    }
  }

  /// Watches the config file's folder and the folder above it or, while they do not exist
  /// yet, the nearest existing ancestor: a config created after start-up, or a config
  /// folder replaced by another (moved aside, made anew), is picked up.
  private func watchConfig(_ watcher: inout FileWatcher) {
    configFiles = configSource.watchedFiles
    for file in configFiles {
      var folder = FileSystem.directory(of: file)
      while !FileSystem.exists(folder) && folder != "/" && folder != "." {
        folder = FileSystem.directory(of: folder)
      }
      try? watcher.watch(folder: folder)
      if folder != "/" && folder != "." { try? watcher.watch(folder: FileSystem.directory(of: folder)) }
    }
  }

  /// Queues a frame if what the bar shows changed; false when stdout is gone.
  ///
  /// Never blocks: it runs under the state lock when a click's result is shown early.
  func render(_ state: TimerState, now: ClockReading) -> Bool {
    let problems = [configProblem, stateProblem, hookProblem, wrap?.problem].compactMap { $0 }
    let problem = problems.isEmpty ? nil : problems.joined(separator: "; ")
    let view = ViewModel(state: state, config: config, reading: now, problem: problem)
    guard view != lastView, !hidden else { return true }
    let frame = encoder.frame(view)
    lastView = consume view  // moved, not copied: this runs on every tick
    if let wrap {
      wrap.merger.setOurs(frame: frame)
      return output.submit(wrap.merger.line())
    }
    return output.submit(frame)
  }
}

/// How long to wait before trying a failed save again: 1, 2, then 4 s between tries;
/// a change in the state folder may try sooner, but not more than 4 times a second.
/// (A wrapped status command that dies is restarted on a longer one: 1 s to 30 s.)
struct Backoff {
  static let soonest: Int64 = 250_000_000
  let first: Int64
  let longest: Int64
  /// Monotonic nanoseconds before which no retry is made unless forced.
  private(set) var notBefore: Int64 = 0
  private var lastFailure: Int64 = .min / 2
  private var next: Int64

  init(first: Int64 = 1_000_000_000, longest: Int64 = 4_000_000_000) {
    self.first = first
    self.longest = longest
    next = first
  }

  /// Whether to try now: the pause is over, or `force` and the last try is not too recent.
  func isDue(force: Bool) -> Bool {
    let now = SystemClock.now(CLOCK_MONOTONIC)
    return now >= notBefore || (force && now - lastFailure >= Self.soonest)
  }

  /// Nanoseconds until the retry is due.
  var wait: Int64 { max(1, notBefore - SystemClock.now(CLOCK_MONOTONIC)) }

  mutating func failed() {
    lastFailure = SystemClock.now(CLOCK_MONOTONIC)
    notBefore = lastFailure + next
    next = min(next * 2, longest)
  }
}
