/// Parsing and printing durations the way people write them: `25m`, `1h30m`, `90s`, and
/// the other spellings people type (`5min`, `90 min`, `1h30`, `1.5h`, `2 hours`).
public enum DurationFormat {
  /// The longest duration a config or command line may give: a week.
  public static let maximum: Duration = .seconds(7 * 24 * 3600)

  /// How a duration's text reads: a duration, well-formed but past `maximum`, or unreadable.
  ///
  /// Kept apart so that a message can say "at most a week" for `"169h"` and show how to
  /// write a duration only when the text is not one.
  public enum Reading: Equatable, Sendable {
    case duration(Duration)
    case tooLong
    case unreadable(Refusal)
  }

  /// Why a text is not a duration: where (`offset`, in Unicode scalars, for a
  /// `file:line:col`), what (`reason`), and the text that would be, when one can be told
  /// (`fix`: `"1h5m"` for `"5m1h"`).
  public struct Refusal: Equatable, Sendable {
    public var offset: Int
    public var reason: String?
    public var fix: String?

    /// `cannot read '5x' as a duration: 'x' is not a unit; write it like 5m, 90s or 1h30m`,
    /// the text as `shown` (quoted as the caller quotes).
    public func message(_ shown: String) -> String {
      "cannot read \(shown) as a duration" + (reason.map { ": " + $0 } ?? "") + "; "
        + (fix.map { "write \($0)" } ?? "write it like 5m, 90s or 1h30m")
    }
  }

  /// The duration `text` is, or what is wrong with it said for a person, with the fix:
  /// `Refusal.message`, or `'169h' is out of range: at most a week (168h)`. For the
  /// command line, whose words are quoted `'…'`.
  public static func checked(_ text: String) -> Result<Duration, Problem> {
    let shown = "'\(Shown.plain(text))'"
    switch read(text) {
    case .duration(let value): return .success(value)
    case .tooLong: return .failure(Problem(message: "\(shown) is out of range: at most a week (168h)"))
    case .unreadable(let refusal): return .failure(Problem(message: refusal.message(shown)))
    }
  }

  public struct Problem: Error, Equatable, Sendable {
    public var message: String
  }

  /// The units and their spellings (any case), largest first.
  static let units: [(seconds: Int64, names: [String])] = [
    (3600, ["h", "hr", "hrs", "hour", "hours"]),
    (60, ["m", "min", "mins", "minute", "minutes"]),
    (1, ["s", "sec", "secs", "second", "seconds"]),
  ]
  static let unitNames = units.flatMap(\.names)

  /// Parses `"25m"`, `"1h30m"`, `"90s"`, `"1h 5m 3s"`, `"5min"`, `"90 min"`, `"2 hours"`,
  /// `"1h30"` (a number after hours is minutes, after minutes seconds), `"1.5h"` (a
  /// whole number of seconds), or a bare number of minutes (`"25"`, `"1.5"`).
  ///
  /// Returns nil for anything else, including negative values and totals past a week;
  /// `read` tells those apart.
  public static func parse(_ text: String) -> Duration? {
    guard case .duration(let value) = read(text) else { return nil }
    return value
  }

  /// Reads a duration written like `parse` accepts, saying why when it is not one.
  ///
  /// A number too large for 64 bits is well-formed, so it reads as `tooLong`. Units go
  /// from hours to seconds, each once; a refusal names the fix where there is one.
  public static func read(_ text: String) -> Reading {
    var reader = Reader(Array(text.unicodeScalars))
    return reader.read()
  }

  /// One pass over the text: numbers, each with its unit.
  struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// A number's digits without its point, and how many of them are after it.
    struct Number {
      var value: Int64
      var decimals: Int
      var overflow: Bool

      /// Its value in seconds, `unit` seconds each; nil when not a whole number of them.
      func seconds(unit: Int64) -> (value: Int64, overflow: Bool)? {
        let (scaled, overflowed) = value.multipliedReportingOverflow(by: unit)
        if overflow || overflowed { return (.max, true) }
        var divisor: Int64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        guard scaled % divisor == 0 else { return nil }
        return (scaled / divisor, false)
      }
    }

    mutating func read() -> Reading {
      var total: Int64 = 0
      var overflow = false
      var lastUnit: Int? = nil  // the index in `units` of the unit read last
      skipSpaces()
      guard index < scalars.count else { return refuse(at: 0, "it is empty") }
      while index < scalars.count {
        let start = index
        guard let number = readNumber() else { return problem(at: start) }
        skipSpaces()
        let wordStart = index
        let word = readWord()
        let unit: Int
        if !word.isEmpty {
          guard let found = DurationFormat.units.firstIndex(where: { $0.names.contains(word.lowercased()) })
          else {
            return unknownUnit(word, at: wordStart)
          }
          unit = found
        } else if index < scalars.count {
          guard ("0"..."9").contains(scalars[index]) else { return problem(at: index) }
          return refuse(at: index, "each number needs its unit")
        } else if let lastUnit {
          // A last number without a unit: the next smaller one ("1h30", "2m30").
          guard lastUnit + 1 < DurationFormat.units.count else {
            return refuse(at: start, "the number after the seconds has no unit")
          }
          unit = lastUnit + 1
        } else {
          unit = 1  // a bare number: minutes
        }
        if let lastUnit, unit <= lastUnit {
          return refuse(at: start, "units go from hours to seconds, each once", fix: added())
        }
        lastUnit = unit
        guard let seconds = number.seconds(unit: DurationFormat.units[unit].seconds) else {
          return refuse(at: start, "it is not a whole number of seconds")
        }
        let (sum, overflowed) = total.addingReportingOverflow(seconds.value)
        overflow = overflow || seconds.overflow || overflowed
        total = sum
        skipSpaces()
      }
      guard !overflow, total <= DurationFormat.maximum.floorSeconds else { return .tooLong }
      return .duration(.seconds(total))
    }

    /// Digits with at most one `.` between digits (at most 9 after it); nil, and the
    /// index where it was, for anything else.
    mutating func readNumber() -> Number? {
      let start = index
      var number = Number(value: 0, decimals: 0, overflow: false)
      var point: Int? = nil
      while index < scalars.count {
        let scalar = scalars[index]
        if scalar == ".", point == nil {
          point = index
        } else if ("0"..."9").contains(scalar) {
          let (times10, o1) = number.value.multipliedReportingOverflow(by: 10)
          let (next, o2) = times10.addingReportingOverflow(Int64(scalar.value - 48))
          number.overflow = number.overflow || o1 || o2
          number.value = next
          if point != nil { number.decimals += 1 }
        } else {
          break
        }
        index += 1
      }
      let digitsBefore = (point ?? index) - start
      guard digitsBefore > 0, point == nil || (1...9).contains(number.decimals) else {
        index = start
        return nil
      }
      return number
    }

    /// The letters of a unit's word.
    mutating func readWord() -> String {
      var word = ""
      while index < scalars.count, scalars[index].properties.isAlphabetic {
        word.unicodeScalars.append(scalars[index])
        index += 1
      }
      return word
    }

    mutating func skipSpaces() {
      while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
      var out = ""
      out.unicodeScalars.append(contentsOf: scalars)
      return out
    }

    func refuse(at offset: Int, _ reason: String?, fix: String? = nil) -> Reading {
      .unreadable(Refusal(offset: offset, reason: reason, fix: fix))
    }

    /// What is wrong at `offset`, where a number or a unit should be.
    func problem(at offset: Int) -> Reading {
      let all = Self.string(scalars)
      switch scalars[offset] {
      case "-", "\u{2212}":
        return refuse(at: offset, "a duration is not negative")
      case ":":
        // 1:30, as a clock writes it: hours and minutes, or minutes and seconds.
        let halves = all.split(separator: ":", omittingEmptySubsequences: false).map {
          String($0).trimmedOfSpaces
        }
        guard halves.count == 2, halves.allSatisfy({ (1...3).contains($0.utf8.count) }),
          let first = Int64(halves[0]), let second = Int64(halves[1]), second < 60
        else { return refuse(at: offset, "a clock time is not a duration") }
        let (hours, minutes) = (
          format(.seconds(first * 3600 + second * 60)), format(.seconds(first * 60 + second))
        )
        return refuse(at: offset, "a clock time is not a duration", fix: "\(hours) (or \(minutes))")
      case ",":
        // 1,5h: a decimal comma.
        let dotted = Self.string(scalars.map { $0 == "," ? "." : $0 })
        guard case .duration = DurationFormat.read(dotted) else {
          return refuse(at: offset, "',' cannot be in a duration")
        }
        return refuse(at: offset, "the decimal point is '.'", fix: dotted)
      case "0"..."9", ".":
        return refuse(at: offset, "a number has digits on both sides of its '.' (at most 9 after it)")
      case let scalar where scalar.properties.isAlphabetic:
        var reader = Reader(scalars)
        reader.index = offset
        let word = reader.readWord().lowercased()
        // `m5`: a unit before its number; `soon`: nothing to say but the form.
        return refuse(at: offset, DurationFormat.unitNames.contains(word) ? "the number comes first" : nil)
      case let scalar:
        return refuse(at: offset, "'\(Shown.plain(String(scalar)))' cannot be in a duration")
      }
    }

    /// A word that is no unit: with the text that reads when a unit is near it.
    func unknownUnit(_ word: String, at offset: Int) -> Reading {
      let reason = "'\(Shown.plain(word))' is not a unit (h, m or s; also min, hours, seconds...)"
      // One letter is too little to guess from (`5x`).
      guard word.unicodeScalars.count > 1,
        let near = Spelling.suggestion(for: word.lowercased(), in: DurationFormat.unitNames)
      else {
        return refuse(at: offset, reason)
      }
      var fixed = scalars
      fixed.replaceSubrange(offset..<(offset + word.unicodeScalars.count), with: near.unicodeScalars)
      let text = Self.string(fixed)
      guard case .duration = DurationFormat.read(text) else {
        return refuse(at: offset, reason + " (did you mean '\(near)'?)")
      }
      return refuse(at: offset, "'\(Shown.plain(word))' is not a unit", fix: text)
    }

    /// The parts added up whatever their order: what units out of order meant.
    func added() -> String? {
      var reader = Reader(scalars)
      var total: Int64 = 0
      reader.skipSpaces()
      while reader.index < scalars.count {
        guard let number = reader.readNumber() else { return nil }
        reader.skipSpaces()
        let word = reader.readWord().lowercased()
        guard let unit = DurationFormat.units.first(where: { $0.names.contains(word) }),
          let seconds = number.seconds(unit: unit.seconds), !seconds.overflow
        else { return nil }
        let (sum, overflow) = total.addingReportingOverflow(seconds.value)
        guard !overflow else { return nil }
        total = sum
        reader.skipSpaces()
      }
      return total <= DurationFormat.maximum.floorSeconds ? format(.seconds(total)) : nil
    }
  }

  /// A compact form that parses back: `25m`, `1h30m`, `90s` → `1m30s`, `0s`.
  public static func format(_ duration: Duration) -> String {
    var seconds = max(0, duration.floorSeconds)
    if seconds == 0 { return "0s" }
    var out = ""
    if seconds >= 3600 {
      out += "\(seconds / 3600)h"
      seconds %= 3600
    }
    if seconds >= 60 {
      out += "\(seconds / 60)m"
      seconds %= 60
    }
    if seconds > 0 { out += "\(seconds)s" }
    return out
  }

  /// A countdown clock: `mm:ss`, or `h:mm:ss` from one hour on.
  public static func clock(seconds: Int64) -> String {
    let s = max(0, seconds)
    let h = s / 3600
    let m = (s % 3600) / 60
    let sec = s % 60
    return h > 0 ? colons(h, m, sec, padLead: false) : colons(m, sec, nil, padLead: true)
  }

  /// Whole minutes as hours and minutes: `2:13` for 133, as a day's work and reports read
  /// (`WorkView.clock` rounds down, `report` to the nearest minute).
  /// A negative count is written with a minus before the same clock (`-2:13`).
  static func hoursMinutes(_ minutes: Int64) -> String {
    minutes >= 0 ? colons(minutes / 60, minutes % 60, nil, padLead: false) : "-" + hoursMinutes(-minutes)
  }

  /// `lead:mm` or `lead:mm:ss`: every clock pomobar writes (`clock`, `hoursMinutes`,
  /// `ClockTime.text`). `lead` is not negative, written in two digits at least when
  /// `padLead`; `middle` and `last` are in 0..<60. It runs for every frame of a running
  /// phase, so the digits are written straight into one small string (no interpolation).
  static func colons(_ lead: Int64, _ middle: Int64, _ last: Int64?, padLead: Bool) -> String {
    guard lead < 100 else { return "\(lead):" + pad2(middle) + (last.map { ":" + pad2($0) } ?? "") }
    let wide = lead >= 10 || padLead
    return String(unsafeUninitializedCapacity: (wide ? 5 : 4) + (last == nil ? 0 : 3)) { out in
      var end = 0
      func put(_ byte: Int64) {
        out[end] = UInt8(truncatingIfNeeded: byte)
        end += 1
      }
      func field(_ value: Int64) {
        put(58)
        put(48 + value / 10)
        put(48 + value % 10)
      }
      if wide { put(48 + lead / 10) }
      put(48 + lead % 10)
      field(middle)
      if let last { field(last) }
      return end
    }
  }

  /// A human span for notes: `42 min`, `1 h 5 min`, `30 s`.
  public static func human(_ duration: Duration) -> String {
    let s = max(0, duration.floorSeconds)
    if s < 60 { return "\(s) s" }
    let minutes = (s + 30) / 60
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(rest) min"
  }

  static func pad2(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
