/// The timesheet written out: text for people, JSON for scripts (`report --timesheet`).
extension Timesheet {
  /// `09:00-12:30`: the local clock of the start and the end (each on its own offset).
  static func times(_ entry: Entry) -> String {
    clock(entry.start) + "-" + clock(entry.end)
  }

  /// `09:05` on the moment's own local clock.
  static func clock(_ time: WallTime) -> String {
    let minutes = CivilTime.split(time.local).second / 60
    return CivilTime.pad(Int(minutes / 60), 2) + ":" + CivilTime.pad(Int(minutes % 60), 2)
  }

  /// The entry's bill in a word: its invoice, `billed` for a bill without one, `-`.
  static func billWord(_ bill: BillMark?) -> String {
    guard let bill else { return "-" }
    return bill.invoice ?? "billed"
  }

  static func amounts(_ amounts: [Money]) -> String {
    amounts.isEmpty ? "-" : amounts.map(\.description).joined(separator: " + ")
  }

  /// A page per client: its entries, then the subtotals per project and tag, the rates
  /// used and when, the total, billed and unbilled.
  public func text(decimal: Bool = false) -> String {
    let hours = { (seconds: Int64) in ReportFormat.hours(seconds, decimal: decimal) }
    var out = ""
    if pages.isEmpty { out = "Timesheet: \(ReportFormat.title(period))\nNothing billable in the range.\n" }
    for (number, page) in pages.enumerated() {
      if number > 0 { out += "\n\u{0C}\n" }  // a form feed: a page of its own when printed
      out += "Timesheet: \(page.client ?? "(no client)"), \(ReportFormat.title(period))\n"
      out += "Time \(ruleText)\n\n"
      let header = ["Date", "Time", "Project", "Tags", "Raw", "Rounded", "Amount", "Invoice", "Note"]
      var rows = [header]
      for entry in page.entries {
        rows.append([
          entry.date.description, Self.times(entry), entry.project ?? "(no project)",
          entry.tags.map { "+" + $0 }.joined(separator: " "), hours(entry.billable), hours(entry.rounded),
          entry.amount?.description ?? "no rate", Self.billWord(entry.bill), entry.note ?? "",
        ])
      }
      out += Self.table(rows, rightAligned: [4, 5, 6])
      func sums(_ title: String, _ subtotals: [(String, Subtotal)]) -> String {
        var rows = [[title, "entries", "raw", "rounded", "amount"]]
        for (label, subtotal) in subtotals {
          rows.append([
            label, "\(subtotal.entries)", hours(subtotal.billable), hours(subtotal.rounded),
            Self.amounts(subtotal.amounts),
          ])
        }
        return "\n" + Self.table(rows, rightAligned: [1, 2, 3, 4])
      }
      out += sums("Projects", page.projects.map { ("  " + ($0.name ?? "(no project)"), $0) })
      if !page.tags.isEmpty { out += sums("Tags", page.tags.map { ("  +" + $0.name!, $0) }) }
      var rates = [["Rates", "from", "to", "entries", "rounded", "amount"]]
      for use in page.rates {
        rates.append([
          "  " + (use.project ?? "(no project)") + "  " + (use.rate?.description ?? "no rate"),
          use.from.description, use.to.description, "\(use.total.entries)", hours(use.total.rounded),
          Self.amounts(use.total.amounts),
        ])
      }
      out += "\n" + Self.table(rates, rightAligned: [3, 4, 5])
      out += sums("", [("Total", page.total), ("  billed", page.billed), ("  unbilled", page.unbilled)])
    }
    return out
  }

  /// Rows as columns two spaces apart, each as wide as its widest cell; trailing spaces
  /// trimmed.
  static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
    var widths: [Int] = []
    for row in rows {
      for (column, cell) in row.enumerated() {
        if column == widths.count { widths.append(0) }
        widths[column] = max(widths[column], cell.terminalColumns)
      }
    }
    var out = ""
    for row in rows {
      var line = ""
      for (column, cell) in row.enumerated() {
        if column > 0 { line += "  " }
        line +=
          rightAligned.contains(column)
          ? ReportFormat.padLeft(cell, widths[column]) : ReportFormat.padRight(cell, widths[column])
      }
      while line.last == " " { line.removeLast() }
      out += line + "\n"
    }
    return out
  }
}

extension Timesheet {
  /// One JSON object: `range` (`name`, `from`, `to`, `today`), `rule` (as `report --json`'s
  /// billing), and `clients`, a page each: `name`, `entries` (each: `id`, `date`, `start`,
  /// `end` (ISO 8601 with offsets), `project`, `tags`, `note`, `seconds`, `billable`,
  /// `rounded`, `rate` (as in `billing.lines`), `amount`, `amount_minor`, `currency`,
  /// `billed` (`at`, `invoice`) or null), `projects` and `tags` (subtotals: `name`,
  /// `entries`, `billable`, `rounded`, `amounts` per currency), `rates` (`project`,
  /// `rate`, `from`, `to`, and the subtotal's keys), `total`, `billed`, `unbilled`
  /// (subtotals). Times in seconds; amounts decimals with two places, written from the
  /// integer minor units `amount_minor` carries.
  public var json: String {
    let name = BillingReport.jsonName
    func subtotal(_ sum: Subtotal) -> String {
      "\"entries\":\(sum.entries),\"billable\":\(sum.billable),\"rounded\":\(sum.rounded)"
        + ",\"amounts\":\(BillingReport.jsonAmounts(sum.amounts))"
    }
    var out = "{\"range\":{\"name\":\(JSON.quote(period.name))"
    out += ",\"from\":\"\(period.first ?? period.last)\",\"to\":\"\(period.last)\",\"today\":\"\(today)\"}"
    out += ",\"rule\":" + BillingReport(rule: rule, billsBreaks: billsBreaks, lines: []).ruleJSON
    out += ",\"clients\":["
    out += pages.map { page in
      var out = "{\"name\":\(name(page.client)),\"entries\":["
      out += page.entries.map { entry in
        "{\"id\":\(JSON.quote(entry.id)),\"date\":\"\(entry.date)\",\"start\":\"\(entry.start.iso8601)\""
          + ",\"end\":\"\(entry.end.iso8601)\",\"project\":\(name(entry.project))"
          + ",\"tags\":[\(entry.tags.map(JSON.quote).joined(separator: ","))],\"note\":\(name(entry.note))"
          + ",\"seconds\":\(entry.seconds),\"billable\":\(entry.billable),\"rounded\":\(entry.rounded)"
          + ",\"rate\":\(BillingReport.jsonRate(entry.rate)),\"amount\":\(entry.amount?.plain ?? "null")"
          + ",\"amount_minor\":\(entry.amount.map { "\($0.minor)" } ?? "null")"
          + ",\"currency\":\(name(entry.amount?.currency.code)),\"billed\":"
          + (entry.bill.map { "{\"at\":\"\($0.at.iso8601)\",\"invoice\":\(name($0.invoice))}" } ?? "null")
          + "}"
      }.joined(separator: ",")
      out +=
        "],\"projects\":["
        + page.projects.map { "{\"name\":\(name($0.name))," + subtotal($0) + "}" }
        .joined(separator: ",")
      out +=
        "],\"tags\":["
        + page.tags.map { "{\"name\":\(name($0.name))," + subtotal($0) + "}" }
        .joined(separator: ",")
      out += "],\"rates\":["
      out += page.rates.map { use in
        "{\"project\":\(name(use.project)),\"rate\":\(BillingReport.jsonRate(use.rate))"
          + ",\"from\":\"\(use.from)\",\"to\":\"\(use.to)\"," + subtotal(use.total) + "}"
      }.joined(separator: ",")
      out += "],\"total\":{" + subtotal(page.total) + "},\"billed\":{" + subtotal(page.billed)
      return out + "},\"unbilled\":{" + subtotal(page.unbilled) + "}}"
    }.joined(separator: ",")
    return out + "]}\n"
  }
}
