import PomobarSystem

/// Messages for a person: errors and warnings on stderr, never into the bar stream.
enum Console {
  static func error(_ message: String) {
    try? FileDescriptor.standardError.write("pomobar: \(message)\n")
  }

  /// A usage error, which already names the command.
  static func usage(_ message: String) {
    try? FileDescriptor.standardError.write("\(message)\n")
  }

  /// A line that names its own place, as compilers print them (`FILE:LINE:COL: message`),
  /// so editors and `grep`-style tools can jump to it.
  static func located(_ message: String) {
    try? FileDescriptor.standardError.write("\(message)\n")
  }

  static func warn(_ message: String) {
    try? FileDescriptor.standardError.write("pomobar: warning: \(message)\n")
  }

  static func out(_ text: String) {
    try? FileDescriptor.standardOutput.write(text)
  }
}
