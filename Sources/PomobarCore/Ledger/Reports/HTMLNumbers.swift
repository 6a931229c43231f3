/// The numbers and dates of the HTML pages (`ReportHTMLEncoder`, `TimesheetHTMLEncoder`),
/// written one way: every number carries its place in the page's `--json` object in
/// `data-json` (a JSON array) and its value in `data-value` (seconds, a count or minor
/// units), so a script can check the page against the JSON
/// (`Tests/e2e/tools/check-report-html.py`).
protocol HTMLNumbers {
  /// Hours as `1.75` rather than `1:45` (`--decimal`).
  var decimal: Bool { get }
}

/// A step of a path into a page's `--json` object.
enum JSONPath: ExpressibleByStringLiteral {
  case key(String)
  case index(Int)

  init(stringLiteral value: String) { self = .key(value) }

  var json: JSONValue {
    switch self {
    case .key(let key): return .string(key)
    case .index(let index): return .integer(Int64(index))
    }
  }
}

extension HTMLNumbers {
  /// ` data-json="…" data-value="…"`: a number's place in `--json` and its value.
  func dataAttributes(_ value: Int64, _ path: [JSONPath]) -> String {
    " data-json=\"\(HTMLText.escape(JSON.serialize(.array(path.map(\.json)))))\" data-value=\"\(value)\""
  }

  func number(_ value: Int64, _ path: [JSONPath], shown: String) -> String {
    "<span class=\"n\"" + dataAttributes(value, path) + ">\(shown)</span>"
  }

  func hours(_ seconds: Int64, _ path: [JSONPath]) -> String {
    number(seconds, path, shown: ReportFormat.hours(seconds, decimal: decimal))
  }

  func count(_ value: Int, _ path: [JSONPath]) -> String { number(Int64(value), path, shown: "\(value)") }

  /// `<time datetime="2026-11-23">Mon 2026-11-23</time>`.
  func date(_ date: CivilTime.Date, weekday: Bool = false) -> String {
    "<time datetime=\"\(date)\">" + (weekday ? ReportFormat.weekday(date) + " " : "") + "\(date)</time>"
  }
}
