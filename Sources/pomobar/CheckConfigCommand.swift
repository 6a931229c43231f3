import PomobarCore
import PomobarSystem

/// `pomobar check-config [FILE]`: validate a config and print the effective settings.
enum CheckConfigCommand {
  static func run(_ path: String?) -> Int32 {
    let environment = Environment.current()
    let source = ConfigSource(path: path, environment: environment)
    let loaded = source.load()
    for warning in missingPrograms(source.path, environment) { Console.located(warning) }
    guard loaded.errors.isEmpty else {
      for error in loaded.errors { Console.located(error) }
      return ExitCode.config
    }
    let file = loaded.missing ? "\(source.path) (absent: defaults)" : source.path
    Console.out("# \(file): OK\n# Effective configuration:\n\n" + ConfigPrinter.toml(loaded.config))
    return ExitCode.success
  }

  /// `FILE:LINE:COL: warning: ...` for each hook whose program is not on `PATH`: not an
  /// error (the bar may run with another `PATH`, or the program be installed later), but
  /// the hook would fail with exit 127.
  static func missingPrograms(_ file: String, _ environment: Environment) -> [String] {
    guard let bytes = try? FileSystem.readRegularFile(file, limit: ConfigSource.sizeLimit) else { return [] }
    return HookPrograms.uses(in: bytes).compactMap { use in
      guard ProgramPath.find(use.program, path: environment["PATH"]) == nil else { return nil }
      let place = "\(file):\(use.position.line):\(use.position.column)"
      let problem = use.program.contains("/") ? "is not an executable file" : "is not on PATH"
      return "\(place): warning: [hooks] \(use.event) runs '\(Shown.plain(use.program))', which \(problem)"
    }
  }
}
