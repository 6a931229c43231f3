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

  /// Loads the config, whatever is wrong with it: `acceptConfig` says what to do about that.
  static func make(_ options: Options) -> Context {
    let environment = Environment.current()
    let source = ConfigSource(path: options.configPath, environment: environment)
    let store = StateStore(
      directory: environment.stateDirectory, clock: SystemClock(environment: environment),
      warn: Console.warn)
    return Context(environment: environment, configSource: source, loaded: source.load(), store: store)
  }

  /// Prints the config's mistakes, `FILE:LINE:COL: message` each: as errors, returning
  /// false, when one is in `tables` (what the command was asked to do); otherwise as
  /// warnings, and the command goes on with every valid setting.
  func acceptConfig(fatalIn tables: [String]) -> Bool {
    let fatal = loaded.hasErrors(in: tables)
    for error in loaded.errors {
      if fatal { Console.error(error) } else { Console.warn(error) }
    }
    return !fatal
  }

  /// This binary, for the click commands of formats that write them (polybar); "pomobar",
  /// found on `PATH`, when the binary is gone.
  var command: String { FileSystem.executablePath ?? "pomobar" }

  /// Applies `event` to the shared state, runs its effects, and returns the new state.
  func transact(_ event: Event?) throws -> (TimerState, ClockReading) {
    try store.prepare()
    let outcome = try store.transact(event, settings: config.timer)
    EffectRunner(config: config, warn: Console.warn).run(outcome.effects, state: outcome.state)
    return (outcome.state, outcome.now)
  }
}
