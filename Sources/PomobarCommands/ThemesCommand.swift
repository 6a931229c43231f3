import PomobarCore
import PomobarSystem

/// `pomobar themes [NAME...] [--format ansi|svg|css] [--mode dark|light]`: every theme's
/// phases as the bar shows them, with their contrast ratios.
public enum ThemesCommand {
  /// What was asked: which themes, how to draw them.
  public struct Request: Equatable {
    enum Format: String, CaseIterable {
      case ansi
      case svg
      case css
    }
    var names: [String] = []
    var format = Format.ansi
    /// Whether `--format` was given (`--format ansi` into a pipe keeps its colour).
    var formatGiven = false
    var mode: ThemeMode? = nil
    var configPath: String? = nil
  }

  public static func run(_ request: Request) -> Int32 {
    let themes = request.names.isEmpty ? Theme.builtIn : request.names.compactMap(Theme.named)
    switch request.format {
    case .ansi:
      let color = Console.colors(Environment.current(), asked: request.formatGiven)
      Console.out(ThemePreview.ansi(themes, color: color))
    case .svg: Console.out(ThemePreview.svg(themes))
    case .css:
      // One theme: the one named, else the config's, in the mode asked, else the config's.
      let config = ConfigSource(path: request.configPath, environment: Environment.current()).load().config
      let theme = themes.count == 1 ? themes[0] : Theme.named(config.display.theme.name) ?? Theme.builtIn[0]
      guard request.names.count <= 1 else {
        Console.usage("pomobar themes: --format css takes one theme\nRun 'pomobar themes --help' for usage.")
        return ExitCode.usage
      }
      Console.out(ThemePreview.css(theme, request.mode ?? config.display.theme.mode))
    }
    return ExitCode.success
  }
}
