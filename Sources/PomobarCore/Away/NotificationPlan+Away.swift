/// The notification on return from away time worth asking about: "Away 23 min", with the
/// answers as buttons **Keep as work** (`away-work`), **Discard** (`away-discard`) and
/// **Was a break** (`away-break`), the names of their click actions, which stay stable
/// for the daemons' own control programs (`makoctl menu`, `swaync-client`, dunst's menu).
extension NotificationPlan {
  /// The plan for `choice`, with the timer as the return left it in `state`.
  public init(away choice: AwayChoice, state: TimerState, config: Config) {
    let labels: [(AwayAnswer, String)] = [
      (.work, "Keep as work"), (.discard, "Discard"), (.break, "Was a break"),
    ]
    let unanswered = config.ledger.away.unanswered
    title = "Away \(DurationFormat.human(choice.length))"
    var lines = [
      "What was it? "
        + (choice.project.map { "The clock was on \($0)." } ?? "The clock ran without a project.")
    ]
    if let note = choice.timer.map(ViewModel.describe) { lines.append(note + ".") }
    let within =
      config.ledger.away.answerWithin.map { " in \(DurationFormat.human($0))" } ?? " at the next away"
    lines.append("Unanswered, it is \(unanswered.words)\(within).")
    body = lines.joined(separator: "\n")
    buttons =
      config.notifications.actions
      ? labels.map { Button(name: $0.0.name.rawValue, label: $0.1, action: .awayWas($0.0)) } : []
    subject = NotificationSubject.away(state)
  }
}
