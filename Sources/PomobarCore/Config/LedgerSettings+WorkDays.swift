/// Work days and targets: which days count for goals and streaks, and how much work each
/// day is due.
///
/// A day's target is its weekday's goal (`weekday-goals`), else `daily-goal`, else its
/// share of `weekly-goal` (what the weekday goals leave of it, split evenly among the other
/// work days); a day that is not a work day, or is a day off, has none. A week's target is
/// therefore the sum of its days', so a holiday lowers it.
extension LedgerSettings {
  /// Whether any goal is set: without one, `{left}`, `{balance}` and the balance line show
  /// nothing, and only the work days of goals and streaks apply.
  public var hasTargets: Bool {
    dailyGoal != nil || weeklyGoal != nil || weekdayGoals.contains { $0 != nil }
  }

  /// Whether `date` is a day off (`days-off`, `days-off-file`).
  public func isDayOff(_ date: CivilTime.Date) -> Bool {
    offDays.contains(date.dayNumber)
  }

  /// Whether `date` is a work day: its weekday is one of `work-days` and it is no day off.
  public func isWorkDay(_ date: CivilTime.Date) -> Bool {
    workDays[date.weekday] && !isDayOff(date)
  }

  /// The goal of a work day on `weekday` (0 Monday ... 6 Sunday), in seconds, whether or
  /// not that weekday is a work day; nil when no goal applies.
  public func goal(onWeekday weekday: Int) -> Int64? {
    if let own = weekdayGoals[weekday] { return own.floorSeconds }
    if let dailyGoal { return dailyGoal.floorSeconds }
    guard let weeklyGoal else { return nil }
    let days = (0..<7).filter { workDays[$0] }
    let own = days.compactMap { weekdayGoals[$0]?.floorSeconds }
    let sharing = Int64(days.count - own.count)
    guard sharing > 0 else { return nil }
    return max(0, weeklyGoal.floorSeconds - own.reduce(0, +)) / sharing
  }

  /// The work due on `date`, in seconds: its weekday's goal on a work day, 0 on any other
  /// day (and on every day when no goal is set).
  public func target(on date: CivilTime.Date) -> Int64 {
    isWorkDay(date) ? goal(onWeekday: date.weekday) ?? 0 : 0
  }

  /// The goal every work day shares, in seconds, when they all have the same one (what a
  /// report names as the daily goal); nil when there is none or they differ.
  public var commonGoal: Int64? {
    let goals = (0..<7).filter { workDays[$0] }.map { goal(onWeekday: $0) }
    guard let first = goals.first, let goal = first, goals.allSatisfy({ $0 == goal }) else { return nil }
    return goal
  }
}
