import PomobarCore
import PomobarSystem

/// `pomobar ctl ACTION`: change the shared timer and exit; every bar shows the result.
enum CtlCommand {
  static func run(_ action: Action, _ options: Options) -> Int32 {
    let context = Context.make(options)
    context.warnConfig()
    do {
      let outcome = try context.transact(.action(action), only: nil)
      let (state, now) = (outcome.state, outcome.now)
      if !outcome.acted, let why = action.unchanged(in: state) {
        // Done, as asked, and nothing to do: said, as git says "nothing to commit".
        Console.error(why)
      }
      if let format = options.format {
        var encoder = context.encoder(format)
        let view = ViewModel(state: state, config: context.config, reading: now)
        Console.out(encoder.header() + encoder.frame(view))
      }
      return ExitCode.success
    } catch {
      Console.error("cannot update the timer: \(error)")
      return ExitCode.failure
    }
  }
}
