/// Parsing and printing durations the way people write them: `25m`, `1h30m`, `90s`.
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
    case unreadable
  }

  /// Parses `"25m"`, `"1h30m"`, `"90s"`, `"1h 5m 3s"`, or a bare number of minutes (`"25"`).
  ///
  /// Returns nil for anything else, including negative values and totals past a week;
  /// `read` tells those apart.
  public static func parse(_ text: String) -> Duration? {
    guard case .duration(let value) = read(text) else { return nil }
    return value
  }

  /// Reads a duration written like `parse` accepts, saying why when it is not one.
  ///
  /// A number too large for 64 bits is well-formed, so it reads as `tooLong`.
  public static func read(_ text: String) -> Reading {
    var total: Int64 = 0
    var number: Int64? = nil
    var sawUnit = false
    var overflow = false
    var lastUnitRank = Int.max
    for scalar in text.unicodeScalars {
      switch scalar {
      case "0"..."9":
        let digit = Int64(scalar.value - 48)
        let (times10, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (next, o2) = times10.addingReportingOverflow(digit)
        if o1 || o2 { overflow = true }
        number = next
      case "h", "m", "s":
        guard let value = number else { return .unreadable }
        let rank = scalar == "h" ? 3 : scalar == "m" ? 2 : 1
        guard rank < lastUnitRank else { return .unreadable }  // units in order, each once
        lastUnitRank = rank
        let unit: Int64 = scalar == "h" ? 3600 : scalar == "m" ? 60 : 1
        let (part, o1) = value.multipliedReportingOverflow(by: unit)
        let (sum, o2) = total.addingReportingOverflow(part)
        if o1 || o2 { overflow = true }
        total = sum
        number = nil
        sawUnit = true
      case " ":
        continue
      default:
        return .unreadable
      }
    }
    if let bare = number {
      guard !sawUnit else { return .unreadable }  // "1h30" is ambiguous
      let (minutes, o1) = bare.multipliedReportingOverflow(by: 60)
      if o1 { overflow = true }
      total = minutes
    } else if !sawUnit {
      return .unreadable
    }
    guard !overflow, total <= maximum.floorSeconds else { return .tooLong }
    return .duration(.seconds(total))
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
    if h > 0 { return "\(h):\(pad2(m)):\(pad2(sec))" }
    return "\(pad2(m)):\(pad2(sec))"
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
