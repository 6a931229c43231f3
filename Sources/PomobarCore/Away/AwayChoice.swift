/// What the time away was, as the person says on return (`ctl away-was`), or as
/// `[idle] unanswered` says when nobody does.
public enum AwayAnswer: String, Sendable, CaseIterable {
  /// Work for the project the clock was on: the interval is added to the history.
  case work
  /// Not work: the gap stays, as it always did.
  case discard
  /// A break: recorded as one (a short break with the note `away`).
  case `break`

  /// The one-word action name (`away-work`): the click map's, and the notification
  /// button's (what `makoctl`/`swaync-client` and dunst's menu press).
  public var name: Action.Name {
    switch self {
    case .work: return .awayWork
    case .discard: return .awayDiscard
    case .break: return .awayBreak
    }
  }

  /// How `log` and `ctl` say what the answer made of it.
  public var words: String {
    switch self {
    case .work: return "kept as work"
    case .discard: return "discarded"
    case .break: return "recorded as a break"
    }
  }
}

/// Another project for the time away than the clock's (`away-was work web +billable`).
public struct AwayProject: Equatable, Sendable {
  public var name: String
  public var tags: [String]

  public init(name: String, tags: [String] = []) {
    self.name = name
    self.tags = tags
  }
}

/// A return from away that waits for the person to say what the time was.
///
/// Made at `back` when the work clock ran at `away` and the absence was at least `[idle]
/// ask-after`; kept in the state until answered (`ctl away-was`, a notification button, a
/// click) or until `[idle] unanswered` answers it at `answerBy` (or at the next away).
public struct AwayChoice: Equatable, Sendable {
  /// The time away: from the moment input stopped (or `ctl away`) to `back`.
  public var from: Instant
  public var to: Instant
  /// The project and tags the work clock had when away began: what `work` records.
  public var project: String?
  public var tags: [String]
  /// What the timer did meanwhile (`[suspend]`'s policy), as the tooltip says it; nil:
  /// no phase ran.
  public var timer: TimerNote?
  /// A phase of the timer covers the time away (a focus paused or counted through it, a
  /// break that ran): its record already holds it, so `break` adds no phase over it.
  public var phaseCovered: Bool
  /// When `[idle] unanswered` answers it; nil: only at the next away.
  public var answerBy: Instant?

  public init(
    from: Instant, to: Instant, project: String?, tags: [String] = [], timer: TimerNote? = nil,
    phaseCovered: Bool = false, answerBy: Instant? = nil
  ) {
    self.from = from
    self.to = to
    self.project = project
    self.tags = tags
    self.timer = timer
    self.phaseCovered = phaseCovered
    self.answerBy = answerBy
  }

  public var length: Duration { to - from }
}

/// `[idle]`'s say over away time: when to ask, and what counts when nobody answers.
public struct AwayChoiceSettings: Equatable, Sendable {
  /// An absence at least this long is asked about on return; nil (`false`): never, the
  /// gap stays as it is.
  public var askAfter: Duration? = .seconds(120)
  /// What a choice nobody answered becomes.
  public var unanswered: AwayAnswer = .discard
  /// How long a choice waits for an answer; nil (`false`): until the next away.
  public var answerWithin: Duration? = .seconds(600)

  public init() {}
}

extension AwayChoice {
  /// The same choice with its instants on another boot's timeline (`move` maps each).
  public func moved(by move: (Instant) -> Instant) -> AwayChoice {
    var moved = self
    (moved.from, moved.to, moved.answerBy) = (move(from), move(to), answerBy.map(move))
    return moved
  }
}
