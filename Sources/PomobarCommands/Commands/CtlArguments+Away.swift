import PomobarCore

extension CtlArguments {
  /// `away-was work|discard|break`, and `away-was work NAME [+TAG...]` for work on another
  /// project than the clock's.
  static func awayWas(_ arguments: [String]) throws(UsageError) -> Action {
    let answers = AwayAnswer.allCases.map(\.rawValue)
    guard let first = arguments.first, let answer = AwayAnswer(rawValue: first) else {
      let given = arguments.first ?? ""
      let got = given.isEmpty ? "" : ", not '\(Shown.plain(given))'\(Spelling.hint(for: given, in: answers))"
      let say = "say \(answers.joined(separator: ", "))\(got)"
      throw UsageError(message: "pomobar ctl away-was: \(say): pomobar ctl away-was work", hint: hint)
    }
    let rest = Array(arguments.dropFirst())
    guard !rest.isEmpty else { return .awayWas(answer) }
    guard answer == .work else {
      throw UsageError(
        message: "pomobar ctl away-was \(first): takes no project; work does: pomobar ctl away-was work web",
        hint: hint)
    }
    let (words, tags) = try projectWords(rest)
    let name = words.joined(separator: " ").trimmedOfSpaces
    guard !name.isEmpty else {
      throw UsageError(
        message: "pomobar ctl away-was work: tags go after a project name: away-was work web +billable",
        hint: hint)
    }
    switch ProjectName.check(name) {
    case .success(let name): return .awayWas(.work, project: AwayProject(name: name, tags: tags))
    case .failure(let problem): throw UsageError(message: "pomobar ctl away-was work: \(problem)", hint: hint)
    }
  }
}
