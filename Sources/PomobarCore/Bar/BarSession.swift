/// A running bar's rules, as a value: it takes what happened (`BarEvent`) at a clock
/// reading and says what to do (`BarAction`), like `TimerMachine` does for the timer.
///
/// It decides when a frame goes out (only when what it shows changed, never while the bar
/// hides the block), what the problems shown with ⚠ are (the config's, the state's, a
/// hook's, the wrapped command's), when the next tick and the next retry of a failed save
/// are, which click does what, and how pomobar's blocks merge with a wrapped command's.
/// The loop (`BarLoop` in the system layer) owns the descriptors and carries the actions
/// out; nothing here reads a clock or a file.
public struct BarSession {
  public private(set) var config: Config
  private var encoder: any BarEncoder
  private let input: InputMode
  /// Seconds east of UTC at a UTC second: the local time zone.
  private let zone: (Int64) -> Int32
  private var clicks = ClickDecoder()

  /// The last document read or written (nil: none, or an unusable file), and whether a
  /// file was there.
  private var document: StateDocument?
  private var fileExists = false
  private var problems = Problems()
  private(set) var saving = Saving.fine
  /// When the retry is armed for (monotonic ns; nil: disarmed).
  private var retryArmedFor: Int64?
  /// The bar hides the block: keep timing, stop writing.
  private var hidden = false
  private var lastView: ViewModel?
  /// What the last view was built from: a view is built once per change of it (a
  /// transaction's saved state, shown already while it was pending, is not built again).
  private var viewFrom: ViewInputs?
  /// How many views were built: the tests count them per click.
  private(set) var viewsBuilt = 0
  /// The grid the tick is armed on (nil: disarmed).
  private var armedFor: TickPlan?
  /// The wrapped command's side of the line (`--wrap`), if any.
  private var wrap: Wrapped?
  /// The running phase's next frames, while only time passes.
  private var ahead: FramesAhead?
  /// What `ahead` was worked out from: the next batch is, when it runs out.
  private var aheadFrom: AheadInputs?
  /// `aheadDue` follows on from `ahead`, whose last frame was written: the next batch
  /// starts from what that frame shows.
  private var rollsOver = false
  /// The frames to work out next (`workAhead`): after the tick that asked for them wrote its
  /// own frame, so that frame does not wait for a minute of others.
  private(set) var aheadDue: AheadInputs?
  /// The history's figures, every machine's (`HistoryFigures`); nil: not folded yet, or
  /// no text needs them.
  private(set) var figures: HistoryFigures?
  /// A fold is under way, and whether the history changed again meanwhile.
  private var folding = false
  private var foldAgain = false
  /// The state's today the last fold began from: a state whose today differs (an interval
  /// closed, or counted again from the history after an edit) is folded again, so that its
  /// difference is the live part only until then.
  private var foldBase: DayTotals?
  /// The task the last fold summed (`{task-progress}`): another task is folded for anew.
  private var foldTask: TaskRef?

  /// Why things do not work, each shown with ⚠ while it lasts (and the state's, which
  /// `Saving` keeps).
  struct Problems: Equatable {
    var config: String?
    /// The last hook failure recorded in `hooks.failed`, while it stands.
    var hook: String?
    var wrapped: String?
    /// Why idle cannot be watched (`[idle] after` set).
    var idle: String?

    /// All of them, with `state`: why the state could not be saved or used.
    func text(state: String?) -> String? {
      let all = [config, state, hook, wrapped, idle].compactMap { $0 }
      return all.isEmpty ? nil : all.joined(separator: "; ")
    }
  }

  /// What a view is built from, besides the config and the encoder (a change of either
  /// forgets it).
  struct ViewInputs: Equatable {
    var state: TimerState
    var at: ClockReading
    var problem: String?
  }

  /// What the frames ahead are worked out from, besides the session's config, encoder and
  /// last view (any event that changes those ends them first). A class: every tick looks
  /// at whether a batch is due, and a state is too large to copy for that.
  final class AheadInputs {
    let plan: TickPlan
    let deadline: Instant
    let after: ClockReading
    let state: TimerState
    let problem: String?

    init(plan: TickPlan, deadline: Instant, after: ClockReading, state: TimerState, problem: String?) {
      (self.plan, self.deadline, self.after, self.state, self.problem) = (
        plan, deadline, after, state, problem
      )
    }
  }

  /// The wrapped command's blocks and how they merge with pomobar's.
  struct Wrapped {
    var merger: StatusMerger
    /// Its program's name, for the marker shown while it is down.
    var shortName: String
    /// Whether it wrote a usable line since it was last started.
    var hasShown = false
  }

  /// - Parameters:
  ///   - wrapping: the short name of the status command whose blocks pomobar's are merged
  ///     into (`--wrap`), if any.
  ///   - zone: seconds east of UTC at a UTC second.
  public init(
    config: Config, configProblem: String? = nil, encoder: any BarEncoder, input: InputMode,
    wrapping: String? = nil, zone: @escaping (Int64) -> Int32
  ) {
    self.config = config
    self.encoder = encoder
    self.input = input
    self.zone = zone
    problems.config = configProblem
    wrap = wrapping.map { Wrapped(merger: StatusMerger(position: config.wrap.position), shortName: $0) }
  }

  /// Whether a save is failing or the state folder cannot be used (the loop then stops
  /// following the folder until it is usable).
  public var stateProblem: String? { saving.failure?.problem }

  /// Every problem shown with ⚠.
  private var problemText: String? { problems.text(state: stateProblem) }

  /// Whether the bar hides the block.
  public var isHidden: Bool { hidden }

  /// Takes what happened at `now` (all the events of one wake-up at once) and says what to
  /// do. Actions are in order; after `transact`, the loop reports the outcome with
  /// `pending` and `saved` or `saveFailed`, which finish the refresh.
  public mutating func handle(_ events: [BarEvent], at now: ClockReading) -> [BarAction] {
    var actions: [BarAction] = []
    handle(events, at: now, into: &actions)
    return actions
  }

  /// `handle(_:at:)`, its actions appended to `actions`: the loop hands the same array
  /// every time, so a tick allocates nothing (an array of one frame was a `malloc` and a
  /// `free` a second, and the pages of both).
  public mutating func handle(_ events: [BarEvent], at now: ClockReading, into actions: inout [BarAction]) {
    if tick(events, at: now, into: &actions) { return }
    if problems.wrapped != nil || !events.allSatisfy({ if case .wrappedBlocks = $0 { true } else { false } })
    {
      endAhead()  // something else happened: the next frames are worked out anew
    }
    var wake = Wake()
    for event in events { apply(event, at: now, &wake) }
    if wake.fold { wake.actions += fold(at: now) }
    if let asked = wake.transaction {
      // One transaction for the whole wake-up, after everything else it asked for; its
      // outcome finishes the refresh, and meanwhile nothing more is shown.
      saving.transact()
      wake.actions.append(.transact(asked, stamp: now))
    } else if let cause = wake.cause, !saving.isTransacting {
      wake.actions += refresh(at: now, cause)
    }
    // A quit typed with other keys comes after their transaction.
    if wake.quit { wake.actions.append(.quit) }
    actions += wake.actions
  }

  /// What the events of one wake-up asked for.
  private struct Wake {
    var actions: [BarAction] = []
    /// Why the view and the timers are to be brought up to date (nil: they need not be).
    var cause: Refresh?
    /// The events of the transaction asked for, stamped with the wake-up's time (nil: none).
    var transaction: [Event]?
    /// The user asked to quit.
    var quit = false
    /// The history's figures are to be folded again.
    var fold = false

    mutating func refresh(_ cause: Refresh) { self.cause = max(self.cause ?? cause, cause) }
    mutating func transact(_ events: [Event]) { transaction = (transaction ?? []) + events }
  }

  /// Why a wake-up ends with the view and the timers brought up to date; when several
  /// events ask, the case declared last wins.
  private enum Refresh: Comparable {
    /// What is shown may have changed.
    case changed
    /// A timer fired: on a running phase's tick the next frames are worked out too.
    case ticked
    /// A transaction's outcome came: the refresh asks for no second one.
    case outcome
  }

  /// Takes one event in.
  private mutating func apply(_ event: BarEvent, at now: ClockReading, _ wake: inout Wake) {
    switch event {
    case .started(let document, let exists):
      (self.document, fileExists) = (document, exists)
      wake.actions.append(.write(encoder.header(), replaceable: false))
      wake.fold = true
      wake.refresh(.changed)
    case .input(let bytes):
      let (events, more) = read(bytes)
      wake.actions += more.filter { $0 != .quit }
      if !events.isEmpty { wake.transact(events) }
      if more.contains(.quit) { wake.quit = true }
    case .stateRead(let document, let exists):
      (self.document, fileExists) = (document, exists)
      figures?.owing(document?.owed ?? [])
      wake.fold = wake.fold || foldIsBehind(document)
      wake.refresh(.changed)
    case .stateFolderUnusable(let problem):
      let problem = "cannot use the state folder: \(problem)"
      wake.actions.append(.warn(problem, kind: nil))
      saving.refused(problem)
      wake.refresh(.changed)
    case .configLoaded(let config, let problem):
      let unwatched = self.config.idle.after != nil && config.idle.after == nil
      self.config = config
      viewFrom = nil
      problems.config = problem
      if unwatched {
        // `[idle] after` turned off: no watch will see the return, so an away stands no
        // longer; left, it would outlive the watch and swallow the next one.
        wake.transact([IdleChange.active.event(at: now.instant, threshold: nil)])
      }
      wake.fold = true
      if wrap != nil, wrap?.merger.position != config.wrap.position {
        wrap?.merger.position = config.wrap.position
        lastView = nil  // the blocks move now, not at the next tick
      }
      wake.refresh(.changed)
    case .idle(let change):
      // Away from the moment input stopped, back when it came again.
      wake.transact([change.event(at: now.instant, threshold: config.idle.after)])
    case .idleWatch(let problem):
      if let problem, problem != problems.idle { wake.actions.append(.warn(problem, kind: "idle")) }
      problems.idle = problem
      wake.refresh(.changed)
    case .hookProblem(let problem):
      if let problem, problem != problems.hook { wake.actions.append(.warn(problem, kind: "hook failed")) }
      problems.hook = problem
      wake.refresh(.changed)
    case .hidden(let hide):
      hidden = hide
      if !hide { lastView = nil }
      wake.refresh(.changed)
    case .resized(let width):
      encoder.resize(width: width)
      lastView = nil
      wake.refresh(.changed)
    case .timer:
      wake.refresh(.ticked)
    case .stateFolderChanged:
      saving.hurry(now: now.monotonic)
      wake.refresh(.changed)
    case .pending(let state, let at):
      wake.actions += render(state, now: at)
    case .saved(let document):
      (self.document, fileExists) = (document, true)
      figures?.owing(document.owed)
      wake.fold = wake.fold || foldIsBehind(document)
      saving = .fine
      wake.refresh(.outcome)
    case .saveFailed(let problem):
      let problem = "cannot save the timer: \(problem)"
      wake.actions.append(.warn(problem, kind: nil))
      saving.failed(problem, at: now.monotonic)
      wake.refresh(.outcome)
    case .wrappedStarted(let problem):
      problems.wrapped = problem
      wrap?.hasShown = false
      if let problem { showMarker(problem) } else { wrap?.merger.setTheirs([]) }
      wake.refresh(.changed)
    case .wrappedEnded(let problem):
      problems.wrapped = problem
      wrap?.hasShown = false
      showMarker(problem)
      wake.refresh(.changed)
    case .wrappedBlocks(let blocks):
      guard wrap != nil else { break }
      wrap?.merger.setTheirs(blocks)
      wrap?.hasShown = true
      if problems.wrapped != nil {
        // Usable again: the ⚠ goes, with the next frame, which carries these blocks.
        problems.wrapped = nil
        wake.refresh(.changed)
      } else if !hidden, lastView != nil, let line = wrap?.merger.line() {
        // Before pomobar's first frame, or while the bar hides the block, nothing is
        // written; the next frame carries these blocks.
        wake.actions.append(.write(line, replaceable: true))
      }
    case .historyChanged:
      wake.fold = true
    case .figures(let figures):
      folding = false
      self.figures = HistoryFigures.wanted(config) ? figures : nil
      self.figures?.owing(document?.owed ?? [])
      viewFrom = nil
      // A change that woke the loop with these figures (the history's, a state's, a
      // config's) came while they were folded, and may not be in them: folded again.
      wake.fold = wake.fold || foldAgain
      wake.refresh(.changed)
    case .wrappedUnusable(let problem):
      // The first reason stands until a usable line comes: said once, not per line.
      guard wrap != nil, problems.wrapped == nil else { break }
      problems.wrapped = problem
      // Its last usable line, if it wrote one, stays up; else the reason takes its place.
      if wrap?.hasShown == false { showMarker(problem) }
      wake.refresh(.changed)
    }
  }

  /// Brings what the bar shows up to date and arms the timers for the next change.
  ///
  /// When the state file needs writing (a deadline passed, a gap, another boot) and no
  /// failed save is pausing, a transaction is asked for, and the refresh ends with its
  /// outcome (after which it asks for none). While saves fail, the timer is computed in
  /// memory, as every copy computes it, and shown with ⚠; they are retried with a growing
  /// pause, or sooner when the state folder changed (`Saving.hurry`).
  ///
  /// On a tick of a running phase, the frames of the next ticks are worked out too (not
  /// after a click, whose next event may come at once).
  private mutating func refresh(at now: ClockReading, _ cause: Refresh) -> [BarAction] {
    var actions: [BarAction] = []
    let (needsWrite, reconciled) = document.map { $0.staleness(at: now) } ?? (fileExists, TimerState())
    var state = reconciled
    if needsWrite || saving.failure != nil || TargetView.needsCount(state, config, now: now, zone: zone)
      || TimerMachine.breakCareIsBehind(state, settings: config.timer, at: now.instant)
      || config.timer.nudges.isOn && TimerMachine.nudgesAreBehind(state, settings: config.timer)
    {
      if cause != .outcome && saving.mayTransact(now: now.monotonic) {
        saving.transact()
        return [.transact([], stamp: nil)]
      } else if saving.failure != nil, let document {
        state = document.caughtUp(to: now, settings: config.timer, ledger: config.ledger).machine.state
      }
    }
    if let figures, !figures.used.isEmpty, cause != .outcome, saving.mayTransact(now: now.monotonic) {
      let due = BudgetAlert.due(figures, state: state, config: config, now: now.instant)
      if !due.isEmpty {
        saving.transact()
        return [.transact(due.map(Event.budgetReached), stamp: nil)]
      }
    }
    if let figures, figures.day != Ledger(zone: zone, now: now, dayStart: config.ledger.dayStart).today.day {
      actions += fold(at: now)  // a new day: today's totals and the month are another's
    }
    let retry = saving.failure?.retry
    if retry?.notBefore != retryArmedFor {
      retryArmedFor = retry?.notBefore
      actions.append(.armRetry(after: retry?.wait(now: now.monotonic)))
    }
    let plan =
      encoder.countsDownItself
      ? TickPlan.changes(
        state, now: now, zone: zone, dayStart: config.ledger.dayStart, urgentFor: config.display.urgentFor)
      : TickPlan.of(
        state, now: now, zone: zone, dayStart: config.ledger.dayStart,
        urgentFor: config.display.urgentFor, update: config.display.update, texts: config)
    if plan != armedFor {
      // Ticks fall on the plan's own grid, so the display changes only with it.
      armedFor = plan
      actions.append(
        .armTick(
          after: plan.map { ($0.next(after: now.instant) - now.instant).nanoseconds },
          seconds: plan?.seconds ?? 1))
    }
    actions += render(state, now: now)
    // The frames stop where the state is next due to change (the phase's deadline, break
    // care's reminder, the away question's default answer): that tick transacts.
    if cause == .ticked, !encoder.countsDownItself, let plan, plan.seconds == 1, let deadline = state.nextDue,
      lastView != nil, !hidden, saving.failure == nil
    {
      aheadDue = AheadInputs(plan: plan, deadline: deadline, after: now, state: state, problem: problemText)
      rollsOver = false
    }
    return actions
  }

  /// The fold to ask for at `now`, if the config wants one and none is under way (then
  /// it is asked for again once that one is done): it starts from the state as known now.
  private mutating func fold(at now: ClockReading) -> [BarAction] {
    guard HistoryFigures.wanted(config) else {
      (figures, foldBase) = (nil, nil)
      return []
    }
    guard !folding else {
      foldAgain = true
      return []
    }
    (folding, foldAgain) = (true, false)
    let (day, began) = Ledger(zone: zone, now: now, dayStart: config.ledger.dayStart).today
    let base = document?.timer.ledger.today ?? DayTotals()
    foldBase = base
    foldTask = HistoryFigures.task(document?.timer, config)
    let owed = document?.owed ?? []
    return [.fold(HistoryFigures.Request(day: day, dayBegan: began, base: base, owed: owed, task: foldTask))]
  }

  /// Whether `document` is one the last fold's figures no longer fit: its today differs
  /// (an interval closed, or counted again from the history after an edit), or its task
  /// is another than the one summed.
  private func foldIsBehind(_ document: StateDocument?) -> Bool {
    guard foldBase != nil else { return false }
    if document?.timer.ledger.today != foldBase { return true }
    let task = HistoryFigures.task(document?.timer, config)
    return task.map { foldTask?.isSame(as: $0) != true } ?? (foldTask != nil)
  }

  /// Works out the frames of the next ticks, when a tick asked for them: the loop calls it
  /// once the tick's own frame is written, and the next tick does if the loop did not.
  public mutating func workAhead() {
    guard let due = aheadDue else { return }
    var splicer: FrameSplicer?
    if rollsOver, let ahead, let shown = ahead.shown, let from = aheadFrom {
      // The same inputs: a splicer goes on from the moment shown, else the view shown is
      // what the first frame is told from.
      (encoder, splicer) = (shown.encoder, ahead.splicer)
      if splicer == nil { lastView = aheadView(from, at: shown.reading) }
    }
    guard let view = lastView else { return }
    (aheadDue, aheadFrom, rollsOver) = (nil, due, false)
    splicer =
      splicer
      ?? FrameSplicer(
        state: due.state, config: config, zone: zone, problem: due.problem, figures: figures, encoder: encoder
      )
    ahead = FramesAhead(
      plan: due.plan, deadline: due.deadline, after: due.after, view: view, encoder: encoder, splicer: splicer
    ) { aheadView(due, at: $0) }
  }

  /// The view of the frames ahead worked out from `inputs` at `reading`.
  private func aheadView(_ inputs: AheadInputs, at reading: ClockReading) -> ViewModel {
    ViewModel(
      state: inputs.state, config: config, reading: reading, zone: zone, problem: inputs.problem,
      figures: figures)
  }

  /// A tick whose frame was worked out ahead: written as it is (appended to `actions`);
  /// false when there is none, or when the events are more than ticks. With `--wrap`, the
  /// command's newest blocks, read on the tick (the loop reads them on ticks while a phase
  /// counts seconds), go out in the tick's line: one line a second, not two.
  private mutating func tick(
    _ events: [BarEvent], at now: ClockReading, into actions: inout [BarAction]
  ) -> Bool {
    var theirs: [[UInt8]]?
    var ticked = false
    for event in events {
      switch event {
      case .timer: ticked = true
      case .wrappedBlocks(let blocks) where wrap != nil && problems.wrapped == nil: theirs = blocks
      default: return false
      }
    }
    guard ticked else { return false }
    workAhead()
    guard let taken = ahead?.take(at: now) else { return false }
    if ahead?.isSpent == true, let from = aheadFrom {
      // The batch ran out before the deadline: the next one is worked out after this
      // frame is written, from what it shows, as a click's first tick does. A tick that
      // rendered instead would run the view's code (given back after a transaction)
      // before its write.
      aheadDue = AheadInputs(
        plan: from.plan, deadline: from.deadline, after: now, state: from.state, problem: from.problem)
      rollsOver = true
    }
    if let theirs {
      wrap?.merger.setTheirs(theirs)
      wrap?.hasShown = true
    }
    guard let frame = taken else {
      // Pomobar's block did not change this second; theirs may have.
      if theirs != nil, let line = wrap?.merger.line() { actions.append(.write(line, replaceable: true)) }
      return true
    }
    actions.append(write(ours: frame))
    return true
  }

  /// Goes back to rendering: what the frames worked out ahead showed is what was shown.
  private mutating func endAhead() {
    if let shown = ahead?.shown, let from = aheadFrom {
      (lastView, encoder, viewFrom) = (aheadView(from, at: shown.reading), shown.encoder, nil)
    }
    (ahead, aheadDue, aheadFrom, rollsOver) = (nil, nil, nil, false)
  }

  /// A frame, if what the bar shows changed and the bar shows the block.
  private mutating func render(_ state: TimerState, now: ClockReading) -> [BarAction] {
    let inputs = ViewInputs(state: state, at: now, problem: problemText)
    guard !hidden, lastView == nil || inputs != viewFrom else { return [] }
    let view = ViewModel(
      state: state, config: config, reading: now, zone: zone, problem: inputs.problem, figures: figures)
    viewsBuilt += 1
    viewFrom = consume inputs
    guard view != lastView else { return [] }
    let frame = encoder.frame(view)
    lastView = consume view  // moved, not copied: this runs on every tick
    if frame.isEmpty && encoder.countsDownItself { return [] }  // only time passed
    return [write(ours: frame)]
  }

  /// The line to write for pomobar's new frame: the frame itself, or with `--wrap` the
  /// merged line that carries it.
  private mutating func write(ours frame: String) -> BarAction {
    guard wrap != nil else { return .write(frame, replaceable: true) }
    wrap?.merger.setOurs(frame: frame)
    return .write(wrap?.merger.line() ?? frame, replaceable: true)
  }

  /// The events in what arrived on stdin (every action in one read is one transaction: a
  /// burst of scroll clicks costs one write, not one each), and what else to do: a click
  /// for the wrapped command, a warning, quit.
  private mutating func read(_ bytes: [UInt8]) -> (events: [Event], actions: [BarAction]) {
    var events: [Event] = []
    var actions: [BarAction] = []
    switch input {
    case .keys:
      for byte in bytes where !actions.contains(.quit) {
        switch KeyMap.input(for: byte) {
        case .quit: actions.append(.quit)
        case .action(let action): events.append(.action(action))
        case nil: continue
        }
      }
    case .clicks:
      for (result, text) in clicks.feedKeepingText(bytes) {
        switch result {
        case .success(let click):
          switch route(click, text: text, &actions) {
          case .pickTask?: actions.append(.pickTask)  // the picker runs detached, never in the bar
          case let action?: events.append(.action(action))
          case nil: break
          }
        case .failure(let error):
          actions.append(.warn("\(error)", kind: "click input"))
        }
      }
    case .none:
      break
    }
    return (events, actions)
  }

  /// What a click does: pomobar's own action, or (in a merged line) nothing here and its
  /// text on to the wrapped command.
  private func route(_ click: ClickEvent, text: ArraySlice<UInt8>, _ actions: inout [BarAction]) -> Action? {
    let (name, instance) = (config.display.name, config.display.instance)
    guard wrap != nil else {
      if click.matches(name: name, instance: instance) { return config.clicks.action(for: click.button) }
      if click.matches(name: name + WorkClicks.nameSuffix, instance: instance) {
        return WorkClicks.action(for: click.button)
      }
      return nil
    }
    switch WrapClicks.route(click, name: name, instance: instance) {
    case .timer: return config.clicks.action(for: click.button)
    case .work: return WorkClicks.action(for: click.button)
    case .marker: return nil
    case .child:
      actions.append(.forward(Array(text)))
      return nil
    }
  }

  /// While the wrapped command cannot run, a marker takes the place of its blocks.
  private mutating func showMarker(_ problem: String) {
    guard let shortName = wrap?.shortName else { return }
    let marker = StatusMerger.marker(
      name: config.display.name, instance: config.display.instance, text: "⚠ \(problem)",
      shortText: "⚠ \(shortName)")
    wrap?.merger.setTheirs([marker])
  }
}
