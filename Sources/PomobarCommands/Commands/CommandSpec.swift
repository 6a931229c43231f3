/// One command of the command line, declared once: the parser, `--help`, the usage
/// errors, `--dump-commands` (and from it the man page and the shell completions) are
/// all made from this value. `CommandTable.all` holds every command.
struct CommandSpec: Sendable {
  var name: String
  /// The main help's lines for the command: a synopsis after `pomobar `, and what it does.
  var synopsis: [Synopsis]
  /// The `Usage:` lines of its own help, after `pomobar ` (a line that starts with
  /// spaces goes on the line before).
  var usage: [String]
  var options: [OptionSpec] = []
  /// Words that may come first, each taking its own options (`history remove ID`).
  var subcommands: [Subcommand] = []
  /// What the first word that is not an option is, for the completions (with no subcommands).
  var operand: ValueKind? = nil
  /// Words that look like options but are arguments (`ctl project --none`).
  var literalWords: [String] = []
  /// Every word is an argument, none an option (`help --format` asks for that help).
  var rawWords = false
  /// Its `+TAG` words are tags (`track`): the completions offer the tags in use after a `+`.
  var tagWords = false
  /// Its help after the usage lines; nil: the main help (`help`).
  var help: [HelpBlock]? { makeHelp() }
  /// Made when asked for, not with the table: every command is looked up by name in it,
  /// and a bar's start made every help for nothing (`ctl`'s alone was 13 % of it).
  private let makeHelp: @Sendable () -> [HelpBlock]?
  /// The command from its parsed words, refusing what the table cannot say.
  var make: @Sendable (ParsedWords) throws(UsageError) -> Command

  init(
    name: String, synopsis: [Synopsis], usage: [String], options: [OptionSpec] = [],
    subcommands: [Subcommand] = [], operand: ValueKind? = nil, literalWords: [String] = [],
    rawWords: Bool = false, tagWords: Bool = false,
    help: @autoclosure @escaping @Sendable () -> [HelpBlock]?,
    make: @escaping @Sendable (ParsedWords) throws(UsageError) -> Command
  ) {
    self.name = name
    self.synopsis = synopsis
    self.usage = usage
    self.options = options
    self.subcommands = subcommands
    self.operand = operand
    self.literalWords = literalWords
    self.rawWords = rawWords
    self.tagWords = tagWords
    makeHelp = help
    self.make = make
  }

  struct Synopsis: Sendable {
    var line: String
    var summary: String
  }

  struct Subcommand: Sendable {
    var name: String
    /// The options it takes.
    var options: [OptionSpec] = []
    /// What the word after it is, for the completions.
    var operand: ValueKind? = nil
  }
}

/// An option: its names, whether it takes a value, and its line in the help.
struct OptionSpec: Sendable {
  /// Long name first (`--format`), then the short ones (`-f`).
  var names: [String]
  var arity: Arity
  /// The value's placeholder in the help (`FORMAT`), and what it is for the completions.
  var placeholder: String? = nil
  var kind: ValueKind? = nil
  /// The help's item: its term (default: the names and the placeholder) and lines.
  var term: String? = nil
  var doc: [String] = []
  /// Accepted, not shown: in no help, no completion.
  var hidden = false

  enum Arity: Sendable {
    case flag
    case value
    /// A value only when the next word is one (`--calendar [YEAR]`).
    case optionalValue(@Sendable (String) -> Bool)
    /// Every word after it (`--wrap i3status -c FILE`).
    case restOfLine
  }

  /// The same option with `doc` as its help (and `term` as its term, when given).
  func documented(_ doc: [String], term: String? = nil) -> OptionSpec {
    var option = self
    option.doc = doc
    option.term = term ?? option.term
    return option
  }

  /// The key its value is found under in `ParsedWords`.
  var key: String { names[0] }

  /// `-f, --format FORMAT` as the help shows it.
  var helpTerm: String {
    term ?? (names.reversed().joined(separator: ", ") + (placeholder.map { " " + $0 } ?? ""))
  }
}

/// What an argument or an option's value is: what the completions offer for it.
enum ValueKind: Sendable, Equatable {
  case words([String])
  case file
  case project
  /// A tag in use (`--tag TAG`).
  case tag
  /// A project, or one of these words (`ctl project --none`).
  case projectOrWords([String])
  /// A program to run (`--wrap COMMAND`).
  case program
  /// A command of the table (`help COMMAND`).
  case command
  /// Anything (a date, a note): nothing to offer.
  case text
}

/// A part of a command's help, after its usage lines.
enum HelpBlock: Sendable {
  /// Lines as written; an empty line between paragraphs.
  case text(String)
  /// The command's options that have a doc, as items.
  case options
  /// `  TERM  what it is` lines, the text from `column`.
  case items([HelpItem], column: Int)
}

struct HelpItem: Sendable {
  var term: String
  var doc: [String]
}
