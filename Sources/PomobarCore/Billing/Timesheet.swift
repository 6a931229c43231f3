/// A timesheet to send a client: each billed entry of a range with its times, raw and
/// rounded billable time and amount, and its bill; subtotals per project and tag, the
/// rates used and when, the rule, the totals, billed and unbilled. A page per client.
///
/// Every number is `BillingBuilder`'s (`forEachPriced`): the entries add up to the same
/// rounded times and amounts as `report`'s billing of the same records.
public struct Timesheet: Equatable, Sendable {
  public var period: ReportPeriod
  /// The day it was made.
  public var today: CivilTime.Date
  public var rule: BillingRounding
  public var billsBreaks: Bool
  /// A client each (nil: projects without a client, last), by name.
  public var pages: [Page]

  public struct Page: Equatable, Sendable {
    public var client: String?
    /// By start.
    public var entries: [Entry]
    /// Per project, by name (none last).
    public var projects: [Subtotal]
    /// Per tag, by name: an entry with several tags is in each.
    public var tags: [Subtotal]
    /// Each project at each rate, with the first and last day it applied.
    public var rates: [RateUse]
    public var total: Subtotal
    /// The entries a bill marks, and the rest.
    public var billed: Subtotal
    public var unbilled: Subtotal
  }

  /// One work record (or focus session of a day without the work clock) as billed.
  public struct Entry: Equatable, Sendable {
    public var id: String
    /// The ledger day it started, whose rate it is billed at.
    public var date: CivilTime.Date
    public var start: WallTime
    public var end: WallTime
    public var project: String?
    public var tags: [String]
    public var note: String?
    /// Counted seconds.
    public var seconds: Int64
    /// Less the breaks inside.
    public var billable: Int64
    public var rounded: Int64
    public var rate: Rate?
    /// nil without a rate.
    public var amount: Money?
    public var bill: BillMark?
  }

  /// Entries added up (`name`: a project or tag; nil for a total).
  public struct Subtotal: Equatable, Sendable {
    public var name: String?
    public var entries: Int = 0
    public var billable: Int64 = 0
    public var rounded: Int64 = 0
    /// One sum per currency, by code.
    public var amounts: [Money] = []

    mutating func add(_ entry: Entry) {
      entries += 1
      billable += entry.billable
      rounded += entry.rounded
      guard let amount = entry.amount else { return }
      if let index = amounts.firstIndex(where: { $0.currency == amount.currency }) {
        amounts[index].minor += amount.minor
      } else {
        amounts.append(amount)
        amounts.sort { $0.currency < $1.currency }
      }
    }
  }

  /// A project's time at one rate: a billing line, with the days it spans.
  public struct RateUse: Equatable, Sendable {
    public var project: String?
    /// nil: billable, but no rate applies.
    public var rate: Rate?
    public var from: CivilTime.Date
    public var to: CivilTime.Date
    public var total: Subtotal
  }

  /// The rule in words, as `report` says it.
  public var ruleText: String { BillingReport(rule: rule, billsBreaks: billsBreaks, lines: []).ruleText }
}

extension BillingBuilder {
  /// The timesheet of `period`'s records, those added (with `keepingRecords`): a page for
  /// each client in `clients` (nil: every client with billed work, then projects without
  /// one) that has any, each entry's bill from `marks`.
  public func timesheet(
    period: ReportPeriod, today: CivilTime.Date, clients: [String]? = nil, marks: HistoryFold? = nil
  ) -> Timesheet {
    var byClient: [String?: [Timesheet.Entry]] = [:]
    var lineDays: [Int32: (first: Int32, last: Int32)] = [:]
    forEachPriced { entry, rounded, amount in
      let line = lines[Int(entry.line)]
      if let clients, !clients.contains(where: { $0 == line.client }) { return }
      let record = records[Int(entry.order)]
      let span = lineDays[entry.line]
      lineDays[entry.line] = (
        min(span?.first ?? entry.day, entry.day), max(span?.last ?? entry.day, entry.day)
      )
      byClient[line.client, default: []].append(
        Timesheet.Entry(
          id: record.id, date: CivilTime.date(fromDays: Int64(entry.day)), start: record.start,
          end: record.end,
          project: record.project, tags: record.tags, note: record.note, seconds: record.seconds,
          billable: Int64(entry.seconds), rounded: rounded, rate: line.rate,
          amount: amount.flatMap { amount in
            line.rate.map { Money(minor: amount, currency: $0.perHour.currency) }
          },
          bill: marks?.bill(of: record.id)))
    }
    let order = byClient.keys.sorted(by: BillingReport.before)
    let pages = order.map { client in
      var entries = byClient[client]!
      entries.sort { ($0.start.utc, $0.id) < ($1.start.utc, $1.id) }
      var projects: [String?: Timesheet.Subtotal] = [:]
      var tags: [String: Timesheet.Subtotal] = [:]
      var total = Timesheet.Subtotal()
      var billed = Timesheet.Subtotal()
      var unbilled = Timesheet.Subtotal()
      for entry in entries {
        projects[entry.project, default: Timesheet.Subtotal(name: entry.project)].add(entry)
        for tag in entry.tags { tags[tag, default: Timesheet.Subtotal(name: tag)].add(entry) }
        total.add(entry)
        if entry.bill != nil { billed.add(entry) } else { unbilled.add(entry) }
      }
      var rates: [Timesheet.RateUse] = []
      for (slot, line) in lines.enumerated() where line.client == client {
        guard let days = lineDays[Int32(slot)] else { continue }
        var use = Timesheet.RateUse(
          project: line.project, rate: line.rate, from: CivilTime.date(fromDays: Int64(days.first)),
          to: CivilTime.date(fromDays: Int64(days.last)), total: Timesheet.Subtotal(name: line.project))
        for entry in entries where entry.project == line.project && entry.rate == line.rate {
          use.total.add(entry)
        }
        rates.append(use)
      }
      rates.sort {
        $0.project == $1.project ? $0.from < $1.from : BillingReport.before($0.project, $1.project)
      }
      return Timesheet.Page(
        client: client, entries: entries,
        projects: projects.values.sorted { BillingReport.before($0.name, $1.name) },
        tags: tags.values.sorted { $0.name! < $1.name! }, rates: rates, total: total, billed: billed,
        unbilled: unbilled)
    }
    return Timesheet(
      period: period, today: today, rule: rules.settings.rounding, billsBreaks: rules.settings.billBreaks,
      pages: pages)
  }
}
