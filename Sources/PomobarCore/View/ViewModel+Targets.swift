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
    guard let recent, recent.day == today else { return nil }
    let date = CivilTime.date(fromDays: today)
    let weekStart = LedgerCalendar(settings).firstDayOfWeek(date).dayNumber
    var seconds = max(0, worked - target)
    for day in weekStart..<today {
      seconds += (recent.work(on: day) ?? 0) - settings.target(on: CivilTime.date(fromDays: day))
    }
    // To the nearest minute, as reports write it; never "-0:00".
    let rounded = (abs(seconds) + 30) / 60 * 60
    return (seconds < 0 && rounded > 0 ? "-" : "+") + WorkView.clock(rounded) + " this week"
  }
}

extension TargetView {
  /// Whether a text shows `{balance}` and `state`'s count of the week's earlier days is not
  /// today's (a new day began, or a state from before goals were set): a transaction then
  /// counts it, reading the history once a day, never at a frame.
  public static func needsCount(
    _ state: TimerState, _ config: Config, now: ClockReading, zone: @escaping (Int64) -> Int32
  ) -> Bool {
    guard config.format.usesBalance, config.ledger.hasTargets else { return false }
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
    guard config.format.usesTargets, let today else { return nil }
    return TargetView(
      settings: config.ledger, today: today.day, worked: workedToday(state, now: now, today: today),
      recent: state.ledger.recent)
  }
}
