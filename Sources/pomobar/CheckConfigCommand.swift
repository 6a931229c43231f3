import PomobarCore
import PomobarSystem

/// `pomobar check-config [FILE]`: validate a config and print the effective settings.
enum CheckConfigCommand {
  static func run(_ path: String?) -> Int32 {
    let source = ConfigSource(path: path, environment: Environment.current())
    let loaded = source.load()
    for warning in loaded.warnings { Console.located(warning) }
    guard loaded.errors.isEmpty else {
      for error in loaded.errors { Console.located(error) }
      return ExitCode.config
    }
    let file = loaded.missing ? "\(source.path) (absent: defaults)" : source.path
    Console.out("# \(file): OK\n# Effective configuration:\n\n" + ConfigPrinter.toml(loaded.config))
    return ExitCode.success
  }
}
