import Testing

@testable import PomobarCore

private let eur = Currency("EUR")!

private func rate(_ text: String) -> Rate {
  guard case .success(let rate) = Rate.parse(Substring(text)) else { fatalError(text) }
  return rate
}

private func schedule(_ texts: [String]) -> RateSchedule {
  RateSchedule(
    texts.map { text in
      guard case .success(let step) = RateSchedule.step(text) else { fatalError(text) }
      return step
    })
}

/// Work of `project` from `start` to `end` (ISO 8601), made on `machine`.
private func work(
  _ start: String, _ end: String, _ project: String? = "globex", tags: [String] = [], machine: String = "m1",
  serial: Int = 1
) -> LedgerRecord {
  var record = ledgerRecord(.work, start, end, project: project, id: "\(machine).e.\(serial)")
  record.tags = tags
  return record
}

private func breakRecord(_ start: String, _ end: String, machine: String = "m1") -> LedgerRecord {
  ledgerRecord(.shortBreak, start, end, project: "globex", id: "\(machine).e.b")
}

/// The billing of `records` (work and breaks) under `billing`, with `globex` at `rates`.
private func bill(
  _ records: [LedgerRecord], rates: [String] = ["95 EUR/h"],
  _ change: (inout BillingSettings) -> Void = { _ in }
) -> BillingReport {
  var settings = BillingSettings()
  change(&settings)
  var project = ProjectSettings()
  project.rate = schedule(rates)
  project.client = "Globex"
  var builder = BillingBuilder(
    rules: BillingRules(settings: settings, projects: ["globex": project], clients: [:]))
  let calendar = LedgerCalendar(LedgerSettings())
  for record in records {
    if record.kind.isBreak {
      builder.addBreak(record)
    } else {
      builder.addWork(record, onDay: calendar.day(of: record.start).dayNumber)
    }
  }
  return builder.report()
}

@Suite struct MoneyAndRateTests {
  @Test func moneyIsWrittenWithTwoDecimalsAndTheCode() {
    #expect(Money(minor: 124_000, currency: eur).description == "1,240.00 EUR")
    #expect(Money(minor: 5, currency: eur).description == "0.05 EUR")
    #expect(Money(minor: 0, currency: eur).description == "0.00 EUR")
    #expect(Money(minor: 100_000_000_000, currency: eur).description == "1,000,000,000.00 EUR")
    #expect(Money(minor: 123_456, currency: eur).plain == "1234.56")
  }

  @Test func ratesReadExactDecimals() {
    #expect(rate("95 EUR/h").perHour == Money(minor: 9500, currency: eur))
    #expect(rate("95.5 EUR/h").perHour.minor == 9550)
    #expect(rate("95.50 EUR/h").perHour.minor == 9550)
    #expect(rate("0.01 USD/h").perHour == Money(minor: 1, currency: Currency("USD")!))
    #expect(rate("95.50 EUR/h").description == "95.50 EUR/h")
  }

  @Test func aTextThatIsNoRateSaysWhereAndWhat() {
    func refusal(_ text: String) -> RateRefusal? {
      if case .failure(let refusal) = Rate.parse(Substring(text)) { return refusal }
      return nil
    }
    #expect(refusal("95.505 EUR/h") == RateRefusal(offset: 5, message: "has more than two decimals"))
    #expect(
      refusal("95,50 EUR/h")
        == RateRefusal(offset: 2, message: "the decimal point is '.', like \"95.50 EUR/h\""))
    #expect(
      refusal("95 eur/h")
        == RateRefusal(
          offset: 3, message: "needs a currency code of three capital letters, like EUR (write EUR)"))
    #expect(
      refusal("95 EUR") == RateRefusal(offset: 6, message: "is an amount an hour: write EUR/h at its end"))
    #expect(
      refusal("EUR 95/h") == RateRefusal(offset: 0, message: "must start with an amount, like \"95 EUR/h\""))
    #expect(refusal("-5 EUR/h") == RateRefusal(offset: 0, message: "must not be negative"))
    #expect(refusal("2000000 EUR/h") == RateRefusal(offset: 0, message: "is more than 1000000 an hour"))
  }

  @Test func anAmountIsTheRateTimesTheHoursToTheCent() {
    #expect(rate("95 EUR/h").amount(900) == Money(minor: 2375, currency: eur))
    #expect(rate("95 EUR/h").amount(0) == Money(minor: 0, currency: eur))
    // 95.50 / 3600 = 2.652… cents a second: 3; two seconds 5.305…: 5; 19 s 50.4: 50; 18 s 47.75: 48.
    #expect(rate("95.50 EUR/h").amount(1).minor == 3)
    #expect(rate("95.50 EUR/h").amount(2).minor == 5)
    #expect(rate("95.50 EUR/h").amount(18).minor == 48)
    // A century of hours at the highest rate is still exact.
    #expect(rate("1000000 EUR/h").amount(3_155_760_000).minor == 87_660_000_000_000)
  }

  @Test func theRateAtADateIsTheLastThatBeganByThen() {
    let rates = schedule(["80 EUR/h", "95 EUR/h from 2027-01-01", "100 EUR/h from 2027-07-01"])
    #expect(rates.rate(onDay: date("2026-12-31").dayNumber) == rate("80 EUR/h"))
    #expect(rates.rate(onDay: date("2027-01-01").dayNumber) == rate("95 EUR/h"))
    #expect(rates.rate(onDay: date("2027-06-30").dayNumber) == rate("95 EUR/h"))
    #expect(rates.rate(onDay: date("2027-07-01").dayNumber) == rate("100 EUR/h"))
    let later = schedule(["95 EUR/h from 2027-01-01"])
    #expect(later.rate(onDay: date("2026-12-31").dayNumber) == nil)
    #expect(later.rate(onDay: date("2027-01-01").dayNumber) == rate("95 EUR/h"))
  }
}

@Suite struct BillingRoundingTests {
  @Test func eachDirectionOnEdges() {
    let up = BillingRounding(step: 900, mode: .up)
    let down = BillingRounding(step: 900, mode: .down)
    let nearest = BillingRounding(step: 900, mode: .nearest)
    #expect([0, 1, 899, 900, 901, 1800].map(up.round) == [0, 900, 900, 900, 1800, 1800])
    #expect([0, 1, 899, 900, 901, 1800].map(down.round) == [0, 0, 0, 900, 900, 1800])
    #expect([0, 449, 450, 900, 1349, 1350].map(nearest.round) == [0, 0, 900, 900, 900, 1800])
    #expect([0, 37, 3601].map(BillingRounding(step: 0).round) == [0, 37, 3601])
  }

  @Test func theMinimumIsPerEntryAndNotForNothing() {
    let rule = BillingRounding(step: 360, mode: .up, minimum: 1800)
    #expect([0, 1, 1800, 1801].map(rule.atLeastMinimum) == [0, 1800, 1800, 1801])
    #expect(rule.description == "rounded up to 6m per entry, at least 30m an entry")
    #expect(BillingRounding(step: 0).description == "not rounded")
    #expect(
      BillingRounding(step: 900, scope: .day, mode: .nearest).description
        == "rounded to the nearest 15m per day")
  }

  /// Two entries of 10 min on Monday, one on Tuesday.
  let week = [
    work("2026-11-23T09:00:00+01:00", "2026-11-23T09:10:00+01:00", serial: 1),
    work("2026-11-23T14:00:00+01:00", "2026-11-23T14:10:00+01:00", serial: 2),
    work("2026-11-24T09:00:00+01:00", "2026-11-24T09:10:00+01:00", serial: 3),
  ]

  @Test(arguments: [
    (RoundingScope.entry, RoundingMode.up, Int64(2700)), (.day, .up, 2700), (.invoice, .up, 1800),
    (.entry, .down, 0), (.day, .down, 900), (.invoice, .down, 1800),
    (.entry, .nearest, 2700), (.day, .nearest, 1800), (.invoice, .nearest, 1800),
  ])
  func eachScopeAndDirection(scope: RoundingScope, mode: RoundingMode, rounded: Int64) {
    let report = bill(week) {
      $0.round = .seconds(900)
      $0.roundPer = scope
      $0.roundMode = mode
    }
    #expect(report.billable == 1800)
    #expect(report.rounded == rounded)
    #expect(report.totals == [rate("95 EUR/h").amount(rounded)])
  }

  @Test func exactMultiplesAndEmptyEntriesStayAsTheyAre() {
    let report = bill([
      work("2026-11-23T09:00:00+01:00", "2026-11-23T09:30:00+01:00", serial: 1),
      work("2026-11-23T10:00:00+01:00", "2026-11-23T10:00:00+01:00", serial: 2),
    ]) {
      $0.round = .seconds(900)
      $0.minimum = .seconds(3600)
    }
    #expect(report.lines.map(\.entries) == [2])
    #expect(report.rounded == 3600)  // 30 min at least an hour; 0 s stays 0
    #expect(report.totals == [Money(minor: 9500, currency: eur)])
  }

  @Test func anEntryAcrossMidnightIsBilledOnItsFirstDayAtThatDaysRate() {
    let rates = ["80 EUR/h", "95 EUR/h from 2026-11-24"]
    let night = work("2026-11-23T23:30:00+01:00", "2026-11-24T00:30:00+01:00", serial: 1)
    let morning = work("2026-11-24T09:00:00+01:00", "2026-11-24T09:10:00+01:00", serial: 2)
    let report = bill([night, morning], rates: rates) {
      $0.round = .seconds(900)
      $0.roundPer = .day
    }
    #expect(report.lines.map(\.rate) == [rate("80 EUR/h"), rate("95 EUR/h")])
    #expect(report.lines.map(\.rounded) == [3600, 900])
    #expect(
      report.lines.map(\.amount) == [Money(minor: 8000, currency: eur), Money(minor: 2375, currency: eur)])
    #expect(report.totals == [Money(minor: 10375, currency: eur)])
  }

  @Test func aRateChangeSplitsAnInvoiceIntoLinesRoundedEachOnItsOwn() {
    let rates = ["80 EUR/h", "95 EUR/h from 2027-01-01"]
    let december = work("2026-12-31T09:00:00+01:00", "2026-12-31T09:10:00+01:00", serial: 1)
    let january = work("2027-01-01T09:00:00+01:00", "2027-01-01T09:10:00+01:00", serial: 2)
    let report = bill([january, december], rates: rates) {
      $0.round = .seconds(900)
      $0.roundPer = .invoice
    }
    #expect(report.lines.map(\.rounded) == [900, 900])
    // December stays at 80: raising the rate in January does not reprice it.
    #expect(
      report.lines.map(\.amount) == [Money(minor: 2000, currency: eur), Money(minor: 2375, currency: eur)])
  }

  @Test func aDaylightSavingDayBillsTheTimeThatPassedNotTheClocks() {
    // 2026-03-29 in Berlin: 02:00 became 03:00. 01:30-03:30 on the clock is one hour.
    let jump = work("2026-03-29T01:30:00+01:00", "2026-03-29T03:30:00+02:00", serial: 1)
    let later = work("2026-03-29T10:00:00+02:00", "2026-03-29T10:20:00+02:00", serial: 2)
    let report = bill([jump, later]) {
      $0.round = .seconds(900)
      $0.roundPer = .day
    }
    #expect(report.billable == 4800)
    #expect(report.rounded == 5400)  // one day: 1:20 up to 1:30
    #expect(report.totals == [Money(minor: 14250, currency: eur)])
  }

  @Test func tenThousandEntriesAddUpWithoutDrift() {
    var records: [LedgerRecord] = []
    let start = WallTime(iso8601: "2026-01-05T08:00:00+01:00")!
    for index in 0..<10_000 {
      let from = WallTime(utc: start.utc + Int64(index) * 120, offset: start.offset)
      records.append(
        LedgerRecord(
          id: "m1.e.\(index)", kind: .work, start: from,
          end: WallTime(utc: from.utc + 37, offset: from.offset),
          seconds: 37, project: "globex"))
    }
    // Not rounded: 370,000 s at 95.50 EUR/h is 9,815.2777… EUR, to the cent once.
    let raw = bill(records, rates: ["95.50 EUR/h"])
    #expect(raw.rounded == 370_000)
    #expect(raw.totals == [Money(minor: 981_528, currency: eur)])
    // Each entry priced on its own would be 10,000 × 0.98 = 9,800.00 (each 98.15… cents): the
    // running total keeps the sum of the entries equal to the price of their sum.
    var stream = BillingStream(
      rules: BillingRules(
        settings: BillingSettings(), projects: ["globex": priced("95.50 EUR/h")], clients: [:]))
    var bills: [EntryBill] = []
    for record in records { stream.add(record, onDay: 0) }
    stream.settle(finished: true) { _, bill in bills.append(bill!) }
    #expect(bills.count == 10_000)
    #expect(bills.reduce(0) { $0 + ($1.amount?.minor ?? 0) } == 981_528)
    // Rounded up to 15 min each: 10,000 × 23.875 EUR, exactly.
    let rounded = bill(records, rates: ["95.50 EUR/h"]) { $0.round = .seconds(900) }
    #expect(rounded.rounded == 9_000_000)
    #expect(rounded.totals == [Money(minor: 23_875_000, currency: eur)])
    #expect(rounded.totals.first?.description == "238,750.00 EUR")
  }

  private func priced(_ text: String) -> ProjectSettings {
    var project = ProjectSettings()
    project.rate = RateSchedule(rate(text))
    return project
  }
}

@Suite struct BillableTimeTests {
  let hour = work("2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00")

  @Test func aBreakInsideTheWorkClockIsNotBilled() {
    let pause = breakRecord("2026-11-23T09:25:00+01:00", "2026-11-23T09:30:00+01:00")
    let report = bill([hour, pause])
    #expect(report.lines.map(\.seconds) == [3600])
    #expect(report.billable == 3300)
    #expect(report.totals == [Money(minor: 8708, currency: eur)])  // 55 min at 95: 87.083…
    #expect(report.ruleText == "not rounded; breaks not billed")
  }

  @Test func aBreakIsBilledWhenTheSettingSaysSo() {
    let pause = breakRecord("2026-11-23T09:25:00+01:00", "2026-11-23T09:30:00+01:00")
    let report = bill([hour, pause]) { $0.billBreaks = true }
    #expect(report.billable == 3600)
    #expect(report.ruleText == "not rounded; breaks billed")
  }

  /// As reports count work: a focus is work only on a day the work clock did not run,
  /// whichever project that clock ran for.
  @Test func aFocusBillsOnlyOnADayWithoutTheWorkClock() {
    let alone = ledgerRecord(.focus, "2026-11-24T09:00:00+01:00", "2026-11-24T09:25:00+01:00", project: "globex", id: "m1.e.f1")
    let inside = ledgerRecord(.focus, "2026-11-23T09:00:00+01:00", "2026-11-23T09:25:00+01:00", project: "globex", id: "m1.e.f2")
    let report = bill([hour, inside, alone])
    #expect(report.lines.map(\.entries) == [2])
    #expect(report.billable == 3600 + 1500)
    // The clock ran that day for a project that does not bill: the focus is inside it.
    let other = work("2026-11-24T10:00:00+01:00", "2026-11-24T11:00:00+01:00", "internal", serial: 2)
    #expect(bill([other, alone]).lines.isEmpty)
    // A report's --project filter leaves the other project's work out, not its day.
    var builder = BillingBuilder(
      rules: BillingRules(settings: BillingSettings(), projects: ["globex": priced()], clients: [:]))
    builder.clockRan(onDay: LedgerCalendar(LedgerSettings()).day(of: alone.start).dayNumber)
    builder.addWork(alone, onDay: LedgerCalendar(LedgerSettings()).day(of: alone.start).dayNumber)
    #expect(builder.report().lines.isEmpty)
  }

  private func priced() -> ProjectSettings {
    var project = ProjectSettings()
    project.rate = schedule(["95 EUR/h"])
    return project
  }

  @Test func onlyTheBreaksOfTheSameMachineAndTheirOverlapCount() {
    let elsewhere = breakRecord("2026-11-23T09:25:00+01:00", "2026-11-23T09:30:00+01:00", machine: "m2")
    let straddling = breakRecord("2026-11-23T09:55:00+01:00", "2026-11-23T10:05:00+01:00")
    let after = breakRecord("2026-11-23T10:05:00+01:00", "2026-11-23T10:10:00+01:00")
    #expect(bill([after, hour, elsewhere, straddling]).billable == 3300)
  }

  @Test func tagsAndClientsDecideTheRateAndWhetherItBills() {
    var settings = BillingSettings()
    settings.tagRates = [TagRate(tag: "support", rate: schedule(["60 EUR/h"]))]
    var client = ClientSettings()
    client.rate = schedule(["100 EUR/h"])
    var globex = ProjectSettings()
    globex.client = "Globex"
    globex.rate = schedule(["95 EUR/h"])
    var web = ProjectSettings()
    web.client = "Globex"
    var home = ProjectSettings()
    home.billable = false
    let rules = BillingRules(
      settings: settings, projects: ["globex": globex, "web": web, "home": home], clients: ["Globex": client])
    let day = date("2026-11-23").dayNumber
    func terms(_ project: String?, _ tags: [String] = []) -> BillingRules.Terms? {
      rules.terms(
        work("2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", project, tags: tags), onDay: day)
    }
    #expect(terms("globex") == BillingRules.Terms(client: "Globex", rate: rate("95 EUR/h")))
    #expect(
      terms("globex", ["call", "support"]) == BillingRules.Terms(client: "Globex", rate: rate("60 EUR/h")))
    #expect(terms("web") == BillingRules.Terms(client: "Globex", rate: rate("100 EUR/h")))
    #expect(terms("globex", ["non-billable"]) == nil)
    #expect(terms("home") == nil)
    #expect(terms("home", ["billable"]) == BillingRules.Terms(client: nil, rate: nil))
    #expect(terms(nil) == nil)
    #expect(terms("other", ["support"]) == BillingRules.Terms(client: nil, rate: rate("60 EUR/h")))
    #expect(rules.isOn)
    #expect(!BillingRules(settings: BillingSettings(), projects: ["home": home], clients: [:]).isOn)
  }
}

@Suite struct BillingInReportsTests {
  /// A week's report of globex at 95 EUR/h, rounded up to 15 min per entry.
  func report(billing: Bool = true) -> Report {
    var globex = ProjectSettings()
    globex.rate = billing ? schedule(["95 EUR/h"]) : nil
    globex.client = "Globex"
    var settings = BillingSettings()
    settings.round = .seconds(900)
    var builder = ReportBuilder(
      period: ReportPeriod(name: "days", first: date("2026-11-23"), last: date("2026-11-29")),
      today: date("2026-11-29"), settings: LedgerSettings(), projects: ["globex": globex])
    let rules = BillingRules(settings: settings, projects: ["globex": globex], clients: [:])
    if rules.isOn { builder.billing = BillingBuilder(rules: rules) }
    builder.add(work("2026-11-23T09:00:00+01:00", "2026-11-23T10:07:00+01:00", serial: 1))
    builder.add(breakRecord("2026-11-23T09:25:00+01:00", "2026-11-23T09:30:00+01:00"))
    builder.add(work("2026-11-24T09:00:00+01:00", "2026-11-24T09:30:00+01:00", "web", serial: 2))
    // Before the range: not billed.
    builder.add(work("2026-11-22T09:00:00+01:00", "2026-11-22T10:00:00+01:00", serial: 3))
    return builder.report()
  }

  @Test func theTextSaysTheRuleAndShowsRawAndRoundedSideBySide() {
    let text = ReportTextEncoder().encode(report())
    #expect(
      text.contains(
        """

        Billing   rounded up to 15m per entry; breaks not billed
                           billable  rounded  rate         amount
          globex (Globex)      1:02     1:15  95.00 EUR/h  118.75 EUR
          Total                1:02     1:15               118.75 EUR

        """), "\(text)")
  }

  @Test func theJSONCarriesTheAmountInCentsAndAsADecimal() {
    let json = ReportJSONEncoder.encode(report())
    let expected: [String] = [
      ",\"billing\":{\"rule\":{\"round\":900,\"per\":\"entry\",\"mode\":\"up\",\"minimum\":null,\"bill_breaks\":false,",
      "\"text\":\"rounded up to 15m per entry; breaks not billed\"},\"billable\":3720,\"rounded\":4500,",
      "\"amount\":118.75,\"currency\":\"EUR\",\"totals\":[{\"currency\":\"EUR\",\"amount\":118.75,\"amount_minor\":11875}],",
      "\"clients\":[{\"name\":\"Globex\",\"billable\":3720,\"rounded\":4500,\"amounts\":[{\"currency\":\"EUR\",",
      "\"amount\":118.75,\"amount_minor\":11875}]}],\"lines\":[{\"project\":\"globex\",\"client\":\"Globex\",",
      "\"rate\":{\"per_hour\":95.00,\"per_hour_minor\":9500,\"currency\":\"EUR\",\"text\":\"95.00 EUR/h\"},",
      "\"entries\":1,\"seconds\":4020,\"billable\":3720,\"rounded\":4500,\"amount\":118.75,\"amount_minor\":11875,",
      "\"currency\":\"EUR\"}]}}\n",
    ]
    #expect(json.hasSuffix(expected.joined()), "\(json)")
    #expect((try? JSON.parse(json)) != nil)
  }

  @Test func thePageCarriesTheNumbersWhereTheJSONHasThem() {
    let report = report()
    let page = ReportHTMLEncoder(look: ReportHTMLLook(report, palette: Palette(), projects: [:])).encode(
      report)
    #expect(
      page.contains(
        "<h2 id=\"h-billing\">Billing</h2>\n<p>Time rounded up to 15m per entry; breaks not billed.</p>"))
    #expect(
      page.contains(
        "data-json=\"[&quot;billing&quot;,&quot;totals&quot;,0,&quot;amount_minor&quot;]\" data-value=\"11875\">118.75 EUR</span>"
      ), "\(page)")
  }

  @Test func withoutARateNothingChanges() {
    let report = report(billing: false)
    #expect(report.billing == nil)
    #expect(!ReportJSONEncoder.encode(report).contains("billing"))
    #expect(!ReportTextEncoder().encode(report).contains("Billing"))
    let look = ReportHTMLLook(report, palette: Palette(), projects: [:])
    #expect(!ReportHTMLEncoder(look: look).encode(report).contains("Billing"))
  }
}

/// `BillingStream`: an export's per-record bills, worked out as the records go by, are
/// the report's billing entry by entry.
@Suite struct BillingStreamTests {
  /// Three weeks of work on two machines, under every rounding scope: focus sessions
  /// with breaks inside the clock, a focus alone on a day, a rate change, a tag rate,
  /// and work across midnight. What the stream gives each record adds up, line by line,
  /// to what the builder reports, and it gives every record back, in order.
  @Test(arguments: RoundingScope.allCases)
  func theRowsAddUpToTheReportLineByLine(scope: RoundingScope) {
    var records: [LedgerRecord] = []
    let first = WallTime(iso8601: "2026-12-21T08:00:00+01:00")!
    var serial = 0
    func add(
      _ kind: LedgerRecord.Kind, _ start: Int64, _ length: Int64, machine: String, tags: [String] = []
    ) {
      serial += 1
      let from = WallTime(utc: first.utc + start, offset: first.offset)
      var record = LedgerRecord(
        id: "\(machine).e.\(serial)", kind: kind, start: from,
        end: WallTime(utc: from.utc + length, offset: from.offset), seconds: length,
        project: serial % 3 == 0 ? "initech" : "globex")
      record.tags = tags
      records.append(record)
    }
    for day in Int64(0)..<21 {
      let base = day * 86_400
      if day % 7 == 5 {
        add(.focus, base + 3_600, 1_500, machine: "m1")  // a day without the clock
        continue
      }
      add(.work, base, 7_380, machine: day % 2 == 0 ? "m1" : "m2", tags: day % 4 == 0 ? ["support"] : [])
      add(.focus, base, 1_500, machine: "m1")
      add(.shortBreak, base + 1_500, 300, machine: "m1")
      add(.focus, base + 1_800, 1_500, machine: "m1")
      add(.shortBreak, base + 3_300, 300, machine: "m1")
      add(.work, base + 50_000, 8_000, machine: "m1")  // 21:53 to 00:06
    }
    records.sort { ($0.start.utc, $0.end.utc, $0.id) < ($1.start.utc, $1.end.utc, $1.id) }
    var settings = BillingSettings()
    settings.round = .seconds(360)
    settings.roundPer = scope
    settings.roundMode = .nearest
    settings.minimum = .seconds(600)
    settings.tagRates = [TagRate(tag: "support", rate: schedule(["60.10 EUR/h"]))]
    var globex = ProjectSettings()
    globex.rate = schedule(["80.33 EUR/h", "95.50 EUR/h from 2027-01-01"])
    var initech = ProjectSettings()
    initech.rate = schedule(["101.01 EUR/h"])
    let rules = BillingRules(
      settings: settings, projects: ["globex": globex, "initech": initech], clients: [:])
    let calendar = LedgerCalendar(LedgerSettings())
    var builder = BillingBuilder(rules: rules)
    var stream = BillingStream(rules: rules)
    var given: [String] = []
    var sums: [String: (rounded: Int64, billable: Int64, minor: Int64)] = [:]
    func take(_ record: LedgerRecord, _ bill: EntryBill?) {
      given.append(record.id)
      guard let bill else { return }
      let key = "\(record.project ?? "") \(bill.rate?.description ?? "")"
      let sum = sums[key] ?? (0, 0, 0)
      sums[key] = (
        sum.rounded + bill.rounded, sum.billable + bill.billable, sum.minor + (bill.amount?.minor ?? 0)
      )
    }
    for record in records {
      let day = calendar.day(of: record.start).dayNumber
      if record.kind.isBreak { builder.addBreak(record) } else { builder.addWork(record, onDay: day) }
      stream.add(record, onDay: day)
      stream.settle(take)
    }
    // Held back until what can change them has gone by: a few days, not the range.
    #expect(given.count > records.count / 2)
    stream.settle(finished: true, take)
    #expect(given == records.map(\.id))
    let report = builder.report()
    #expect(report.lines.count >= 4)
    for line in report.lines {
      let sum = sums["\(line.project ?? "") \(line.rate?.description ?? "")"]
      #expect(sum?.rounded == line.rounded, "\(line)")
      #expect(sum?.billable == line.billable, "\(line)")
      #expect(sum?.minor == line.amount?.minor, "\(line)")
    }
    #expect(sums.count == report.lines.count)
  }

  /// The autumn night the clocks go back (Berlin, 25 October 2026) has 25 hours: a day's
  /// rounding bills the time that passed, and the entries across it stay on their day.
  @Test func theLongNightOfAutumnRoundsAsTheTimeThatPassed() {
    let night = work("2026-10-25T01:30:00+02:00", "2026-10-25T02:30:00+01:00", serial: 1)  // 2 h
    let morning = work("2026-10-25T09:00:00+01:00", "2026-10-25T09:05:00+01:00", serial: 2)
    let report = bill([night, morning]) {
      $0.round = .seconds(900)
      $0.roundPer = .day
    }
    #expect(report.billable == 7500)
    #expect(report.rounded == 8100)  // one day: 2:05 up to 2:15
    #expect(report.totals == [Money(minor: 21375, currency: eur)])
  }
}
