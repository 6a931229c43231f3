import Testing

@testable import PomobarCore

/// `report --timesheet`: the entries of each client as `BillingBuilder` prices them, the
/// subtotals, the rates and when, billed and unbilled, as text, JSON and a page.
@Suite struct TimesheetTests {
  static func schedule(_ texts: [String]) -> RateSchedule {
    RateSchedule(
      texts.map { text in
        guard case .success(let step) = RateSchedule.step(text) else { fatalError(text) }
        return step
      })
  }

  static func work(
    _ id: String, _ day: String, _ from: String, _ to: String, _ project: String, tags: [String] = [],
    note: String? = nil
  ) -> LedgerRecord {
    var record = ledgerRecord(
      .work, "\(day)T\(from):00+01:00", "\(day)T\(to):00+01:00", project: project, id: id)
    record.tags = tags
    record.note = note
    return record
  }

  /// Globex (api at a rate raised on 2026-11-16, a support tag at its own rate) and
  /// `<Initech & Co>` (web, in USD), one api record billed on invoice A-1; `home` is not
  /// billable.
  static func sheet(clients: [String]? = nil) -> (Timesheet, BillingReport) {
    var api = ProjectSettings()
    api.client = "Globex"
    api.rate = schedule(["80 EUR/h", "100 EUR/h from 2026-11-16"])
    var web = ProjectSettings()
    web.client = "<Initech & Co>"
    web.rate = schedule(["50 USD/h"])
    var settings = BillingSettings()
    settings.round = .seconds(900)
    settings.tagRates = [.init(tag: "support", rate: schedule(["60 EUR/h"]))]
    let rules = BillingRules(settings: settings, projects: ["api": api, "web": web], clients: [:])
    var builder = BillingBuilder(rules: rules, keepingRecords: true)
    let records = [
      work("m.1", "2026-11-10", "09:00", "10:05", "api", note: "review <b>"),
      work("m.2", "2026-11-17", "09:00", "10:00", "api"),
      work("m.3", "2026-11-18", "14:00", "14:20", "api", tags: ["support"]),
      work("m.4", "2026-11-11", "09:00", "11:10", "web", tags: ["billable"]),
      work("m.5", "2026-11-12", "09:00", "11:00", "home"),
    ]
    let calendar = LedgerCalendar()
    for record in records { builder.addWork(record, onDay: calendar.day(of: record.start).dayNumber) }
    let marks = HistoryFold([
      HistoryEdit(
        id: "b.1", at: WallTime(utc: 1_764_500_000, offset: 3600), .bill(targets: ["m.1"], invoice: "A-1"))
    ])
    let period = ReportPeriod(name: "month", first: date("2026-11-01"), last: date("2026-11-30"))
    return (
      builder.timesheet(period: period, today: date("2026-11-30"), clients: clients, marks: marks),
      builder.report()
    )
  }

  @Test func aPagePerClientAddsUpToTheReportsBilling() {
    let (sheet, billing) = Self.sheet()
    #expect(sheet.pages.map(\.client) == ["<Initech & Co>", "Globex"])
    for page in sheet.pages {
      let client = billing.clients.first { $0.name == page.client }!
      #expect(page.total.billable == client.billable)
      #expect(page.total.rounded == client.rounded)
      #expect(page.total.amounts == client.amounts)
      #expect(page.entries.reduce(0) { $0 + ($1.amount?.minor ?? 0) } == client.amounts[0].minor)
    }
    let globex = sheet.pages[1]
    #expect(globex.entries.map(\.id) == ["m.1", "m.2", "m.3"])
    // 1:05 rounds up to 1:15 at 80; 1:00 stays at 100 (raised on the 16th); 0:20 to 0:30 at 60.
    #expect(globex.entries.map(\.rounded) == [4500, 3600, 1800])
    #expect(globex.entries.map { $0.amount?.minor } == [10000, 10000, 3000])
    #expect(globex.entries[0].note == "review <b>" && globex.entries[0].bill?.invoice == "A-1")
    #expect(globex.entries[1].bill == nil)
    #expect(
      globex.rates.map { "\($0.rate!) \($0.from) \($0.to) \($0.total.entries)" } == [
        "80.00 EUR/h 2026-11-10 2026-11-10 1", "100.00 EUR/h 2026-11-17 2026-11-17 1",
        "60.00 EUR/h 2026-11-18 2026-11-18 1",
      ])
    #expect(globex.projects.map(\.name) == ["api"] && globex.projects[0].rounded == 9900)
    #expect(globex.tags.map(\.name) == ["support"] && globex.tags[0].amounts[0].minor == 3000)
    #expect(globex.billed.rounded == 4500 && globex.billed.amounts[0].minor == 10000)
    #expect(globex.unbilled.rounded == 5400 && globex.unbilled.amounts[0].minor == 13000)
    #expect(globex.billed.entries + globex.unbilled.entries == globex.total.entries)
  }

  @Test func clientsNarrowThePagesWithoutRepricing() {
    let (whole, _) = Self.sheet()
    let (one, _) = Self.sheet(clients: ["Globex"])
    #expect(one.pages == [whole.pages[1]])
    #expect(Self.sheet(clients: ["Nobody"]).0.pages.isEmpty)
  }

  @Test func theTextSaysEachEntryItsBillTheRatesAndTheTotals() {
    let text = Self.sheet(clients: ["Globex"]).0.text()
    #expect(text.hasPrefix("Timesheet: Globex, month, Sun 2026-11-01 to Mon 2026-11-30\n"))
    #expect(text.contains("Time rounded up to 15m per entry; breaks not billed\n"))
    #expect(
      text.contains(
        "2026-11-10  09:00-10:05  api                1:05     1:15  100.00 EUR  A-1      review <b>"))
    #expect(text.contains("2026-11-18  14:00-14:20  api      +support  0:20     0:30   30.00 EUR  -"))
    #expect(text.contains("  api  100.00 EUR/h  2026-11-17  2026-11-17        1     1:00  100.00 EUR"))
    #expect(text.contains("Total             3  2:25     2:45  230.00 EUR"))
    #expect(text.contains("  billed          1  1:05     1:15  100.00 EUR"))
  }

  @Test func theJSONCarriesEveryNumberInWholeUnits() throws {
    let json = try JSON.parse(Self.sheet().0.json)
    let globex = json["clients"]?[1]
    #expect(globex?["name"]?.stringValue == "Globex")
    #expect(globex?["entries"]?[0]?["amount_minor"]?.int64Value == 10000)
    #expect(globex?["entries"]?[0]?["billed"]?["invoice"]?.stringValue == "A-1")
    #expect(globex?["entries"]?[0]?["start"]?.stringValue == "2026-11-10T09:00:00+01:00")
    #expect(globex?["rates"]?[1]?["rate"]?["per_hour_minor"]?.int64Value == 10000)
    #expect(globex?["total"]?["amounts"]?[0]?["amount_minor"]?.int64Value == 23000)
    #expect(globex?["unbilled"]?["rounded"]?.int64Value == 5400)
    #expect(json["rule"]?["round"]?.int64Value == 900)
  }

  @Test func thePageIsAnA4SheetPerClientWithEveryNumberInDataAttributes() {
    let page = TimesheetHTMLEncoder().encode(Self.sheet().0)
    #expect(page.contains("@page{size:A4"))
    #expect(page.components(separatedBy: "<article class=\"sheet\"").count == 3)
    #expect(page.contains("break-after:page"))
    #expect(page.contains("<h1 id=\"c0\"><bdi>&lt;Initech &amp; Co&gt;</bdi></h1>"))
    #expect(page.contains("<bdi>review &lt;b&gt;</bdi>"))
    #expect(!page.contains("<script") && !page.contains("<b>"))
    #expect(
      page.contains(
        "<span class=\"n\" data-json=\"[&quot;clients&quot;,1,&quot;entries&quot;,0,&quot;amount_minor&quot;]\" data-value=\"10000\">100.00 EUR</span>"
      ))
    #expect(
      page.contains(
        "data-json=\"[&quot;clients&quot;,1,&quot;unbilled&quot;,&quot;rounded&quot;]\" data-value=\"5400\">1:30</span>"
      ))
    #expect(page.contains("<bdi>A-1</bdi>"))
  }

  @Test func aRangeWithNothingBilledSaysSo() {
    let period = ReportPeriod(name: "today", first: date("2026-11-30"), last: date("2026-11-30"))
    let sheet = BillingBuilder(rules: BillingRules(settings: BillingSettings(), projects: [:], clients: [:]))
      .timesheet(period: period, today: date("2026-11-30"))
    #expect(sheet.text().contains("Nothing billable in the range."))
    #expect(TimesheetHTMLEncoder().encode(sheet).contains("Nothing billable in the range."))
  }

  @Test func theReportsPageSplitsBilledAndUnbilledOnceABillApplies() {
    var report = makeReport(
      [Self.work("m.1", "2026-11-10", "09:00", "12:00", "api")], first: "2026-11-10", last: "2026-11-10")
    let encoder = ReportHTMLEncoder(look: ReportHTMLLook(report, palette: Palette(), projects: [:]))
    #expect(!encoder.encode(report).contains("Billed"))
    report.billed = 3600
    let page = encoder.encode(report)
    #expect(
      page.contains(
        "<h3>Billed</h3><p class=\"big\"><span class=\"n\" data-json=\"[&quot;billed&quot;]\" data-value=\"3600\">1:00</span></p>"
          + "<p><span class=\"n\" data-json=\"[&quot;unbilled&quot;]\" data-value=\"7200\">2:00</span> unbilled</p>"
      ))
  }

  @Test func theReportsBillingCarriesEachRateInDataAttributes() {
    var api = ProjectSettings()
    api.rate = Self.schedule(["95 EUR/h"])
    var builder = ReportBuilder(
      period: ReportPeriod(name: "days", first: date("2026-11-10"), last: date("2026-11-10")),
      today: date("2026-11-10"), settings: LedgerSettings(), projects: ["api": api], project: nil)
    builder.billing = BillingBuilder(
      rules: BillingRules(settings: BillingSettings(), projects: ["api": api], clients: [:]))
    builder.add(Self.work("m.1", "2026-11-10", "09:00", "10:00", "api"))
    let report = builder.report()
    let look = ReportHTMLLook(report, palette: Palette(), projects: [:])
    let page = ReportHTMLEncoder(look: look).encode(report)
    #expect(
      page.contains(
        "<td><span class=\"n\" data-json=\"[&quot;billing&quot;,&quot;lines&quot;,0,&quot;rate&quot;,&quot;per_hour_minor&quot;]\" data-value=\"9500\">95.00 EUR</span>/h</td>"
      ), "\(page)")
  }
}
