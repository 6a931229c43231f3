import PomobarCore

extension CtlArguments {
  /// The words of `ctl task` that are not the task's text.
  enum TaskWord: String, CaseIterable {
    case clear = "--clear"
    case keepProject = "--keep-project"
  }

  /// `ctl task [--keep-project] TEXT` and `ctl task --clear`; nil for `ctl task` alone
  /// (or with only `--keep-project`), which asks the picker.
  static func task(_ arguments: [String]) throws(UsageError) -> Action? {
    let keepProject = arguments.contains(TaskWord.keepProject.rawValue)
    let words = arguments.filter { $0 != TaskWord.keepProject.rawValue }
    if words.contains(TaskWord.clear.rawValue) {
      guard words == [TaskWord.clear.rawValue], !keepProject else {
        throw UsageError(message: "pomobar ctl task --clear: takes nothing else", hint: hint)
      }
      return .task(nil)
    }
    let text = words.joined(separator: " ")
    guard !text.trimmedOfSpaces.isEmpty else { return nil }
    switch TaskRef.check(title: text) {
    case .success(let task): return .task(task, keepProject: keepProject)
    case .failure(let problem): throw UsageError(message: "pomobar ctl task: \(problem)", hint: hint)
    }
  }
}
