/// Calendar arithmetic on proleptic Gregorian dates, without a calendar library.
///
/// Days are counted from 1970-01-01 (day 0); the conversions are Howard Hinnant's
/// `days_from_civil` and `civil_from_days` (http://howardhinnant.github.io/date_algorithms.html),
/// exact for every date a ledger can hold.
public enum CivilTime {
  /// A date: year, month 1-12, day 1-31.
  public struct Date: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
      self.year = year
      self.month = month
      self.day = day
    }

    public static func < (lhs: Date, rhs: Date) -> Bool {
      (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-11-23`.
    public var description: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// Parses `YYYY-MM-DD`; nil for anything else or a day that does not exist.
    public init?(_ text: some StringProtocol) {
      let bytes = Array(text.utf8)
      guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        let year = CivilTime.digits(bytes, 0, 4), let month = CivilTime.digits(bytes, 5, 2),
        let day = CivilTime.digits(bytes, 8, 2), (1...12).contains(month),
        (1...CivilTime.daysIn(year: year, month: month)).contains(day)
      else { return nil }
      self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 { CivilTime.days(from: self) }

    /// 0 = Monday ... 6 = Sunday.
    public var weekday: Int { Int((dayNumber % 7 + 7 + 3) % 7) }

    public func adding(days: Int64) -> Date { CivilTime.date(fromDays: dayNumber + days) }
  }

  public static func days(from date: Date) -> Int64 {
    let y = Int64(date.month <= 2 ? date.year - 1 : date.year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let m = Int64(date.month)
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(date.day) - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  public static func date(fromDays days: Int64) -> Date {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    return Date(year: Int(year), month: Int(month), day: Int(day))
  }

  public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  public static func daysIn(year: Int, month: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The date and the second of the day of `seconds` since the epoch (floor division).
  public static func split(_ seconds: Int64) -> (date: Date, second: Int64) {
    let (day, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
    return rest < 0 ? (date(fromDays: day - 1), rest + 86_400) : (date(fromDays: day), rest)
  }

  /// `count` decimal digits at `start`; nil if any is not a digit.
  @inlinable
  public static func digits<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ start: Int, _ count: Int
  ) -> Int? where Bytes.Index == Int {
    var value = 0
    for index in start..<(start + count) {
      let byte = bytes[index]
      guard byte >= 48 && byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}

extension WallTime {
  /// ISO 8601 with the local offset: `2026-11-23T09:00:00+01:00` (`Z` for UTC).
  ///
  /// Written digit by digit into one buffer: the history and exports write millions.
  public var iso8601: String {
    var out: [UInt8] = []
    out.reserveCapacity(25)
    iso8601(into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `iso8601`'s bytes, added to `out`.
  func iso8601(into out: inout [UInt8]) {
    let (date, second) = CivilTime.split(local)
    func digits(_ value: Int, _ width: Int) {
      var divisor = 1
      for _ in 1..<width { divisor *= 10 }
      var rest = value
      if rest >= divisor * 10 {  // a year past 9999: all its digits
        out += String(value).utf8
        return
      }
      while divisor > 0 {
        out.append(UInt8(48 + rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    if date.year < 0 {
      out += String(date.year).utf8
    } else {
      digits(date.year, 4)
    }
    out.append(UInt8(ascii: "-"))
    digits(date.month, 2)
    out.append(UInt8(ascii: "-"))
    digits(date.day, 2)
    out.append(UInt8(ascii: "T"))
    digits(Int(second / 3600), 2)
    out.append(UInt8(ascii: ":"))
    digits(Int(second % 3600 / 60), 2)
    out.append(UInt8(ascii: ":"))
    digits(Int(second % 60), 2)
    if offset == 0 {
      out.append(UInt8(ascii: "Z"))
    } else {
      let magnitude = Int(offset.magnitude)
      out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      digits(magnitude / 3600, 2)
      out.append(UInt8(ascii: ":"))
      digits(magnitude % 3600 / 60, 2)
    }
  }

  /// `iso8601` with nanoseconds (`2026-11-23T09:00:00.123456789+01:00`) when `nanoseconds`
  /// is not 0: for the moments edits and added records were made, which order them.
  public func iso8601(nanoseconds: Int32) -> String {
    let plain = iso8601
    guard nanoseconds > 0 else { return plain }
    let fraction = String(nanoseconds)
    let digits = "." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
    let zone = plain.lastIndex { $0 == "Z" || $0 == "+" || $0 == "-" }!
    return plain[..<zone] + digits + plain[zone...]
  }

  /// The fraction of a second of an ISO 8601 time, in nanoseconds (0 without one): what
  /// `init(iso8601Bytes:)` reads past and drops.
  public static func nanoseconds(iso8601Bytes bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard bytes.count > 20, bytes[19] == UInt8(ascii: ".") else { return 0 }
    var value: Int32 = 0
    var digits = 0
    var index = 20
    while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
      if digits < 9 {
        value = value * 10 + Int32(bytes[index] - 48)
        digits += 1
      }
      index += 1
    }
    while digits < 9 {
      value *= 10
      digits += 1
    }
    return value
  }

  public static func nanoseconds(iso8601 text: some StringProtocol) -> Int32 {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { nanoseconds(iso8601Bytes: UnsafeBufferPointer($0)) }
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±HH:MM` (also `±HHMM`); nil
  /// otherwise. Fractions of a second are accepted and dropped.
  public init?(iso8601 text: some StringProtocol) {
    var bytes = Array(text.utf8)
    guard let time = bytes.withUnsafeMutableBufferPointer({ WallTime(iso8601Bytes: UnsafeBufferPointer($0)) })
    else { return nil }
    self = time
  }

  /// `init(iso8601:)` on UTF-8 bytes, read in place (the history's lines).
  public init?(iso8601Bytes bytes: UnsafeBufferPointer<UInt8>) {
    func digits(_ start: Int, _ count: Int) -> Int? { CivilTime.digits(bytes, start, count) }
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), (1...12).contains(month),
      (1...CivilTime.daysIn(year: year, month: month)).contains(day),
      let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2), hour < 24,
      minute < 60, second < 61
    else { return nil }
    var index = 19
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 { index += 1 }
    }
    guard index < bytes.count else { return nil }
    var offset = 0
    if bytes[index] == UInt8(ascii: "Z") {
      guard index + 1 == bytes.count else { return nil }
    } else {
      let sign = bytes[index]
      guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
      let rest = index + 1
      let hh: Int?
      let mm: Int?
      switch bytes.count - rest {
      case 5 where bytes[rest + 2] == UInt8(ascii: ":"): (hh, mm) = (digits(rest, 2), digits(rest + 3, 2))
      case 4: (hh, mm) = (digits(rest, 2), digits(rest + 2, 2))
      case 2: (hh, mm) = (digits(rest, 2), 0)
      default: return nil
      }
      guard let hh, let mm, hh < 24, mm < 60 else { return nil }
      offset = (hh * 3600 + mm * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
    }
    let date = CivilTime.Date(year: year, month: month, day: day)
    let local = date.dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    self.init(utc: local - Int64(offset), offset: Int32(offset))
  }
}
