import Testing

@testable import PomobarCore

/// `track`'s words as people type them, each form of issue 17 item 6, and refusals that
/// name the wrong word and show the form that works.
@Suite("track's words")
struct TrackWordsTests {
  /// Wednesday 2026-11-25, 15:30.
  static let today = CivilTime.Date(year: 2026, month: 11, day: 25)
  static let now: Int64 = 15 * 3600 + 30 * 60

  static func parse(_ line: String) -> Result<TrackWords, TrackWords.Problem> {
    TrackWords.parse(line.split(separator: " ").map(String.init), today: today, now: now)
  }

  static func day(_ day: Int, _ month: Int = 11, _ year: Int = 2026) -> CivilTime.Date {
    CivilTime.Date(year: year, month: month, day: day)
  }

  static func hours(_ hours: Double) -> Int64 { Int64(hours * 3600) }

  @Test(
    "Each form of the issue reads as the day, the range and the project it says",
    arguments: [
      ("9:00-11:00 api", day(25), 9.0, 11.0, "api"),
      ("9-11 api", day(25), 9, 11, "api"),
      ("9:00 11:00 api", day(25), 9, 11, "api"),
      ("9 11 api", day(25), 9, 11, "api"),
      ("9:00 - 11:00 api", day(25), 9, 11, "api"),
      ("yesterday 9:00-11:00 api", day(24), 9, 11, "api"),
      ("today 9:30-10:45 api", day(25), 9.5, 10.75, "api"),
      ("monday 9:00 10:00 api", day(23), 9, 10, "api"),
      ("Mon 9-10 api", day(23), 9, 10, "api"),
      ("wednesday 9-10 api", day(25), 9, 10, "api"),
      ("thursday 9-10 api", day(19), 9, 10, "api"),
      ("last friday 9-10 api", day(20), 9, 10, "api"),
      ("last wednesday 9-10 api", day(18), 9, 10, "api"),
      ("2026-11-23 9-10 api", day(23), 9, 10, "api"),
      ("23.11.2026 9:00 10:00 web frontend", day(23), 9, 10, "web frontend"),
      ("3.1.2026 9-10 api", day(3, 1), 9, 10, "api"),
      ("23.11. 9-10 api", day(23), 9, 10, "api"),
      ("24.12. 9-10 api", day(24, 12, 2025), 9, 10, "api"),
      ("29.02. 9-10 api", day(29, 2, 2024), 9, 10, "api"),
      ("14:00 now api", day(25), 14, 15.5, "api"),
      ("14:00-now api", day(25), 14, 15.5, "api"),
      ("yesterday 22:00-24:00 api", day(24), 22, 24, "api"),
      // Past midnight, one range: an end before the start is the next day's; +1 says so.
      ("yesterday 23:00-01:00 acme", day(24), 23, 25, "acme"),
      ("yesterday 23:00-01:00+1 acme", day(24), 23, 25, "acme"),
      ("yesterday 23:00 01:00+1 acme", day(24), 23, 25, "acme"),
      ("yesterday 9:00-9:00+1 acme", day(24), 9, 33, "acme"),
      ("yesterday 11pm-1am acme", day(24), 23, 25, "acme"),
      ("monday 23:30-0:30 acme", day(23), 23.5, 24.5, "acme"),
      ("yesterday 9am-5:30pm api", day(24), 9, 17.5, "api"),
      ("yesterday 12am-12pm api", day(24), 0, 12, "api"),
      ("9-11 web frontend", day(25), 9, 11, "web frontend"),
      ("9-11 2026 budget", day(25), 9, 11, "2026 budget"),
      ("9-11 last minute", day(25), 9, 11, "last minute"),
    ])
  func formsRead(line: String, day: CivilTime.Date, from: Double, to: Double, project: String) throws {
    let words = try Self.parse(line).get()
    #expect(words.day == day, "\(line)")
    #expect(words.from == Self.hours(from) && words.to == Self.hours(to), "\(line): \(words)")
    #expect(words.project == project, "\(line)")
  }

  @Test("The project is the words left joined by one space, +words are tags, none is no project")
  func projectAndTags() throws {
    let words = try TrackWords.parse(
      ["9-11", "web ", "+billable", "  frontend", "+acme", "+billable"], today: Self.today, now: Self.now
    ).get()
    #expect(words.project == "web frontend")
    #expect(words.tags == ["billable", "acme"])
    #expect(try Self.parse("9-11").get().project == nil)
    #expect(try TrackWords.parse(["9-11", ""], today: Self.today, now: Self.now).get().project == nil)
  }

  @Test(
    "Each refusal names the word that is wrong and shows the form that works",
    arguments: [
      // The measured failures of issue 17.
      ("9-11:99 api", ["'11:99' in '9-11:99'", "minutes 00-59"]),
      ("yesterday 9:00-11:00:00:00 api", ["'11:00:00:00'"]),
      (
        "mondy 9-10 api",
        ["'mondy' is not a day or a time", "did you mean 'monday'?", "track yesterday 9:00-11:00"]
      ),
      ("api 9:00 10:00", ["'api' is not a day or a time"]),
      ("32.11.2026 9-10", ["'32.11.2026' is not a day", "23.11.2026"]),
      ("9.30 10:00", ["'9.30' is not a day", "9:30"]),
      ("2026-02-30 9-10", ["'2026-02-30' is not a day", "YYYY-MM-DD"]),
      ("2026-11-26 9-10", ["2026-11-26, in the future"]),
      ("25:00 26:00", ["'25:00' is not a start time", "hours 0-23"]),
      ("9:00 25:00", ["'25:00' is not an end time", "24:00 or now"]),
      ("9:00", ["'9:00' until when?", "track 9:00 10:30 api", "track 9:00 now api"]),
      (
        "yesterday 9:00 api",
        ["'9:00' until when? 'api' is not an end time", "track yesterday 9:00-10:30 api"]
      ),
      ("yesterday", ["'yesterday' when?", "track yesterday 9:00-11:00 api"]),
      ("last week 9-10", ["'last' goes before a weekday ('week' is not one)", "last friday"]),
      (
        "9:00-10:00 yesterday api",
        ["'yesterday' is a day after the times", "track yesterday 09:00-10:00 api"]
      ),
      ("9-10 last friday", ["'last friday' is a day after the times"]),
      ("9 10 11 api", ["'11' is a third time"]),
      ("9-10 now", ["'now' is a third time"]),
      ("11:00 9:00", ["it ends at 09:00+1, in the future", "for last night, give the day"]),
      ("23:00-01:00 acme", ["ends at 01:00+1, in the future", "track yesterday 23:00-01:00"]),
      ("yesterday 16:00-15:31 acme", ["ends at 15:31+1, in the future", "track 16:00 now"]),
      ("yesterday 9:00-10:00+1", ["09:00-10:00+1 is more than a day", "like 09:00-09:00+1"]),
      ("yesterday 23:00-01:00+2", ["23:00-01:00+2 is more than a day"]),
      ("yesterday 22:00-24:00+1", ["is more than a day", "like 22:00-22:00+1"]),
      ("yesterday 23:00-01:00+100", ["'01:00+100' in '23:00-01:00+100' is not an end time"]),
      ("yesterday 23:00+1-01:00", ["'23:00+1' in '23:00+1-01:00' is not a start time"]),
      ("16:00 now", ["it is 15:30 now, before 16:00", "track yesterday 16:00-15:30"]),
      ("9:00 9:00", ["it starts and ends at 09:00"]),
      ("14:00-16:00 api", ["it ends at 16:00, in the future (it is 15:30 now)", "track 14:00 now"]),
      ("yesterday 14:00 now", ["'now' is today", "18:00"]),
      ("now 9", ["'now' ends a range, it cannot start one"]),
      ("Now 9", ["'now' ends a range, it cannot start one"]),
      ("9-11 +", ["'+' is not a tag", "+billable"]),
      ("9:00-", ["'9:00-' is not a range of times", "9-11"]),
      ("9am-13pm", ["'13pm' in '9am-13pm'"]),
      ("9:00-24:00 api", ["in the future"]),
      ("24:00-24:00", ["'24:00' in '24:00-24:00' is not a start time"]),
      ("", ["give a start and an end time"]),
    ])
  func refusals(line: String, fragments: [String]) {
    switch Self.parse(line) {
    case .success(let words): Issue.record("\(line) read as \(words)")
    case .failure(let problem):
      for fragment in fragments { #expect(problem.message.contains(fragment), "\(line): \(problem.message)") }
    }
  }

  @Test("A project name is checked as ctl project checks it")
  func nameRules() {
    guard
      case .failure(let problem) = TrackWords.parse(["9-10", "a\u{7}b"], today: Self.today, now: Self.now)
    else {
      Issue.record("a control character passed")
      return
    }
    #expect(problem.message.contains("U+0007"))
  }

  @Test("The words a value renders read back as that value")
  func rendersConsistently() throws {
    let words = try Self.parse("last friday 9:15-17:30:05 web frontend +acme").get()
    #expect(words.words == ["2026-11-20", "09:15-17:30:05", "web", "frontend", "+acme"])
    #expect(try TrackWords.parse(words.words, today: Self.today, now: Self.now).get() == words)
    #expect(try Self.parse("yesterday 20-24").get().words == ["2026-11-24", "20:00-24:00"])
    let night = try Self.parse("yesterday 23:00-01:00").get()
    #expect(night.words == ["2026-11-24", "23:00-01:00+1"])
    #expect(try TrackWords.parse(night.words, today: Self.today, now: Self.now).get() == night)
  }

  /// Words that matter to the grammar and some that do not, for the fuzz test.
  static let vocabulary = [
    "today", "yesterday", "last", "monday", "Fri", "sun", "2026-11-23", "2026-02-29", "23.11.2026", "23.11.",
    "29.02.", "31.04.", "1.1.1970", "9", "11", "24", "0", "9:00", "11:00", "24:00", "23:59:59", "9:5", "9am",
    "12pm", "13am", "now", "NOW", "-", "9-11", "01:00+1", "23:00-01:00", "9-9+1", "+1", "9:00-11:00", "11-9",
    "-11", "9-", "--", "+tag", "+", "++",
    "api", "web", "frontend", "", " ", "\t", "a\u{0}b", "\u{2028}", "é", "日本", "9.30", ".", "..", ":", "::",
    "99999999999999999999", "-1", "1e3", "0x10", String(repeating: "x", count: 120),
  ]

  @Test("Random word lists never crash, and every accepted one renders words that read back the same")
  func fuzz() throws {
    var random = SeededRandom(seed: 0x5452_4143_4B)
    var accepted = 0
    for _ in 0..<20_000 {
      let count = Int(random.next() % 7)
      let words = (0..<count).map { _ in Self.vocabulary[Int(random.next() % UInt64(Self.vocabulary.count))] }
      let now = Int64(random.next() % 86_400)
      guard case .success(let parsed) = TrackWords.parse(words, today: Self.today, now: now) else { continue }
      accepted += 1
      #expect(parsed.from >= 0 && parsed.from < parsed.to && parsed.to <= parsed.from + 86_400, "\(words)")
      #expect(parsed.day <= Self.today, "\(words)")
      let again = TrackWords.parse(parsed.words, today: Self.today, now: now)
      #expect(again == .success(parsed), "\(words) rendered \(parsed.words)")
    }
    #expect(accepted > 100, "the fuzz reached the accepting paths only \(accepted) times")
  }
}
