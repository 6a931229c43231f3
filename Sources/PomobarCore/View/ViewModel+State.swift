extension ViewModel {
  /// Builds what the bar shows for `state` at `now`, in stages: the timer's face (`Face`:
  /// the numbers and words of the phase), the format's values, the texts (the format
  /// rendered, then notes, the away question, ⚠ and the work clock added), the tooltip's
  /// lines, and the view put together from them.
  ///
  /// - Parameters:
  ///   - localSecondOfDay: the local wall-clock time at `now` in seconds since midnight,
  ///     used only to say when a running phase ends; nil leaves that out.
  ///   - problem: a short message shown in the tooltip (e.g. a config reload that failed),
  ///     flagged `⚠` in the text.
  ///   - today: the ledger's day, for the work clock's "today" (none shown without it).
  ///   - figures: the history's figures, for `{budget}` and `{unbilled}` (none shown
  ///     without them).
  public init(
    state: borrowing TimerState, config: borrowing Config, now: Instant, localSecondOfDay: Int64? = nil,
    problem: String? = nil, today: LedgerDay? = nil, figures: HistoryFigures? = nil
  ) {
    self.init(
      face: Face(state, config, now: now, localSecondOfDay: localSecondOfDay), state: state, config: config,
      now: now, localSecondOfDay: localSecondOfDay, problem: problem, today: today, figures: figures)
  }

  /// The view of `face`, the timer's face at `now`: the view's only part that moves with the
  /// clock while nothing else happens (`ViewModel.clockMovesOnlyTheFace`), so a face with
  /// marks for its ring and time makes a frame's template (`FrameSplicer`).
  init(
    face: Face, state: borrowing TimerState, config: borrowing Config, now: Instant, localSecondOfDay: Int64?,
    problem: String?, today: LedgerDay?, figures: HistoryFigures?
  ) {
    // The work clock beside the timer, or instead of an idle timer (`[ledger] show`), muted
    // while stopped with a project set; a format with `{project}` or `{today}` reads the
    // running clock whatever `show` says.
    let running = Self.work(state, config, now: now, today: today)
    let shownWork =
      config.ledger.show == .timer ? nil : running ?? Self.stoppedWork(state, config, today: today)
    let away = Self.away(state, config, now: now, localSecondOfDay: localSecondOfDay)
    let format = Formatted(face, state, config, now: now, today: today, work: running, figures: figures)
    let texts = Texts(face, format, state, config, problem: problem, away: away, work: shownWork)
    let tooltip = Self.tooltip(
      face, format, state, config, now: now, localSecondOfDay: localSecondOfDay, today: today,
      problem: problem, away: away)

    self.init(
      phase: face.phase, paused: face.paused,
      urgent: state.isUrgent(at: now, lasting: config.display.urgentFor) || tooltip.care.urgent,
      remainingSeconds: face.remaining,
      totalSeconds: face.total, percentage: face.percentage, ring: face.ring, time: face.time,
      dots: face.dots, position: face.position, cycleLength: face.cycle, endsAt: face.endsAt,
      note: problem ?? face.suspendNote,
      color: face.color, fullText: texts.full, shortText: texts.short,
      tooltip: Self.joined(tooltip.lines), name: config.display.name,
      instance: config.display.instance, clicks: config.clicks, step: config.timer.step)
    self.work = shownWork
    self.overdue = tooltip.care.overdue
    self.away = away
    self.project = state.ledger.project
    self.task = state.ledger.task
    self.taskSpent = figures?.taskSpent(copy state, now: now)
    self.problem = problem
    self.bar = format.bar
    self.timerText = texts.timerFull
    self.timerShortText = texts.timerShort
    self.elapsedSeconds = face.flow?.counting == true ? face.flow?.elapsed : nil
    self.flowtime = config.timer.mode == .flowtime || state.countsUp
  }

  /// Stage 1, the timer's face: what the phase reads at `now` (its name, time, ring,
  /// dots, colour, end), before any format.
  struct Face: Equatable {
    var phase: Phase
    var paused = false
    /// Seconds left and the phase's length (both 0 for a focus that counts up).
    var remaining: Int64
    var total: Int64
    var color: String
    var endsAt: String? = nil
    var position: Int
    var cycle: Int
    /// A focus that counts up (or idle in Flowtime); nil for anything else.
    var flow: Flow?
    var fraction: Double
    /// `{remaining}`: minutes left rounded up, or so far rounded down.
    var minutes: Int64
    var percentage: Int
    var ring: String
    var time: String
    var dots: String
    /// The phase's name, with ` paused`.
    var label: String
    /// Why the timer changed on its own, in words.
    var suspendNote: String?

    /// `marked`: the ring and the time are marks (`ringMark`, `timeMark`). `sameState`: a
    /// face of the same state and config, whose parts the clock does not move (the dots,
    /// the label, the note) are taken as they are: a running phase's frames worked out
    /// ahead make one face a second.
    init(
      _ state: borrowing TimerState, _ config: borrowing Config, now: Instant, localSecondOfDay: Int64?,
      marked: Bool = false, sameState previous: Face? = nil
    ) {
      cycle = max(1, config.timer.longBreakEvery)
      position = min(max(1, state.slot), cycle)
      // The place in the cycle: every focus slot up to the current one is filled, whether
      // that focus runs, is paused, is done or was skipped; idle waits before its slot.
      var filled = position

      switch state.phase {
      case .idle:
        phase = .idle
        total = config.timer.length(of: .focus, for: state.ledger.project).ceilSeconds
        remaining = total
        color = config.display.colors.idle
        filled = position - 1
      case .focusDone:
        phase = .focusDone
        total = config.timer.length(of: .focus, for: state.ledger.project).ceilSeconds
        remaining = 0
        color = config.display.colors.done
      case .running(let timed, let deadline, let length):
        phase = Phase(timed.kind)
        total = length.ceilSeconds
        remaining = max(0, (deadline - now).ceilSeconds)
        color = ViewModel.color(for: timed.kind, config.display.colors)
        if let second = localSecondOfDay { endsAt = ViewModel.clockTime(second + remaining) }
      case .paused(let timed, let left, let length):
        phase = Phase(timed.kind)
        paused = true
        total = length.ceilSeconds
        remaining = max(0, left.ceilSeconds)
        color = config.display.colors.paused
      }

      fraction = total > 0 ? Double(remaining) / Double(total) : 0
      // Flowtime counts up: the time so far instead of the time left, and no end.
      flow = ViewModel.flow(state, config.timer, remaining: remaining, total: total)
      var shown = remaining
      if let flow {
        (fraction, shown, endsAt) = (flow.fraction, flow.elapsed, nil)
        (remaining, total) = (0, 0)
      }
      // In minutes: left rounded up, so far rounded down.
      minutes = flow == nil ? shown : shown / 60 * 60
      percentage = Int((fraction * 100).rounded())
      ring = phase == .focusDone ? "✓" : RingGlyphs.glyph(config.display.ring, fraction: fraction)
      time =
        config.display.update == .minute
        ? FormatValues.minutes(minutes) : DurationFormat.clock(seconds: shown)
      if let previous {
        (dots, label, suspendNote) = (previous.dots, previous.label, previous.suspendNote)
        assert(
          (dots, label, suspendNote)
            == Self.stateParts(state, phase: phase, paused: paused, filled: filled, cycle: cycle),
          "a face of another state")
      } else {
        (dots, label, suspendNote) = Self.stateParts(
          state, phase: phase, paused: paused, filled: filled, cycle: cycle)
      }
      if marked { (ring, time) = (Self.ringMark, Self.timeMark) }
    }

    /// The parts of a face only the state moves: the dots, the label, the note.
    private static func stateParts(
      _ state: borrowing TimerState, phase: Phase, paused: Bool, filled: Int, cycle: Int
    ) -> (dots: String, label: String, note: String?) {
      (
        String(repeating: "●", count: filled) + String(repeating: "○", count: cycle - filled),
        // A paused phase says which phase it is: "Short break paused", not just "Paused".
        ViewModel.name(of: phase) + (paused ? " paused" : ""),
        state.note.map(ViewModel.describe)
      )
    }

    /// What stands for the ring and the time in a frame's template (`FrameSplicer`):
    /// characters of the last private use plane, which no encoder escapes.
    static let ringMark = "\u{10FFFC}"
    static let timeMark = "\u{10FFFD}"

    /// The `{bar}` for the time left.
    func bar(_ display: borrowing DisplaySettings) -> BarView {
      BarView(fraction: fraction, width: display.barWidth, track: display.colors.track)
    }

    /// The last minute of a running (not paused) focus or break (`ViewModel.isEnding`).
    var isEnding: Bool { ViewModel.isEnding(phase, paused: paused, remaining: remaining) }
  }

  /// Stage 2, the format: the templates for the phase and the values they are filled with.
  struct Formatted {
    var slot: FormatSlot
    var full: FormatTemplate?
    var short: FormatTemplate?
    /// The `{bar}`, when a text has one.
    var bar: BarView?
    var values: FormatValues

    init(
      _ face: borrowing Face, _ state: borrowing TimerState, _ config: borrowing Config, now: Instant,
      today: LedgerDay?, work: WorkView?, figures: HistoryFigures?
    ) {
      slot = FormatSlot(face.phase)
      full = config.format.template(.full, slot, paused: face.paused)
      short = config.format.template(.short, slot, paused: face.paused)
      bar = (full?.usesBar ?? false) || (short?.usesBar ?? false) ? face.bar(config.display) : nil
      values = FormatValues(
        ring: face.ring, bar: bar, time: face.time, remaining: face.minutes, phase: face.label,
        position: face.position, cycle: face.cycle, dots: face.dots, ends: face.endsAt,
        completed: state.completed, percent: face.percentage, work: work, task: state.ledger.task?.title)
      if let targets = ViewModel.targets(state, config, now: now, today: today) {
        (values.left, values.balance) = (targets.left, targets.balance)
      }
      if let today, config.needs.contains(.ledgerDay) {
        values.figures = WorkFigures(copy state, config.ledger, now: now, today: today)
      }
      if let figures, config.needs.contains(.history) {
        let shown = config.format.placeholders
        if shown.contains(.budget) { values.budget = figures.budgetText(shown: copy state, config, now: now) }
        if shown.contains(.unbilled) { values.unbilled = figures.unbilledText }
        values.taskProgress = figures.taskProgressText(state, now: now)
      }
    }
  }

  /// Stage 3, the texts: the format rendered, then why the timer changed, the away
  /// question, ⚠ and the work clock added.
  struct Texts {
    var full: String
    var short: String
    /// The timer's part alone, kept apart only while the work clock shows (i3bar draws it
    /// as a block of its own); otherwise empty.
    var timerFull = ""
    var timerShort = ""

    init(
      _ face: borrowing Face, _ format: borrowing Formatted, _ state: borrowing TimerState,
      _ config: borrowing Config, problem: String?, away: AwayView?, work: WorkView?
    ) {
      let hidden = config.display.hideWhenIdle && face.phase == .idle && problem == nil
      full = hidden ? "" : format.full?.render(format.values) ?? ""
      short = hidden ? "" : format.short?.render(format.values) ?? ""
      let asked = ViewModel.asksAbout(state, away: away)
      if let timerNote = state.note, !hidden, !asked {
        // Bars without a tooltip (i3bar, polybar, tmux) still say why the timer changed on
        // its own; it lasts until the next action. The compact form has room for a mark only.
        full += " · " + ViewModel.brief(timerNote)
        short += " " + ViewModel.noteMark
      }
      if state.ledger.pausedByAway && state.ledger.awaySince != nil {
        // Paused where the away began, as it will be counted.
        full += " · away"
        short += " " + ViewModel.noteMark
      }
      if let away {
        // Shown even when idle is hidden: it waits for an answer.
        let effect = asked && !hidden ? state.note.flatMap(ViewModel.effect).map { ", " + $0 } ?? "" : ""
        full += (full.isEmpty ? "" : " · ") + away.text + effect
        short += (short.isEmpty ? "" : " ") + ViewModel.awayMark
      }
      if problem != nil {
        // Bars without a tooltip (i3bar) still show that something needs attention.
        full += " ⚠"
        short += " ⚠"
      }
      guard let work else { return }
      if (config.ledger.show == .work || hidden) && face.phase == .idle {
        (full, short) = (work.text, work.shortText)
        if problem != nil {
          full += " ⚠"
          short += " ⚠"
        }
      } else {
        (timerFull, timerShort) = (full, short)
        full += " · " + work.text
        short += " " + work.shortText
      }
    }
  }

  /// Whether the question on return says the time away the timer's note is about: said
  /// once, the note adding only what it did to the timer (`away 5 min?, counted`).
  static func asksAbout(_ state: TimerState, away: AwayView?) -> Bool {
    away != nil && state.note != nil && state.ledger.awayChoice?.timer == state.note
  }

  /// Stage 4, the tooltip's lines (the format's, or the phase in words, the count and
  /// today's work), then what is said whatever the format: break care, why the timer
  /// changed, the away, the problem; and break care's state, which the view shows too.
  static func tooltip(
    _ face: Face, _ format: Formatted, _ state: TimerState, _ config: Config, now: Instant,
    localSecondOfDay: Int64?, today: LedgerDay?, problem: String?, away: AwayView?
  ) -> (lines: [String], care: BreakCareView) {
    var lines: [String] = []
    if let tooltip = config.format.template(.tooltip, format.slot, paused: face.paused) {
      lines.append(tooltip.render(format.values))
    } else {
      lines = phaseLines(face, config.timer)
      if let task = state.ledger.task {
        let progress = format.values.taskProgress
        lines.append("Task: " + task.title + (progress.isEmpty ? "" : ", " + progress))
      }
      lines.append(completedLine(state.completed))
      lines += todayLines(state, now: now, today: today)
    }
    // Whatever the tooltip's format, why the timer changed and what is wrong are said.
    let care = breakCare(state, config: config, now: now)
    if let line = care.line { lines.append(line) }
    if let suspendNote = face.suspendNote { lines.append(suspendNote) }
    if state.ledger.pausedByAway, let heldSince = state.ledger.awaySince {
      let since = localSecondOfDay.map { " since " + clockTime($0 + (heldSince - now).floorSeconds) }
      lines.append("paused: away" + (since ?? ""))
    }
    if let away { lines.append(away.line) }
    if let problem { lines.append(problem) }
    return (lines, care)
  }

  /// The default tooltip's first lines: the phase and its place in the cycle, and its time.
  private static func phaseLines(_ face: Face, _ settings: TimerSettings) -> [String] {
    let (phase, position, cycle, time) = (face.phase, face.position, face.cycle, face.time)
    let title = title(phase, position: position, cycle: cycle)
    switch (phase, face.paused) {
    case (.idle, _) where face.flow != nil:
      return ["Ready: \(title), counting up (flowtime)"]
    case (.focus, _) where face.flow != nil:
      let place =
        face.paused ? "\(face.label): \(Self.place(phase, position: position, cycle: cycle))" : title
      return flowLines(earned: face.flow?.earned ?? .zero, title: place, time: time)
    case (.idle, _):
      return ["Ready: \(title), \(DurationFormat.human(.seconds(face.total)))"]  // the project's focus
    case (.focusDone, _):
      let next = settings.breakKind(after: position) == .longBreak ? "long break" : "short break"
      return ["\(title) done: \(next) next"]
    case (_, true):
      return [
        "\(face.label): \(Self.place(phase, position: position, cycle: cycle))",
        "\(time) left of \(DurationFormat.clock(seconds: face.total))",
      ]
    case (_, false):
      return [title, face.endsAt.map { "\(time) left, ends at \($0)" } ?? "\(time) left"]
    }
  }

  /// The tooltip's lines, one text: `[String].joined(separator:)` is the standard library's
  /// unspecialized code, whose first call looks up a conformance by scanning every record of
  /// the binary (about 90k instructions of a bar's start, docs/benchmarks.md).
  private static func joined(_ lines: [String]) -> String {
    var text = lines.first ?? ""
    for line in lines.dropFirst() {
      text += "\n"
      text += line
    }
    return text
  }

  /// `14:05`: the local clock time `second` seconds after a midnight (any day's: it wraps).
  static func clockTime(_ second: Int64) -> String {
    ClockTime.text((second % 86_400 + 86_400) % 86_400)
  }

  private static func color(for kind: PhaseKind, _ palette: borrowing Palette) -> String {
    switch kind {
    case .focus: return palette.focus
    case .shortBreak: return palette.shortBreak
    case .longBreak: return palette.longBreak
    }
  }

  /// The phase as the bar names it, before any ` paused`.
  private static func name(of phase: Phase) -> String {
    switch phase {
    case .idle: return "Ready"
    case .focus: return "Focus"
    case .focusDone: return "Focus done"
    case .shortBreak: return "Short break"
    case .longBreak: return "Long break"
    }
  }

  /// Where a timed phase sits in the cycle, to follow its name: `2 of 4` for a focus,
  /// `after focus 2 of 4` for a break.
  private static func place(_ phase: Phase, position: Int, cycle: Int) -> String {
    switch phase {
    case .idle, .focus, .focusDone: return "\(position) of \(cycle)"
    case .shortBreak, .longBreak: return "after focus \(position) of \(cycle)"
    }
  }

  private static func title(_ phase: Phase, position: Int, cycle: Int) -> String {
    switch phase {
    case .idle, .focus, .focusDone: return "Focus \(position) of \(cycle)"
    case .shortBreak: return "Short break after focus \(position) of \(cycle)"
    case .longBreak: return "Long break after focus \(position) of \(cycle)"
    }
  }

  /// The tooltip's count of focus sessions that ran to their end since the last reset.
  ///
  /// A line of its own, in words: the dots show the place in the cycle, which a skipped
  /// focus advances too, so the two must not read as one number.
  static func completedLine(_ completed: Int) -> String {
    switch completed {
    case ...0: return "no focus sessions completed yet"
    case 1: return "1 focus session completed"
    default: return "\(completed) focus sessions completed"
    }
  }
}

extension ViewModel.Phase {
  init(_ kind: PhaseKind) {
    switch kind {
    case .focus: self = .focus
    case .shortBreak: self = .shortBreak
    case .longBreak: self = .longBreak
    }
  }
}
