#if canImport(Glibc)
  import Glibc
#endif

/// Finds programs as `execvp` would: a name with a slash is a path; any other is looked
/// up in each folder of `PATH`.
public enum ProgramPath {
  /// The executable `name` resolves to, or nil when there is none.
  public static func find(_ name: String, path: String?) -> String? {
    if name.contains("/") { return isExecutable(name) ? name : nil }
    let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(
      separator: ":", omittingEmptySubsequences: false)
    for folder in folders {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
      if isExecutable(candidate) { return candidate }
    }
    return nil
  }

  /// A regular file this user may execute.
  static func isExecutable(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
  }
}
