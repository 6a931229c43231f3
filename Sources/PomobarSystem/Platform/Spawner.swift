import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Starts child processes: pomobar's own effect runner and notifier directly, and every
/// other program (hooks, sounds, notify-send, the command `--wrap` runs) for `ChildProcess`.
///
/// A child gets `/dev/null` on stdin, `output` (or `/dev/null`) on stdout and stderr,
/// never the bar's protocol stream or its stderr, no other descriptor of ours, a clean
/// signal mask and default signal dispositions. A wrapped status command is an
/// exception: it gets pipes of its own on stdin and stdout, and pomobar's stderr; so is an
/// editor (`TerminalProgram`), which gets the terminal.
public enum Spawner {
  /// Where a child stands among processes.
  public enum Detach {
    /// A session of its own: a bar that signals or kills its process group (i3bar does)
    /// does not reach it, and it has no controlling terminal.
    case newSession
    /// A process group of its own, so that it and everything it starts can be killed
    /// together (`kill(-pid, …)`).
    case newGroup
    /// Ours: our process group, session and terminal, for a program a person works in
    /// (an editor), which must be in the terminal's foreground group to read from it.
    case attached
  }

  /// Lets the kernel reap finished children, so none is left a zombie.
  public static func reapChildrenAutomatically() {
    _ = pomobar_reap_children_automatically()
  }

  /// Undoes `reapChildrenAutomatically()`, for a process that waits for its children.
  public static func waitForChildren() {
    _ = pomobar_wait_for_children()
  }

  /// Runs `arguments` (the program looked up in `PATH` unless `executable` is given),
  /// adding `environment` to ours; returns the child's pid.
  ///
  /// `input` becomes the child's stdin (default `/dev/null`); with `keepStandardError`,
  /// its stderr is ours rather than a copy of its stdout.
  ///
  /// posix_spawn returns once the child has called `exec`, so a program that does not
  /// exist is an error here, not a silent child exiting 127.
  @discardableResult
  public static func spawn(
    _ arguments: [String], executable: String? = nil, environment: [(String, String)] = [],
    input: FileDescriptor? = nil, output: FileDescriptor? = nil, keepStandardError: Bool = false,
    detach: Detach
  ) throws(SystemError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    if !keepStandardError { posix_spawn_file_actions_adddup2(&actions, 1, 2) }
    _ = pomobar_spawn_add_closefrom(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    switch detach {
    case .newSession: flags |= pomobar_POSIX_SPAWN_SETSID
    case .newGroup:
      flags |= Int16(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    case .attached: break
    }
    posix_spawnattr_setflags(&attributes, flags)

    let env = Environment.childEnvironment(environment)
    var pid = pid_t()
    let status = withCStrings(arguments) { argv in
      withCStrings(env) { envp in
        if let executable {
          return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        return posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
      }
    }
    if status != 0 { throw SystemError("posix_spawn", errno: status, path: executable ?? arguments[0]) }
    return pid
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
