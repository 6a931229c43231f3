/// Builds a `Report` from records given one at a time, in any order.
///
/// It keeps one small total per day and project, never the records, so a report on ten
/// years of history takes the memory of ten years of days. Besides the range it adds up the
/// days a report looks back on: the month before the range (for the current streak) and the
/// week of the last day (for weekly goals); `firstDayRead` says which.
public struct ReportBuilder {
  public let period: ReportPeriod
  public let today: CivilTime.Date
  public let calendar: LedgerCalendar
  let settings: LedgerSettings
  let projectSettings: [String: ProjectSettings]
  let background: String
  let filter: String?

  /// The range's days, as day numbers; `first` nil for the whole history.
  let first: Int64?
  let last: Int64
  /// The first day added up; nil: every day.
  let lookBack: Int64?
  /// Project names by slot; slot 0 is time without a project.
  var names: [String?] = [nil]
  var slots: [String: Int] = [:]
  var lastSlot: Int? = nil
  var days: [Int64: DayAccount] = [:]
  /// `--tag TAG`: only records that carry every one of these count; empty: all.
  public var tagFilter: [String] = []
  /// Tag names by slot, and each day's work per tag (see `ReportBuilder+Tags`).
  var tagNames: [String] = []
  var tagSlots: [String: Int] = [:]
  var tagDays: [Int64: TagAccount] = [:]
  /// The last tags seen and their slots: records come in runs of the same tags.
  var lastTags: (tags: [String], slots: [Int]) = ([], [])
  /// `report --by task`: each task's time (`ReportBuilder+Tasks`); false: none.
  public var byTask = false
  var taskNames: [String] = []
  var taskSlots: [String: Int] = [:]
  var taskDays: [Int64: TagAccount] = [:]
  var taskFocus: [Int: Int64] = [:]
  var taskSessions: [Int: Int] = [:]
  /// Billing, when the config sets a rate: the range's billable work priced
  /// (`ReportBuilder+Billing`); nil: none, and the report is as without billing.
  public var billing: BillingBuilder? = nil
  /// The history's edits, when any bill applies (`HistoryFold.isBilling`): the report
  /// then splits the work into billed and unbilled. nil: no split, as before bills.
  public var billMarks: HistoryFold? = nil

  /// - Parameters:
  ///   - today: the ledger day it is now (`LedgerCalendar.day(of:)` of the present).
  ///   - project: `--project NAME`; nil for every project.
  ///   - background: the bar's background, for the colours of projects without their own.
  public init(
    period: ReportPeriod, today: CivilTime.Date, settings: LedgerSettings,
    projects: [String: ProjectSettings] = [:], project: String? = nil,
    background: String = ThemeMode.dark.seedBackground
  ) {
    self.background = background
    self.period = period
    self.today = today
    self.calendar = LedgerCalendar(settings)
    self.settings = settings
    self.projectSettings = projects
    self.filter = project
    let shownLast =
      !period.stopsAtToday || period.first.map { $0 > today } == true ? period.last : min(period.last, today)
    first = period.first?.dayNumber
    last = shownLast.dayNumber
    if let start = period.first {
      let monthBefore = CivilTime.Date(year: start.year, month: start.month, day: 1).adding(days: -1)
      let lookBackDate = min(
        CivilTime.Date(year: monthBefore.year, month: monthBefore.month, day: 1),
        calendar.firstDayOfWeek(shownLast))
      lookBack = lookBackDate.dayNumber
    } else {
      lookBack = nil
    }
  }

  /// The first day whose records count (nil: all): read the history from there.
  public var firstDayRead: CivilTime.Date? { lookBack.map(CivilTime.date(fromDays:)) }

  /// Adds one record: a finished interval from the history, or one still open (the running
  /// work clock, ended now) so that it counts while it runs.
  ///
  /// Its counted seconds are spread over the days it touches in proportion to its time in
  /// each (pauses are not placed); its session, interruptions and break count on the day
  /// it ended.
  public mutating func add(_ record: LedgerRecord) {
    if billing != nil { addBilling(record) }
    if let filter, record.project != filter { return }
    if !tagFilter.isEmpty, !carriesEveryFilterTag(record) { return }
    let startDay = calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)
    let endDay = calendar.dayNumber(utc: record.end.utc, offset: record.end.offset)
    if min(startDay, endDay) > last { return }
    if let lookBack, max(startDay, endDay) < lookBack { return }
    let slot = self.slot(record.project)
    let tagged = record.tags.isEmpty ? [] : tagSlots(record.tags)
    let billed = !record.kind.isBreak && billMarks?.isBilled(RecordKey(record.id)) == true
    // What the days need of the record, apart: the closure then holds no copy of it.
    let kind = record.kind
    // A skipped break is not counted among the breaks, and neither is its time: the line
    // says how many breaks were taken and how long they were.
    let counts = !(kind.isBreak && record.outcome == .skipped)
    let task = byTask ? record.task?.title : nil
    var lastDay = startDay
    calendar.splitCounted(record) { day, part in
      lastDay = day
      guard inWindow(day), part > 0, counts else { return }
      days[day, default: DayAccount()].add(part, of: kind, slot: slot, billed: billed)
      if !tagged.isEmpty { tagDays[day, default: TagAccount()].add(part, of: kind, slots: tagged) }
      if let task, first.map({ day >= $0 }) ?? true { addTask(task, of: kind, day: day, part: part) }
    }
    guard inWindow(lastDay) else { return }
    days[lastDay, default: DayAccount()].count(record)
    if byTask && (first.map { lastDay >= $0 } ?? true) { countTask(record) }
  }

  func inWindow(_ day: Int64) -> Bool { day <= last && (lookBack.map { day >= $0 } ?? true) }

  mutating func slot(_ project: String?) -> Int {
    guard let project else { return 0 }
    // Records come in runs of one project: compare before hashing.
    if let last = lastSlot, names[last] == project { return last }
    if let slot = slots[project] {
      lastSlot = slot
      return slot
    }
    names.append(project)
    slots[project] = names.count - 1
    return names.count - 1
  }

  /// The report on what was added.
  public func report() -> Report {
    let firstShown = first ?? days.keys.filter { $0 <= last }.min() ?? last
    let shown = firstShown...max(firstShown, last)
    // Only days with records are kept and visited: a report costs what those days cost,
    // however far apart they are.
    let recorded = days.filter { shown.contains($0.key) }
    var totals = DayAccount()
    var bySlot = [Int64](repeating: 0, count: names.count)
    for totalsOfDay in recorded.values {
      totals.merge(totalsOfDay)
      // The work as the day counts it: its focus time on a day without the work clock.
      let work = totalsOfDay.hasWork ? totalsOfDay.workBySlot : totalsOfDay.focusBySlot
      for (slot, seconds) in work.enumerated() { bySlot[slot] += seconds }
    }

    // Projects: those with work in the range, and those with a goal to show progress on.
    var entries = bySlot.indices.filter { bySlot[$0] > 0 }.map { (name: names[$0], slot: Optional($0)) }
    for (name, settings) in projectSettings.sorted(by: { $0.key < $1.key })
    where (settings.goal != nil || settings.weeklyGoal != nil) && (filter == nil || filter == name)
      && !entries.contains(where: { $0.name == name })
    {
      entries.append((name: name, slot: slots[name]))
    }
    func secondsOf(_ slot: Int?) -> Int64 { slot.map { bySlot[$0] } ?? 0 }
    entries.sort { a, b in
      if secondsOf(a.slot) != secondsOf(b.slot) { return secondsOf(a.slot) > secondsOf(b.slot) }
      switch (a.name, b.name) {
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?): return x < y
      }
    }
    let percents = largestRemainderPercentages(entries.map { secondsOf($0.slot) })
    let weekFirst = calendar.firstDayOfWeek(CivilTime.date(fromDays: last)).dayNumber
    let projects = entries.enumerated().map { index, entry in
      let (name, slot) = entry
      let settings = name.flatMap { projectSettings[$0] }
      let goal = settings?.goal.map { $0.floorSeconds }
      var met = 0
      var week: Int64 = 0
      if let slot {
        // A goal is at least a minute: only a day with records can meet it.
        if let goal { met = recorded.filter { isWorkDay($0.key) && $0.value.work(slot) >= goal }.count }
        for day in weekFirst...(weekFirst + 6) { week += days[day]?.work(slot) ?? 0 }
      }
      return Report.ProjectLine(
        name: name, seconds: secondsOf(slot), percent: percents[index],
        color: settings?.color ?? ProjectPalette.color(for: name, background: background), goal: goal,
        goalDaysMet: met,
        weeklyGoal: settings?.weeklyGoal.map { $0.floorSeconds }, weekSeconds: week)
    }

    var lines: [Int64: Report.DayLine] = [:]
    for (day, totalsOfDay) in recorded {
      let date = CivilTime.date(fromDays: day)
      lines[day] = Report.DayLine(
        date: date, work: totalsOfDay.work, focus: totalsOfDay.focus,
        completed: totalsOfDay.sessions.completed,
        projects: entries.map { $0.slot.map(totalsOfDay.work) ?? 0 }, target: settings.target(on: date))
    }
    let dayLines = ReportDays(shown, recorded: lines, projects: entries.count, settings: settings)
    let goals = workDayGoals(dayLines)
    var report = Report(
      period: ReportPeriod(
        name: period.name, first: CivilTime.date(fromDays: firstShown), last: period.last,
        stopsAtToday: period.stopsAtToday),
      today: today, project: filter, work: totals.work, focus: totals.focus, sessions: totals.sessions,
      internalInterruptions: totals.internalInterruptions,
      externalInterruptions: totals.externalInterruptions, breaks: totals.breaks,
      breakSeconds: totals.breakSeconds, projects: projects, dailyGoal: settings.commonGoal,
      goalDaysMet: goals.met, goalDays: goals.days, streak: streak(), days: dayLines,
      balance: balance(dayLines))
    if billMarks != nil { report.billed = totals.billedWork }
    report.tagFilter = tagFilter
    report.tags = tagLines(shown, work: totals.work)
    if byTask { report.tasks = taskLines(shown) }
    report.billing = billing?.report()
    return report
  }
}

/// One day's totals, per project slot for work and focus.
struct DayAccount {
  var workBySlot: [Int64] = []
  var focusBySlot: [Int64] = []
  /// Whether the work clock ran that day: if not, its focus time is its work time.
  var hasWork = false
  var focus: Int64 = 0
  var sessions = Report.Sessions()
  var internalInterruptions = 0
  var externalInterruptions = 0
  var breaks = 0
  var breakSeconds: Int64 = 0
  /// Of the work and focus time, what a bill marks (`ReportBuilder.billMarks`).
  var billedWork: Int64 = 0
  var billedFocus: Int64 = 0

  var work: Int64 { hasWork ? workBySlot.reduce(0, +) : focusBySlot.reduce(0, +) }

  func work(_ slot: Int) -> Int64 {
    let bySlot = hasWork ? workBySlot : focusBySlot
    return slot < bySlot.count ? bySlot[slot] : 0
  }

  mutating func add(_ seconds: Int64, of kind: LedgerRecord.Kind, slot: Int, billed: Bool = false) {
    switch kind {
    case .work:
      hasWork = true
      Self.add(seconds, at: slot, to: &workBySlot)
      if billed { billedWork += seconds }
    case .focus:
      focus += seconds
      if billed { billedFocus += seconds }
      Self.add(seconds, at: slot, to: &focusBySlot)
    case .shortBreak, .longBreak:
      breakSeconds += seconds
    }
  }

  private static func add(_ seconds: Int64, at slot: Int, to bySlot: inout [Int64]) {
    if slot >= bySlot.count { bySlot.append(contentsOf: repeatElement(0, count: slot + 1 - bySlot.count)) }
    bySlot[slot] += seconds
  }

  /// Counts the record's session or break and its interruptions.
  mutating func count(_ record: LedgerRecord) {
    internalInterruptions += record.internalInterruptions
    externalInterruptions += record.externalInterruptions
    switch record.kind {
    case .work: return
    case .focus:
      switch record.outcome {
      case .completed: sessions.completed += 1
      case .skipped: sessions.skipped += 1
      case .stopped: sessions.stopped += 1
      case .voided: sessions.voided += 1
      case nil: return  // still running (an open interval)
      }
    case .shortBreak, .longBreak:
      if record.outcome != .skipped { breaks += 1 }
    }
  }

  /// Adds another day's totals, the work as that day counts it.
  mutating func merge(_ other: DayAccount) {
    hasWork = true
    let otherWork = other.hasWork ? other.workBySlot : other.focusBySlot
    for (slot, seconds) in otherWork.enumerated() { Self.add(seconds, at: slot, to: &workBySlot) }
    billedWork += other.hasWork ? other.billedWork : other.billedFocus
    focus += other.focus
    sessions.completed += other.sessions.completed
    sessions.skipped += other.sessions.skipped
    sessions.stopped += other.sessions.stopped
    sessions.voided += other.sessions.voided
    internalInterruptions += other.internalInterruptions
    externalInterruptions += other.externalInterruptions
    breaks += other.breaks
    breakSeconds += other.breakSeconds
  }
}
