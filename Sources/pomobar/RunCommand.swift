import PomobarCore
import PomobarSystem

/// `pomobar [run]`: the long-running bar process.
enum RunCommand {
  static func run(_ options: Options) -> Int32 {
    let context = Context.make(options)
    _ = context.acceptConfig(fatalIn: [])  // a bar never goes blank: it shows ⚠ instead
    let format = options.format ?? (FileDescriptor.standardOutput.isTerminal ? .tty : .i3bar)
    let input: InputMode
    switch format {
    case .i3bar: input = .clicks
    case .tty: input = FileDescriptor.standardInput.isTerminal ? .keys : .none
    case .waybar, .polybar, .i3blocks, .plain, .tmux, .json: input = .none
    }
    let loop = BarLoop(
      store: context.store, configSource: context.configSource, config: context.config,
      configProblem: context.loaded.problem,
      encoder: context.encoder(format, interactive: input == .keys), input: input,
      warnings: Console.warnings)
    do {
      return try loop.run()
    } catch {
      Console.error("\(error)")
      return ExitCode.failure
    }
  }
}
