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

  /// This binary, for the click commands of formats that write them (polybar); "pomobar",
  /// found on `PATH`, when the binary is gone.
  var command: String { FileSystem.executablePath ?? "pomobar" }

  /// Applies `event` to the shared state, starts its effects, and returns the new state.
  func transact(_ event: Event?) throws -> (TimerState, ClockReading) {
    try store.prepare()
    let runner = EffectRunner(config: config, logFolder: store.directory)
    let outcome = try store.transact(event, settings: config.timer) { try runner.start($0) }
    return (outcome.state, outcome.now)
  }
}
