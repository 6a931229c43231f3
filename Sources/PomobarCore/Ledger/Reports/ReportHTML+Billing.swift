/// The page's billing, when the config sets a rate: the rule, then a table of each
/// project's billable time, raw and rounded, its rate and amount, and the totals.
extension ReportHTMLEncoder {
  func billingSection(_ report: Report) -> String {
    guard let billing = report.billing else { return "" }
    var out = "<section aria-labelledby=\"h-billing\">\n<h2 id=\"h-billing\">Billing</h2>\n"
    out += "<p>Time \(HTMLText.escape(billing.ruleText)).</p>\n"
    out +=
      "<div class=\"scroll\"><table>\n<caption>Billable time and amounts per project and rate</caption>\n<thead><tr>"
    for column in ["Project", "Client", "Billable", "Rounded", "Rate", "Amount"] {
      out += "<th scope=\"col\">\(column)</th>"
    }
    out += "</tr></thead>\n<tbody>\n"
    for (index, line) in billing.lines.enumerated() {
      let path: [JSONPath] = ["billing", "lines", .index(index)]
      out += "<tr><th scope=\"row\">\(HTMLText.isolated(line.project ?? "(no project)"))</th>"
      out += "<td>\(line.client.map(HTMLText.isolated) ?? "")</td>"
      out +=
        "<td>\(hours(line.billable, path + ["billable"]))</td><td>\(hours(line.rounded, path + ["rounded"]))</td>"
      if let rate = line.rate {
        let perHour = rate.perHour
        out += "<td>" + number(perHour.minor, path + ["rate", "per_hour_minor"], shown: perHour.description)
        out += "/h</td><td>"
      } else {
        out += "<td>no rate</td><td>"
      }
      if let amount = line.amount {
        out += number(amount.minor, path + ["amount_minor"], shown: amount.description)
      }
      out += "</td></tr>\n"
    }
    out += "<tr><th scope=\"row\">Total</th><td></td>"
    out += "<td>\(hours(billing.billable, ["billing", "billable"]))</td>"
    out += "<td>\(hours(billing.rounded, ["billing", "rounded"]))</td><td></td><td>"
    out += billing.totals.enumerated().map { index, total in
      number(total.minor, ["billing", "totals", .index(index), "amount_minor"], shown: total.description)
    }.joined(separator: "<br>")
    return out + "</td></tr>\n</tbody>\n</table></div>\n</section>\n"
  }
}
