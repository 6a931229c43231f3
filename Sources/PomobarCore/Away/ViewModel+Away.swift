/// A time away that waits for an answer, as the bar shows it: `away 23 min?` after the
/// timer's text (`?` in the compact form), the waybar class `away-pending`, a tooltip line
/// that says how to answer, and `away` in `status --format json`.
public struct AwayView: Equatable, Sendable {
  /// How long the time away lasted, in whole seconds.
  public var seconds: Int64
  /// The project the clock was on (what `work` records); nil: none.
  public var project: String?
  /// Local `HH:MM` of its start and end, and of the moment `unanswered` answers it (nil:
  /// at the next away); nil when the local time is not known.
  public var from: String?
  public var to: String?
  public var answerBy: String?
  /// What it becomes when nobody answers.
  public var unanswered: AwayAnswer

  /// The tail of the full text.
  public var text: String { "away \(DurationFormat.human(.seconds(seconds)))?" }

  /// The tooltip line: what it was, and the ways to answer.
  public var line: String {
    let span = from.flatMap { from in to.map { " (\(from)-\($0))" } } ?? ""
    let clock = project.map { ", the clock on \($0)" } ?? ""
    let later = answerBy.map { " at \($0)" } ?? (unanswered == .discard ? "" : " at the next away")
    return "Away \(DurationFormat.human(.seconds(seconds)))\(span)\(clock): what was it? "
      + "pomobar ctl away-was work|discard|break, or the notification's buttons; "
      + "unanswered, \(unanswered.words)\(later)"
  }
}

extension ViewModel {
  /// The compact form's mark while a time away waits for an answer.
  public static let awayMark = "?"

  /// The waiting choice of `state` as shown at `now`; nil when none waits.
  static func away(_ state: TimerState, _ config: Config, now: Instant, localSecondOfDay: Int64?) -> AwayView?
  {
    guard let choice = state.ledger.awayChoice else { return nil }
    func local(_ instant: Instant) -> String? {
      localSecondOfDay.map { clockTime($0 + (instant - now).floorSeconds) }
    }
    return AwayView(
      seconds: choice.length.floorSeconds, project: choice.project, from: local(choice.from),
      to: local(choice.to), answerBy: choice.answerBy.flatMap(local),
      unanswered: config.ledger.away.unanswered)
  }
}
