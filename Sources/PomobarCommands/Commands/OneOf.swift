import PomobarCore

/// A word that must be one of a list of names: the usage error for one that is not,
/// written once for every list of the command line (formats, kinds, ranges, themes,
/// actions, verbs).
enum OneOf {
  /// `unknown WHAT 'given' (did you mean 'x'?); one of: a, b, c` and then `alternative`
  /// (`, or --from DATE --to DATE`); without `suggesting`, no guess.
  static func unknown(
    _ what: String, _ given: String, in names: [String], or alternative: String = "", suggesting: Bool = true
  ) -> String {
    let guess = suggesting ? Spelling.hint(for: given, in: names) : ""
    return
      "unknown \(what) '\(Shown.plain(given))'\(guess); one of: \(names.joined(separator: ", "))\(alternative)"
  }

  /// `unknown` over the raw values of an enum's cases, in their order.
  static func unknown<Choice: CaseIterable & RawRepresentable>(
    _ what: String, _ given: String, in type: Choice.Type, suggesting: Bool = true
  ) -> String where Choice.RawValue == String {
    unknown(what, given, in: names(of: type), suggesting: suggesting)
  }

  static func names<Choice: CaseIterable & RawRepresentable>(of type: Choice.Type) -> [String]
  where Choice.RawValue == String {
    type.allCases.map(\.rawValue)
  }
}

extension ParsedWords {
  /// The case of `Choice` that `given` names, or the command's usage error saying which
  /// `what` it could be.
  func oneOf<Choice: CaseIterable & RawRepresentable>(
    _ what: String, _ given: String, suggesting: Bool = true
  ) throws(UsageError) -> Choice where Choice.RawValue == String {
    guard let choice = Choice(rawValue: given) else {
      throw usage(OneOf.unknown(what, given, in: Choice.self, suggesting: suggesting))
    }
    return choice
  }
}
