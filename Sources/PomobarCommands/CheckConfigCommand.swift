import PomobarCore
import PomobarSystem

/// `pomobar check-config [FILE]`: validate a config and print the effective settings.
public enum CheckConfigCommand {
  public static func run(_ path: String?) -> Int32 {
    let environment = Environment.current()
    let source = ConfigSource(path: path, environment: environment)
    let loaded = source.load(warnings: true)
    for warning in loaded.warnings + missingPrograms(source.path, environment)
      + unplayableSounds(source.path, loaded.config, environment)
    {
      Console.located(warning)
    }
    guard loaded.errors.isEmpty else {
      for error in loaded.errors { Console.located(error) }
      return ExitCode.config
    }
    let file = loaded.missing ? "\(source.path) (absent: defaults)" : source.path
    Console.out("# \(file): OK\n# Effective configuration:\n\n" + ConfigPrinter.toml(loaded.config))
    return ExitCode.success
  }

  /// `check-config --example`: every key with its default and its doc, the text of
  /// `config.example.toml` (`scripts/config-example` writes it there).
  public static func example() -> Int32 {
    Console.out(ConfigExample.text)
    return ExitCode.success
  }

  /// `FILE:LINE:COL: warning: ...` for each sound that could not be played here (no file,
  /// no player); `FILE: warning: ...` for a default sound, which is written nowhere.
  static func unplayableSounds(_ file: String, _ config: Config, _ environment: Environment) -> [String] {
    let problems = SoundPlayer.problems(config.sound, environment: environment)
    guard !problems.isEmpty else { return [] }
    let bytes = (try? FileSystem.readRegularFile(file, limit: ConfigSource.sizeLimit)) ?? nil
    let written = ConfigStrings.find(in: bytes ?? [], table: "sound")
    return problems.map { event, problem in
      let place = written.last { $0.key == event.rawValue }.map {
        "\(file):\($0.position.line):\($0.position.column)"
      }
      return "\(place ?? file): warning: [sound] \(event.rawValue): \(problem)"
    }
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
