import PomobarCore
import PomobarSystem

/// Parses `pomobar [COMMAND] [OPTIONS]` with the command table: no dependency for a
/// handful of flags.
public enum Arguments {
  /// Compared as a byte: `hasPrefix` would pull Unicode tables into a bar's resident memory.
  static let dash = UInt8(ascii: "-")

  public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    var words = arguments[...]
    if words.first == EffectSupervisor.command, words.count == 2 { return .effects(words[1]) }
    if words.first == Notifier.command, words.count == 2 { return .notify(words[1]) }
    if words.first == DoNotDisturb.command { return .doNotDisturb(Array(words.dropFirst())) }
    if words.first == TaskWriteBack.command { return .taskWriteBack(Array(words.dropFirst())) }
    if words.first == TaskwarriorHookCommand.command, words.count == 1 { return .taskwarriorHook }
    if words.first == CommandDump.option, words.count == 1 { return .dumpCommands }
    if words.contains("--version") || words.first == "-V" { return .version }
    let first = words.first
    let name: String
    if let first, first.utf8.first != dash {
      name = first
      words = words.dropFirst()
    } else {
      name = "run"
    }
    if words.contains("--help") || words.contains("-h") {
      return .help(name == "run" && first != "run" ? nil : name)
    }
    guard let command = CommandTable.named(name) else {
      let names = CommandTable.all.map(\.name)
      throw UsageError(
        message: "pomobar: unknown command '\(Shown.plain(name))'\(Spelling.hint(for: name, in: names))")
    }
    return try command.make(parse(words, as: command))
  }

  /// Sorts the words after a command into its options' values and its arguments.
  static func parse(_ words: ArraySlice<String>, as command: CommandSpec) throws(UsageError) -> ParsedWords {
    var parsed = ParsedWords(command: command.name, subcommands: command.subcommands)
    guard !command.rawWords else {
      parsed.arguments = Array(words)
      return parsed
    }
    let options = command.options
    var words = words
    while let word = words.popFirst() {
      var name = word
      var value: String? = nil
      if word.utf8.starts(with: "--".utf8), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        if word.utf8.first == dash && word.utf8.count > 1 && Int(word) == nil
          && !command.literalWords.contains(word)
        {
          throw parsed.usage("unknown option '\(Shown.plain(word))'")
        }
        parsed.arguments.append(word)
        continue
      }
      parsed.given.append(option.key)
      switch option.arity {
      case .flag:
        parsed.values[option.key] = ""
      case .value:
        guard let given = value ?? words.popFirst() else {
          throw parsed.usage("\(Shown.plain(name)) needs a value")
        }
        parsed.values[option.key] = given
        parsed.repeated[option.key, default: []].append(given)
      case .optionalValue(let accepts):
        parsed.values[option.key] = value ?? ""
        if value == nil, let next = words.first, accepts(next) {
          parsed.values[option.key] = next
          words = words.dropFirst()
        }
      case .restOfLine:
        // The rest of the line is the command: sway strips the quotes of a status_command
        // (`--wrap "i3status -c FILE"` reaches us as three words), and the words are kept
        // as they came. One word is a shell line of its own (`--wrap "i3status | filter"`).
        let rest = Array(words)
        words = []
        parsed.values[option.key] = value ?? (rest.count == 1 ? rest[0] : ShellWords.join(rest))
      }
    }
    return parsed
  }
}

/// A command's words, sorted: the values of its options and its other words.
///
/// An option's value is looked up by its declaration (`words[.json]`), never by a name
/// written again: a misspelt option does not compile.
struct ParsedWords {
  let command: String
  /// The words that may come first, each with the options it takes.
  let subcommands: [CommandSpec.Subcommand]
  /// Option values by the option's first name; a flag's is empty.
  fileprivate(set) var values = ByOption<String>()
  /// The options given, by their first name, in order.
  fileprivate(set) var given: [String] = []
  var arguments: [String] = []

  /// Every value of an option that may be given more than once (`--tag a --tag b`), in order.
  fileprivate(set) var repeated = ByOption<[String]>()

  init(command: String, subcommands: [CommandSpec.Subcommand]) {
    self.command = command
    self.subcommands = subcommands
  }

  /// The value of `option`; empty for a flag given, nil when not given.
  subscript(_ option: OptionSpec) -> String? { values[option.key] }

  func flag(_ option: OptionSpec) -> Bool { values[option.key] != nil }

  /// Every value of a repeatable `option`, in order.
  func all(_ option: OptionSpec) -> [String] { repeated[option.key] ?? [] }

  /// The same words without the first argument (a subcommand's own words).
  func droppingFirstArgument() -> ParsedWords {
    var rest = self
    rest.arguments = Array(arguments.dropFirst())
    return rest
  }

  /// `pomobar COMMAND: message`, with the hint toward the command's help.
  func usage(_ message: String) -> UsageError {
    UsageError(message: "pomobar \(command): \(message)", hint: "Run 'pomobar \(command) --help' for usage.")
  }

  /// Refuses fewer or more arguments than `range`.
  func expect(_ range: ClosedRange<Int>) throws(UsageError) {
    if arguments.count > range.upperBound {
      throw usage("unexpected argument '\(Shown.plain(arguments[range.upperBound]))'")
    }
    if arguments.count < range.lowerBound { throw usage("missing arguments") }
  }

  /// Refuses an option given that a subcommand does not take.
  func only(_ options: [OptionSpec]) throws(UsageError) {
    let keys = options.map(\.key)
    if let extra = given.sorted().first(where: { !keys.contains($0) }) {
      throw usage("unknown option '\(Shown.plain(extra))'")
    }
  }

  /// `--format` and `--config` (and `--wrap`) of the bar commands.
  func options() throws(UsageError) -> Options {
    var options = Options(configPath: self[.config], wrap: self[.wrap])
    if let given = self[.format] {
      guard let format = OutputFormat(rawValue: given) else {
        throw UsageError(message: "pomobar \(command): " + OneOf.unknown("format", given, in: OutputFormat.self))
      }
      options.format = format
    }
    return options
  }
}

/// Values by an option's first name, in a list: a command line has a handful, and the
/// `String`-keyed dictionary they were kept in was the start-up's first, which checked
/// `String: Hashable` by scanning every conformance record of the binary (docs/benchmarks.md).
struct ByOption<Value> {
  private var entries: [(key: String, value: Value)] = []

  subscript(key: String) -> Value? {
    get { entries.first { $0.key == key }?.value }
    set {
      let index = entries.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): entries[index].value = value
      case (let index?, nil): entries.remove(at: index)
      case (nil, let value?): entries.append((key, value))
      case (nil, nil): break
      }
    }
  }

  subscript(key: String, default fallback: @autoclosure () -> Value) -> Value {
    get { self[key] ?? fallback() }
    set { self[key] = newValue }
  }
}
