import TOML

/// Days off as written: in `days-off` and, one a line, in `days-off-file`.
public enum DaysOff {
  /// How a day off is written, for messages.
  static let form = "write dates like \"2026-12-24\", or a range like \"2026-12-24..2027-01-01\""

  /// The dates of `"YYYY-MM-DD"` or `"FROM..TO"` (both included, at most 366 days, in
  /// order); nil for anything else.
  public static func dates(_ text: String) -> [CivilTime.Date]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 1 { return CivilTime.Date(text).map { [$0] } }
    guard parts.count == 3, parts[1].isEmpty, let from = CivilTime.Date(parts[0]),
      let to = CivilTime.Date(parts[2]), from <= to, to.dayNumber - from.dayNumber < 366
    else { return nil }
    return (from.dayNumber...to.dayNumber).map(CivilTime.date(fromDays:))
  }

  /// A days-off file: one date or range a line; blank lines and `#` comments (whole-line
  /// or after a date) are skipped. Each line that is not a date is an error naming its
  /// line and column, and the other lines still count.
  public static func parse(_ bytes: [UInt8], file: String) -> (dates: [CivilTime.Date], errors: [ConfigError])
  {
    var dates: [CivilTime.Date] = []
    var errors: [ConfigError] = []
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let content = line.prefix { $0 != UInt8(ascii: "#") }
      let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D }
      guard let first = content.firstIndex(where: { !isBlank($0) }),
        let last = content.lastIndex(where: { !isBlank($0) })
      else { continue }
      let text = String(decoding: content[first...last], as: UTF8.self)
      if let found = Self.dates(text) {
        dates += found
      } else {
        let column = String(decoding: line[line.startIndex..<first], as: UTF8.self).unicodeScalars.count + 1
        errors.append(
          ConfigError(
            file: file, position: TOMLPosition(line: index + 1, column: column),
            message: "\(Shown.quoted(text)) is not a day off; \(form)"))
      }
    }
    return (dates, errors)
  }
}
