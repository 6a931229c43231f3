import PomobarCore
import PomobarSystem

/// The help texts, made from `CommandTable`, and the version.
public enum Help {
  /// The one place the version is written: `--version`, the man pages, the packages.
  static let version = "0.1.0"

  static var main: String {
    let synopses = CommandTable.all.flatMap(\.synopsis).map { ("pomobar " + $0.line, $0.summary) }
    let width = (synopses.map(\.0.count).max() ?? 0) + 3
    let usage = synopses.map { line, summary in
      "  " + (summary.isEmpty ? line : line.padding(width) + summary)
    }
    let files = CommandTable.files.map { "\($0.name): \($0.path) \($0.note)." }
    let statuses = CommandTable.exitStatuses.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    var lines: [String] = ["pomobar \(version): \(CommandTable.summary)", "", "Usage:"]
    lines += usage
    lines += ["", CommandTable.about, "", "Options:"]
    lines += optionLines(CommandTable.mainOptions)
    lines += [""]
    lines += files
    lines.append("Exit status: \(statuses).")
    return lines.joined(separator: "\n")
  }

  /// `pomobar COMMAND --help`: its usage lines, then its help.
  static func topic(_ command: CommandSpec) -> String {
    let usage = command.usage.enumerated().map { index, line in
      line.hasPrefix(" ")
        ? String(repeating: " ", count: 15) + line : (index == 0 ? "Usage: " : "       ") + "pomobar " + line
    }
    return (usage + [""] + (command.help ?? []).flatMap { lines($0, of: command) }).joined(separator: "\n")
  }

  static func lines(_ block: HelpBlock, of command: CommandSpec) -> [String] {
    switch block {
    case .text(let text): return [text]
    case .options: return optionLines(command.options)
    case .items(let items, let column): return itemLines(items, column: column)
    }
  }

  /// The options that have a doc, as items aligned after the longest term.
  static func optionLines(_ options: [OptionSpec]) -> [String] {
    let items = options.filter { !$0.doc.isEmpty && !$0.hidden }.map {
      HelpItem(term: $0.helpTerm, doc: $0.doc)
    }
    return itemLines(items, column: 2 + (items.map(\.term.count).max() ?? 0) + 3)
  }

  /// `  TERM   text`, each line of the text from `column`; a term too long for the
  /// column is followed by three spaces.
  static func itemLines(_ items: [HelpItem], column: Int) -> [String] {
    items.flatMap { item in
      let width = item.term.count < column - 2 ? column - 2 : item.term.count + 3
      let first = "  " + item.term.padding(width) + (item.doc.first ?? "")
      return [first] + item.doc.dropFirst().map { String(repeating: " ", count: column) + $0 }
    }
  }

  /// `text` broken at spaces into lines of at most `width` characters.
  static func wrap(_ text: String, width: Int = 84) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return (lines + [line]).joined(separator: "\n")
  }

  public static func print(_ topic: String?) -> Int32 {
    guard let topic, topic != "help" else {
      Console.out(main + "\n")
      return ExitCode.success
    }
    guard let command = CommandTable.named(topic), command.help != nil else {
      let names = CommandTable.all.filter { $0.help != nil }.map(\.name).sorted()
      Console.error("no help for '\(Shown.plain(topic))'\(Spelling.hint(for: topic, in: names))")
      Console.usage("Run 'pomobar --help' for usage.")
      return ExitCode.usage
    }
    Console.out(self.topic(command) + "\n")
    return ExitCode.success
  }

  /// `pomobar 0.1.0 (commit abc1234)`: the version, and the commit from the build.
  public static func printVersion() -> Int32 {
    Console.out("pomobar \(version) (commit \(BuildInfo.commit))\n")
    return ExitCode.success
  }
}

extension String {
  /// The string with spaces after it up to `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
