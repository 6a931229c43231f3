/// The nudges' notifications: "Tracking nothing for 5 min" with **Start** (`ctl start`: a
/// focus on the active project) and **Not now**; "Still tracking acme" with **Stop now**
/// (`ctl work stop`) and **Stop at last input** (`ctl work stop --at 17:42`). Their
/// buttons act only while the stretch or the clock they are about is the same.
extension NotificationPlan {
  public init(nudge: Nudge, state: TimerState, config: Config) {
    let buttons: [Button]
    switch nudge {
    case .forgotToStart(let quiet, let project):
      title = "Tracking nothing for \(DurationFormat.human(quiet))"
      body = project.map { "Start \($0)?" } ?? "Start a focus?"
      buttons = [
        Button(name: "start", label: "Start", action: .start),
        Button(name: "not-now", label: "Not now", action: .none),
      ]
      subject = NotificationSubject.forgot(state)
    case .endOfDay(let project, let at, let lastInput):
      title = "Still tracking" + (project.map { " \($0)" } ?? "")
      body = "Stop at \(at)?"
      buttons = [
        Button(name: "work-stop", label: "Stop now", action: .workStop),
        Button(
          name: "work-stop-at", label: "Stop at last input (\(lastInput))", action: .workStop, at: lastInput),
      ]
      subject = NotificationSubject.endOfDay(state)
    }
    self.buttons = config.notifications.actions ? buttons : []
  }
}

extension NotificationSubject {
  static let forgotPrefix = "forgot."
  static let endOfDayPrefix = "end-of-day."

  /// The quiet stretch nudged in `state`: holds while that stretch goes on.
  public static func forgot(_ state: TimerState) -> String {
    forgotPrefix + (state.ledger.nudges.nudgedAt.map { "\($0.nanoseconds)" } ?? "-")
  }

  /// The running clock's end of day: holds while that clock runs.
  public static func endOfDay(_ state: TimerState) -> String {
    endOfDayPrefix + (state.ledger.nudges.endOfDayAt.map { "\($0.nanoseconds)" } ?? "-")
  }
}
