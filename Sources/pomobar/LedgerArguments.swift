import PomobarCore

/// The ledger's commands: export, import, log, track, history, project.
enum LedgerCommand: Equatable {
  case export(RangeArgument, ExchangeFormat)
  case importFile(String, ExchangeFormat?)
  case log(RangeArgument)
  /// `track [DAY] FROM TO [PROJECT] [--note TEXT]`.
  case track(day: String?, from: String, to: String, project: String?, note: String?)
  case historyRemove(String)
  case historyAmend(String, project: String)
  case historyReset(before: CivilTime.Date?, yes: Bool)
  case historyUndo(String?)
  case projectRename(String, String)
  case projectDelete(String, yes: Bool)
}

/// A range as given: a name (`month`), or `--from`/`--to` dates.
enum RangeArgument: Equatable {
  case named(String)
  case dates(CivilTime.Date?, CivilTime.Date?)

  /// The days it covers, as of `today`.
  func resolve(today: CivilTime.Date) -> LedgerRange {
    switch self {
    case .named(let name): return LedgerRange(named: name, today: today) ?? .all
    case .dates(let first, let last): return LedgerRange(first: first, last: last)
    }
  }
}

/// Parses the ledger commands' words (after the command name).
enum LedgerArguments {
  static let commands = ["export", "import", "log", "track", "history", "project"]

  static func parse(_ command: String, _ words: [String]) throws(UsageError) -> LedgerCommand {
    let (flags, rest) = try split(command, words)
    func usage(_ message: String) -> UsageError {
      UsageError(
        message: "pomobar \(command): \(message)", hint: "Run 'pomobar \(command) --help' for usage.")
    }
    func only(_ allowed: [String]) throws(UsageError) {
      if let extra = flags.keys.sorted().first(where: { !allowed.contains($0) }) {
        throw usage("unknown option '\(Shown.plain(extra))'")
      }
    }
    func count(_ range: ClosedRange<Int>) throws(UsageError) {
      if rest.count > range.upperBound {
        throw usage("unexpected argument '\(Shown.plain(rest[range.upperBound]))'")
      }
      if rest.count < range.lowerBound { throw usage("missing arguments") }
    }
    func yes() -> Bool { flags["--yes"] != nil }
    switch command {
    case "export":
      try only(["--format", "--from", "--to"])
      try count(0...1)
      guard let name = flags["--format"] else {
        throw usage("which --format? One of: \(ExchangeFormat.names.joined(separator: ", "))")
      }
      return .export(try range(rest.first, flags, usage), try format(name, usage))
    case "log":
      try only(["--from", "--to"])
      try count(0...1)
      return .log(try range(rest.first, flags, usage))
    case "import":
      try only(["--from"])
      try count(1...1)
      return .importFile(
        rest[0], try flags["--from"].map { name throws(UsageError) in try format(name, usage) })
    case "track":
      try only(["--note"])
      try count(2...4)
      var words = rest[...]
      var day: String? = nil
      if let first = words.first, first == "today" || first == "yesterday" || first.contains("-") {
        guard first.contains("-") == false || CivilTime.Date(first) != nil else {
          throw usage("'\(Shown.plain(first))' is not a day like 2026-11-23, today or yesterday")
        }
        day = first
        words = words.dropFirst()
      }
      guard words.count >= 2 else { throw usage("give a start and an end time, like 9:00 10:30") }
      guard words.count <= 3 else { throw usage("unexpected argument '\(Shown.plain(words.last!))'") }
      let from = words.removeFirst()
      let to = words.removeFirst()
      return .track(day: day, from: from, to: to, project: words.first, note: flags["--note"])
    case "history":
      guard let action = rest.first else { throw usage("which action? One of: remove, amend, reset, undo") }
      switch action {
      case "remove":
        try only([])
        try count(2...2)
        return .historyRemove(rest[1])
      case "amend":
        try only(["--project"])
        try count(2...2)
        guard let project = flags["--project"] else { throw usage("amend what? Give --project NAME") }
        return .historyAmend(rest[1], project: project)
      case "reset":
        try only(["--before", "--yes"])
        try count(1...1)
        let before = try flags["--before"].map { text throws(UsageError) in try date(text, usage) }
        return .historyReset(before: before, yes: yes())
      case "undo":
        try only([])
        try count(1...2)
        return .historyUndo(rest.count == 2 ? rest[1] : nil)
      default:
        throw usage("unknown action '\(Shown.plain(action))'; one of: remove, amend, reset, undo")
      }
    case "project":
      guard let action = rest.first else { throw usage("which action? One of: rename, delete") }
      switch action {
      case "rename":
        try only([])
        try count(3...3)
        return .projectRename(rest[1], rest[2])
      case "delete":
        try only(["--yes"])
        try count(2...2)
        return .projectDelete(rest[1], yes: yes())
      default:
        throw usage("unknown action '\(Shown.plain(action))'; one of: rename, delete")
      }
    default:
      throw usage("unknown command")
    }
  }

  /// Options (`--name VALUE`, `--name=VALUE`, `--yes`) and the other words.
  private static func split(_ command: String, _ words: [String]) throws(UsageError) -> (
    [String: String], [String]
  ) {
    var flags: [String: String] = [:]
    var rest: [String] = []
    var words = words[...]
    while let word = words.popFirst() {
      guard word.utf8.starts(with: "--".utf8) else {
        rest.append(word)
        continue
      }
      var name = word
      var value: String? = nil
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      if name == "--yes" {
        flags[name] = ""
        continue
      }
      guard let given = value ?? words.popFirst() else {
        throw UsageError(
          message: "pomobar \(command): \(Shown.plain(name)) needs a value",
          hint: "Run 'pomobar \(command) --help' for usage.")
      }
      flags[name] = given
    }
    return (flags, rest)
  }

  private static func format(_ name: String, _ usage: (String) -> UsageError) throws(UsageError)
    -> ExchangeFormat
  {
    guard let format = ExchangeFormat(rawValue: name) else {
      let names = ExchangeFormat.names
      throw usage(
        "unknown format '\(Shown.plain(name))'\(Spelling.hint(for: name, in: names)); one of: \(names.joined(separator: ", "))"
      )
    }
    return format
  }

  private static func date(_ text: String, _ usage: (String) -> UsageError) throws(UsageError)
    -> CivilTime.Date
  {
    guard let date = CivilTime.Date(text) else {
      throw usage("'\(Shown.plain(text))' is not a date like 2026-11-23")
    }
    return date
  }

  private static func range(
    _ name: String?, _ flags: [String: String], _ usage: (String) -> UsageError
  ) throws(UsageError) -> RangeArgument {
    let from = try flags["--from"].map { text throws(UsageError) in try date(text, usage) }
    let to = try flags["--to"].map { text throws(UsageError) in try date(text, usage) }
    if let name {
      guard LedgerRange.names.contains(name) else {
        throw usage(
          "unknown range '\(Shown.plain(name))'\(Spelling.hint(for: name, in: LedgerRange.names)); one of: "
            + LedgerRange.names.joined(separator: ", ") + ", or --from DATE --to DATE")
      }
      guard from == nil && to == nil else { throw usage("give a range name or --from/--to, not both") }
      return .named(name)
    }
    if let from, let to, to < from { throw usage("--to \(to) is before --from \(from)") }
    return from == nil && to == nil ? .named("all") : .dates(from, to)
  }
}
