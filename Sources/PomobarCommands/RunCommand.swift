import PomobarCore
import PomobarSystem

/// `pomobar [run]`: the long-running bar process.
public enum RunCommand {
  public static func run(_ options: Options) -> Int32 {
    let context = Context.make(options, keepingLastGood: false)  // the loop keeps it
    context.warnConfig()  // a bar never goes blank: it shows ⚠ instead
    let format =
      options.format ?? (options.wrap == nil && FileDescriptor.standardOutput.isTerminal ? .tty : .i3bar)
    // `--wrap`, or `[wrap] command` for a bar that speaks the i3bar protocol.
    let wrap = options.wrap ?? (format == .i3bar ? context.config.wrap.command : nil)
    let input: InputMode
    switch format {
    case .i3bar: input = .clicks
    case .tty: input = FileDescriptor.standardInput.isTerminal ? .keys : .none
    case .waybar, .polybar, .i3blocks, .plain, .tmux, .json, .yambar: input = .none
    }
    do {
      let loop = try BarLoop(
        store: context.store, configSource: context.configSource, config: context.config,
        configProblem: context.loaded.problem,
        encoder: context.encoder(format, interactive: input == .keys), input: input,
        warnings: Console.warnings, wrap: wrap, unkept: context.loaded)
      return try loop.run()
    } catch {
      Console.error("\(error)")
      return ExitCode.failure
    }
  }
}
