/// A year of focus time as a heatmap, GitHub-style (`pomobar report --calendar`): weeks as
/// columns, weekdays as rows from `[ledger] week-starts`, month names above, five levels
/// explained in a legend.
///
/// Levels are fixed hours rather than shares of the year's best day, so one year reads
/// against another: none, under 1 h, 1 to 2 h, 2 to 4 h, 4 h and more. Without colour the
/// levels are `·░▒▓█`; with colour, each cell is a block in a green of its level.
public struct ReportCalendarEncoder: Sendable {
  public var color: Bool
  public var weekStart: Int
  public var decimal: Bool

  public init(color: Bool, weekStart: Int = 0, decimal: Bool = false) {
    self.color = color
    self.weekStart = weekStart
    self.decimal = decimal
  }

  /// Lower bounds of levels 1 to 4, in seconds of focus.
  static let levels: [Int64] = [1, 3600, 2 * 3600, 4 * 3600]
  static let characters: [Character] = ["·", "░", "▒", "▓", "█"]
  static let colors = ["#2D333B", "#0E4429", "#006D32", "#26A641", "#39D353"]
  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// The heatmap of `year`, from a report whose days cover it (days not in the report,
  /// after its last, are left blank).
  public func encode(_ report: Report, year: Int) -> String {
    let calendar = LedgerCalendar(weekStart: weekStart)
    let january = CivilTime.Date(year: year, month: 1, day: 1)
    let firstColumn = calendar.firstDayOfWeek(january).dayNumber
    let lastDay = CivilTime.Date(year: year, month: 12, day: 31).dayNumber
    let columns = Int((lastDay - firstColumn) / 7) + 1
    var focus: [Int64: Int64] = [:]
    for day in report.days { focus[day.date.dayNumber] = day.focus }

    // Month names above the column holding each month's first day, when there is room.
    var header = [Character](repeating: " ", count: columns + 3)
    var free = 0
    for month in 1...12 {
      let column = Int((CivilTime.Date(year: year, month: month, day: 1).dayNumber - firstColumn) / 7)
      guard column >= free else { continue }
      for (offset, letter) in Self.months[month - 1].enumerated() { header[column + offset] = letter }
      free = column + 4
    }
    var out = "    " + String(String(header).reversed().drop { $0 == " " }.reversed()) + "\n"
    var total: Int64 = 0
    var daysWithFocus = 0
    for row in 0..<7 {
      out += ReportFormat.weekdayNames[(weekStart + row) % 7] + " "
      var line = ""
      for column in 0..<columns {
        let day = firstColumn + Int64(column * 7 + row)
        guard day >= january.dayNumber, day <= lastDay, let seconds = focus[day] else {
          line += " "
          continue
        }
        total += seconds
        if seconds > 0 { daysWithFocus += 1 }
        line += cell(Self.level(seconds))
      }
      out += String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
    }
    let legend = (0..<5).map { cell($0) }.joined(separator: " ")
    out += "\n    Less \(legend) More: none, under 1h, 1-2h, 2-4h, 4h and more\n"
    out +=
      "    Focus in \(year): \(ReportFormat.hours(total, decimal: decimal)) on "
      + "\(ReportFormat.days(daysWithFocus))\n"
    return out
  }

  static func level(_ seconds: Int64) -> Int { levels.lastIndex { seconds >= $0 }.map { $0 + 1 } ?? 0 }

  func cell(_ level: Int) -> String {
    let character = String(Self.characters[level])
    guard color else { return character }
    return ReportColor.paint(level == 0 ? character : "█", Self.colors[level])
  }
}
