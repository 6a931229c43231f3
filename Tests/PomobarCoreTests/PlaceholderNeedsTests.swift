import Testing

@testable import PomobarCore

/// What each placeholder needs (`Placeholder.needs`) is what the bar works out, counts and
/// wakes for: the texts change when their placeholders do, not up to a minute late.
@Suite struct PlaceholderNeedsTests {
  /// An idle timer, the work clock running for `web` since 0 s, and 30 s of `api` closed
  /// today (day 0, UTC): today's total turns its minutes 30 s before `web`'s own time.
  static func workDocument() -> StateDocument {
    var state = TimerState()
    state.ledger.work = WorkClock(since: Instant(nanoseconds: 0), project: "web")
    state.ledger.project = "web"
    state.ledger.today = DayTotals(day: 0, seconds: [.init(project: "api", seconds: 30)])
    return StateDocument(timer: state, written: reading(0))
  }

  /// `{today}` while the clock runs turns with today's total, not with the running
  /// project's minute (which came up to 59 s late).
  @Test func todayTurnsWithTheTotalNotWithTheRunningProject() {
    let config = barConfig("[format]\nfull = \"{today}\"\n[ledger]\nshow = \"timer\"\n")
    var bar = BarDriver(config: config, document: Self.workDocument())
    // The first frame is made at the start's transaction, at 0 s.
    let started = bar.start(at: 0.5)
    #expect(started.contains(.armTick(after: ns(30), seconds: 60)))
    #expect(BarDriver.frames(started) == ["0:00\n"])
    #expect(BarDriver.frames(bar.handle(.timer, at: 30)) == ["0:01\n"])
  }

  /// `{left}` too: a minute less to go when today's total turns one.
  @Test func leftTurnsWithTheTotal() {
    let config = barConfig("[format]\nfull = \"{left}\"\n[ledger]\nshow = \"timer\"\ndaily-goal = \"1h\"\n")
    var bar = BarDriver(config: config, document: Self.workDocument())
    let started = bar.start(at: 0.5)
    #expect(started.contains(.armTick(after: ns(30), seconds: 60)))
    #expect(BarDriver.frames(started) == ["1:00 to go\n"])
    #expect(BarDriver.frames(bar.handle(.timer, at: 30)) == ["0:59 to go\n"])
  }

  /// `{balance}` rounds to the nearest minute: the bar wakes where it turns, whether the
  /// week is behind (`-1:59` to `-1:58` one second past the half minute) or ahead.
  @Test func balanceTurnsAtTheHalfMinute() {
    // Thursday 1970-01-01, a 1 h goal: Monday had 1:00:10 of work, Tuesday and Wednesday
    // none, 1:00:30 is closed today, and the clock runs since 10 s.
    var state = Self.workDocument().timer
    state.ledger.work = WorkClock(since: .seconds(10), project: "web")
    state.ledger.today = DayTotals(day: 0, seconds: [.init(project: "api", seconds: 3630)])
    state.ledger.recent = RecentWork(day: 0, seconds: [0, 0, 0, 0, 3610, 0, 0])
    let config = barConfig(
      "[format]\nfull = \"{balance}\"\n[ledger]\nshow = \"timer\"\ndaily-goal = \"1h\"\n")
    let view = { (at: Double) in
      ViewModel(state: state, config: config, reading: reading(at), zone: { _ in 0 }).fullText
    }
    let next = { (at: Double) in
      TickPlan.of(state, now: reading(at), zone: { _ in 0 }, dayStart: 0, texts: config)?.next(
        after: reading(at).instant)
    }
    // -7190 + 30 + (t - 10) seconds: -1:59 until 61 s.
    #expect(view(60.9) == "-1:59 this week")
    #expect(view(61) == "-1:58 this week")
    #expect(next(10.5) == .seconds(61))
    // Even, 0:59:30 closed today: the goal is met at 40 s, +0:00 turns to +0:01 at 70 s.
    state.ledger.recent = RecentWork(day: 0, seconds: [0, 0, 0, 0, 3600, 3600, 3600])
    state.ledger.today = DayTotals(day: 0, seconds: [.init(project: "api", seconds: 3570)])
    #expect(view(69.9) == "+0:00 this week")
    #expect(view(70) == "+0:01 this week")
    #expect(next(40) == .seconds(70))
  }

  /// `{week}`: the week's earlier days (from Monday, not the days before it) and today,
  /// the running clock included; the bar wakes when it turns a minute.
  @Test func weekIsTheWeeksWorkAndTurnsWithIt() {
    // Thursday 1970-01-01: last week's Thursday to Sunday had work too, this Monday 1:00,
    // Tuesday 0:30; 0:10:30 closed today, and the clock runs since 10 s.
    var state = Self.workDocument().timer
    state.ledger.work = WorkClock(since: .seconds(10), project: "web")
    state.ledger.today = DayTotals(day: 0, seconds: [.init(project: "api", seconds: 630)])
    let config = barConfig("[format]\nfull = \"{week}\"\n[ledger]\nshow = \"timer\"\n")
    let view = { (at: Double) in
      ViewModel(state: state, config: config, reading: reading(at), zone: { _ in 0 }).fullText
    }
    // Not counted yet: nothing, and the bar asks for a count.
    #expect(view(20) == "")
    #expect(TargetView.needsCount(state, config, now: reading(20), zone: { _ in 0 }))
    state.ledger.recent = RecentWork(day: 0, seconds: [500, 500, 500, 500, 3600, 1800, 0])
    #expect(!TargetView.needsCount(state, config, now: reading(20), zone: { _ in 0 }))
    // 5400 + 630 + (t - 10) seconds: 1:40 until 40 s.
    #expect(view(39.9) == "1:40")
    #expect(view(40) == "1:41")
    let plan = TickPlan.of(state, now: reading(10.5), zone: { _ in 0 }, dayStart: 0, texts: config)
    #expect(plan?.next(after: reading(10.5).instant) == .seconds(40))
    // Stopped, it still shows the week.
    state.ledger.work = nil
    #expect(view(100) == "1:40")
  }

  /// Every placeholder alone in a text, with a goal and without, the work clock running:
  /// the bar starts with at most one transaction (which counts what the text needs) and
  /// writes a frame, and a minute later writes again without asking for another. A need
  /// the transition did not meet would have the bar ask at every refresh.
  @Test(arguments: Placeholder.allCases)
  func everyPlaceholderShowsWithoutAskingAgain(_ placeholder: Placeholder) {
    for goal in ["", "[ledger]\ndaily-goal = \"8h\"\n"] {
      var bar = BarDriver(
        config: barConfig("[format]\nfull = \"{\(placeholder.rawValue)} .\"\n" + goal),
        document: Self.workDocument())
      #expect(!BarDriver.frames(bar.start(at: 0.5)).isEmpty, "\(placeholder) \(goal)")
      let asked = bar.transacted.count
      #expect(asked <= 1, "\(placeholder) \(goal)")
      #expect(!BarDriver.frames(bar.handle(.timer, at: 60)).isEmpty, "\(placeholder) \(goal)")
      #expect(bar.transacted.count == asked, "\(placeholder) \(goal)")
    }
  }

  /// A text that shows `{balance}` with a goal set has the store keep the week's earlier
  /// days counted (the bar would otherwise ask for a count at every refresh); one without
  /// a goal, or without such a text, does not.
  @Test func theStoreCountsTheWeekWhenATextNeedsIt() {
    for placeholder in Placeholder.allCases {
      let config = barConfig(
        "[format]\nfull = \"{\(placeholder.rawValue)}\"\n[ledger]\ndaily-goal = \"8h\"\n")
      #expect(config.ledger.textsNeedRecentWork == placeholder.needs.contains(.recentWork), "\(placeholder)")
      let noGoal = barConfig("[format]\nfull = \"{\(placeholder.rawValue)}\"\n")
      let needs = placeholder.needs.contains(.onlyWithGoals) ? [] : placeholder.needs
      #expect(noGoal.needs == needs.subtracting(.onlyWithGoals), "\(placeholder)")
      #expect(noGoal.ledger.textsNeedRecentWork == needs.contains(.recentWork), "\(placeholder)")
    }
  }

  /// docs/themes-and-formats.md has a row for every placeholder, and `[format]`'s comment
  /// in config.example.toml names each.
  @Test func everyPlaceholderIsDocumented() throws {
    let root = URLPath.packageRoot(from: #filePath)
    let page = try String(contentsOfFile: root + "/docs/themes-and-formats.md", encoding: .utf8)
    let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `{") }
    let example = ConfigSchema.format.doc
    for placeholder in Placeholder.allCases {
      let name = "{\(placeholder.rawValue)}"
      #expect(rows.contains { $0.contains("`\(name)`") }, "docs/themes-and-formats.md has no row for \(name)")
      #expect(example.contains(name), "[format]'s comment does not name \(name)")
    }
  }
}
