extension ViewModel {
  /// The mark `short_text` carries while a note is set: a crowded bar has no room for
  /// the words, but should still show that the timer changed on its own.
  public static let noteMark = "☾"

  /// The tooltip line (and JSON `note`) for an automatic change, in full.
  public static func describe(_ note: TimerNote) -> String {
    let what: String
    switch note.outcome {
    case .paused: what = "paused"
    case .counted: what = "counted"
    case .voided: what = "focus abandoned"
    case .reset: what = "cycle reset"
    }
    return what + ": " + cause(note)
  }

  /// The same note as the text's compact tail (after ` · `): what happened to the
  /// machine, then what it did to the timer.
  ///
  /// A paused phase leaves out its second half, since the label already says `paused`.
  public static func brief(_ note: TimerNote) -> String {
    cause(note) + (effect(note).map { ", " + $0 } ?? "")
  }

  /// What happened to the machine: `suspended 42 min`, `away 5 min`. A gap long enough to
  /// reset the cycle reads as time away, whatever it was.
  static func cause(_ note: TimerNote) -> String {
    let away = note.cause == .away || note.outcome == .reset
    return (away ? "away " : "suspended ") + DurationFormat.human(note.gap)
  }

  /// What it did to the timer, where the label does not say it; nil for a pause.
  static func effect(_ note: TimerNote) -> String? {
    switch note.outcome {
    case .paused: return nil
    case .counted: return "counted"
    case .voided: return "focus abandoned"
    case .reset: return "cycle reset"
    }
  }
}
