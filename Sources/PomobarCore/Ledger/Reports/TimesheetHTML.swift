/// The timesheet as one self-contained web page (`pomobar report --timesheet --html`): a
/// sheet per client, each starting on a new A4 page when printed, with its entries, the
/// subtotals per project and tag, the rates used and when, the rule, the totals, billed
/// and unbilled.
///
/// Like the report's page: nothing is fetched and there is no script; every number is
/// the `Timesheet` value's, the one `report --timesheet --json` writes, and carries its
/// place there in `data-json` and its value in `data-value` (seconds, a count or minor
/// units); every user string is escaped. It is a document to send, so it is light only.
public struct TimesheetHTMLEncoder: HTMLNumbers, Sendable {
  /// Hours as `1.75` rather than `1:45` (`--decimal`).
  public var decimal: Bool

  public init(decimal: Bool = false) { self.decimal = decimal }

  public func encode(_ sheet: Timesheet) -> String {
    ReportOutput.collect { encode(sheet, to: &$0) }
  }

  /// The page into `output`, a sheet at a time.
  public func encode(_ sheet: Timesheet, to out: inout ReportOutput) {
    let clients = sheet.pages.map { $0.client ?? "(no client)" }.joined(separator: ", ")
    let title = "Timesheet: " + (clients.isEmpty ? "" : clients + ", ") + ReportFormat.title(sheet.period)
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    out += "<meta name=\"generator\" content=\"pomobar\">\n"
    out +=
      "<title>\(HTMLText.escape(title))</title>\n<style>\n\(Self.styleSheet)</style>\n</head>\n<body>\n<main>\n"
    if sheet.pages.isEmpty {
      out += "<article class=\"sheet\">\n<h1>Timesheet</h1>\n<p class=\"period\">\(period(sheet))</p>\n"
      out += "<p>Nothing billable in the range.</p>\n</article>\n"
    }
    for (index, page) in sheet.pages.enumerated() {
      self.page(sheet, page, index, to: &out)
    }
    out += "</main>\n</body>\n</html>\n"
  }

  func period(_ sheet: Timesheet) -> String {
    let last = sheet.period.last
    guard let first = sheet.period.first, first != last else { return date(last, weekday: true) }
    return date(first, weekday: true) + " to " + date(last, weekday: true)
  }

  func page(_ sheet: Timesheet, _ page: Timesheet.Page, _ place: Int, to out: inout ReportOutput) {
    let path: [JSONPath] = ["clients", .index(place)]
    let id = "c\(place)"
    out += "<article class=\"sheet\" aria-labelledby=\"\(id)\">\n<header>\n<p class=\"kind\">Timesheet</p>\n"
    out += "<h1 id=\"\(id)\">\(HTMLText.isolated(page.client ?? "(no client)"))</h1>\n"
    out += "<p class=\"period\">\(period(sheet))</p>\n"
    out += "<p class=\"rule\">Time \(HTMLText.escape(sheet.ruleText)).</p>\n</header>\n"

    out += "<section aria-labelledby=\"\(id)-entries\">\n<h2 id=\"\(id)-entries\">Entries</h2>\n"
    out += "<table class=\"entries\">\n<thead><tr>"
    for (column, numeric) in [
      ("Date", false), ("Time", false), ("Project", false), ("Tags", false), ("Note", false),
      ("Raw", true), ("Rounded", true), ("Amount", true), ("Invoice", false),
    ] {
      out += "<th scope=\"col\"\(numeric ? " class=\"num\"" : "")>\(column)</th>"
    }
    out += "</tr></thead>\n<tbody>\n"
    for (index, entry) in page.entries.enumerated() {
      let at = path + ["entries", .index(index)]
      out += "<tr\(entry.bill == nil ? "" : " class=\"billed\"")><td>\(date(entry.date))</td>"
      out += "<td class=\"clock\">\(Timesheet.times(entry))</td>"
      out += "<td>\(HTMLText.isolated(entry.project ?? "(no project)"))</td>"
      out +=
        "<td class=\"tags\">" + entry.tags.map { HTMLText.isolated("+" + $0) }.joined(separator: " ")
        + "</td>"
      out += "<td class=\"note\">\(entry.note.map(HTMLText.isolated) ?? "")</td>"
      out += "<td class=\"num\">\(hours(entry.billable, at + ["billable"]))</td>"
      out += "<td class=\"num\">\(hours(entry.rounded, at + ["rounded"]))</td>"
      out += "<td class=\"num\">"
      if let amount = entry.amount {
        out += number(amount.minor, at + ["amount_minor"], shown: amount.description)
      } else {
        out += "no rate"
      }
      out += "</td><td>"
      if let bill = entry.bill {
        out += bill.invoice.map(HTMLText.isolated) ?? "billed"
        out += "<br><small>billed " + date(CivilTime.split(bill.at.local).date) + "</small>"
      } else {
        out += "unbilled"
      }
      out += "</td></tr>\n"
    }
    out += "</tbody>\n</table>\n</section>\n"

    out += "<div class=\"sums\">\n"
    out += subtotals(
      "Projects", "Project", page.projects.map { HTMLText.isolated($0.name ?? "(no project)") },
      page.projects,
      path + ["projects"], id: id + "-projects")
    if !page.tags.isEmpty {
      out += subtotals(
        "Tags", "Tag", page.tags.map { HTMLText.isolated("+" + $0.name!) }, page.tags, path + ["tags"],
        id: id + "-tags")
    }
    out += rates(page, path + ["rates"], id: id + "-rates")
    out += "</div>\n"

    out += "<section class=\"total\" aria-labelledby=\"\(id)-total\">\n<h2 id=\"\(id)-total\">Summary</h2>\n"
    out += "<table>\n<thead><tr><th scope=\"col\"></th><th scope=\"col\" class=\"num\">Entries</th>"
    out += "<th scope=\"col\" class=\"num\">Raw</th><th scope=\"col\" class=\"num\">Rounded</th>"
    out += "<th scope=\"col\" class=\"num\">Amount</th></tr></thead>\n<tbody>\n"
    for (label, sum, key) in [
      ("Total", page.total, "total"), ("Billed", page.billed, "billed"),
      ("Unbilled", page.unbilled, "unbilled"),
    ] {
      out += "<tr\(key == "total" ? " class=\"grand\"" : "")><th scope=\"row\">\(label)</th>"
      out += sumCells(sum, path + [.key(key)]) + "</tr>\n"
    }
    out += "</tbody>\n</table>\n</section>\n"
    out += "<footer><p>Made by pomobar on \(date(sheet.today)). Raw: the time recorded, less breaks; "
    out += "rounded: as the rule above says. Times are "
    out += decimal ? "hours with decimals." : "hours and minutes (h:mm)."
    out += " Each entry is billed at the rate of the day it started.</p></footer>\n</article>\n"
  }

  func subtotals(
    _ title: String, _ column: String, _ labels: [String], _ sums: [Timesheet.Subtotal], _ path: [JSONPath],
    id: String
  ) -> String {
    var out = "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(title)</h2>\n<table>\n<thead><tr>"
    out += "<th scope=\"col\">\(column)</th><th scope=\"col\" class=\"num\">Entries</th>"
    out += "<th scope=\"col\" class=\"num\">Raw</th><th scope=\"col\" class=\"num\">Rounded</th>"
    out += "<th scope=\"col\" class=\"num\">Amount</th></tr></thead>\n<tbody>\n"
    for (index, sum) in sums.enumerated() {
      out += "<tr><th scope=\"row\">\(labels[index])</th>" + sumCells(sum, path + [.index(index)]) + "</tr>\n"
    }
    return out + "</tbody>\n</table>\n</section>\n"
  }

  func sumCells(_ sum: Timesheet.Subtotal, _ path: [JSONPath]) -> String {
    var out = "<td class=\"num\">\(count(sum.entries, path + ["entries"]))</td>"
    out += "<td class=\"num\">\(hours(sum.billable, path + ["billable"]))</td>"
    out += "<td class=\"num\">\(hours(sum.rounded, path + ["rounded"]))</td><td class=\"num\">"
    out +=
      sum.amounts.isEmpty
      ? "-"
      : sum.amounts.enumerated().map { index, amount in
        number(amount.minor, path + ["amounts", .index(index), "amount_minor"], shown: amount.description)
      }.joined(separator: "<br>")
    return out + "</td>"
  }

  /// Each project's rate and the days it applied: a rate that changed from a date is a
  /// row of each.
  func rates(_ page: Timesheet.Page, _ path: [JSONPath], id: String) -> String {
    var out = "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">Rates</h2>\n<table>\n<thead><tr>"
    out += "<th scope=\"col\">Project</th><th scope=\"col\" class=\"num\">Rate</th>"
    out += "<th scope=\"col\">Applied</th><th scope=\"col\" class=\"num\">Rounded</th>"
    out += "<th scope=\"col\" class=\"num\">Amount</th></tr></thead>\n<tbody>\n"
    for (index, use) in page.rates.enumerated() {
      let at = path + [.index(index)]
      out +=
        "<tr><th scope=\"row\">\(HTMLText.isolated(use.project ?? "(no project)"))</th><td class=\"num\">"
      if let rate = use.rate {
        out +=
          number(rate.perHour.minor, at + ["rate", "per_hour_minor"], shown: rate.perHour.description) + "/h"
      } else {
        out += "no rate"
      }
      out += "</td><td>" + date(use.from) + (use.from == use.to ? "" : " to " + date(use.to)) + "</td>"
      out += "<td class=\"num\">\(hours(use.total.rounded, at + ["rounded"]))</td><td class=\"num\">"
      out += use.total.amounts.enumerated().map { place, amount in
        number(amount.minor, at + ["amounts", .index(place), "amount_minor"], shown: amount.description)
      }.joined(separator: "<br>")
      out += "</td></tr>\n"
    }
    return out + "</tbody>\n</table>\n</section>\n"
  }

  /// Light, black on white, A4: a sheet per client on a page of its own.
  static let styleSheet = """
    :root{color-scheme:light;--fg:#1C1917;--muted:#57534E;--rule:#D6D3D1;--soft:#F5F5F4}
    body{margin:0;background:#E7E5E4;color:var(--fg);font:10pt/1.4 "DejaVu Sans","Noto Sans",\
    system-ui,sans-serif}
    .sheet{box-sizing:border-box;width:210mm;min-height:297mm;margin:1.5rem auto;padding:14mm;\
    background:#FFFFFF;box-shadow:0 1px 4px rgba(0,0,0,.15)}
    header{border-bottom:2px solid var(--fg);padding-bottom:3mm;margin-bottom:4mm}
    .kind{margin:0;font-size:9pt;letter-spacing:.12em;text-transform:uppercase;color:var(--muted)}
    h1{font-size:18pt;margin:0 0 1mm}h2{font-size:10.5pt;margin:5mm 0 1.5mm}
    .period{margin:0;font-size:11pt}.rule{margin:1mm 0 0;color:var(--muted);font-size:9pt}
    table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
    th,td{padding:1.2mm 2mm 1.2mm 0;text-align:left;vertical-align:top;border-bottom:1px solid var(--rule)}
    thead th{font-size:8pt;font-weight:600;color:var(--muted);border-bottom:1px solid var(--fg)}
    .num{text-align:right;white-space:nowrap}td:last-child,th:last-child{padding-right:0}
    table.entries{font-size:8.5pt}table.entries td{white-space:nowrap;padding-top:.9mm;padding-bottom:.9mm}\
    table.entries td.note,table.entries td.tags{white-space:normal}table.entries td.note{min-width:38mm}\
    table.entries td.tags bdi{white-space:nowrap}
    tr.billed td{color:var(--muted)}small{font-size:7.5pt}
    .sums{display:grid;grid-template-columns:1fr 1fr;gap:0 8mm}.sums section:last-child{grid-column:1/-1}
    .sums table{font-size:8.5pt}
    .total table{width:auto;min-width:60%;margin-left:auto;font-size:9.5pt}
    tr.grand th,tr.grand td{font-weight:700;border-bottom:2px solid var(--fg)}
    footer{margin-top:6mm;font-size:7.5pt;color:var(--muted)}
    @page{size:A4;margin:14mm}
    @media print{body{background:#FFFFFF}.sheet{width:auto;margin:0;padding:0;box-shadow:none;min-height:0;\
    break-after:page}.sheet:last-child{break-after:auto}thead{display:table-header-group}\
    tr,.total,.sums section{break-inside:avoid}}

    """
}
