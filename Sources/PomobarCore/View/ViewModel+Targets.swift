/// `{left}` and `{balance}`: today's and this week's work against the goals of
/// `[ledger]` (`daily-goal`, `weekday-goals`, `weekly-goal`, `work-days`, `days-off`).
///
/// Cheap at every frame: today's work is the state's totals and the running clock, the
/// week's earlier days are `LedgerState.recent`, counted when the day began.
public struct TargetView: Equatable, Sendable {
  /// `1:20 to go`, `done`, `+0:10 over`, `day off`; empty without a goal today.
  public var left: String
  /// `+3:10 this week`, `-1:05 this week`; empty without a goal or before the week's
  /// earlier days are counted.
  public var balance: String

  /// The texts for day `today` (a ledger day number) with `worked` seconds of work so far.
  public init(settings: LedgerSettings, today: Int64, worked: Int64, recent: RecentWork?) {
    guard settings.hasTargets else {
      (left, balance) = ("", "")
      return
    }
    let date = CivilTime.date(fromDays: today)
    let target = settings.target(on: date)
    if !settings.isWorkDay(date) {
      left = "day off"
    } else if target == 0 {
      left = ""  // a work day without a goal of its own (only some weekdays have one)
    } else if worked < target {
      // Minutes rounded up: "0:01 to go" until the goal is met, never "0:00 to go".
      left = WorkView.clock((target - worked + 59) / 60 * 60) + " to go"
    } else {
      left = worked - target < 60 ? "done" : "+" + WorkView.clock(worked - target) + " over"
    }
    balance = Self.balance(settings, today: today, worked: worked, target: target, recent: recent) ?? ""
  }

  /// The week's balance: each earlier day of the week (from `recent`, counted on `today`)
  /// against its target, and today's work past its target; nil while `recent` is not
  /// today's.
  static func balance(
    _ settings: LedgerSettings, today: Int64, worked: Int64, target: Int64, recent: RecentWork?
  ) -> String? {
    guard let earlier = earlierBalance(settings, today: today, recent: recent) else { return nil }
    let seconds = max(0, worked - target) + earlier
    // To the nearest minute, as reports write it; never "-0:00".
    let rounded = (abs(seconds) + 30) / 60 * 60
    return (seconds < 0 && rounded > 0 ? "-" : "+") + WorkView.clock(rounded) + " this week"
  }

  /// The week's earlier days against their goals, in seconds (ahead: more than 0); nil
  /// while `recent` is not today's.
  static func earlierBalance(_ settings: LedgerSettings, today: Int64, recent: RecentWork?) -> Int64? {
    guard let recent, recent.day == today else { return nil }
    var seconds: Int64 = 0
    for day in earlierDays(settings, today: today) {
      seconds += (recent.work(on: day) ?? 0) - settings.target(on: CivilTime.date(fromDays: day))
    }
    return seconds
  }

  /// The days of today's week before it (weeks start on `[ledger] week-starts`).
  static func earlierDays(_ settings: LedgerSettings, today: Int64) -> Range<Int64> {
    LedgerCalendar(settings).firstDayOfWeek(CivilTime.date(fromDays: today)).dayNumber..<today
  }
}

extension TargetView {
  /// Whether a text needs the week's earlier days (`PlaceholderNeeds.recentWork`) and
  /// `state`'s count of them is not today's (a new day began, or a state from before):
  /// a transaction then counts it, reading the history once a day, never at a frame.
  public static func needsCount(
    _ state: TimerState, _ config: Config, now: ClockReading, zone: @escaping (Int64) -> Int32
  ) -> Bool {
    guard config.needs.contains(.recentWork) else { return false }
    let today = Ledger(zone: zone, now: now, dayStart: config.ledger.dayStart).today.day
    return state.ledger.recent?.day != today
  }
}

extension ViewModel {
  /// Today's work on every project so far, the running clock included.
  static func workedToday(_ state: TimerState, now: Instant, today: LedgerDay) -> Int64 {
    let closed = state.ledger.today.on(today.day).total
    guard let work = state.ledger.work else { return closed }
    return closed + max(.zero, now - max(work.since, today.start)).floorSeconds
  }

  /// `{left}` and `{balance}` for the texts, when a text shows them.
  static func targets(_ state: TimerState, _ config: Config, now: Instant, today: LedgerDay?) -> TargetView? {
    guard config.needs.contains(.targets), let today else { return nil }
    return TargetView(
      settings: config.ledger, today: today.day, worked: workedToday(state, now: now, today: today),
      recent: state.ledger.recent)
  }
}

/// Today's work and the week's as the texts count them (`Placeholder.minuteCount`), worked
/// out from the state: at a frame, and for the bar's wake-ups at the start of the work
/// clock's stretch today.
struct WorkFigures: Equatable, Sendable {
  /// Today's work on every project, the running clock included, in seconds.
  var today: Int64
  /// Today's goal, in seconds; 0 for none.
  var target: Int64
  /// The week's earlier days against their goals (`TargetView.earlierBalance`); nil while
  /// they are not counted for today.
  var earlierBalance: Int64?
  /// The work of the week's earlier days; nil while they are not counted for today.
  var earlierWeek: Int64?

  init(_ state: TimerState, _ settings: LedgerSettings, now: Instant, today: LedgerDay) {
    self.today = ViewModel.workedToday(state, now: now, today: today)
    target = settings.target(on: CivilTime.date(fromDays: today.day))
    earlierBalance = TargetView.earlierBalance(settings, today: today.day, recent: state.ledger.recent)
    if let recent = state.ledger.recent, recent.day == today.day {
      let days = TargetView.earlierDays(settings, today: today.day)
      earlierWeek = days.reduce(0) { $0 + (recent.work(on: $1) ?? 0) }
    }
  }
}
