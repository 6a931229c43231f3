import Foundation
import Testing

@testable import PomobarCore

@Suite struct ReportHTMLTests {
  static let hostile = ["<script>alert(1)</script>", "\"quoted\" & 'single'", "עברית", "🍅 tomato", "a\u{1}b"]

  /// A week with a project of each hostile name, focus inside the work, and one tag.
  static func week() -> (Report, ReportTimeline) {
    var records: [LedgerRecord] = []
    for (index, name) in hostile.enumerated() {
      let day = "2026-11-\(23 + index)"
      var work = ledgerRecord(
        .work, "\(day)T09:00:00+01:00", "\(day)T1\(index):30:00+01:00", project: name, id: "w\(index)")
      work.tags = ["<b>bold</b>"]
      records.append(work)
      records.append(
        ledgerRecord(
          .focus, "\(day)T09:05:00+01:00", "\(day)T09:30:00+01:00", project: name,
          outcome: index == 2 ? .voided : .completed, id: "f\(index)"))
    }
    var timeline = ReportTimeline(
      first: date("2026-11-23"), last: date("2026-11-29"), calendar: LedgerCalendar())!
    for record in records { timeline.add(record) }
    return (makeReport(records, first: "2026-11-23", last: "2026-11-29", today: "2026-11-30"), timeline)
  }

  static func encoder(_ report: Report) -> ReportHTMLEncoder {
    ReportHTMLEncoder(look: ReportHTMLLook(report, palette: Palette(), projects: [:]))
  }

  @Test func htmlTextEscapesMarkupQuotesAndControls() {
    #expect(HTMLText.escape("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
    #expect(HTMLText.escape("a\u{1}b\u{7F}c\u{FFFF}d\ne\tf") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\ne\tf")
    #expect(HTMLText.isolated("עברית") == "<bdi>עברית</bdi>")
  }

  @Test func hostileNamesAreTextInThePageAndInTheChart() {
    let (report, timeline) = Self.week()
    let encoder = Self.encoder(report)
    for page in [encoder.encode(report, timeline: timeline), encoder.dayChart(report, standalone: true)] {
      #expect(!page.contains("<script"), "a project name became markup")
      #expect(!page.contains("<b>"))
      #expect(!page.contains("\u{1}"))
      #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
      #expect(page.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
      #expect(page.contains("🍅 tomato"))
    }
    let page = encoder.encode(report, timeline: timeline)
    #expect(page.contains("<bdi>עברית</bdi>"))
    #expect(page.contains("<bdi>+&lt;b&gt;bold&lt;/b&gt;</bdi>"))
  }

  @Test func thePageFetchesNothing() {
    let (report, timeline) = Self.week()
    let page = Self.encoder(report).encode(report, timeline: timeline)
    for needle in [
      "<script", "<link", "<img", "<iframe", "src=", "href=", "url(", "@import", "http:", "https:",
    ] {
      #expect(!page.contains(needle), "the page holds \(needle)")
    }
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(page.contains("@media (prefers-color-scheme:dark)") && page.contains("@page{size:A4"))
    let svg = Self.encoder(report).dayChart(report, standalone: true)
    #expect(
      svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=")
        && svg.contains("<style>"))
    #expect(!svg.contains("body{"), "the chart's style sheet is the chart's")
    #expect(svg.contains("role=\"img\"><title>Work per day, stacked by project: "))
  }

  @Test func everyNumberOnThePageIsTheJSONsAtItsPath() throws {
    let (report, timeline) = Self.week()
    let page = Self.encoder(report).encode(report, timeline: timeline)
    let json = try JSON.parse(ReportJSONEncoder.encode(report))
    let marks = try Regex(#"data-json="([^"]*)" data-value="(-?[0-9]+)""#)
    var checked = 0
    for match in page.matches(of: marks) {
      var path = String(match.output[1].substring!)
      for (reference, character) in [
        ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&#39;", "'"), ("&amp;", "&"),
      ] {
        path = path.replacingOccurrences(of: reference, with: character)
      }
      let value = Int64(match.output[2].substring!)!
      guard case .array(let steps) = try JSON.parse(path) else {
        Issue.record("not a path: \(path)")
        continue
      }
      var node: JSONValue? = json
      for step in steps {
        switch step {
        case .string(let key): node = node?[key]
        case .integer(let index): node = node?[Int(index)]
        default: node = nil
        }
      }
      // A project without time on a day is left out of that day's object: 0.
      let expected: Int64? = if case .integer(let number) = node { number } else { node == nil ? 0 : nil }
      #expect(value == expected, "\(path)")
      checked += 1
    }
    #expect(checked > 60)
    #expect(page.contains("data-json=\"[&quot;work&quot;]\" data-value=\"\(report.work)\""))
  }

  @Test func aDayAndItsProjectsShowAsTheTextReportShowsThem() {
    let (report, _) = Self.week()
    let page = Self.encoder(report).encode(report)
    // Mon 23 November: 1:30 of work on the first project.
    #expect(
      page.contains(
        "<tr><th scope=\"row\"><time datetime=\"2026-11-23\">Mon 2026-11-23</time></th><td><span class=\"n\" "
          + "data-json=\"[&quot;days&quot;,0,&quot;work&quot;]\" data-value=\"5400\">1:30</span></td>"))
    #expect(!page.contains("h-timeline"), "no timeline without one")
    #expect(!page.contains("h-heatmap"), "no heatmap for a week")
  }

  @Test func aMonthHasAHeatmapAndAYearItsDaysInAHiddenTable() {
    let record = ledgerRecord(.work, "2026-03-02T09:00:00+01:00", "2026-03-02T14:30:00+01:00", project: "api")
    let month = makeReport([record], first: "2026-03-01", last: "2026-03-31", today: "2026-12-31")
    let monthPage = Self.encoder(month).encode(month)
    #expect(monthPage.contains("h-heatmap") && monthPage.contains("<rect class=\"h4\""))
    let year = makeReport([record], first: "2026-01-01", last: "2026-12-31", today: "2026-12-31")
    let yearPage = Self.encoder(year).encode(year)
    #expect(yearPage.contains("Work per month"))
    #expect(
      yearPage.contains(
        "data-json=\"[&quot;months&quot;,&quot;2026-03&quot;,&quot;work&quot;]\" data-value=\"19800\""))
    #expect(yearPage.contains("<table class=\"visually-hidden\">\n<caption>Work per day</caption>"))
  }

  @Test func theTimelinePlacesPiecesOnTheirDaysClock() throws {
    var owl = try #require(
      ReportTimeline(
        first: date("2026-11-23"), last: date("2026-11-24"), calendar: LedgerCalendar(dayStart: 4 * 3600)))
    owl.add(ledgerRecord(.work, "2026-11-23T22:00:00+01:00", "2026-11-24T05:00:00+01:00", project: "api"))
    owl.add(ledgerRecord(.shortBreak, "2026-11-23T12:00:00+01:00", "2026-11-23T12:05:00+01:00"))
    owl.add(ledgerRecord(.focus, "2026-11-25T10:00:00+01:00", "2026-11-25T10:25:00+01:00"))
    // The day starts at 04:00: 22:00 is 18 h in, the next day's 04:00 its end.
    #expect(
      owl.pieces(on: date("2026-11-23")) == [
        ReportTimeline.Piece(kind: .work, from: 18 * 3600, to: 86_400, project: "api", outcome: nil)
      ])
    #expect(
      owl.pieces(on: date("2026-11-24")) == [
        ReportTimeline.Piece(kind: .work, from: 0, to: 3600, project: "api", outcome: nil)
      ])
    #expect(
      ReportTimeline(first: date("2026-01-01"), last: date("2026-02-01"), calendar: LedgerCalendar()) == nil)
    var filtered = try #require(
      ReportTimeline(
        first: date("2026-11-23"), last: date("2026-11-23"), calendar: LedgerCalendar(), project: "web"))
    filtered.add(
      ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", project: "api"))
    #expect(filtered.days.isEmpty)
  }

  @Test func theTimelineShowsEachDaysIntervalsAsTextToo() {
    let (report, timeline) = Self.week()
    let page = Self.encoder(report).encode(report, timeline: timeline)
    #expect(page.contains("<h2 id=\"h-timeline\">Each day</h2>"))
    #expect(
      page.contains(
        "<td><span class=\"clock\">09:05</span></td><td><span class=\"clock\">09:30</span></td><td>focus, voided</td>"
          + "<td><bdi>עברית</bdi></td>"))
  }

  @Test func aProjectsOwnColourHoldsInBothSchemesAndTheOthersFollowTheBackground() {
    let record = ledgerRecord(.work, "2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", project: "api")
    let other = ledgerRecord(.work, "2026-11-23T10:00:00+01:00", "2026-11-23T10:30:00+01:00", project: "web")
    let report = makeReport([record, other], first: "2026-11-23", last: "2026-11-23")
    var api = ProjectSettings()
    api.color = "#123456"
    let look = ReportHTMLLook(report, palette: Palette(), projects: ["api": api])
    #expect(look.light.projects[0] == "#123456" && look.dark.projects[0] == "#123456")
    #expect(
      look.light.projects[1] == ProjectPalette.color(for: "web", background: ThemeMode.light.seedBackground))
    #expect(look.dark.projects[1] == ProjectPalette.color(for: "web", background: Palette().background))
    #expect(
      look.dark.background == Palette().background && look.light.background == ThemeMode.light.seedBackground)
  }
}
