import TOML

/// The values of `[ledger]`'s work-day keys, and the checks between them.
extension Reader {
  /// `work-days`: weekday names (`"monday"`, `"mon"`) and ranges (`"mon-fri"`, also across
  /// the week's end: `"sun-thu"`), a string or an array of them; at least one day.
  func workDays(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [Bool] {
    let items: [TOMLNode]
    switch node.value {
    case .string: items = [node]
    case .array(let array): items = array
    default:
      throw error(
        node.position, "'\(key)' must be a list of days like [\"mon-fri\"], not \(article(node.value))")
    }
    var days = [Bool](repeating: false, count: 7)
    for item in items {
      let text = try string(item, key)
      let ends = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
      guard ends.count <= 2 else { throw unknownDay(text, item, key) }
      var bounds: [Int] = []
      for end in ends {
        guard let day = LedgerSettings.weekday(named: end) else {
          throw unknownDay(end.isEmpty ? text : end, item, key)
        }
        bounds.append(day)
      }
      var day = bounds[0]
      while true {
        days[day] = true
        if day == bounds[bounds.count - 1] { break }
        day = (day + 1) % 7
      }
    }
    guard days.contains(true) else {
      throw error(node.position, "'\(key)' needs at least one day, like [\"mon-fri\"]")
    }
    return days
  }

  private func unknownDay(_ text: String, _ node: TOMLNode, _ key: String) -> ConfigError {
    let names = LedgerSettings.weekdays + LedgerSettings.weekdays.map { String($0.prefix(3)) }
    return error(
      node.position,
      "'\(key)': \(Shown.quoted(text)) is not a day\(Spelling.hint(for: text.lowercased(), in: names)); "
        + "write days like \"monday\", \"mon\" or \"mon-fri\"")
  }

  /// `weekday-goals`: a table of weekday names and goals, `{ friday = "6h" }`.
  func weekdayGoals(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [Duration?] {
    guard case .table(let table) = node.value else {
      throw error(
        node.position,
        "'\(key)' must be a table of days and goals like { friday = \"6h\" }, not \(article(node.value))")
    }
    var goals = [Duration?](repeating: nil, count: 7)
    for entry in table.entries {
      guard let day = LedgerSettings.weekday(named: entry.key) else {
        throw error(
          entry.keyPosition,
          "'\(key)': '\(Shown.plain(entry.key))' is not a day"
            + Spelling.hint(for: entry.key.lowercased(), in: LedgerSettings.weekdays)
            + "; write days like friday = \"6h\"")
      }
      goals[day] = try goal(entry.node, entry.key)
    }
    return goals
  }

  /// `days-off`: dates `"YYYY-MM-DD"` and ranges `"2026-12-24..2027-01-01"` (both days
  /// included, at most a year).
  func daysOff(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [CivilTime.Date] {
    guard case .array(let items) = node.value else {
      throw error(
        node.position, "'\(key)' must be a list of dates like [\"2026-12-24\"], not \(article(node.value))")
    }
    var dates: [CivilTime.Date] = []
    for item in items {
      let text = try string(item, key)
      guard let range = DaysOff.dates(text) else {
        throw error(item.position, "'\(key)': \(Shown.quoted(text)) is not a date; \(DaysOff.form)")
      }
      dates += range
    }
    return dates
  }

  /// Checks the work-day keys against each other, once the file is read: a weekday goal
  /// for a day that is not a work day, and a weekly goal no work day shares, are mistakes
  /// (each key is left out, so nothing counts on a goal that does not apply).
  mutating func checkTargets() {
    var ledger = config.ledger
    for day in 0..<7 where ledger.weekdayGoals[day] != nil && !ledger.workDays[day] {
      guard let position = targetPositions["weekday-goals." + LedgerSettings.weekdays[day]] else { continue }
      let name = LedgerSettings.weekdays[day]
      errors.append(
        error(
          position,
          "'\(name)' has a goal in weekday-goals but is not one of work-days; add it to work-days "
            + "or remove its goal"))
      ledger.weekdayGoals[day] = nil
    }
    let sharing = (0..<7).filter { ledger.workDays[$0] && ledger.weekdayGoals[$0] == nil }
    if ledger.weeklyGoal != nil, ledger.dailyGoal != nil || sharing.isEmpty,
      let position = targetPositions["weekly-goal"]
    {
      let reason =
        ledger.dailyGoal != nil
        ? "daily-goal already gives every work day its goal"
        : "weekday-goals already give every work day its goal"
      errors.append(
        error(
          position,
          "'weekly-goal' is not used: \(reason); keep one (a weekly goal is shared among the work days)"))
      ledger.weeklyGoal = nil
    }
    config.ledger = ledger
  }

  /// Notes where each weekday's goal was written, for `checkTargets`.
  mutating func noteWeekdayGoals(_ node: TOMLNode) {
    guard case .table(let table) = node.value else { return }
    for entry in table.entries {
      guard let day = LedgerSettings.weekday(named: entry.key) else { continue }
      targetPositions["weekday-goals." + LedgerSettings.weekdays[day]] = entry.keyPosition
    }
  }
}
