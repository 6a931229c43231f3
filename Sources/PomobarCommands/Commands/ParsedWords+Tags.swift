import PomobarCore

extension ParsedWords {
  /// The tags of a repeatable `--tag TAG` option (`+TAG` too), each checked as `TagName`
  /// keeps tags, in order, each once.
  func tags(_ option: OptionSpec) throws(UsageError) -> [String] {
    let given = all(option).map { $0.hasPrefix("+") ? String($0.dropFirst()) : $0 }
    switch TagName.check(given) {
    case .success(let tags): return tags
    case .failure(let problem): throw usage("\(option.key): \(problem)")
    }
  }
}
