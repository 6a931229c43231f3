import PomobarCore
import PomobarSystem

/// `pomobar status`: print the current state once, for polling bars and scripts.
enum StatusCommand {
  static func run(_ options: Options) -> Int32 {
    let context = Context.make(options)
    let format = options.format ?? .plain
    // A click from i3blocks is a transition, through [clicks]: mistakes there refuse it.
    let click = format == .i3blocks && context.environment["BLOCK_BUTTON"] != nil
    guard context.acceptConfig(fatalIn: click ? ["timer", "suspend", "clicks"] : []) else {
      return ExitCode.config
    }
    var now = context.store.now()
    var (state, stale) = context.store.view(at: now)
    if let action = blockClick(format, context) {
      // A click, as a click in the bar: the same transaction as `pomobar ctl`.
      do {
        (state, now) = try context.transact(.action(action))
      } catch {
        Console.warn("cannot update the timer: \(error)")
      }
    } else if stale {
      // An overdue transition (nobody was running at the deadline) happens here, once.
      do {
        (state, _) = try context.transact(nil)
      } catch {
        Console.warn("cannot update the timer: \(error)")
      }
    }
    var encoder = makeEncoder(format, command: context.command)
    let view = ViewModel(
      state: state, config: context.config, now: now.instant,
      localSecondOfDay: LocalTime.secondOfDay(wall: now.wall), problem: context.loaded.problem)
    let frame = encoder.frame(view)
    Console.out(encoder.header() + (frame.hasSuffix("\n") ? frame : frame + "\n"))
    return ExitCode.success
  }

  /// The click map's action when i3blocks ran this command for a click; nil otherwise.
  ///
  /// i3blocks runs a polled block's command again for each click, with `BLOCK_BUTTON` set to
  /// the button (1-5); only `--format i3blocks` reads it, so the variable left in the
  /// environment of a shell started from a block changes nothing elsewhere.
  static func blockClick(_ format: OutputFormat, _ context: Context) -> Action? {
    guard format == .i3blocks, let button = context.environment["BLOCK_BUTTON"].flatMap({ Int($0) }),
      let action = context.config.clicks.action(forButton: button), action != .none
    else { return nil }
    return action
  }
}
