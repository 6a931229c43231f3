import PomobarSystem

/// Messages for a person: errors and warnings on stderr, never into the bar stream.
public enum Console {
  /// Whether to write colour escapes: on a terminal (or when `asked`, as `--format ansi`
  /// does), never with `NO_COLOR` set to anything but nothing (no-color.org).
  static func colors(_ environment: Environment, asked: Bool = false) -> Bool {
    (asked || FileDescriptor.standardOutput.isTerminal) && (environment["NO_COLOR"] ?? "").isEmpty
  }

  static func error(_ message: String) {
    try? FileDescriptor.standardError.write("pomobar: \(message)\n")
  }

  /// A usage error, which already names the command.
  public static func usage(_ message: String) {
    try? FileDescriptor.standardError.write("\(message)\n")
  }

  /// Warnings, at most one line per kind of problem per minute, never blocking.
  /// (pomobar has one thread.)
  nonisolated(unsafe) static let warnings = Warnings()

  static func warn(_ message: String) { warnings.warn(message) }

  /// A line that names its own place, as compilers print them (`FILE:LINE:COL: message`),
  /// so editors and `grep`-style tools can jump to it.
  static func located(_ message: String) {
    try? FileDescriptor.standardError.write("\(message)\n")
  }

  static func out(_ text: String) {
    try? FileDescriptor.standardOutput.write(text)
  }
}
