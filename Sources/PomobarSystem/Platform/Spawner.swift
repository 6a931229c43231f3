import CLinux

#if canImport(Glibc)
  import Glibc
#endif

/// Starts child processes that run on their own: hooks and notifications.
///
/// The child gets `/dev/null` for stdin and our stderr for stdout (never stdout, which is
/// the bar's protocol stream), a clean signal mask and default dispositions, and is not
/// waited for: `SIGCHLD` is set to be reaped automatically.
public enum Spawner {
  /// Lets the kernel reap finished children, so none is left a zombie.
  public static func reapChildrenAutomatically() {
    _ = pomobar_reap_children_automatically()
  }

  /// Runs `arguments[0]` (looked up in PATH) with `arguments`, adding `environment`.
  public static func spawn(_ arguments: [String], environment: [(String, String)] = []) throws(SystemError) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | pomobar_POSIX_SPAWN_SETSID)

    let env = Environment.childEnvironment(environment)

    var pid = pid_t()
    let status = withCStrings(arguments) { argv in
      withCStrings(env) { envp in
        posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
      }
    }
    if status != 0 { throw SystemError("posix_spawn", errno: status, path: arguments[0]) }
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
