import PomobarCore
import PomobarSystem

/// `pomobar status`: print the current state once, for polling bars and scripts.
enum StatusCommand {
  static func run(_ options: Options) -> Int32 {
    guard let context = Context.make(options) else { return ExitCode.config }
    let now = context.store.now()
    var (state, stale) = context.store.view(at: now)
    if stale {
      // An overdue transition (nobody was running at the deadline) happens here, once.
      do {
        (state, _) = try context.transact(nil)
      } catch {
        Console.warn("cannot update the timer: \(error)")
      }
    }
    var encoder = makeEncoder(options.format ?? .plain)
    let view = ViewModel(
      state: state, config: context.config, now: now.instant,
      localSecondOfDay: LocalTime.secondOfDay(wall: now.wall))
    let frame = encoder.frame(view)
    Console.out(encoder.header() + (frame.hasSuffix("\n") ? frame : frame + "\n"))
    return ExitCode.success
  }
}
