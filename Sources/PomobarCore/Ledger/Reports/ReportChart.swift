/// A terminal chart of work time: one bar per day (per month past two months), stacked by
/// project, with a legend.
///
/// With `color`, each project's part is drawn in its `[projects.NAME] color` as 24-bit
/// SGR; without, each project gets its own fill character, so the chart reads the same
/// in a pipe, a file or a terminal without colour.
public struct ReportChartEncoder: Sendable {
  public var color: Bool
  public var decimal: Bool
  /// Columns of the longest bar.
  public var width: Int

  public init(color: Bool, decimal: Bool = false, width: Int = 40) {
    self.color = color
    self.decimal = decimal
    self.width = max(1, width)
  }

  /// Fill characters for the projects in order, when there is no colour; repeats past the
  /// tenth.
  static let fills: [Character] = ["█", "▓", "▒", "░", "#", "=", "+", "*", "o", "~"]
  /// The colour of time without a project.
  static let noProjectColor = "#8B8D98"

  public func encode(_ report: Report) -> String {
    let rows = ReportRows.make(report)
    let longest = rows.rows.map(\.work).max() ?? 0
    let labelWidth = rows.rows.map { $0.label.terminalColumns }.max() ?? 0
    var out = ""
    for row in rows.rows {
      out += ReportFormat.padRight(row.label, labelWidth) + " "
      var drawn = 0
      var sum: Int64 = 0
      for (index, seconds) in row.projects.enumerated() where seconds > 0 {
        sum += seconds
        // Cumulative rounding: the parts of a bar add up to its rounded length.
        let end = longest > 0 ? Int((sum * Int64(width) * 2 + longest) / (longest * 2)) : 0
        if end > drawn { out += segment(index, report.projects[index], count: end - drawn) }
        drawn = max(drawn, end)
      }
      out += " " + ReportFormat.hours(row.work, decimal: decimal) + "\n"
    }
    var legend: [String] = []
    for (index, project) in report.projects.enumerated() where project.seconds > 0 {
      legend.append(segment(index, project, count: 1) + " " + project.label)
    }
    if !legend.isEmpty { out += "\n" + legend.joined(separator: "  ") + "\n" }
    return out
  }

  func segment(_ index: Int, _ project: Report.ProjectLine, count: Int) -> String {
    guard color else { return String(repeating: Self.fills[index % Self.fills.count], count: count) }
    let hex = project.name == nil ? Self.noProjectColor : project.color
    return ReportColor.paint(String(repeating: "█", count: count), hex)
  }
}

/// 24-bit foreground colour for terminals.
enum ReportColor {
  /// `text` in `hex` (`#rrggbb`), or as it is when `hex` is not a colour.
  static func paint(_ text: String, _ hex: String) -> String {
    guard let color = HexColor(hex) else { return text }
    return "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m" + text + "\u{1B}[0m"
  }
}
