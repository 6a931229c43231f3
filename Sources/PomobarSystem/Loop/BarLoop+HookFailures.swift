/// Hook failures, as the effect runner records them in `hooks.failed`.
extension BarLoop {
  /// Reads `hooks.failed` again (at start and when it changes): a failure shows with ⚠
  /// and its reason in the tooltip until the next action or the hook's next success, and
  /// a failure not seen before is said once on stderr.
  func readHookFailures() {
    let problem = HookFailures.problem(folder: store.directory)
    if let problem, problem != hookProblem { warnings.warn(problem, kind: "hook failed") }
    hookProblem = problem
  }
}
