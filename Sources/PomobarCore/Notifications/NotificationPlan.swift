/// What the notification at a phase's natural end says and which buttons it offers.
///
/// At the end of a focus that waits for the user (focus done): **Start break** and **New
/// focus**. When auto-advance already started the break: **Skip break** and **+5 min**
/// (more break). At the end of a break that returned to idle: **Start focus**; when
/// auto-advance already started the focus: **Pause**. Each button is the `pomobar ctl`
/// action it names, carried out only while the timer is still where the notification
/// found it (`subject`).
public struct NotificationPlan: Equatable, Sendable {
  /// A button: the action's name (what notify-send prints when it is pressed), its label,
  /// and the action it performs.
  public struct Button: Equatable, Sendable {
    public var name: String
    public var label: String
    public var action: Action
  }

  public var title: String
  public var body: String
  public var buttons: [Button]
  /// The timer's place the notification is about (`NotificationSubject`).
  public var subject: String

  /// How much **+5 min** adds.
  public static let extra: Duration = .seconds(300)

  /// The plan for `ended` running out, leaving the timer in `state`.
  public init(ended: PhaseKind, state: TimerState, config: Config) {
    let settings = config.timer
    let next: PhaseKind
    let length: Duration
    var buttons: [Button] = []
    switch state.phase {
    case .focusDone:
      next = settings.breakKind(after: state.slot)
      length = settings.length(of: next)
      buttons = [
        Button(name: "break", label: "Start break", action: .startBreak),
        Button(name: "start", label: "New focus", action: .start),
      ]
    case .running(let timed, _, let total), .paused(let timed, _, let total):
      (next, length) = (timed.kind, total)
      if timed.kind.isBreak {
        buttons = [
          Button(name: "start", label: "Skip break", action: .start),
          Button(name: "extend", label: "+5 min", action: .extend(Self.extra)),
        ]
      } else {
        buttons = [Button(name: "pause", label: "Pause", action: .pause)]
      }
    case .idle:
      (next, length) = (.focus, settings.focus)
      buttons = [Button(name: "start", label: "Start focus", action: .start)]
    }
    // A Flowtime focus has no length: it counts up until you end it.
    let flowing = next == .focus && (settings.mode == .flowtime || state.countsUp)
    let values: [NotificationText.Placeholder: String] = [
      .next: Self.name(of: next), .duration: flowing ? "counting up" : DurationFormat.human(length),
      .completed: "\(state.completed)", .project: state.ledger.project ?? "",
      .task: state.ledger.task?.title ?? "",
    ]
    let texts = config.notifications
    let (title, body) =
      ended.isBreak
      ? (texts.breakDoneTitle, texts.breakDoneBody) : (texts.focusDoneTitle, texts.focusDoneBody)
    self.title = title.render(values)
    self.body = body.render(values)
    // The focus's task is said at its end, on a line of its own, unless a text says it.
    if !ended.isBreak, let task = state.ledger.task, !title.uses(.task), !body.uses(.task) {
      self.body = "Task: \(task.title)\n" + self.body
    }
    self.buttons = config.notifications.actions ? buttons : []
    self.subject = NotificationSubject.of(state)
  }

  /// `short break`, `long break`, `focus`.
  static func name(of kind: PhaseKind) -> String {
    switch kind {
    case .focus: return "focus"
    case .shortBreak: return "short break"
    case .longBreak: return "long break"
    }
  }
}
