import Testing

@testable import PomobarCore

/// `export --format klog`, held to klog's own grammar (github.com/jotaen/klog,
/// `Specification.md` 1.2). No klog binary is packaged for Debian (its `klog` is a ham
/// radio logger), so `KlogGrammar` below reads a file as the specification says, and is
/// itself checked on the specification's own examples.
@Suite struct KlogTests {
  static func export(_ records: [LedgerRecord], dayStart: Int = 0) -> String {
    var encoder = ExportEncoder(format: .klog, ledger: LedgerCalendar(dayStart: dayStart))
    return encoder.header() + records.map { encoder.element($0) }.joined() + encoder.footer()
  }

  static func work(
    _ start: String, _ end: String, seconds: Int64? = nil, project: String? = nil, tags: [String] = [],
    note: String? = nil
  ) -> LedgerRecord {
    var record = ledgerRecord(.work, start, end, seconds: seconds, project: project)
    record.tags = tags
    record.note = note
    return record
  }

  @Test func workRecordsAreEntriesUnderTheirDatesWithTagsAndTheNote() throws {
    let text = Self.export([
      Self.work(
        "2026-11-23T08:00:00+01:00", "2026-11-23T09:30:00+01:00", project: "api", tags: ["billable"],
        note: "fixed the\nlogin"),
      Self.work("2026-11-23T10:00:20+01:00", "2026-11-23T10:45:10+01:00", project: "client-x.de"),
      Self.work("2026-11-23T22:30:00+01:00", "2026-11-24T00:45:00+01:00"),
      Self.work("2026-11-25T13:00:00+01:00", "2026-11-25T14:00:00+01:00", seconds: 2400, project: "读书"),
    ])
    #expect(
      text == """
        2026-11-23
            8:00 - 9:30 #api #billable fixed the login
            10:00 - 10:45 #client_x_de
            22:30 - 0:45>

        2026-11-25
            13:00 - 14:00 #读书
            -20m not counted

        """)
    let file = try KlogGrammar.read(text)
    #expect(file.map(\.date) == ["2026-11-23", "2026-11-25"])
    #expect(file.map(\.minutes) == [90 + 45 + 135, 40])
    #expect(file[0].tags == ["#api", "#billable", "#client_x_de"])
  }

  /// With `day-starts-at`, a record after midnight is under the day it counts in, its
  /// times shifted: klog's total per date is `report`'s.
  @Test func aRecordAfterMidnightCountsInTheLedgersDay() throws {
    let text = Self.export(
      [Self.work("2026-11-24T01:00:00+00:00", "2026-11-24T02:10:00+00:00", project: "api")],
      dayStart: 4 * 3600)
    #expect(text == "2026-11-23\n    1:00> - 2:10> #api\n")
    #expect(try KlogGrammar.read(text).map(\.minutes) == [70])
  }

  /// An interval longer than any range can say (past the next day's end) is a duration.
  @Test func anIntervalOverTwoDaysIsADuration() throws {
    let text = Self.export([Self.work("2026-11-23T20:00:00+00:00", "2026-11-25T02:00:00+00:00")])
    #expect(text == "2026-11-23\n    30h\n")
    #expect(try KlogGrammar.read(text).map(\.minutes) == [1800])
  }

  /// Seconds round to the nearest minute; a time that rounds to midnight is the next day's.
  @Test func timesRoundToTheMinute() {
    #expect(KlogEncoder.minutes(29) == 0 && KlogEncoder.minutes(30) == 1 && KlogEncoder.minutes(-31) == -1)
    #expect(KlogEncoder.time(1439) == "23:59" && KlogEncoder.time(1440) == "0:00>")
    #expect(
      KlogEncoder.duration(45) == "45m" && KlogEncoder.duration(120) == "2h"
        && KlogEncoder.duration(61) == "1h1m")
  }

  @Test func nothingToExportIsAnEmptyFile() throws {
    #expect(Self.export([]) == "")
    #expect(try KlogGrammar.read("").isEmpty)
  }

  /// The grammar below accepts the specification's examples and refuses what it forbids.
  @Test func theGrammarIsTheSpecifications() throws {
    let good = [
      "2020-01-01", "1984-08-30\n    1h", "2004/12/24 (8h!)\n    2h30m",
      "2020-01-15\nSummary line\n    -1h Lunch break\n    11:00 - 14:15\n    8:00am - 2:00pm Long day at #school",
      "2020-01-15\n    <23:40 - 3:12\n    0:30> - 4:00>\n    05:17 - ?",
      "2020-01-15\n\t8:00 - 9:00\n\t+4h12m\n\t-8h30m\n\t5m\n\t24:00 - 24:00",
    ]
    for text in good { #expect(throws: Never.self, "\(text)") { try KlogGrammar.read(text) } }
    let bad = [
      "2020-1-01", "2020-01-15\n    9:00 - 8:00", "2020-01-15\n    1h60m", "2020-01-15\n    24:30 - 24:40",
      "2020-01-15\n    8:0 - 9:00", "2020-01-15\n    8:00 - 9:00\n  9:00 - 10:00", "2020-01-15\n    1x",
      "2020-01-15\n    1:00 - 2:00\n2020-01-16\n    1h", "2020-01-15\n    8:00 - 9:00>>",
    ]
    for text in bad { #expect(throws: KlogGrammar.Problem.self, "\(text)") { try KlogGrammar.read(text) } }
    #expect(try KlogGrammar.read("2020-01-15\n    12:00 - 13:00\n    12:30 - 13:30").map(\.minutes) == [120])
  }
}

/// A reader of klog files as `Specification.md` 1.2 defines them: records of a date line
/// (an optional should-total), summary lines, and entries (ranges, open ranges,
/// durations) indented alike; one blank line between records. It returns each record's
/// date, total minutes (open ranges not counted) and the tags of its entries.
enum KlogGrammar {
  struct Problem: Error { var line: String }
  struct Record {
    var date: String
    var minutes: Int
    var tags: [String]
  }

  static func read(_ text: String) throws(Problem) -> [Record] {
    var records: [Record] = []
    var indent: String? = nil
    var inEntries = false
    var previousBlank = true
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        previousBlank = true
        continue
      }
      let body = line.drop { $0 == " " || $0 == "\t" }
      let lead = String(line.prefix(line.count - body.count))
      if lead.isEmpty {
        if records.isEmpty || previousBlank {
          records.append(Record(date: try date(line), minutes: 0, tags: []))
          (indent, inEntries) = (nil, false)
        } else if inEntries {
          throw Problem(line: line)  // a summary after the entries, or a record without a blank line
        }
      } else {
        guard !records.isEmpty, !previousBlank, ["    ", "   ", "  ", "\t"].contains(lead),
          indent == nil || indent == lead
        else { throw Problem(line: line) }
        indent = lead
        inEntries = true
        let (minutes, summary) = try entry(String(body))
        records[records.count - 1].minutes += minutes
        records[records.count - 1].tags += tags(summary)
      }
      previousBlank = false
    }
    return records
  }

  /// `2020-01-01` or `2020/01/01`, then maybe a should-total `(8h!)`.
  static func date(_ line: String) throws(Problem) -> String {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    let chars = Array(words.first ?? "")
    guard chars.count == 10, chars[4] == chars[7], chars[4] == "-" || chars[4] == "/",
      [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ chars[$0].isASCII && chars[$0].isNumber }),
      let month = Int(String(chars[5...6])), let day = Int(String(chars[8...9])), (1...12).contains(month),
      (1...31).contains(day)
    else { throw Problem(line: line) }
    if words.count > 1 {
      let total = words[1]
      guard words.count == 2, total.hasPrefix("("), total.hasSuffix("!)"),
        (try? duration(String(total.dropFirst().dropLast(2)))) != nil
      else { throw Problem(line: line) }
    }
    return String(chars[0...3]) + "-" + String(chars[5...6]) + "-" + String(chars[8...9])
  }

  /// An entry and its summary: a range's or a duration's minutes (an open range: 0).
  static func entry(_ text: String) throws(Problem) -> (Int, String) {
    let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    if let minutes = try? duration(words[0]) {
      return (minutes, words.dropFirst().joined(separator: " "))
    }
    // A range: START - END, with or without spaces around the dash.
    var start = words[0]
    var rest = Array(words.dropFirst())
    if start.contains("-") && !start.hasSuffix("-") {
      let parts = start.split(separator: "-", maxSplits: 1).map(String.init)
      start = parts[0]
      rest.insert(parts[1], at: 0)
    } else if start.hasSuffix("-") {
      start.removeLast()
    } else {
      guard rest.first == "-" else { throw Problem(line: text) }
      rest.removeFirst()
    }
    guard let end = rest.first else { throw Problem(line: text) }
    let from = try time(start)
    if end.allSatisfy({ $0 == "?" }) { return (0, rest.dropFirst().joined(separator: " ")) }
    let to = try time(end)
    guard to >= from else { throw Problem(line: text) }
    return (to - from, rest.dropFirst().joined(separator: " "))
  }

  /// Minutes after the date's midnight: `8:05`, `<23:00` (the day before), `1:30>`, `6:30am`.
  static func time(_ word: String) throws(Problem) -> Int {
    var text = Substring(word)
    var shift = 0
    if text.hasPrefix("<") { (shift, text) = (-1440, text.dropFirst()) }
    if text.hasSuffix(">") { (shift, text) = (shift == 0 ? 1440 : 1, text.dropLast()) }
    var twelve: Int? = nil
    if text.hasSuffix("am") || text.hasSuffix("pm") {
      (twelve, text) = (text.hasSuffix("pm") ? 12 : 0, text.dropLast(2))
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard shift != 1, parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
    else { throw Problem(line: word) }
    if let twelve {
      guard (1...12).contains(hour) else { throw Problem(line: word) }
      return shift + (hour % 12 + twelve) * 60 + minute
    }
    guard hour < 24 || (hour == 24 && minute == 0 && shift == 0) else { throw Problem(line: word) }
    return shift + hour * 60 + minute
  }

  /// `1h`, `5m`, `4h12m`, `-8h30m`, `+2h`: signed minutes.
  static func duration(_ word: String) throws(Problem) -> Int {
    var text = Substring(word)
    var sign = 1
    if text.hasPrefix("-") || text.hasPrefix("+") {
      (sign, text) = (text.hasPrefix("-") ? -1 : 1, text.dropFirst())
    }
    var hours: Int? = nil
    var minutes: Int? = nil
    if let h = text.firstIndex(of: "h") {
      guard let value = Int(text[..<h]), text[..<h].allSatisfy(\.isNumber) else { throw Problem(line: word) }
      (hours, text) = (value, text[text.index(after: h)...])
    }
    if text.hasSuffix("m") {
      guard let value = Int(text.dropLast()), text.dropLast().allSatisfy(\.isNumber) else {
        throw Problem(line: word)
      }
      (minutes, text) = (value, "")
    }
    guard text.isEmpty, hours != nil || minutes != nil, hours == nil || (minutes ?? 0) < 60 else {
      throw Problem(line: word)
    }
    return sign * ((hours ?? 0) * 60 + (minutes ?? 0))
  }

  /// `#tag`s in a summary: letters, digits and `_` after a `#`.
  static func tags(_ summary: String) -> [String] {
    var out: [String] = []
    var current: String? = nil
    for character in summary + " " {
      if var tag = current,
        character.isLetter || (character.isASCII && character.isNumber) || character == "_"
      {
        tag.append(character)
        current = tag
        continue
      }
      if let tag = current, tag.count > 1 { out.append(tag) }
      current = character == "#" ? "#" : nil
    }
    return out
  }
}
