/// The billing of a report, written out: text for people, JSON for scripts.
extension BillingReport {
  /// `Billing` and the rule, then a line per project and rate (its client in brackets),
  /// a subtotal per client when there are several, and the total:
  ///
  ///     Billing   rounded up to 15m per entry; breaks not billed
  ///                        billable  rounded  rate          amount
  ///       api (Globex)        12:10    12:15  95.00 EUR/h   1,163.75 EUR
  ///       Total               12:10    12:15                1,163.75 EUR
  func text(_ hours: (Int64) -> String) -> String {
    var rows: [(String, Int64, Int64, String, String)] = lines.map { line in
      let label = (line.project ?? "(no project)") + (line.client.map { " (\($0))" } ?? "")
      return (
        label, line.billable, line.rounded, line.rate.map(\.description) ?? "no rate",
        line.amount.map(\.description) ?? "-"
      )
    }
    let clients = self.clients
    if clients.count > 1 {
      for client in clients {
        rows.append(
          (
            "= " + (client.name ?? "(no client)"), client.billable, client.rounded, "",
            client.amounts.map(\.description).joined(separator: " + ")
          ))
      }
    }
    rows.append(("Total", billable, rounded, "", totals.map(\.description).joined(separator: " + ")))
    let cells = rows.map { ($0.0, hours($0.1), hours($0.2), $0.3, $0.4) }
    let nameWidth = cells.map { $0.0.terminalColumns }.max() ?? 0
    let billableWidth = max(8, cells.map { $0.1.count }.max() ?? 0)
    let roundedWidth = max(7, cells.map { $0.2.count }.max() ?? 0)
    let rateWidth = max(4, cells.map { $0.3.count }.max() ?? 0)
    var out = "\nBilling   \(ruleText)\n"
    out +=
      "  " + ReportFormat.padRight("", nameWidth) + "  " + ReportFormat.padLeft("billable", billableWidth)
      + "  "
      + ReportFormat.padLeft("rounded", roundedWidth) + "  " + ReportFormat.padRight("rate", rateWidth)
      + "  amount\n"
    for (label, billable, rounded, rate, amount) in cells {
      out +=
        "  " + ReportFormat.padRight(label, nameWidth) + "  " + ReportFormat.padLeft(billable, billableWidth)
        + "  " + ReportFormat.padLeft(rounded, roundedWidth) + "  " + ReportFormat.padRight(rate, rateWidth)
        + "  " + amount + "\n"
    }
    return out
  }

  /// One JSON object: `rule` (`round` seconds or null, `per`, `mode`, `minimum` seconds or
  /// null, `bill_breaks`, `text`), `billable` and `rounded` seconds, `amount` (the total
  /// when it is in one currency, else null) and `currency`, `totals` (per currency:
  /// `currency`, `amount`, `amount_minor`), `clients` (`name`, `billable`, `rounded`,
  /// `amounts`) and `lines` (`project`, `client`, `rate` (`per_hour`, `per_hour_minor`,
  /// `currency`, `text`, or null), `entries`, `seconds`, `billable`, `rounded`, `amount`,
  /// `amount_minor`, `currency`). Amounts are decimal numbers with exactly two places,
  /// written from integer minor units (`amount_minor`, cents), never from a float.
  var json: String {
    let name = Self.jsonName
    let money = Self.jsonAmounts
    let totals = self.totals
    var out = "{\"rule\":" + ruleJSON
    out += ",\"billable\":\(billable),\"rounded\":\(rounded)"
    out += ",\"amount\":\(totals.count == 1 ? totals[0].plain : "null")"
    out += ",\"currency\":\(totals.count == 1 ? JSON.quote(totals[0].currency.code) : "null")"
    out += ",\"totals\":" + money(totals) + ",\"clients\":["
    out += clients.map { client in
      "{\"name\":\(name(client.name)),\"billable\":\(client.billable),\"rounded\":\(client.rounded)"
        + ",\"amounts\":\(money(client.amounts))}"
    }.joined(separator: ",")
    out += "],\"lines\":["
    out += lines.map { line in
      "{\"project\":\(name(line.project)),\"client\":\(name(line.client)),\"rate\":\(Self.jsonRate(line.rate))"
        + ",\"entries\":\(line.entries),\"seconds\":\(line.seconds),\"billable\":\(line.billable)"
        + ",\"rounded\":\(line.rounded),\"amount\":\(line.amount?.plain ?? "null")"
        + ",\"amount_minor\":\(line.amount.map { "\($0.minor)" } ?? "null")"
        + ",\"currency\":\(name(line.amount?.currency.code))}"
    }.joined(separator: ",")
    return out + "]}"
  }

  /// The rule: `round` and `minimum` in seconds or null, `per`, `mode`, `bill_breaks`, `text`.
  var ruleJSON: String {
    var out = "{\"round\":\(rule.step > 0 ? "\(rule.step)" : "null"),\"per\":\"\(rule.scope.rawValue)\""
    out += ",\"mode\":\"\(rule.mode.rawValue)\",\"minimum\":\(rule.minimum > 0 ? "\(rule.minimum)" : "null")"
    return out + ",\"bill_breaks\":\(billsBreaks),\"text\":\(JSON.quote(ruleText))}"
  }

  static func jsonName(_ text: String?) -> String { text.map(JSON.quote) ?? "null" }

  /// Sums per currency: `[{"currency":"EUR","amount":118.75,"amount_minor":11875}]`.
  static func jsonAmounts(_ amounts: [Money]) -> String {
    "["
      + amounts.map {
        "{\"currency\":\"\($0.currency)\",\"amount\":\($0.plain),\"amount_minor\":\($0.minor)}"
      }
      .joined(separator: ",") + "]"
  }

  /// `per_hour`, `per_hour_minor`, `currency`, `text`; null without a rate.
  static func jsonRate(_ rate: Rate?) -> String {
    guard let rate else { return "null" }
    return "{\"per_hour\":\(rate.perHour.plain),\"per_hour_minor\":\(rate.perHour.minor)"
      + ",\"currency\":\"\(rate.perHour.currency)\",\"text\":\(JSON.quote(rate.description))}"
  }
}
