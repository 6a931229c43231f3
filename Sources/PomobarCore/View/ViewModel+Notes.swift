extension ViewModel {
  /// The mark `short_text` carries while a note is set: a crowded bar has no room for
  /// the words, but should still show that the timer changed on its own.
  public static let noteMark = "☾"

  /// The tooltip line (and JSON `note`) for an automatic change, in full.
  public static func describe(_ note: TimerNote) -> String {
    switch note {
    case .pausedBySuspend(let gap): return "paused: suspended \(DurationFormat.human(gap))"
    case .countedSuspend(let gap): return "counted: suspended \(DurationFormat.human(gap))"
    case .voidedBySuspend(let gap):
      return "focus abandoned: suspended \(DurationFormat.human(gap))"
    case .resetBySuspend(let gap): return "cycle reset: away \(DurationFormat.human(gap))"
    case .pausedWhileAway(let gap): return "paused: away \(DurationFormat.human(gap))"
    case .countedAway(let gap): return "counted: away \(DurationFormat.human(gap))"
    case .voidedWhileAway(let gap): return "focus abandoned: away \(DurationFormat.human(gap))"
    case .resetWhileAway(let gap): return "cycle reset: away \(DurationFormat.human(gap))"
    }
  }

  /// The same note as the text's compact tail (after ` · `): what happened to the
  /// machine, then what it did to the timer.
  ///
  /// A paused phase leaves out its second half, since the label already says `paused`.
  public static func brief(_ note: TimerNote) -> String {
    cause(note) + (effect(note).map { ", " + $0 } ?? "")
  }

  /// What happened to the machine: `suspended 42 min`, `away 5 min`.
  static func cause(_ note: TimerNote) -> String {
    switch note {
    case .pausedBySuspend(let gap), .countedSuspend(let gap), .voidedBySuspend(let gap):
      return "suspended \(DurationFormat.human(gap))"
    case .resetBySuspend(let gap), .pausedWhileAway(let gap), .countedAway(let gap),
      .voidedWhileAway(let gap), .resetWhileAway(let gap):
      return "away \(DurationFormat.human(gap))"
    }
  }

  /// What it did to the timer, where the label does not say it; nil for a pause.
  static func effect(_ note: TimerNote) -> String? {
    switch note {
    case .pausedBySuspend, .pausedWhileAway: return nil
    case .countedSuspend, .countedAway: return "counted"
    case .voidedBySuspend, .voidedWhileAway: return "focus abandoned"
    case .resetBySuspend, .resetWhileAway: return "cycle reset"
    }
  }
}
