import PomobarCore
import PomobarSystem

/// What every command needs: the environment, the config and the shared state.
struct Context {
  let environment: Environment
  let configSource: ConfigSource
  let config: Config
  let store: StateStore

  /// Loads the config; on error prints `file:line:col: message` and returns nil.
  static func make(_ options: Options) -> Context? {
    let environment = Environment.current()
    let source = ConfigSource(path: options.configPath, environment: environment)
    switch source.load() {
    case .failure(let error):
      Console.error(error.description)
      return nil
    case .success(let config):
      let store = StateStore(
        directory: environment.stateDirectory, clock: SystemClock(environment: environment),
        warn: { Console.warn($0) })
      return Context(environment: environment, configSource: source, config: config, store: store)
    }
  }

  /// An encoder for `format`. Formats whose clicks are commands written into each frame
  /// (polybar) run this binary ("pomobar" from `PATH` when the file is gone), with the
  /// config this copy uses: a click acts with the bar's own settings.
  func encoder(_ format: OutputFormat, interactive: Bool = false) -> any BarEncoder {
    var options: [String] = []
    if configSource.explicit {
      let path = configSource.path
      options = ["--config", path.utf8.first == UInt8(ascii: "/") ? path : FileSystem.currentDirectory + "/" + path]
    }
    return makeEncoder(
      format, command: FileSystem.executablePath ?? "pomobar", ctlOptions: options,
      interactive: interactive)
  }

  /// Applies `event` to the shared state, starts its effects, and returns the new state.
  func transact(_ event: Event?) throws -> (TimerState, ClockReading) {
    try store.prepare()
    let runner = EffectRunner(config: config, logFolder: store.directory)
    let outcome = try store.transact(event.map { [$0] } ?? [], settings: config.timer) {
      try runner.start($0)
    }
    return (outcome.state, outcome.now)
  }
}
