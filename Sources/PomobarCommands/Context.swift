import PomobarCore
import PomobarSystem

/// What every command needs: the environment, the config and the shared state.
struct Context {
  let environment: Environment
  let configSource: ConfigSource
  /// The config with every valid setting of the file, and what was wrong with it.
  let loaded: ConfigSource.Loaded
  let store: StateStore

  var config: Config { loaded.config }

  /// `make` for a command that reads the history: the records the state still owes it
  /// count as written.
  static func reading(_ options: Options) -> Context {
    let context = make(options)
    context.history.pending = context.store.peek()?.owed ?? []
    return context
  }

  /// Loads the config, whatever is wrong with it: `warnConfig` says what is wrong.
  /// `keepingLastGood: false`: the caller keeps a good file (`ConfigSource.keepLastGood`).
  static func make(_ options: Options, keepingLastGood: Bool = true) -> Context {
    let environment = Environment.current()
    let source = ConfigSource(path: options.configPath, environment: environment)
    let history = HistoryStore(
      directory: environment.historyDirectory,
      machine: MachineID.current(stateDirectory: environment.stateDirectory), warn: { Console.warn($0) })
    history.indexPath = environment.stateFolder.historyIndex
    let store = StateStore(
      directory: environment.stateDirectory, clock: SystemClock(environment: environment),
      history: history, warn: { Console.warn($0) })
    return Context(
      environment: environment, configSource: source, loaded: source.load(keepingLastGood: keepingLastGood),
      store: store)
  }

  /// The history (`$XDG_DATA_HOME/pomobar/history`), this machine's files named by its id.
  var history: HistoryStore {
    store.history
      ?? HistoryStore(
        directory: environment.historyDirectory, machine: "", warn: { Console.warn($0) })
  }

  /// Prints the config's mistakes as warnings, `FILE:LINE:COL: message` each, and what the
  /// broken settings are instead: the command goes on with every valid setting (a
  /// keybinding never dies of a typo; the bar shows ⚠ meanwhile).
  func warnConfig() {
    for error in loaded.errors { Console.warn(error) }
    if let note = loaded.fallbackNote { Console.warn(note) }
  }

  /// An encoder for `format`. Formats whose clicks are commands written into each frame
  /// (polybar) run this binary ("pomobar" from `PATH` when the file is gone), with the
  /// config this copy uses: a click acts with the bar's own settings.
  func encoder(_ format: OutputFormat, interactive: Bool = false) -> any BarEncoder {
    let options = configSource.explicitPath.map { ["--config", $0] } ?? []
    return makeEncoder(
      format, command: FileSystem.executablePath ?? "pomobar", ctlOptions: options,
      interactive: interactive)
  }

  /// Applies `event` to the shared state, starts its effects, and returns the new state.
  func transact(_ event: Event?) throws -> (TimerState, ClockReading) {
    let outcome = try transact(event.map { [$0] } ?? [])
    return (outcome.state, outcome.now)
  }

  /// Applies `events` with this copy's settings, and what `adjust` adds to the request
  /// (`only`, `recountToday`, `renaming`, `decide`: see `TransitionRequest`).
  func transact(
    _ events: [Event], _ adjust: (inout TransitionRequest) -> Void = { _ in }
  ) throws -> StateStore.Outcome {
    try store.prepare()
    let runner = EffectRunner(
      config: config, logFolder: store.directory, configPath: configSource.explicitPath)
    var request = TransitionRequest(events, settings: config.timer, ledger: config.ledger)
    adjust(&request)
    return try store.transact(request) { try runner.start($0, commit: $1, now: store.now()) }
  }

}
