import PomobarCore

/// The hidden `pomobar --dump-commands`: the command table as JSON, which
/// scripts/gendocs turns into the man page pomobar(1) and the bash, zsh and fish
/// completions. In no help and no completion: it is for that script.
public enum CommandDump {
  static let option = "--dump-commands"

  public static func print() -> Int32 {
    Console.out(JSON.serialize(json) + "\n")
    return ExitCode.success
  }

  static var json: JSONValue {
    [
      "version": .string(Help.version),
      "summary": .string(CommandTable.summary),
      "about": .string(CommandTable.about),
      "options": .array(CommandTable.mainOptions.map(option)),
      "files": .array(
        CommandTable.files.map {
          ["name": .string($0.name), "path": .string($0.path), "note": .string($0.note)]
        }),
      "exit_statuses": .array(
        CommandTable.exitStatuses.map { ["code": .integer(Int64($0.0)), "meaning": .string($0.1)] }),
      "main_help": .string(Help.main),
      "commands": .array(CommandTable.all.map(command)),
    ]
  }

  static func command(_ spec: CommandSpec) -> JSONValue {
    var help: [JSONValue] = []
    for block in spec.help ?? [] {
      switch block {
      case .text(let text): help.append(["text": .string(text)])
      case .options, .items:
        let lines = Help.lines(block, of: spec)
        guard !lines.isEmpty else { continue }
        let items: [HelpItem]
        if case .items(let given, _) = block {
          items = given
        } else {
          items = spec.options.filter { !$0.doc.isEmpty && !$0.hidden }.map {
            HelpItem(term: $0.helpTerm, doc: $0.doc)
          }
        }
        help.append([
          "items": .array(
            items.map { ["term": .string($0.term), "doc": .string($0.doc.joined(separator: " "))] })
        ])
      }
    }
    let operand: ValueKind? = spec.operand == .command ? .words(CommandTable.all.map(\.name)) : spec.operand
    return [
      "name": .string(spec.name),
      "synopsis": .array(
        spec.synopsis.map { ["line": .string("pomobar " + $0.line), "summary": .string($0.summary)] }),
      "usage": .array(spec.usage.map { .string($0.hasPrefix(" ") ? $0 : "pomobar " + $0) }),
      "options": .array(spec.options.filter { !$0.hidden }.map(option)),
      "operand": operand.map(kind) ?? .null,
      "subcommands": .array(
        spec.subcommands.map {
          [
            "name": .string($0.name), "options": .array($0.options.map { .string($0.key) }),
            "operand": $0.operand.map(kind) ?? .null,
          ]
        }
          + (spec.name == CommandTable.ctl.name ? ctlWords : [])),
      "tag_words": .bool(spec.tagWords),
      "help": spec.help == nil ? .null : .array(help),
      "help_text": .string(spec.help == nil ? Help.main : Help.topic(spec)),
    ]
  }

  /// ctl's words, with what follows them and what they do.
  static var ctlWords: [JSONValue] {
    CtlArguments.words.map { word in
      var doc = ""
      if let name = Action.Name(rawValue: word), case .timer(_, let text) = CtlArguments.entry(name) {
        doc = text
      } else if let item = CtlArguments.clockItems.first(where: {
        $0.term.split(whereSeparator: { " ,|".contains($0) }).contains(Substring(word))
      }) {
        doc = item.doc.joined(separator: " ")
      }
      return [
        "name": .string(word), "options": [], "operand": CtlArguments.operands[word].map(kind) ?? .null,
        "tag_words": .bool(CtlArguments.tagWords.contains(word)), "doc": .string(doc),
      ]
    }
  }

  static func option(_ spec: OptionSpec) -> JSONValue {
    [
      "names": .array(spec.names.map { .string($0) }),
      "value": spec.arity.takesValue ? .string(spec.placeholder ?? "VALUE") : .null,
      "kind": spec.arity.takesValue ? (spec.kind.map(kind) ?? kind(.text)) : .null,
      "term": .string(spec.helpTerm),
      "doc": .string(spec.doc.joined(separator: " ")),
    ]
  }

  /// `{"kind": "words", "words": [...]}`, `{"kind": "files"}`, ...
  static func kind(_ kind: ValueKind) -> JSONValue {
    switch kind {
    case .words(let words): return ["kind": "words", "words": .array(words.map { .string($0) })]
    case .file: return ["kind": "files"]
    case .project: return ["kind": "projects"]
    case .tag: return ["kind": "tags"]
    case .projectOrWords(let words):
      return ["kind": "projects+words", "words": .array(words.map { .string($0) })]
    case .program: return ["kind": "commands"]
    case .command: return ["kind": "words", "words": .array(CommandTable.all.map { .string($0.name) })]
    case .text: return ["kind": "none"]
    }
  }
}

extension OptionSpec.Arity {
  /// Whether a value may follow the option: the completions complete it.
  var takesValue: Bool {
    switch self {
    case .flag, .optionalValue: return false
    case .value, .restOfLine: return true
    }
  }
}
