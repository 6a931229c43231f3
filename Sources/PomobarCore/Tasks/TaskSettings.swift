/// `[tasks]`: where the task of a focus is picked from, how, and whether it is written back.
public struct TaskSettings: Equatable, Sendable {
  /// Where tasks come from.
  public enum Source: String, CaseIterable, Sendable {
    /// No source: `ctl task TEXT` only.
    case none
    /// Taskwarrior's pending tasks, most urgent first (`task export`).
    case taskwarrior
    /// A todo.txt file (`file`), `(A)` priorities first, done lines left out.
    case todoTxt = "todo.txt"
    /// Any command printing one task per line (`command`).
    case command
  }

  public var source = Source.none
  /// The todo.txt file; `~/` is the home folder.
  public var file = "~/todo.txt"
  /// The command of `source = "command"`: a shell command line, run with `sh -c`.
  public var command: String? = nil
  /// The dmenu-style picker: lines in on stdin, the choice out on stdout; nil: the first
  /// found (`TaskPicker.candidates`).
  public var picker: [String]? = nil
  /// Whether the task of a focus is written back to its source when the focus starts and ends.
  public var writeBack = true
  /// With `source = "command"`: a shell command run at a focus's start and end, with the
  /// task and the focus in its environment; nil: none.
  public var writeBackCommand: String? = nil
  /// How long reading the source may take: a source that hangs is stopped then.
  public static let readTimeout: Duration = .seconds(5)

  public init() {}
}
