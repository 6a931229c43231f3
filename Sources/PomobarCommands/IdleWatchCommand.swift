import PomobarCore
import PomobarSystem

/// `pomobar idle-watch`: away when input stops, for bars with no running process.
public enum IdleWatchCommand {
  public static func run(after: Duration?, configPath: String?) -> Int32 {
    let context = Context.make(Options(configPath: configPath))
    context.warnConfig()
    let loop = IdleWatchLoop(
      store: context.store, configSource: context.configSource, loaded: context.loaded, after: after,
      warnings: Console.warnings)
    do {
      try loop.run()
      return ExitCode.success
    } catch IdleWatchLoop.Failure.off {
      Console.error(
        "idle-watch: [idle] after is false in \(context.configSource.path): set it (after = \"5m\") "
          + "or give --after 5m")
      return ExitCode.config
    } catch IdleWatchLoop.Failure.unavailable(let problem) {
      // The watch's reasons begin with "idle: ", which this command's name says already.
      Console.error("idle-watch: " + (problem.hasPrefix("idle: ") ? String(problem.dropFirst(6)) : problem))
      return ExitCode.unavailable
    } catch IdleWatchLoop.Failure.lost(let problem) {
      Console.error("idle-watch: \(problem)")
      return ExitCode.failure
    } catch {
      Console.error("idle-watch: \(error)")
      return ExitCode.failure
    }
  }
}
