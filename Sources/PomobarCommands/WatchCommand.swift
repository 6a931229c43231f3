import PomobarCore
import PomobarSystem

/// `pomobar watch`: the timer as one JSON line per change, for desktop shells' widgets.
///
/// A bar's loop with the watch's encoder and no input: it learns of changes the way every
/// bar does (inotify on the state folder and the config) and wakes by itself only when
/// something but time changes (`TickPlan.changes`), performing a phase's end at its
/// deadline as any running copy would. stdout never blocks it: a reader that stops
/// reading costs one waiting line (the newest), and a reader gone ends it with status 0.
public enum WatchCommand {
  public static func run(_ options: Options) -> Int32 {
    let context = Context.make(options)
    context.warnConfig()  // and shown in `problem`
    do {
      let loop = try BarLoop(
        store: context.store, configSource: context.configSource, config: context.config,
        configProblem: context.loaded.problem, encoder: WatchEncoder(), input: .none,
        warnings: Console.warnings)
      return try loop.run()
    } catch {
      Console.error("\(error)")
      return ExitCode.failure
    }
  }
}
