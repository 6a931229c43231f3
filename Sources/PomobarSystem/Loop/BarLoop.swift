import CLinux
import PomobarCore

#if canImport(Glibc)
  import Glibc
#endif

/// The long-running bar process: waits in the kernel, wakes only for something to show.
///
/// It sleeps in `epoll_wait` on stdin (clicks or keys), a `timerfd` armed at the next
/// second boundary of the running phase (none when nothing changes), an inotify watch on
/// the state and config folders, and a `signalfd`. Every wake-up re-derives the view from
/// the shared state, so a change made by any copy shows on every bar.
public final class BarLoop {
  let store: StateStore
  let configSource: ConfigSource
  let input: InputMode
  var encoder: any BarEncoder
  let warn: (String) -> Void

  var config: Config
  var configProblem: String?
  var document: StateDocument?
  var lastView: ViewModel?
  /// The bar is hidden (i3bar sent our stop signal): keep timing, stop printing.
  var hidden = false
  /// The deadline whose second grid the tick timer is armed on (nil: disarmed).
  var armedFor: Instant?
  /// The config file and, through a symlink, its target; resolved when the watches are set.
  var configFiles: [String] = []
  var clicks = ClickDecoder()
  var output = FileDescriptor.standardOutput

  public init(
    store: StateStore, configSource: ConfigSource, config: Config, configProblem: String? = nil,
    format: OutputFormat, command: String, input: InputMode, warn: @escaping (String) -> Void
  ) {
    self.store = store
    self.configSource = configSource
    self.config = config
    self.configProblem = configProblem
    self.input = input
    self.encoder = makeEncoder(format, command: command)
    self.warn = warn
  }

  /// Runs until the bar goes away (stdout closed), a quit key, or SIGTERM/SIGINT.
  ///
  /// Returns the exit status.
  public func run() throws -> Int32 {
    SignalSet.ignoreBrokenPipe()
    Spawner.reapChildrenAutomatically()
    let (stop, show) = (I3barEncoder.stopSignal, I3barEncoder.contSignal)
    let signals = try SignalSet([SIGHUP, SIGTERM, SIGINT, stop, show]).blockAndOpen()
    let poller = try Poller()
    let timer = try DeadlineTimer()
    var watcher = try FileWatcher()
    try watchState(&watcher)
    watchConfig(&watcher)
    try poller.add(signals, readable: true)
    try poller.add(timer.fd, readable: true)
    try poller.add(watcher.fd, readable: true)
    // Polling stdout for nothing but errors tells when the bar closed its end of the pipe.
    try? poller.add(.standardOutput, readable: false)

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
      if terminal != nil { try? output.write("\n") }
    }

    guard write(encoder.header()) else { return 0 }
    document = store.peek()
    refresh(timer)

    while true {
      for ready in try poller.wait() {
        switch ready.fd {
        case .standardOutput where ready.hangup:
          return 0
        case signals:
          for signal in SignalSet.drain(signals) {
            switch signal {
            case SIGHUP: reloadConfig()
            case stop: hidden = true
            case show:
              hidden = false
              lastView = nil
            default: return 0  // SIGTERM, SIGINT
            }
          }
        case timer.fd:
          timer.acknowledge()
        case watcher.fd:
          let changes = watcher.drain()
          if changes.lostFolders.contains(store.directory) {
            // The state folder was removed: make it again and go on following the others.
            try watchState(&watcher)
            document = store.peek()
          }
          if changes.paths.contains(store.statePath) { document = store.peek() }
          let configTouched = changes.paths.contains { path in
            configFiles.contains { $0 == path || $0.utf8.starts(with: (path + "/").utf8) }
          }
          if configTouched || !changes.lostFolders.isEmpty {
            watchConfig(&watcher)  // a folder on the way to the config may have appeared
            reloadConfig()
          }
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
          break  // stdin after it closed, or stdout without an error
        }
      }
      if !refresh(timer) { return 0 }
    }
  }

  /// Brings the state up to date, shows it, and arms the timer for the next change.
  ///
  /// Returns false when stdout is gone.
  @discardableResult
  func refresh(_ timer: DeadlineTimer) -> Bool {
    let now = store.now()
    var state = TimerState()
    if let document {
      let (current, asleep) = document.reconciled(with: now)
      state = current
      let due = current.deadline.map { $0 <= now.instant } ?? false
      if due || asleep > .zero || document.written.bootID != now.bootID {
        state = transact(nil) ?? state
      }
    } else if FileSystem.exists(store.statePath) {
      state = transact(nil) ?? state  // unreadable: the transaction moves it aside
    }
    if state.deadline != armedFor {
      // Ticks fall on the deadline's second grid, so the timer changes only with it.
      armedFor = state.deadline
      timer.arm(after: Self.nextChange(of: state, after: now.instant).map { ($0 - now.instant).nanoseconds })
    }
    return render(state, now: now)
  }

  /// The next instant at which the display changes: the running phase's next second boundary.
  ///
  /// Boundaries are counted back from the deadline, so ticks never drift from it.
  static func nextChange(of state: TimerState, after now: Instant) -> Instant? {
    guard let deadline = state.deadline else { return nil }
    let left = (deadline - now).nanoseconds
    if left <= 0 { return deadline }
    let wholeSecondsAfter = (left - 1) / 1_000_000_000
    return deadline - .seconds(wholeSecondsAfter)
  }

  /// Applies an event to the shared state and runs its effects; nil if it failed.
  ///
  /// The new state is shown before it is written: a click's frame does not wait for fsync.
  func transact(_ event: Event?, at stamp: ClockReading? = nil) -> TimerState? {
    do {
      let outcome = try store.transact(event, settings: config.timer, stamp: stamp) {
        state, now in _ = self.render(state, now: now)
      }
      document = StateDocument(timer: outcome.state, written: outcome.now)
      EffectRunner(config: config, warn: warn).run(outcome.effects, state: outcome.state)
      return outcome.state
    } catch {
      warn("cannot update \(store.statePath): \(error)")
      return nil
    }
  }

  func handle(input bytes: [UInt8], at stamp: ClockReading) -> Input? {
    switch input {
    case .keys:
      for byte in bytes {
        switch KeyMap.input(for: byte) {
        case .quit: return .quit
        case .action(let action): _ = transact(.action(action), at: stamp)
        case nil: continue
        }
      }
    case .clicks:
      for result in clicks.feed(bytes) {
        switch result {
        case .success(let click):
          guard click.matches(name: config.display.name, instance: config.display.instance),
            let action = config.clicks.action(forButton: click.button)
          else { continue }
          _ = transact(.action(action), at: stamp)
        case .failure(let error):
          warn("\(error)")
        }
      }
    case .none:
      break
    }
    return nil
  }

  /// Reloads the config; a broken key keeps its current value, and a missing file (an
  /// editor between deleting and writing it) is no new config at all.
  func reloadConfig() {
    let loaded = configSource.load(fallback: config)
    guard !loaded.missing else { return }
    config = loaded.config
    configProblem = loaded.problem
    for error in loaded.errors { warn("config reload: \(error)") }
  }

  /// Creates the state folder if needed and watches it.
  private func watchState(_ watcher: inout FileWatcher) throws {
    try store.prepare()
    try watcher.watch(folder: store.directory)
  }

  /// Watches the config file's folder or, while it does not exist yet, its nearest
  /// existing ancestor, so that a config created after start-up is picked up.
  private func watchConfig(_ watcher: inout FileWatcher) {
    configFiles = configSource.watchedFiles
    for file in configFiles {
      var folder = FileSystem.directory(of: file)
      while !FileSystem.exists(folder) && folder != "/" && folder != "." {
        folder = FileSystem.directory(of: folder)
      }
      try? watcher.watch(folder: folder)
    }
  }

  /// Writes a frame if what the bar shows changed; false when stdout is gone.
  func render(_ state: TimerState, now: ClockReading) -> Bool {
    let view = ViewModel(
      state: state, config: config, now: now.instant,
      localSecondOfDay: LocalTime.secondOfDay(wall: now.wall), problem: configProblem)
    guard view != lastView, !hidden else { return true }
    lastView = view
    return write(encoder.frame(view))
  }

  private func write(_ text: String) -> Bool {
    do {
      try output.write(text)
      return true
    } catch {
      return false  // EPIPE: the bar went away
    }
  }
}
