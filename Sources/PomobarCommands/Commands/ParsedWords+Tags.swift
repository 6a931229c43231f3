import PomobarCore

extension ParsedWords {
  /// The tags of a repeatable `--tag TAG` option (`+TAG` too), each checked as `TagName`
  /// keeps tags, in order, each once.
  func tags(_ option: String) throws(UsageError) -> [String] {
    let given = (repeated[option] ?? []).map { $0.hasPrefix("+") ? String($0.dropFirst()) : $0 }
    switch TagName.check(given) {
    case .success(let tags): return tags
    case .failure(let problem): throw usage("\(option): \(problem)")
    }
  }

  /// The `--tag` option of `report` and `log`.
  static let tagOption = OptionSpec(
    names: ["--tag", "-t"], arity: .value, placeholder: "TAG", kind: .tag, term: "--tag TAG",
    doc: ["only records with this tag (repeated: with every one)"])
}
