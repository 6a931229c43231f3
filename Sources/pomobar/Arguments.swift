import PomobarCore
import PomobarSystem

/// What the command line asked for.
enum Command: Equatable {
  case run(Options)
  case ctl(Action, Options)
  case status(Options)
  case checkConfig(String?)
  /// The hidden `check-config --example`: `config.example.toml`, made from the schema.
  case configExample
  case report(ReportRequest)
  /// `projects`, or with `--names` only the names, one per line (for shell completion).
  case projects(Options, namesOnly: Bool)
  case themes(ThemesCommand.Request)
  case help(String?)
  case version
  /// The hidden `__effects JOB`: pomobar's own effect runner, started by a transition.
  case effects(String)
  /// The hidden `__notify JOB`: one notification and its buttons, started by the runner.
  case notify(String)
  /// The hidden `__dnd FOLDER CHOICE on|off`: do-not-disturb, run by the runner.
  case doNotDisturb([String])
  /// export, import, log, track, history, project.
  case ledger(LedgerCommand)
}

/// Options shared by the commands.
struct Options: Equatable {
  var format: OutputFormat?
  var configPath: String?
  /// `run --wrap COMMAND`: the status command to merge blocks with.
  var wrap: String?
}

/// A usage error: what is wrong and how to get help.
struct UsageError: Error {
  var message: String
  var hint = "Run 'pomobar --help' for usage."
}

/// The exit statuses of sysexits(3) that pomobar uses.
enum ExitCode {
  static let success: Int32 = 0
  static let failure: Int32 = 1
  static let usage: Int32 = 64
  static let config: Int32 = 78
}

/// Parses `pomobar [COMMAND] [OPTIONS]` by hand: no dependency for a handful of flags.
enum Arguments {
  static let commands =
    ["run", "ctl", "status", "report", "projects", "themes", "check-config", "help"]
    + LedgerArguments.commands
  /// Compared as a byte: `hasPrefix` would pull Unicode tables into a bar's resident memory.
  private static let dash = UInt8(ascii: "-")

  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var words = arguments[...]
    if words.first == EffectSupervisor.command, words.count == 2 { return .effects(words[1]) }
    if words.first == Notifier.command, words.count == 2 { return .notify(words[1]) }
    if words.first == DoNotDisturb.command { return .doNotDisturb(Array(words.dropFirst())) }
    if words.contains("--version") || words.first == "-V" { return .version }
    let first = words.first
    let command: String
    if let first, first.utf8.first != dash {
      command = first
      words = words.dropFirst()
    } else {
      command = "run"
    }
    if words.contains("--help") || words.contains("-h") {
      return .help(command == "run" && first != "run" ? nil : command)
    }

    switch command {
    case "help":
      return .help(words.first)
    case "run":
      let (options, rest) = try options(words, command)
      try noneLeft(rest, command)
      if let wrap = options.wrap {
        guard wrap.contains(where: { $0 != " " && $0 != "\t" }) else {
          throw UsageError(message: "pomobar: --wrap needs a command, like --wrap i3status")
        }
        if let format = options.format, format != .i3bar {
          throw UsageError(
            message:
              "pomobar: --wrap merges i3bar streams; it cannot be used with --format \(format.rawValue)")
        }
      }
      return .run(options)
    case "status":
      let (options, rest) = try options(words, command)
      try noneLeft(rest, command)
      return .status(options)
    case "ctl":
      let (options, rest) = try options(words, command)
      guard let name = rest.first else {
        throw UsageError(
          message: "pomobar ctl: which action? One of: \(Action.names.joined(separator: ", "))",
          hint: "Run 'pomobar ctl --help' for usage.")
      }
      let action = try ctlAction(name, Array(rest.dropFirst()))
      return .ctl(action, options)
    case "projects":
      let namesOnly = words.contains("--names")
      let (options, rest) = try options(words.filter { $0 != "--names" }[...], command)
      try noneLeft(rest, command)
      return .projects(options, namesOnly: namesOnly)
    case "report":
      return .report(try ReportRequest.parse(words))
    case "themes":
      return .themes(try ThemesCommand.Request.parse(words))
    case "check-config":
      if Array(words) == ["--example"] { return .configExample }
      let (options, rest) = try options(words, command)
      try noneLeft(rest.dropFirst(), command)
      return .checkConfig(rest.first ?? options.configPath)
    case _ where LedgerArguments.commands.contains(command):
      return .ledger(try LedgerArguments.parse(command, Array(words)))
    default:
      throw UsageError(
        message: "pomobar: unknown command '\(Shown.plain(command))'\(suggestion(command, commands))")
    }
  }

  private static let ctlHint = "Run 'pomobar ctl --help' for usage."

  /// The action of `pomobar ctl NAME ARGUMENTS...`.
  private static func ctlAction(_ name: String, _ arguments: [String]) throws(UsageError) -> Action {
    switch name {
    case "extend" where !arguments.isEmpty, "shorten" where !arguments.isEmpty:
      let given = Shown.plain(arguments.joined(separator: " "))
      let reading = arguments.count == 1 ? DurationFormat.read(arguments[0]) : .unreadable
      guard case .duration(let value) = reading else {
        let problem =
          reading == .tooLong
          ? "'\(given)' is out of range: at most a week (168h)"
          : "cannot read '\(given)' as a duration; write it like 5m, 90s or 1h30m"
        throw UsageError(message: "pomobar ctl \(name): \(problem)", hint: ctlHint)
      }
      return name == "extend" ? .extend(value) : .shorten(value)
    case "work":
      switch arguments.first {
      case "start" where arguments.count == 1: return .workStart
      case "stop" where arguments.count == 1: return .workStop
      case "toggle" where arguments.count == 1: return .workToggle
      default:
        throw UsageError(message: "pomobar ctl work: say start, stop or toggle", hint: ctlHint)
      }
    case "project":
      let words = arguments.joined(separator: " ").trimmedOfSpaces
      switch words {
      case "":
        throw UsageError(
          message: "pomobar ctl project: which project? A name, --none, next or prev", hint: ctlHint)
      case "--none": return .project(nil)
      case "next": return .projectNext
      case "prev", "previous": return .projectPrevious
      default:
        switch ProjectName.check(words) {
        case .success(let name): return .project(name)
        case .failure(let problem):
          throw UsageError(message: "pomobar ctl project: \(problem)", hint: ctlHint)
        }
      }
    case "interrupt":
      var words = arguments[...]
      let external = words.first == "external"
      if words.first == "external" || words.first == "internal" { words = words.dropFirst() }
      let note = try self.note(words.joined(separator: " "), name)
      return .interrupt(external: external, note: note.isEmpty ? nil : note)
    case "void":
      let reason = try note(arguments.joined(separator: " "), name)
      return .void(reason.isEmpty ? nil : reason)
    default:
      guard let action = Action(name: name) else {
        let guess = suggestion(name, ctlWords)
        throw UsageError(
          message:
            "pomobar ctl: unknown action '\(Shown.plain(name))'\(guess); one of: \(ctlWords.joined(separator: ", "))",
          hint: ctlHint)
      }
      guard arguments.isEmpty else {
        throw UsageError(
          message: "pomobar ctl \(Shown.plain(name)): takes no argument (got '\(Shown.plain(arguments[0]))')",
          hint: ctlHint)
      }
      return action
    }
  }

  /// A note or reason as given, refused past `Action.noteBytes` (the state keeps no more);
  /// line breaks and other control characters are kept as spaces (see `TimerMachine.clean`).
  private static func note(_ text: String, _ action: String) throws(UsageError) -> String {
    let bytes = text.utf8.count
    guard bytes <= Action.noteBytes else {
      throw UsageError(
        message: "pomobar ctl \(action): a note is at most \(Action.noteBytes) bytes (this one: \(bytes))",
        hint: ctlHint)
    }
    return text
  }

  /// What may follow `pomobar ctl`: the action names and the words that take arguments.
  static let ctlWords = Action.names + ["work", "project"]

  /// Takes `--format F` and `--config FILE` (also `--x=value`); returns the other words.
  private static func options(
    _ words: ArraySlice<String>, _ command: String
  ) throws(UsageError) -> (Options, [String]) {
    var options = Options()
    var rest: [String] = []
    var words = words
    while let word = words.popFirst() {
      var name = word
      var value: String? = nil
      if word.utf8.starts(with: "--".utf8), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      switch name {
      case "--wrap" where command == "run":
        // The rest of the line is the command: sway strips the quotes of a status_command
        // (`--wrap "i3status -c FILE"` reaches us as three words), and the words are kept
        // as they came. One word is a shell line of its own (`--wrap "i3status | filter"`).
        let rest = Array(words)
        words = []
        guard let given = value ?? (rest.count == 1 ? rest.first : rest.isEmpty ? nil : ShellWords.join(rest))
        else {
          throw UsageError(message: "pomobar: --wrap needs a command, like --wrap i3status")
        }
        options.wrap = given
      case "--format", "-f", "--config", "-c":
        guard let given = value ?? words.popFirst() else {
          throw UsageError(message: "pomobar \(command): \(name) needs a value")
        }
        if name == "--format" || name == "-f" {
          guard let format = OutputFormat(rawValue: given) else {
            let names = OutputFormat.allCases.map(\.rawValue)
            throw UsageError(
              message:
                "pomobar \(command): unknown format '\(Shown.plain(given))'\(suggestion(given, names)); one of: \(names.joined(separator: ", "))"
            )
          }
          options.format = format
        } else {
          options.configPath = given
        }
      default:
        if word.utf8.first == dash && word.utf8.count > 1 && Int(word) == nil && word != "--none" {
          throw UsageError(
            message: "pomobar \(command): unknown option '\(Shown.plain(word))'",
            hint: "Run 'pomobar \(command) --help' for usage.")
        }
        rest.append(word)
      }
    }
    return (options, rest)
  }

  private static func noneLeft(_ rest: some Collection<String>, _ command: String) throws(UsageError) {
    if let extra = rest.first {
      throw UsageError(
        message: "pomobar \(command): unexpected argument '\(Shown.plain(extra))'",
        hint: "Run 'pomobar \(command) --help' for usage.")
    }
  }

  private static func suggestion(_ word: String, _ names: [String]) -> String {
    Spelling.hint(for: word, in: names)
  }
}
