/// A format string from the config (`"{ring} {phase} {time} {dots}"`), parsed once when
/// the config is read into literal text and placeholders, so a frame only appends parts.
///
/// `{{` and `}}` are a literal brace. A placeholder that renders empty (`{project}` with
/// the work clock stopped, `{ends}` while paused) takes one neighbouring space with it,
/// the one after it if there is one, else the one before, so `"{ring} {project} {time}"`
/// reads `⣿ 24:13`, never with a double or trailing space.
public struct FormatTemplate: Equatable, Sendable, CustomStringConvertible {
  public enum Part: Equatable, Sendable {
    case literal(String)
    case placeholder(Placeholder)
  }
  /// A parse failure: what is wrong and at which Unicode scalar of the text (0-based).
  public typealias Failure = TemplateFailure

  /// The text as written in the config.
  public let source: String
  public let parts: [Part]
  /// Whether `{bar}` appears: only then are coloured runs worked out for the bar.
  public let usesBar: Bool
  /// Whether `{project}` or `{today}` appears: only then is the work clock read for the text.
  public let usesWork: Bool
  /// Whether `{left}` or `{balance}` appears: only then are the day's and week's targets
  /// worked out.
  public let usesTargets: Bool
  /// Whether `{balance}` appears: the week's earlier days are then kept counted.
  public let usesBalance: Bool

  /// Parses `source`; throws for an unknown placeholder or a brace that is not closed or
  /// not opened.
  public init(_ source: String) throws(Failure) {
    let tokens = try TemplateScanner.scan(
      source, isName: { Placeholder(rawValue: $0) != nil }, names: { Placeholder.allCases.map(\.rawValue) })
    let parts = tokens.compactMap { token -> Part? in
      switch token {
      case .literal(let text): return .literal(text)
      case .name(let name): return Placeholder(rawValue: name).map(Part.placeholder)  // checked by scan
      }
    }
    self.source = source
    self.parts = parts
    usesBar = parts.contains(.placeholder(.bar))
    usesWork = parts.contains(.placeholder(.project)) || parts.contains(.placeholder(.today))
    usesBalance = parts.contains(.placeholder(.balance))
    usesTargets = usesBalance || parts.contains(.placeholder(.left))
  }

  /// A template known to parse: the built-in defaults.
  init(builtIn source: String) {
    do {
      try self.init(source)
    } catch {
      fatalError("built-in format \(source) does not parse: \(error.message)")
    }
  }

  public var description: String { source }

  public static func == (a: FormatTemplate, b: FormatTemplate) -> Bool { a.source == b.source }
}

/// What can stand between braces in a format string.
public enum Placeholder: String, CaseIterable, Sendable {
  /// The ring glyph for the time left (`[display] ring`).
  case ring
  /// An eighth-block progress bar of `[display] bar-width` cells.
  case bar
  /// Time left, `mm:ss` (`h:mm:ss` past an hour); whole minutes with `update = "minute"`.
  /// A Flowtime focus, which counts up, shows its time so far here and in `minutes`.
  case time
  /// Time left in whole minutes, rounded up: `25m`, `1h5m` (so far: rounded down).
  case minutes
  /// The phase's name: `Focus`, `Short break paused`, `Ready`, `Focus done`.
  case phase
  /// The focus's number in the cycle, and the cycle's length: `{position}/{cycle}` is `3/4`.
  case position
  case cycle
  /// The place in the cycle as dots, `●●○○`.
  case dots
  /// The clock time the running phase ends, `14:37`; empty unless running.
  case ends
  /// Focus sessions completed since the last reset.
  case completed
  /// Percent of the phase left, `97`.
  case percent
  /// The work clock's project; empty while the clock is stopped or runs for no project.
  case project
  /// Today's work on every project, `2:13`; empty while the work clock is stopped.
  case today
  /// Work left to today's goal, `1:20 to go`; `done`, then `+0:10 over`, once met; `day off`
  /// on a day that is not a work day; empty without a goal (`[ledger] daily-goal`, ...).
  case left
  /// This week's work against its goals so far, to the nearest minute: `+3:10 this week`
  /// (ahead) or `-1:05 this week` (behind): each earlier work day's goal is due, and of
  /// today's only what is worked; empty without a goal.
  case balance
}
