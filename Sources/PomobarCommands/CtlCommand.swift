import PomobarCore
import PomobarSystem

/// `pomobar ctl ACTION`: change the shared timer and exit; every bar shows the result.
public enum CtlCommand {
  public static func run(_ action: Action, _ options: Options) -> Int32 {
    // `ctl pick-task`, the click action's spelling, is `ctl task` alone: the picker.
    if action == .pickTask { return TaskCommand.pick(options, keepProject: false) }
    let context = Context.make(options)
    context.warnConfig()
    let warnOfNearName = nearNameWarning(action, context)
    do {
      let outcome = try context.transact([.action(action)])
      warnOfNearName()
      let (state, now) = (outcome.state, outcome.now)
      if !outcome.acted, let why = action.unchanged(in: state) {
        // Done, as asked, and nothing to do: said, as git says "nothing to commit".
        Console.error(why)
      }
      show(state, at: now, context, options)
      return ExitCode.success
    } catch {
      Console.error("cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }

  /// With `--format`, the state after the action as that bar shows it.
  static func show(_ state: TimerState, at now: ClockReading, _ context: Context, _ options: Options) {
    guard let format = options.format else { return }
    var encoder = context.encoder(format)
    let view = ViewModel(state: state, config: context.config, reading: now)
    Console.out(encoder.header() + encoder.frame(view))
  }

  /// For `project NAME`: the names known before the action makes a new one known, and what
  /// says, after it, whether NAME is near one of them (`new project 'Api' (did you mean
  /// 'api'?)`): a read of the history never delays the action.
  static func nearNameWarning(_ action: Action, _ context: Context) -> () -> Void {
    guard case .project(let name?, _) = action else { return {} }
    let known = KnownProjects.recent(context)
    return {
      if let warning = KnownProjects.nearWarning(name, context, recent: known) { Console.error(warning) }
    }
  }
}
