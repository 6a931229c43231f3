#if canImport(Glibc)
  import Glibc
#endif

/// A program a person works in on pomobar's terminal, such as `$EDITOR`: it gets our
/// stdin, stdout and stderr, stays in our process group (the terminal's foreground, so it
/// may read from it), and we wait for it to end.
///
/// While it runs, SIGINT and SIGQUIT are ignored here, as `git commit` does: a Ctrl-C
/// meant for the editor must not end pomobar and lose what was typed. The child gets
/// default dispositions (`Spawner`).
public enum TerminalProgram {
  /// Runs `command` through `/bin/sh -c` with `arguments` after it, as git runs
  /// `$EDITOR` (so `EDITOR="code --wait"` works), and returns its exit status as a
  /// shell says it (128 + N for a signal).
  public static func run(shell command: String, arguments: [String]) throws(SystemError) -> Int32 {
    let pid = try Spawner.spawn(
      ["/bin/sh", "-c", command + " \"$@\"", command] + arguments, executable: "/bin/sh",
      input: .standardInput, output: .standardOutput, keepStandardError: true, detach: .attached)
    let interrupt = signal(SIGINT, SIG_IGN)
    let quit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGINT, interrupt)
      signal(SIGQUIT, quit)
    }
    var status: Int32 = 0
    _ = try retrying("waitpid") { waitpid(pid, &status, 0) }
    return ExitStatus(waitStatus: status).code
  }
}
