import PomobarCore
import PomobarSystem

/// `pomobar check-config [FILE]`: validate a config and print the effective settings.
enum CheckConfigCommand {
  static func run(_ path: String?) -> Int32 {
    let source = ConfigSource(path: path, environment: Environment.current())
    switch source.load() {
    case .failure(let error):
      Console.error(error.description)
      return ExitCode.config
    case .success(let config):
      let file = FileSystem.exists(source.path) ? source.path : "\(source.path) (absent: defaults)"
      Console.out("# \(file): OK\n# Effective configuration:\n\n" + ConfigPrinter.toml(config))
      return ExitCode.success
    }
  }
}
