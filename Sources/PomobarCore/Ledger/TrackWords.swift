/// The words of `pomobar track`, read as people type them: a day, a range of that day, then
/// a project and `+tags`.
///
///     track [DAY] FROM-TO [PROJECT WORDS...] [+TAG...]
///     track [DAY] FROM TO [PROJECT WORDS...] [+TAG...]
///
/// - DAY: `today` (the default), `yesterday`, a weekday (`monday`, `mon`: the latest one,
///   today included), `last monday` (the one before today), `2026-11-23`, `23.11.2026`
///   or `23.11.` (the latest 23 November, this year's unless it is still to come).
/// - FROM and TO: `9:00`, `14:30`, `14:30:15`, a bare hour `9`, `9am`, `5:30pm`; TO may
///   be `24:00` (the day's end), `now` (today only), or on the next day: a TO before FROM
///   is (`23:00-01:00`), and `01:00+1` says so (as `history edit` writes it); at most a
///   day in all. Written as one word `9:00-11:00`, `9-11`, or two, `9:00 11:00` (also
///   `9:00 - 11:00`).
/// - The other words: those starting with `+` are tags, the rest the project, joined by
///   single spaces as `ctl project` joins them (`ProjectName`).
///
/// Where the words are is what they are, so a bare number is a time only where a time
/// goes; a project cannot start with a day or a time, which catches words in the wrong
/// order. Every refusal names the word and shows the form that works.
public struct TrackWords: Equatable, Sendable {
  public var day: CivilTime.Date
  /// Seconds after the day's midnight: `from < to <= from + 86_400`; a `to` past
  /// `86_400` (`24:00`) is on the next day (`01:00+1` is `90_000`).
  public var from: Int64
  public var to: Int64
  public var project: String?
  /// The `+word`s, without their `+`, in order, each once.
  public var tags: [String]

  public init(day: CivilTime.Date, from: Int64, to: Int64, project: String? = nil, tags: [String] = []) {
    self.day = day
    self.from = from
    self.to = to
    self.project = project
    self.tags = tags
  }

  /// Why the words were refused, said for a person.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    init(_ message: String) { self.message = message }
  }

  /// The words as typed then, `today` and the second of the day it is `now`.
  public static func parse(_ given: [String], today: CivilTime.Date, now: Int64) -> Result<
    TrackWords, Problem
  > {
    var reader = Reader(given, today: today, now: now)
    do throws(Problem) {
      return .success(try reader.read())
    } catch {
      return .failure(error)
    }
  }

  /// Words that read back as this value: `2026-11-23 09:00-11:00 web frontend +billable`.
  public var words: [String] {
    var out = [day.description, TrackWords.clock(from) + "-" + TrackWords.clock(to)]
    if let project { out += project.split(separator: " ").map(String.init) }
    return out + tags.map { "+" + $0 }
  }

  /// `09:00`, `14:30:15`, `24:00`; past the day's end, on the next day: `01:00+1`.
  public static func clock(_ second: Int64) -> String {
    if second > 86_400 { return clock(second % 86_400) + "+\(second / 86_400)" }
    return ClockTime.text(second, withSeconds: true)
  }

  /// The day words, for suggestions.
  public static let dayNames = ["today", "yesterday", "last"] + LedgerSettings.weekdays
}

extension TrackWords {
  /// One pass over the words, front to back.
  struct Reader {
    var words: ArraySlice<String>
    let today: CivilTime.Date
    let now: Int64
    /// Whether the range ended with `now`.
    var endsNow = false

    init(_ words: [String], today: CivilTime.Date, now: Int64) {
      self.words = words[...]
      self.today = today
      self.now = now
    }

    static let form = "track [DAY] FROM-TO [PROJECT], like track yesterday 9:00-11:00 api"

    mutating func read() throws(Problem) -> TrackWords {
      guard let first = words.first else {
        throw Problem("give a start and an end time: \(Self.form)")
      }
      let dayWords: [String]
      let day: CivilTime.Date
      if let (date, count) = try self.day(at: words.startIndex) {
        (day, dayWords) = (date, Array(words.prefix(count)))
        words = words.dropFirst(count)
      } else if first.utf8.first.map({ (48...57).contains($0) }) == true || first.contains("-")
        || first.lowercased() == "now"
      {
        (day, dayWords) = (today, [])
      } else {
        throw Problem(
          "'\(Shown.plain(first))' is not a day or a time"
            + Spelling.hint(for: first.lowercased(), in: TrackWords.dayNames) + "; write \(Self.form)")
      }
      let shownDay = dayWords.joined(separator: " ")
      if let refusal = HistoryTime.refusal(day) { throw Problem(refusal) }
      guard day <= today else { throw Problem("'\(Shown.plain(shownDay))' is \(day), in the future") }
      guard let rangeWord = words.first else {
        throw Problem(
          "'\(Shown.plain(shownDay))' when? Give the times too: track \(Shown.plain(shownDay)) 9:00-11:00 api"
        )
      }
      var (from, to) = try range(rangeWord, day: day, dayWords: shownDay)
      let (start, end) = (TrackWords.clock(from), TrackWords.clock(to))
      if endsNow, from > to {
        throw Problem(
          "it is \(end) now, before \(start): for a range from another day, give the day, "
            + "like track yesterday \(start)-\(end)")
      }
      if to < from { to += 86_400 }  // past midnight: the end is on the next day
      let (project, tags) = try what(day: shownDay.isEmpty ? "" : shownDay + " ", from: from, to: to)
      guard from != to else { throw Problem("it starts and ends at \(start): nothing to track") }
      guard to - from <= 86_400 else {
        let most = TrackWords.clock(from + 86_400)
        throw Problem("\(start)-\(end) is more than a day: a range is at most one, like \(start)-\(most)")
      }
      let endDay = day.adding(days: to / 86_400)
      if endDay > today || (endDay == today && to % 86_400 > now) {
        let ends = "it ends at \(TrackWords.clock(to)), in the future (it is \(TrackWords.clock(now)) now)"
        if day == today, to > 86_400 {
          throw Problem("\(ends); for last night, give the day: track yesterday \(start)-\(end)")
        }
        throw Problem("\(ends); 'now' ends it now: track \(start) now")
      }
      return TrackWords(day: day, from: from, to: to, project: project, tags: tags)
    }

    /// The day the words at `index` name and how many words it took; nil when they name
    /// none (a time, most likely). Throws for what looks like a day and is not one.
    func day(at index: Int) throws(Problem) -> (CivilTime.Date, Int)? {
      let word = words[index]
      let lower = word.lowercased()
      switch lower {
      case "today": return (today, 1)
      case "yesterday": return (today.adding(days: -1), 1)
      case "last":
        guard index + 1 < words.endIndex, let weekday = LedgerSettings.weekday(named: words[index + 1]) else {
          let next = index + 1 < words.endIndex ? " ('\(Shown.plain(words[index + 1]))' is not one)" : ""
          throw Problem("'last' goes before a weekday\(next): track last friday 9:00-11:00 api")
        }
        return (today.adding(days: -Int64((today.weekday - weekday + 6) % 7 + 1)), 2)
      default: break
      }
      if let weekday = LedgerSettings.weekday(named: word) {
        return (today.adding(days: -Int64((today.weekday - weekday + 7) % 7)), 1)
      }
      if let date = CivilTime.Date(word) { return (date, 1) }
      let bytes = Array(word.utf8)
      if bytes.count >= 5, bytes[4] == UInt8(ascii: "-"), bytes[..<4].allSatisfy({ (48...57).contains($0) }) {
        throw Problem("'\(Shown.plain(word))' is not a day: write YYYY-MM-DD, like 2026-11-23")
      }
      guard word.contains(".") else { return nil }
      guard let date = dotted(word) else {
        throw Problem(
          "'\(Shown.plain(word))' is not a day: write DD.MM.YYYY like 23.11.2026, or 23.11. for the latest"
            + " 23 November (for a time, 9:30)")
      }
      return (date, 1)
    }

    /// `23.11.2026`, `3.1.2026`, or `23.11.`: the latest such day that is not to come.
    func dotted(_ word: String) -> CivilTime.Date? {
      let parts = word.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, (1...2).contains(parts[0].utf8.count), (1...2).contains(parts[1].utf8.count),
        parts[2].isEmpty || parts[2].utf8.count == 4,
        let day = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), day >= 1
      else { return nil }
      guard !parts[2].isEmpty else {
        // This year's, or the latest year's before it that has the day (29.02.).
        return (0...8).lazy.map { today.year - $0 }.compactMap { year -> CivilTime.Date? in
          guard day <= CivilTime.daysIn(year: year, month: month) else { return nil }
          let date = CivilTime.Date(year: year, month: month, day: day)
          return date <= today ? date : nil
        }.first
      }
      guard let year = Int(parts[2]), day <= CivilTime.daysIn(year: year, month: month) else { return nil }
      return CivilTime.Date(year: year, month: month, day: day)
    }

    /// FROM and TO, from `word` and, for the two-word form, the words after it.
    mutating func range(_ word: String, day: CivilTime.Date, dayWords: String) throws(Problem) -> (
      Int64, Int64
    ) {
      words = words.dropFirst()
      let dash = word.firstIndex(of: "-")
      if let dash, word != "-" {
        let from = String(word[..<dash])
        let to = String(word[word.index(after: dash)...])
        return (try time(from, in: word, day: day, end: false), try time(to, in: word, day: day, end: true))
      }
      let from = try time(word, in: nil, day: day, end: false)
      if words.first == "-" { words = words.dropFirst() }
      guard let to = words.first else {
        let start = dayWords.isEmpty ? word : dayWords + " " + word
        throw Problem(
          "'\(Shown.plain(word))' until when? Give an end: track \(start) 10:30 api, "
            + "track \(start)-10:30 api or track \(start) now api")
      }
      words = words.dropFirst()
      let looksLikeTime = to.lowercased() == "now" || to.utf8.first.map { (48...57).contains($0) } == true
      guard looksLikeTime else {
        let start = dayWords.isEmpty ? word : dayWords + " " + word
        throw Problem(
          "'\(Shown.plain(word))' until when? '\(Shown.plain(to))' is not an end time: "
            + "track \(start) 10:30 api, track \(start)-10:30 api or track \(start) now api")
      }
      return (from, try time(to, in: nil, day: day, end: true))
    }

    /// One time of the range; `whole` is the one-word range it is part of.
    mutating func time(_ text: String, in whole: String?, day: CivilTime.Date, end: Bool) throws(Problem)
      -> Int64
    {
      if text.lowercased() == "now" {
        guard end else { throw Problem("'now' ends a range, it cannot start one: track 9:00 now") }
        guard day == today else {
          throw Problem("'now' is today; \(day) ends at a time like 18:00 (or 24:00)")
        }
        endsNow = true
        return now
      }
      if let second = end
        ? ClockTime.secondAfterMidnight(text, bareHour: true, end: true)
        : ClockTime.secondOfDay(text, bareHour: true)
      {
        return second
      }
      let inWhole = whole.map { " in '\(Shown.plain($0))'" } ?? ""
      if text.isEmpty {
        throw Problem(
          "'\(Shown.plain(whole ?? ""))' is not a range of times: write it like 9:00-11:00 or 9-11")
      }
      if whole == nil, (try? self.dayIfAny(text)) != nil {
        throw Problem(
          "'\(Shown.plain(text))' is a day where a time goes: give the day first, then the times, "
            + "like track \(Shown.plain(text)) 9:00-11:00 api")
      }
      let looksLikeTime = text.utf8.first.map { (48...57).contains($0) } ?? false
      let what = end ? "an end time like 10:30, 24:00 or now" : "a start time like 9:00"
      throw Problem(
        "'\(Shown.plain(text))'\(inWhole) is not \(what)"
          + (looksLikeTime ? " (hours 0-23, minutes 00-59: 9:05, 14:30)" : "; write \(Self.form)"))
    }

    /// The day `word` alone names, if any.
    func dayIfAny(_ word: String) throws(Problem) -> CivilTime.Date? {
      let reader = Reader([word], today: today, now: now)
      return try reader.day(at: 0)?.0
    }

    /// The project and the tags, from the words left.
    func what(day: String, from: Int64, to: Int64) throws(Problem) -> (String?, [String]) {
      let range = TrackWords.clock(from) + "-" + TrackWords.clock(to)
      if let bare = words.first(where: { $0.hasPrefix("+") && ProjectName.normalised(String($0.dropFirst())).isEmpty }) {
        throw Problem("'\(Shown.plain(bare))' is not a tag: write it like +billable")
      }
      let projectWords: [String]
      let tags: [String]
      switch TagName.split(Array(words)) {
      case .success(let split): (projectWords, tags) = split
      case .failure(let problem): throw Problem("\(problem): write tags like +billable")
      }
      let named = Array(projectWords.drop { ProjectName.normalised($0).isEmpty })
      if let first = named.first {
        if (try? Reader(named, today: today, now: now).day(at: 0)) != nil {
          let day = named.prefix(first.lowercased() == "last" ? 2 : 1).joined(separator: " ")
          throw Problem(
            "'\(Shown.plain(day))' is a day after the times: the day goes first, "
              + "like track \(Shown.plain(day)) \(range) api")
        }
        let time = ClockTime.secondAfterMidnight(first, bareHour: true, end: true)
        if first.lowercased() == "now" || time != nil {
          throw Problem(
            "'\(Shown.plain(first))' is a third time: a range is two (\(day)\(range)), "
              + "and a project name does not start with a time")
        }
      }
      switch ProjectName.check(projectWords.joined(separator: " ")) {
      case .success(let name): return (name, tags)
      case .failure(.empty): return (nil, tags)
      case .failure(let problem): throw Problem("\(problem)")
      }
    }
  }
}
