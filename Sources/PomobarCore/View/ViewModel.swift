/// Everything a bar shows, computed once per frame; encoders only frame and escape it.
public struct ViewModel: Equatable, Sendable {
  /// The phase as one word, for CSS classes and waybar's `alt`.
  public enum Phase: String, Sendable, CaseIterable {
    case idle
    case focus
    case focusDone = "focus-done"
    case shortBreak = "short-break"
    case longBreak = "long-break"
  }

  /// The phase shown (for a paused phase: the phase that is paused).
  public var phase: Phase
  public var paused: Bool
  /// Set when a phase ended on its own, until the next action: the bar's alert.
  public var urgent: Bool
  /// Seconds left as displayed (rounded up), or the next focus's length when idle.
  public var remainingSeconds: Int64
  /// The phase's full length in seconds.
  public var totalSeconds: Int64
  /// 0-100: how much of the phase remains.
  public var percentage: Int
  /// The ring glyph for the remaining fraction.
  public var ring: String
  /// `mm:ss`, or `h:mm:ss`.
  public var time: String
  /// The place in the cycle as dots: every focus slot up to the current one filled, e.g.
  /// `●●○○` during focus 2, while it is paused or done and during its break; idle before
  /// focus 2 shows `●○○○`. Not a count of completed sessions: a skipped focus fills its dot.
  public var dots: String
  /// The focus session's number in the cycle (1-based) and the cycle's length.
  public var position: Int
  public var cycleLength: Int
  /// The local clock time the running phase ends, `HH:MM`; nil unless running.
  public var endsAt: String?
  /// Why the timer changed on its own (e.g. `paused: suspended 42 min`), or a config problem.
  public var note: String?
  /// `#rrggbb`.
  public var color: String
  /// The expanded form, e.g. `⣿ Focus 24:13 ●○○○`; while a note is set, its compact form
  /// follows (`⣿ Focus paused 12:00 ●○○○ · suspended 42 min`), and a problem adds ` ⚠`.
  public var fullText: String
  /// The compact form, e.g. `⣿ 24:13`; a note adds `noteMark` (`☾`), a problem ` ⚠`.
  public var shortText: String
  /// Several lines: phase and position, time left and when it ends, notes.
  public var tooltip: String
  /// The block's identity in the i3bar protocol.
  public var name: String
  public var instance: String
  /// The work clock while it runs (`● api 2:13`), or stopped while a project is set
  /// (`○ api 2:13`, muted); nil otherwise or not shown.
  public var work: WorkView? = nil
  /// The active project, whether the clock runs or not; nil: none.
  public var project: String? = nil
  /// The task of the running or next focus (`ctl task`); nil: none.
  public var task: TaskRef? = nil
  /// Seconds of focus on the task so far, every machine's, when the figures hold them
  /// (a text shows `{task-progress}`); nil otherwise.
  public var taskSpent: Int64? = nil
  /// A time away that waits for an answer (`ctl away-was`); nil: none.
  public var away: AwayView? = nil
  /// The `{bar}` in the texts, for bars that colour its parts; nil when no text has one.
  public var bar: BarView? = nil
  /// The timer's part of `fullText` and `shortText` alone (empty when `[ledger] show =
  /// "work"` hides an idle timer): i3bar shows the work clock as a block of its own.
  public var timerText = ""
  public var timerShortText = ""
  /// What each mouse button does: bars whose clicks are commands written into each frame
  /// (polybar) draw it, so a changed map redraws like any other change.
  public var clicks: ClickMap
  /// How much `+`/`-` (extend, shorten) change a phase: `[timer] step`, for the terminal's
  /// key help, so a reloaded config redraws it like any other change.
  public var step: Duration
  /// Seconds so far of a focus that counts up (Flowtime), whose `remainingSeconds` and
  /// `totalSeconds` are 0: it has no length; nil for anything else.
  public var elapsedSeconds: Int64? = nil
  /// `[timer] mode` is Flowtime, or the focus shown counts up.
  public var flowtime = false
  /// The problem shown with ⚠ (config, state, hook, idle watch), apart from `note`; nil: none.
  public var problem: String? = nil
  /// When the running phase ends, when the running work interval began, and when the
  /// ledger's day its `seconds` count began, on the timer's timeline: instants a widget
  /// counts from by itself (`pomobar watch`); nil when not running, or not known (a view
  /// built without a clock reading). A focus that counts up has no end: its `deadline` is
  /// nil, and `countsFrom` is set instead.
  public var deadline: Instant? = nil
  /// The instant a running focus that counts up (Flowtime) counts its time so far from:
  /// its start, moved on by any pause; nil for anything else.
  public var countsFrom: Instant? = nil
  public var workSince: Instant? = nil
  public var workDayStart: Instant? = nil
  /// When the view was made, on the wall clock and the timer's timeline; no part of
  /// comparing views.
  public var madeAt: WallStamp? = nil
  /// Work went on past `[breaks] remind-after` without a break, and still does.
  public var overdue = false

  public init(
    phase: Phase, paused: Bool, urgent: Bool, remainingSeconds: Int64, totalSeconds: Int64,
    percentage: Int, ring: String, time: String, dots: String, position: Int, cycleLength: Int,
    endsAt: String?, note: String?, color: String, fullText: String,
    shortText: String, tooltip: String, name: String, instance: String,
    clicks: ClickMap = ClickMap(), step: Duration = .seconds(60)
  ) {
    self.phase = phase
    self.paused = paused
    self.urgent = urgent
    self.remainingSeconds = remainingSeconds
    self.totalSeconds = totalSeconds
    self.percentage = percentage
    self.ring = ring
    self.time = time
    self.dots = dots
    self.position = position
    self.cycleLength = cycleLength
    self.endsAt = endsAt
    self.note = note
    self.color = color
    self.fullText = fullText
    self.shortText = shortText
    self.tooltip = tooltip
    self.name = name
    self.instance = instance
    self.clicks = clicks
    self.step = step
  }

  /// CSS classes for waybar: the phase, then `paused`, `ending` (the last minute of a
  /// running phase), `urgent`, `working` (the work clock runs), `flowtime` (the mode),
  /// `counting-up` (a Flowtime focus), `overdue` (break care's reminder fired, and work
  /// goes on) and `away-pending` (a time away waits for an answer) when they apply.
  public var classes: [String] {
    var classes = [phase.rawValue]
    if paused { classes.append("paused") }
    if isEnding { classes.append("ending") }
    if urgent { classes.append("urgent") }
    if work?.running == true { classes.append("working") }
    if flowtime { classes.append("flowtime") }
    if elapsedSeconds != nil { classes.append("counting-up") }
    if overdue { classes.append("overdue") }
    if away != nil { classes.append("away-pending") }
    return classes
  }

  /// The last minute of a running (not paused) focus or break.
  public var isEnding: Bool { Self.isEnding(phase, paused: paused, remaining: remainingSeconds) }

  static func isEnding(_ phase: Phase, paused: Bool, remaining: Int64) -> Bool {
    switch phase {
    case .focus, .shortBreak, .longBreak: return !paused && remaining > 0 && remaining <= 60
    case .idle, .focusDone: return false
    }
  }
}
