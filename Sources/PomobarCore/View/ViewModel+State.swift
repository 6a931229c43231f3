extension ViewModel {
  /// Builds what the bar shows for `state` at `now`.
  ///
  /// - Parameters:
  ///   - localSecondOfDay: the local wall-clock time at `now` in seconds since midnight,
  ///     used only to say when a running phase ends; nil leaves that out.
  ///   - problem: a short message shown in the tooltip (e.g. a config reload that failed),
  ///     flagged `⚠` in the text.
  ///   - today: the ledger's day, for the work clock's "today" (none shown without it).
  public init(
    state: TimerState, config: Config, now: Instant, localSecondOfDay: Int64? = nil,
    problem: String? = nil, today: LedgerDay? = nil
  ) {
    let settings = config.timer
    let cycle = max(1, settings.longBreakEvery)
    let position = min(max(1, state.slot), cycle)

    var phase: Phase
    var paused = false
    var remaining: Int64
    var total: Int64
    var color: String
    var endsAt: String? = nil
    // The place in the cycle: every focus slot up to the current one is filled, whether
    // that focus runs, is paused, is done or was skipped; idle waits before its slot.
    var filled = position

    switch state.phase {
    case .idle:
      phase = .idle
      total = settings.focus.ceilSeconds
      remaining = total
      color = config.display.colors.idle
      filled = position - 1
    case .focusDone:
      phase = .focusDone
      total = settings.focus.ceilSeconds
      remaining = 0
      color = config.display.colors.done
    case .running(let kind, let deadline, let length):
      phase = Phase(kind)
      total = length.ceilSeconds
      remaining = max(0, (deadline - now).ceilSeconds)
      color = Self.color(for: kind, config.display.colors)
      endsAt = localSecondOfDay.map { Self.clockTime($0 + remaining) }
    case .paused(let kind, let left, let length):
      phase = Phase(kind)
      paused = true
      total = length.ceilSeconds
      remaining = max(0, left.ceilSeconds)
      color = config.display.colors.paused
    }

    var fraction = total > 0 ? Double(remaining) / Double(total) : 0
    // Flowtime counts up: the time so far instead of the time left, and no end.
    let flow = Self.flow(state, settings, remaining: remaining, total: total)
    var shown = remaining
    if let flow {
      (fraction, shown, endsAt) = (flow.fraction, flow.elapsed, nil)
      (remaining, total) = (0, 0)
    }
    // In minutes: left rounded up, so far rounded down.
    let minutes = flow == nil ? shown : shown / 60 * 60
    let percentage = Int((fraction * 100).rounded())
    let ring =
      phase == .focusDone ? "✓" : RingGlyphs.glyph(config.display.ring, fraction: fraction)
    let time =
      config.display.update == .minute
      ? FormatValues.minutes(minutes) : DurationFormat.clock(seconds: shown)
    let dots = String(repeating: "●", count: filled) + String(repeating: "○", count: cycle - filled)
    let suspendNote = state.note.map(Self.describe)
    let note = problem ?? suspendNote

    // A paused phase says which phase it is: "Short break paused", not just "Paused".
    let label = Self.name(of: phase) + (paused ? " paused" : "")

    // The work clock beside the timer, or instead of an idle timer (`[ledger] show`), muted
    // while stopped with a project set; a format with `{project}` or `{today}` reads the
    // running clock whatever `show` says.
    let running = Self.work(state, config, now: now, today: today)
    let shownWork =
      config.ledger.show == .timer ? nil : running ?? Self.stoppedWork(state, config, today: today)
    let slot = FormatSlot(phase)
    let fullFormat = config.format.template(.full, slot, paused: paused)
    let shortFormat = config.format.template(.short, slot, paused: paused)
    let bar =
      (fullFormat?.usesBar ?? false) || (shortFormat?.usesBar ?? false)
      ? BarView(fraction: fraction, width: config.display.barWidth, track: config.display.colors.track) : nil
    var values = FormatValues(
      ring: ring, bar: bar, time: time, remaining: minutes, phase: label, position: position,
      cycle: cycle, dots: dots, ends: endsAt, completed: state.completed,
      percent: percentage, work: running)
    if let targets = Self.targets(state, config, now: now, today: today) {
      (values.left, values.balance) = (targets.left, targets.balance)
    }
    if let today, config.needs.contains(.ledgerDay) {
      values.figures = WorkFigures(state, config.ledger, now: now, today: today)
    }

    let hidden = config.display.hideWhenIdle && phase == .idle && problem == nil
    var fullText = hidden ? "" : fullFormat?.render(values) ?? ""
    var shortText = hidden ? "" : shortFormat?.render(values) ?? ""
    let away = Self.away(state, config, now: now, localSecondOfDay: localSecondOfDay)
    // The question on return says the time away the note is about: said once, the note
    // adding only what it did to the timer (`away 5 min?, counted`).
    let asked = away != nil && state.note != nil && state.ledger.awayChoice?.timer == state.note
    if let timerNote = state.note, !hidden, !asked {
      // Bars without a tooltip (i3bar, polybar, tmux) still say why the timer changed on
      // its own; it lasts until the next action. The compact form has room for a mark only.
      fullText += " · " + Self.brief(timerNote)
      shortText += " " + Self.noteMark
    }
    let heldSince = state.ledger.pausedByAway ? state.ledger.awaySince : nil
    if heldSince != nil {
      // Paused where the away began, as it will be counted.
      fullText += " · away"
      shortText += " " + Self.noteMark
    }
    if let away {
      // Shown even when idle is hidden: it waits for an answer.
      let effect = asked && !hidden ? state.note.flatMap(Self.effect).map { ", " + $0 } ?? "" : ""
      fullText += (fullText.isEmpty ? "" : " · ") + away.text + effect
      shortText += (shortText.isEmpty ? "" : " ") + Self.awayMark
    }
    // The timer's own texts are kept apart only while the work clock shows (i3bar draws it
    // as a block of its own); otherwise they are the texts themselves, and stay empty here.
    var (timerText, timerShortText) = ("", "")
    if problem != nil {
      // Bars without a tooltip (i3bar) still show that something needs attention.
      fullText += " ⚠"
      shortText += " ⚠"
    }
    if let work = shownWork {
      if (config.ledger.show == .work || hidden) && phase == .idle {
        (fullText, shortText) = (work.text, work.shortText)
        if problem != nil {
          fullText += " ⚠"
          shortText += " ⚠"
        }
      } else {
        (timerText, timerShortText) = (fullText, shortText)
        fullText += " · " + work.text
        shortText += " " + work.shortText
      }
    }

    var lines: [String] = []
    if let tooltip = config.format.template(.tooltip, slot, paused: paused) {
      lines.append(tooltip.render(values))
    } else {
      let title = Self.title(phase, position: position, cycle: cycle)
      switch (phase, paused) {
      case (.idle, _) where flow != nil:
        lines.append("Ready: \(title), counting up (flowtime)")
      case (.focus, _) where flow != nil:
        let place = paused ? "\(label): \(Self.place(phase, position: position, cycle: cycle))" : title
        lines += Self.flowLines(earned: flow?.earned ?? .zero, title: place, time: time)
      case (.idle, _):
        lines.append("Ready: \(title), \(DurationFormat.human(settings.focus))")
      case (.focusDone, _):
        let next = settings.breakKind(after: position) == .longBreak ? "long break" : "short break"
        lines.append("\(title) done: \(next) next")
      case (_, true):
        lines.append("\(label): \(Self.place(phase, position: position, cycle: cycle))")
        lines.append("\(time) left of \(DurationFormat.clock(seconds: total))")
      case (_, false):
        lines.append(title)
        lines.append(endsAt.map { "\(time) left, ends at \($0)" } ?? "\(time) left")
      }
      lines.append(Self.completedLine(state.completed))
      lines += Self.todayLines(state, now: now, today: today)
    }
    // Whatever the tooltip's format, why the timer changed and what is wrong are said.
    let care = Self.breakCare(state, config: config, now: now)
    if let line = care.line { lines.append(line) }
    if let suspendNote { lines.append(suspendNote) }
    if let heldSince {
      let since = localSecondOfDay.map { " since " + Self.clockTime($0 + (heldSince - now).floorSeconds) }
      lines.append("paused: away" + (since ?? ""))
    }
    if let away { lines.append(away.line) }
    if let problem { lines.append(problem) }

    self.init(
      phase: phase, paused: paused,
      urgent: state.isUrgent(at: now, lasting: config.display.urgentFor) || care.urgent,
      remainingSeconds: remaining,
      totalSeconds: total, percentage: percentage, ring: ring, time: time,
      dots: dots, position: position, cycleLength: cycle, endsAt: endsAt, note: note,
      color: color, fullText: fullText, shortText: shortText,
      tooltip: lines.joined(separator: "\n"), name: config.display.name,
      instance: config.display.instance, clicks: config.clicks, step: settings.step)
    self.work = shownWork
    self.overdue = care.overdue
    self.away = away
    self.project = state.ledger.project
    self.problem = problem
    self.bar = bar
    self.timerText = timerText
    self.timerShortText = timerShortText
    self.elapsedSeconds = flow?.counting == true ? flow?.elapsed : nil
    self.flowtime = settings.mode == .flowtime || state.countsUp
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
