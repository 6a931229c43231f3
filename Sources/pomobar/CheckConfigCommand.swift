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
      let where_ = FileSystem.exists(source.path) ? source.path : "\(source.path) (absent: defaults)"
      Console.out("# \(where_): OK\n# Effective configuration:\n\n" + ConfigPrinter.toml(config))
      return ExitCode.success
    }
  }
}
