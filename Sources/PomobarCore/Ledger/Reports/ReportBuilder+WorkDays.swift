/// Goals, streaks and the balance, counted over work days (`[ledger] work-days`, without
/// days off): a weekend or a holiday neither meets a goal nor breaks a streak.
extension ReportBuilder {
  /// Whether day number `day` is a work day.
  func isWorkDay(_ day: Int64) -> Bool { settings.isWorkDay(CivilTime.date(fromDays: day)) }

  /// How many of the shown work days met their goal, and how many work days were shown.
  func workDayGoals(_ lines: ReportDays) -> (met: Int, days: Int) {
    var (met, days) = (0, 0)
    for line in lines where settings.isWorkDay(line.date) {
      days += 1
      if line.target > 0 && line.work >= line.target { met += 1 }
    }
    return (met, days)
  }

  /// How a day stands in a streak.
  enum Standing {
    /// It met its goal (or, without goals, had a completed focus): the streak grows.
    case met
    /// A work day that did not: the streak ends.
    case missed
    /// Any other day that did not: the streak goes on past it.
    case skipped
  }

  /// How day number `day` stands: against its weekday's goal when goals are set (a day
  /// that is not a work day is measured by the goal its weekday would have), else by a
  /// completed focus.
  func standing(_ day: Int64) -> Standing {
    let date = CivilTime.date(fromDays: day)
    let totals = days[day]
    let met: Bool
    if settings.hasTargets, let goal = settings.goal(onWeekday: date.weekday) {
      met = goal > 0 && (totals?.work ?? 0) >= goal
    } else {
      met = (totals?.sessions.completed ?? 0) > 0
    }
    if met { return .met }
    return settings.isWorkDay(date) ? .missed : .skipped
  }

  /// Streaks over every day added up, to the last day shown; a today that has not met its
  /// goal yet does not end the current one.
  func streak() -> Report.Streak {
    guard let earliest = lookBack ?? days.keys.min(), earliest <= last else { return Report.Streak() }
    var longest = 0
    var run = 0
    for day in earliest...last {
      switch standing(day) {
      case .met: run += 1
      case .missed: run = 0
      case .skipped: break
      }
      longest = max(longest, run)
    }
    var current = 0
    var day = last
    if day == today.dayNumber && standing(day) != .met { day -= 1 }
    walk: while day >= earliest {
      switch standing(day) {
      case .met: current += 1
      case .missed: break walk
      case .skipped: break
      }
      day -= 1
    }
    return Report.Streak(current: current, longest: longest)
  }

  /// The balance of the shown days: nil without goals, or for one project (goals are for
  /// all the work).
  func balance(_ lines: ReportDays) -> Report.Balance? {
    guard settings.hasTargets, filter == nil else { return nil }
    var balance = Report.Balance(worked: 0, due: 0, workDays: 0)
    for line in lines {
      balance.worked += line.work
      balance.due += line.date == today ? min(line.target, line.work) : line.target
      if settings.isWorkDay(line.date) { balance.workDays += 1 }
    }
    return balance
  }
}
