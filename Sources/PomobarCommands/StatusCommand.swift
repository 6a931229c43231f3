import PomobarCore
import PomobarSystem

/// `pomobar status`: print the current state once, for polling bars and scripts.
public enum StatusCommand {
  public static func run(_ options: Options) -> Int32 {
    let context = Context.make(options)
    let format = options.format ?? .plain
    context.warnConfig()
    var now = context.store.now()
    var (state, stale) = context.store.view(at: now)
    var problem: String? = nil
    let click = blockClick(format, context)
    let counts = TargetView.needsCount(state, context.config, now: now, zone: LocalZone.offset(atUTC:))
    if click != nil || stale || counts {
      // A click, as a click in the bar: the same transaction as `pomobar ctl`; or an
      // overdue transition (nobody was running at the deadline), which happens here, once;
      // or the week's earlier days to count for `{balance}`, once a day.
      do {
        (state, now) = try context.transact(click.map { .action($0) })
      } catch {
        Console.warn("cannot save the timer: \(error)")
        problem = "cannot save the timer: \(error)"
        // Shown as every copy computes it, until the state can be saved.
        if let document = context.store.peek() {
          state =
            document.caughtUp(to: now, settings: context.config.timer, ledger: context.config.ledger)
            .machine.state
        }
      }
    }
    var encoder = context.encoder(format)
    encoder.resize(width: FileDescriptor.standardOutput.terminalWidth)
    let view = ViewModel(
      state: state, config: context.config, reading: now,
      problem: [context.loaded.problem, problem, EffectFailures.problem(folder: context.store.directory)]
        .compactMap { $0 }.first, figures: figures(context, state: state, now: now))
    let frame = encoder.frame(view)
    Console.out(encoder.header() + (frame.hasSuffix("\n") ? frame : frame + "\n"))
    return ExitCode.success
  }

  /// The history's figures when a text shows `{budget}`, `{unbilled}` or `{task-progress}`
  /// (a polling bar has no loop to keep them folded: read once per call); nil otherwise.
  static func figures(_ context: Context, state: TimerState, now: ClockReading) -> HistoryFigures? {
    let shown = context.config.format.placeholders
    guard shown.contains(where: { [.budget, .unbilled, .taskProgress].contains($0) }) else { return nil }
    let (day, began) = Ledger(zone: LocalZone.offset(atUTC:), now: now, dayStart: context.config.ledger.dayStart).today
    let request = HistoryFigures.Request(
      day: day, dayBegan: began, base: state.ledger.today, owed: context.store.peek()?.owed ?? [],
      task: HistoryFigures.task(state, context.config))
    return context.history.figures(request, config: context.config)
  }

  /// The click map's action when i3blocks ran this command for a click; nil otherwise.
  ///
  /// i3blocks runs a polled block's command again for each click, with `BLOCK_BUTTON` set to
  /// the button (1-5); only `--format i3blocks` reads it, so the variable left in the
  /// environment of a shell started from a block changes nothing elsewhere.
  static func blockClick(_ format: OutputFormat, _ context: Context) -> Action? {
    guard format == .i3blocks,
      let button = context.environment["BLOCK_BUTTON"].flatMap({ Int($0) }).flatMap(MouseButton.init(rawValue:)),
      let action = context.config.clicks.action(for: button), action != .none
    else { return nil }
    return action
  }
}
