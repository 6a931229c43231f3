import PomobarCore

/// The words after `pomobar ctl`: the action names of `Action.Name` (the one place they
/// are written) and the compound words `work` and `project`, with what each takes.
enum CtlArguments {
  static let hint = "Run 'pomobar ctl --help' for usage."

  /// What may follow `pomobar ctl`: the action names and the words that take arguments.
  static let words = Action.names + Action.compoundWords

  /// The first word after `pomobar ctl`: an action's name or a compound word.
  enum Word {
    case action(Action.Name)
    case compound(Action.Compound)

    init?(_ word: String) {
      if let name = Action.Name(rawValue: word) {
        self = .action(name)
      } else if let compound = Action.Compound(rawValue: word) {
        self = .compound(compound)
      } else {
        return nil
      }
    }
  }

  /// The kind of an interruption, written before its note.
  enum InterruptKind: String, CaseIterable {
    case `internal`, external
  }

  /// The words of `ctl project` that are not a project's name.
  enum ProjectWord: String {
    case none = "--none"
    case next, prev, previous
  }

  /// The action of `pomobar ctl NAME ARGUMENTS...`.
  static func action(_ name: String, _ arguments: [String]) throws(UsageError) -> Action {
    guard let word = Word(name) else {
      throw UsageError(message: "pomobar ctl: " + OneOf.unknown("action", name, in: words), hint: hint)
    }
    switch word {
    case .compound(.work): return try work(arguments)
    case .compound(.project): return try project(arguments)
    case .compound(.awayWas): return try awayWas(arguments)
    case .compound(.task):
      guard let action = try task(arguments) else {
        throw UsageError(message: "pomobar ctl task: which task? pomobar ctl task 'write the report'", hint: hint)
      }
      return action
    case .action(let named):
      switch named {
      case .extend where !arguments.isEmpty, .shorten where !arguments.isEmpty, .snooze where !arguments.isEmpty:
        // `ctl extend 5 min`: the words are one duration.
        switch DurationFormat.checked(arguments.joined(separator: " ")) {
        case .success(let value): return Action(named, argument: value)
        case .failure(let problem):
          throw UsageError(message: "pomobar ctl \(name): \(problem.message)", hint: hint)
        }
      case .interrupt: return try interrupt(arguments)
      case .void:
        let reason = try note(arguments.joined(separator: " "), name)
        return .void(reason.isEmpty ? nil : reason)
      case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .extend, .shorten, .startBreak, .none,
        .pickTask, .workStart, .workStop, .workToggle, .projectNext, .projectPrevious, .projectNone, .away, .back, .snooze,
        .awayWork, .awayDiscard, .awayBreak:
        let action = Action(named)
        try noTime(arguments[...], after: action)
        guard arguments.isEmpty else {
          throw UsageError(
            message: "pomobar ctl \(Shown.plain(name)): takes no argument (got '\(Shown.plain(arguments[0]))')",
            hint: hint)
        }
        return action
      }
    }
  }

  /// `ctl work start|stop|toggle`.
  private static func work(_ arguments: [String]) throws(UsageError) -> Action {
    let choices: [Action] = [.workStart, .workStop, .workToggle]
    let name = Action.Compound.work.rawValue
    guard let first = arguments.first, let action = choices.first(where: { $0.ctlWords == [name, first] })
    else {
      throw UsageError(message: "pomobar ctl work: say start, stop or toggle", hint: hint)
    }
    try noTime(arguments.dropFirst(), after: action)
    return action
  }

  /// `ctl project NAME [+TAG...]`, `project +TAG...`, `project --none|next|prev`.
  private static func project(_ arguments: [String]) throws(UsageError) -> Action {
    let (rest, tags) = try projectWords(arguments)
    let words = rest.joined(separator: " ").trimmedOfSpaces
    if let word = ProjectWord(rawValue: words) {
      guard tags.isEmpty else {
        throw UsageError(
          message:
            "pomobar ctl project \(words): takes no tags; write them after a name (project api +billable)",
          hint: hint)
      }
      switch word {
      case .none: return .project(nil)
      case .next: return .projectNext
      case .prev, .previous: return .projectPrevious
      }
    }
    guard !words.isEmpty else {
      guard tags.isEmpty else { return .tags(tags) }
      throw UsageError(message: "pomobar ctl project: which project? A name, --none, next or prev", hint: hint)
    }
    switch ProjectName.check(words) {
    case .success(let name): return .project(name, tags: tags)
    case .failure(let problem): throw UsageError(message: "pomobar ctl project: \(problem)", hint: hint)
    }
  }

  /// `ctl interrupt [internal|external] [NOTE]`.
  private static func interrupt(_ arguments: [String]) throws(UsageError) -> Action {
    var words = arguments[...]
    let kinds = OneOf.names(of: InterruptKind.self)
    if let first = words.first, !kinds.contains(first), !Spelling.hint(for: first, in: kinds).isEmpty {
      // `externl call` is a mistyped kind, not an internal interruption noted "externl call".
      throw UsageError(
        message:
          "pomobar ctl interrupt: unknown kind '\(Shown.plain(first))'\(Spelling.hint(for: first, in: kinds)); "
          + "write internal or external before the note",
        hint: hint)
    }
    let kind = words.first.flatMap(InterruptKind.init(rawValue:))
    if kind != nil { words = words.dropFirst() }
    let note = try self.note(words.joined(separator: " "), Action.Name.interrupt.rawValue)
    return .interrupt(external: kind == .external, note: note.isEmpty ? nil : note)
  }

  /// The words of `ctl project` split into the name's words and the `+tag` words.
  static func projectWords(_ arguments: [String]) throws(UsageError)
    -> (rest: [String], tags: [String])
  {
    switch TagName.split(arguments) {
    case .success(let split): return split
    case .failure(let problem): throw UsageError(message: "pomobar ctl project: \(problem)", hint: hint)
    }
  }

  /// `--at TIME` and `--ago DURATION`: the actions that take them, done at that moment.
  static let momentOptions = [
    OptionSpec.at.documented([
        "it happened at TIME: 18:00, 9:05, 'yesterday 18:00'; a TIME",
      "not yet come today is yesterday's when what it ends ran then",
    ]),
    OptionSpec.ago.documented(["it happened DURATION ago: 5m, 1h30m"]),
  ]

  /// The actions `--at` and `--ago` go with.
  static let timedActions = "start, stop, away, work start|stop|toggle and project"

  /// The moment of `--at` or `--ago`, if given, for `action`; refuses both, a value that
  /// does not read, and an action that does not take one.
  static func moment(_ words: ParsedWords, for action: Action) throws(UsageError) -> Moment? {
    let at = words[.at]
    let ago = words[.ago]
    if at != nil && ago != nil {
      throw UsageError(message: "pomobar ctl: say --at or --ago, not both", hint: hint)
    }
    guard at != nil || ago != nil else { return nil }
    let option = (at != nil ? OptionSpec.at : .ago).key
    guard takesMoment(action) else {
      throw UsageError(
        message: "pomobar ctl \(action.ctlWords[0]): \(option) goes with \(timedActions)", hint: hint)
    }
    let read = at.map(Moment.at) ?? Moment.ago(ago ?? "")
    switch read {
    case .success(let moment): return moment
    case .failure(let problem): throw UsageError(message: "pomobar ctl \(option): \(problem)", hint: hint)
    }
  }

  static func takesMoment(_ action: Action) -> Bool {
    switch action {
    case .start, .stop, .workStart, .workStop, .workToggle, .project, .tags, .projectNext, .projectPrevious,
      .away:
      return true
    case .pause, .resume, .toggle, .skip, .reset, .extend, .shorten, .startBreak, .none, .pickTask, .interrupt, .void,
      .back, .snooze, .awayWas, .task:
      return false
    }
  }

  /// Refuses a time of day written as a word after `action` (`ctl work start 9:00`),
  /// showing the form that works.
  private static func noTime(_ rest: ArraySlice<String>, after action: Action) throws(UsageError) {
    guard let word = rest.first else { return }
    let words = action.ctlWords.joined(separator: " ")
    guard takesMoment(action), ClockTime.secondOfDay(word) != nil else {
      throw UsageError(
        message: "pomobar ctl \(words): takes no argument (got '\(Shown.plain(word))')", hint: hint)
    }
    throw UsageError(
      message: "pomobar ctl \(words): a time goes after --at: pomobar ctl \(words) --at \(word)", hint: hint)
  }

  /// A note or reason as given, refused past `Action.noteBytes` (the state keeps no more);
  /// line breaks and other control characters are kept as spaces (see `TimerMachine.clean`).
  private static func note(_ text: String, _ action: String) throws(UsageError) -> String {
    let bytes = text.utf8.count
    guard bytes <= Action.noteBytes else {
      throw UsageError(
        message: "pomobar ctl \(action): a note is at most \(Action.noteBytes) bytes (this one: \(bytes))",
        hint: hint)
    }
    return text
  }

  /// What may follow each word, for the completions.
  static let operands: [String: ValueKind] = [
    "work": .words([Action.workStart, .workStop, .workToggle].map { $0.ctlWords[1] }),
    "project": .projectOrWords([Action.project(nil), .projectNext, .projectPrevious].map { $0.ctlWords[1] }),
    "interrupt": .words(OneOf.names(of: InterruptKind.self)),
    "away-was": .words(AwayAnswer.allCases.map(\.rawValue)),
    "task": .words(TaskWord.allCases.map(\.rawValue)),
  ]

  /// The words whose `+TAG` words are tags (`ctl project api +billable`), for the completions.
  static let tagWords: Set<String> = ["project"]

  /// Where `ctl --help` lists an action name, and what it says of it: a switch with no
  /// `default`, so that a new action cannot go undocumented.
  enum Entry {
    /// In the timer's list: the arguments after the name, and what it does.
    case timer(arguments: String, doc: String)
    /// In the work clock's list, as the compound words' items do.
    case clock
    /// A one-word spelling of a compound (`work-start`) that the click map takes.
    case clickSpelling
    /// Clicks only: a button that does nothing.
    case clickOnly
  }

  static func entry(_ name: Action.Name) -> Entry {
    switch name {
    case .start:
      return .timer(arguments: "", doc: "start focus (from idle, focus done, or a break); resume when paused")
    case .pause: return .timer(arguments: "", doc: "pause the running phase")
    case .resume: return .timer(arguments: "", doc: "resume a paused phase")
    case .toggle:
      return .timer(arguments: "", doc: "the natural next step: start, pause, resume, or start the break")
    case .skip: return .timer(arguments: "", doc: "move on to the next phase now")
    case .stop: return .timer(arguments: "", doc: "back to idle, keeping the place in the cycle")
    case .reset: return .timer(arguments: "", doc: "back to idle, clearing the cycle")
    case .extend: return .timer(arguments: " [DURATION]", doc: "add time (default: [timer] step, 1m)")
    case .shorten: return .timer(arguments: " [DURATION]", doc: "take time off, never below zero")
    case .startBreak:
      return .timer(arguments: "", doc: "start the break now (from idle: a short one, outside the cycle)")
    case .none: return .clickOnly
    case .pickTask: return .clickSpelling
    case .workStart, .workStop, .workToggle, .projectNext, .projectPrevious, .projectNone:
      return .clickSpelling
    case .interrupt, .void, .away, .back: return .clock
    case .snooze:
      return .timer(
        arguments: " [DURATION]", doc: "put off the break reminder (default: [breaks] snooze, 15m)")
    case .awayWork, .awayDiscard, .awayBreak: return .clickSpelling
    }
  }

  /// The work clock's list: the compound words and the `.clock` names, each term naming
  /// the words it documents first.
  static let clockItems = [
    HelpItem(term: "work start|stop|toggle", doc: ["the stopwatch of work time, apart from the Pomodoros"]),
    HelpItem(
      term: "project NAME [+TAG...]",
      doc: [
        "make NAME the active project (made on first use), with exactly",
        "these tags: closes the previous interval, starts a stopped clock;",
        "one line, at most \(ProjectName.maxCharacters) characters and \(ProjectName.maxBytes) bytes",
      ]),
    HelpItem(
      term: "project +TAG...", doc: ["keep the project, set its tags (\"+client call\": one with a space)"]),
    HelpItem(
      term: "project --none|next|prev",
      doc: ["no project and no tags; the next or previous known one (no tags)"]),
    HelpItem(
      term: "interrupt [internal|external] [NOTE]", doc: ["mark an interruption of the running focus"]),
    HelpItem(
      term: "void [REASON]",
      doc: ["abandon the running focus (NOTE, REASON: at most \(Action.noteBytes) bytes)"]),
    HelpItem(
      term: "away, back",
      doc: [
        "you left and came back (swayidle, xss-lock): away time",
        "follows [suspend]'s policy and stops the work clock;",
        "away --ago 5m: since input stopped (swayidle's timeout 300)",
      ]),
    HelpItem(
      term: "away-was work|discard|break",
      doc: ["what the time away was: work for its project, none, or a break"]),
    HelpItem(term: "away-was work NAME [+TAG...]", doc: ["the time away was work for another project"]),
    HelpItem(
      term: "task [--keep-project] TEXT",
      doc: [
        "the task of the running or next focus, kept for the focuses",
        "after it; its project (from a source) becomes the active one",
        "unless --keep-project; at most \(TaskRef.maxCharacters) characters, one line",
      ]),
    HelpItem(term: "task --clear", doc: ["no task"]),
    HelpItem(
      term: "task [--keep-project]",
      doc: ["pick the task from [tasks] source with the picker (docs/tasks.md)"]),
  ]

  /// `ctl --help`'s lists and the names clicks take too, from `Action.Name`.
  static var help: [HelpBlock] {
    let timer = Action.Name.allCases.compactMap { name -> HelpItem? in
      guard case .timer(let arguments, let doc) = entry(name) else { return nil }
      return HelpItem(term: name.rawValue + arguments, doc: [doc])
    }
    let clicks = Action.Name.allCases.filter {
      switch entry($0) {
      case .clock, .clickSpelling: return true
      case .timer, .clickOnly: return false
      }
    }
    return [
      .text(
        """
        Changes the shared timer and exits; every running bar shows the result.
        Actions:
        """),
      .items(timer, column: 12),
      .text("The work clock and projects (every finished interval goes to the history):"),
      .items(clockItems, column: 29),
      .text("When it happened, for \(timedActions); ctl then says what it changed:"),
      .options,
      .text(
        """
        DURATION is like 5m, 90s or 1h30m, also 5 min, 1h30 or 1.5h (docs/configuration.md).
        With --format, prints the new state.

        """
          + Help.wrap(
            "Click actions ([clicks]) take these names too: \(clicks.map(\.rawValue).joined(separator: ", "))."
          )),
    ]
  }
}

extension OptionSpec {
  static let at = OptionSpec(names: ["--at"], arity: .value, placeholder: "TIME", kind: .text)
  static let ago = OptionSpec(names: ["--ago"], arity: .value, placeholder: "DURATION", kind: .text)
}
